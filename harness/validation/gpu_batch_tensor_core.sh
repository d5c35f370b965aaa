#!/usr/bin/env bash
# The GPU call of 2026-12-02 (docs/validation.md), run from the repository root with out/ carried: window bases, program-mode profiles of matmul-playground and
# MatmulTutorial this-sm80, SASS+PTX of the corpus. Everything lands in $OUT/batch1.tgz.
set -u
R=$(pwd); W=/tmp/b1; mkdir -p $W/res
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; nvcc --version | tail -2; ncu --version | tail -1; } > $W/res/env.txt 2>&1
nvcc -O3 -arch=sm_90 harness/forms/window_base.cu -o $W/wb && $W/wb > $W/res/window_base.txt 2>&1
# SASS and PTX of the corpus, in the background on 12 cores
( cd out/sass && timeout 420 python3 "$R/bench/sass_build.py" list.json $W/res/sass -j 8 > $W/res/sass.log 2>&1 ) &
SASS=$!
# matmul-playground
cd out/progs2/mp
nvcc -O3 -arch=sm_90 -lineinfo -std=c++17 --expt-relaxed-constexpr -Isrc src/main.cu src/kernel*.cu src/cublas_benchmark.cu -lcublas -o $W/mp > $W/res/build_mp.log 2>&1
cd "$R"
for k in 1 2 3 4 5 6; do
  python3 harness/bankcheck-gpu profile -o $W/res/prof_mp$k --ncu-arg=--kernel-id --ncu-arg=::regex:.*:1 -- $W/mp $k 1 1024 1024 1024 > $W/res/prof_mp$k.log 2>&1
  echo "mp$k rc=$?" >> $W/res/summary.txt
done
# MatmulTutorial this-sm80 (DEBUG: M = N = K = 1024)
cd out/progs2/mt
printf "%s\n" 00 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 | xargs -P 6 -I{} sh -c "nvcc -O3 -arch=sm_90 -lineinfo -std=c++17 -DDEBUG -Xcompiler -fopenmp matmul-v{}.cu main.cu -o $W/mt{} > $W/res/build_mt{}.log 2>&1 || echo 'mt{} build failed' >> $W/res/summary.txt"
cd "$R"
for v in 00 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15; do
  [ -x $W/mt$v ] || continue
  args="iters 1 stages 4"; case $v in 00) args="iters 1";; 08|09|10|11) args="iters 1 stages 4 multi_threading 2";; esac
  timeout 60 python3 harness/bankcheck-gpu profile -o $W/res/prof_mt$v --ncu-arg=--kernel-id --ncu-arg=::regex:.*:1 -- $W/mt$v $args > $W/res/prof_mt$v.log 2>&1
  echo "mt$v rc=$?" >> $W/res/summary.txt
done
wait $SASS
find $W/res -name '*.ncu-rep' -delete
tar czf $OUT/batch1.tgz -C $W res
ls -la $OUT; cat $W/res/summary.txt $W/res/window_base.txt; tail -3 $W/res/sass.log

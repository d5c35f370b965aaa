#!/usr/bin/env bash
# The GPU call of session 42 (2026-12-06, docs/validation.md): cuda-convnet2's
# convolution kernels (akrizhevsky/cuda-convnet2 3238bf0, cudaconv3/src/
# img_acts.cu and weight_acts.cu), whose block shapes bankcheck now reads per
# path from their launchers (HostConditions.cpp). Built here with nvcc -O3
# -arch=sm_90 -lineinfo -std=c++17 into the ignored out/gpu4 from small
# drivers that include the files' kernels (their launchers need NVMatrix) and
# launch five instantiations with the shapes and sizes the launchers choose
# (sources never committed). With MGPU_JOIN=1, then moderngpu's tests/test_join
# (out/gpu3, built in an earlier session), the first launch of each of its
# kernels (its first launches are partition kernels without shared memory). Every source.csv goes
# into one archive, $OUT/profiles.tgz.
source "$(dirname "$0")/batch_common.sh"
for p in ${CCN2-ccn2_img ccn2_w}; do
  run "$p" 90 -- "out/gpu4/$p"
  tail -5 "/tmp/prof_$p/profile.log" >> "$OUTDIR/summary.txt"
done
# With device time to spare (MGPU_JOIN=1):
# (Its first launch of each kernel by mangled name gave only its first
# partition kernel; MGPU_JOIN=2 profiles 40 launches of kernels that are not
# partitions, by their demangled names.)
if [ "${MGPU_JOIN:-0}" = 1 ]; then
  run mgpu_join 120 --ncu-arg=--kernel-name-base --ncu-arg=mangled --ncu-arg=--kernel-id --ncu-arg=::regex:.*:1 -- out/gpu3/mgpu_join
elif [ "${MGPU_JOIN:-0}" = 2 ]; then
  run mgpu_join 120 --ncu-arg=--kernel-name-base --ncu-arg=demangled --ncu-arg=--kernel-name \
    --ncu-arg='regex:^(?!.*partitions).*$' --ncu-arg=--launch-count --ncu-arg=40 -- out/gpu3/mgpu_join
fi
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_*/source.csv)
cat "$OUTDIR/summary.txt"

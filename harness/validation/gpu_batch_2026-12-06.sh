#!/usr/bin/env bash
# The GPU call of 2026-12-06 (docs/validation.md), second part: programs
# built beforehand on the analysis machine (nvcc -O3 -arch=sm_90 -lineinfo,
# sources never committed) and carried in the ignored out/gpu and out/gpu2:
# - CUB's block scan example, one instantiation of BlockPrefixSumKernel per
#   profile (ncu --kernel-id counts launches per function name, so each is
#   picked by its demangled name): <512,2>, <256,4>, <128,8>, <64,16> of
#   BLOCK_SCAN_RAKING, whose conflicts bankcheck predicts;
# - ggml's mul_mat_q<GGML_TYPE_Q4_0, 64, 8, false> (out/gpu2/src/mmq_main.cu).
# Every source.csv goes into one archive, $OUT/profiles.tgz.
source "$(dirname "$0")/batch_common.sh"
# (with --i=1 each Test<> launches its kernel twice, in main's order: <1024,1>
# first, then <512,2> as the 3rd and 4th launch of the name, ...: the
# fallback when the demangled-name filter matches nothing)
n=3
for shape in "512 2" "256 4" "128 8" "64 16"; do
  set -- $shape
  run "cub_scan_$1x$2" 120 --ncu-arg=--kernel-name-base --ncu-arg=demangled \
    --ncu-arg=--kernel-name --ncu-arg="regex:BlockPrefixSumKernel<\(int\)$1, \(int\)$2, .*\)0>" \
    --ncu-arg=--launch-count --ncu-arg=1 -- out/gpu/cub_block_scan --i=1
  if [ ! -s "/tmp/prof_cub_scan_$1x$2/source.csv" ]; then
    run "cub_scan_$1x$2" 120 --ncu-arg=--kernel-id --ncu-arg="::regex:BlockPrefixSumKernel:$n" \
      -- out/gpu/cub_block_scan --i=1
  fi
  n=$((n + 2))
done
run mmq_q4_0 120 -- out/gpu2/mmq_q4_0
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_*/source.csv)
cat "$OUTDIR/summary.txt"

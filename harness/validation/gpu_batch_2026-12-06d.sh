#!/usr/bin/env bash
# The GPU call of 2026-12-06 (docs/validation.md), fifth part: moderngpu's
# tests that the fourth part did not profile (out/gpu3, built as there), from
# their first launches this time, and two TensorRT plugin kernels (NVIDIA/
# TensorRT, plugin/; built here with nvcc -O3 -arch=sm_90 -lineinfo
# -std=c++17 into the ignored out/gpu4 from small drivers that include the
# plugin's .cu, as its plugin code launches them; sources never committed).
# Arguments: the programs (default: all). Every source.csv goes into one
# archive, $OUT/profiles.tgz.
source "$(dirname "$0")/batch_common.sh"
for p in ${@:-trt_disentangled trt_pillarscatter mgpu_scan mgpu_join mgpu_merge}; do
  case $p in
    mgpu_merge) run "$p" 200 --ncu-arg=--launch-count --ncu-arg=8 -- "out/gpu3/$p" ;;
    mgpu_*) run "$p" 120 --ncu-arg=--launch-count --ncu-arg=30 -- "out/gpu3/$p" ;;
    *) run "$p" 60 -- "out/gpu4/$p" ;;
  esac
done
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_*/source.csv)
cat "$OUTDIR/summary.txt"

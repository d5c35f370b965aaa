#!/usr/bin/env bash
# The GPU call of 2026-12-06 (docs/validation.md), fourth part: moderngpu's
# tests (tests/test_NAME.cu, built here with nvcc -O3 -arch=sm_90 -lineinfo
# --expt-extended-lambda into the ignored out/gpu3/mgpu_NAME; sources never
# committed), and tiny-cuda-nn's fused MLP at widths 32 and 16 (out/gpu2).
# Each moderngpu test loops over growing sizes, launching its kernels (all
# instantiations of one template, launch_box_cta_k) each time: launches 300
# to 329 are profiled (sizes of a few thousand items, several blocks).
# Arguments: the programs (default: all). Every source.csv goes into one
# archive, $OUT/profiles.tgz.
source "$(dirname "$0")/batch_common.sh"
for p in ${@:-mgpu_compact mgpu_merge mgpu_scan mgpu_join mgpu_load_balance mgpu_intervalmove mgpu_segreduce mgpu_sortedsearch mgpu_bulkinsert tcnn_mlp32 tcnn_mlp16}; do
  case $p in
    mgpu_*) run "$p" 100 --ncu-arg=--launch-skip --ncu-arg=300 --ncu-arg=--launch-count --ncu-arg=30 -- "out/gpu3/$p" ;;
    *) run "$p" 100 -- "out/gpu2/$p" ;;
  esac
done
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_*/source.csv)
cat "$OUTDIR/summary.txt"

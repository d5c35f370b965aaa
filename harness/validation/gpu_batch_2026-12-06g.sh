#!/usr/bin/env bash
# The GPU call of 2026-12-06 (docs/validation.md), eighth part: the golden
# blockidx-uniform-offset.cu's kernel run over 34 blocks (out/gpu5/blockidx,
# built here with nvcc -O3 -arch=sm_90 -lineinfo from out/gpu5/src/blockidx_main.cu,
# which includes the golden and calls its run(out, 34)).
source "$(dirname "$0")/batch_common.sh"
run blockidx 60 -- out/gpu5/blockidx
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_*/source.csv)
cat "$OUTDIR/summary.txt"

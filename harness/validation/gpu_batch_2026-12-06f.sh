#!/usr/bin/env bash
# The GPU call of 2026-12-06 (docs/validation.md), seventh part: two
# FasterTransformer kernels (NVIDIA/FasterTransformer, src/fastertransformer/
# kernels; built here with nvcc -O3 -arch=sm_90 -lineinfo -std=c++17 into the
# ignored out/gpu4 from small drivers that include the kernel's .cu and
# launch it as its invoke function does; sources never committed).
source "$(dirname "$0")/batch_common.sh"
for p in ${@:-ft_transpose ft_transpose_int8}; do
  run "$p" 60 -- "out/gpu4/$p"
done
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_*/source.csv)
cat "$OUTDIR/summary.txt"

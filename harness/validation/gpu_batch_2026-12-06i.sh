#!/usr/bin/env bash
# The GPU call of session 41 (2026-12-06, docs/validation.md): TensorRT's
# instance normalization (NVIDIA/TensorRT a892d22,
# plugin/instanceNormalizationPlugin/instanceNormFwdImpl.cu), which bankcheck
# analyses since it reads the file's member templates named without
# `template` as nvcc does. Built here with nvcc -O3 -arch=sm_90 -lineinfo
# -std=c++17 into the ignored out/gpu4 from a small driver that includes the
# .cu and launches as the plugin's enqueue does (sources never committed).
# Every source.csv goes into one archive, $OUT/profiles.tgz.
source "$(dirname "$0")/batch_common.sh"
for p in ${@:-trt_instancenorm}; do
  run "$p" 300 -- "out/gpu4/$p"
done
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_*/source.csv)
cat "$OUTDIR/summary.txt"

#!/usr/bin/env bash
# A GPU call of 2026-12-06 (docs/validation.md, "wmma fragments loaded and
# stored with generic LD/ST"): the fragment maps, SASS and wavefronts of
# harness/forms/wmma_layouts.cu, and cuda-samples' bf16, tf32 and dmma
# TensorCoreGemm programs (cuda-samples as in docs/corpus.md; built here with
# nvcc -O3 -arch=sm_90 -lineinfo -std=c++17 -I Common into the ignored
# out/gpu6, sources never committed), each with its shared-memory kernel
# without asynchronous copies (kernel=1, dmma kernel=2), profiled once.
source "$(dirname "$0")/batch_common.sh"
s=$(date +%s)
python3 harness/forms/run_wmma_layouts.py "$OUTDIR/wmma_layouts" > "$OUTDIR/wmma_layouts.log" 2>&1
echo "wmma_layouts rc=$? $(( $(date +%s) - s ))s" >> "$OUTDIR/summary.txt"
P="--ncu-arg=--kernel-id --ncu-arg=::regex:.*:1"
run bf16_k1 90 $P -- out/gpu6/bf16TensorCoreGemm kernel=1
run tf32_k1 90 $P -- out/gpu6/tf32TensorCoreGemm kernel=1
run dmma_k2 90 $P -- out/gpu6/dmmaTensorCoreGemm kernel=2
for f in /tmp/prof_*/profile.log; do echo "== $f"; tail -3 "$f"; done >> "$OUTDIR/summary.txt" 2>/dev/null
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_*/source.csv)
cat "$OUTDIR/summary.txt"

#!/usr/bin/env bash
# The GPU half of the validation (docs/validation.md): measure the emitted
# microkernels in out/replay, profile the examples program, and pack the raw
# results into $OUT (or ./gpu-results). Needs nvcc, ncu, python3.
set -u
OUTDIR=${OUT:-gpu-results}
mkdir -p "$OUTDIR"
{
  date -u
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
  nvcc --version | tail -2
  ncu --version | tail -1
} > "$OUTDIR/env.txt" 2>&1
python3 harness/bankcheck-gpu measure out/replay > "$OUTDIR/measure.log" 2>&1
echo "measure rc=$?" >> "$OUTDIR/measure.log"
nvcc -O3 -arch=sm_90 -lineinfo harness/validation/examples_main.cu -o out/examples_app > "$OUTDIR/profile.log" 2>&1
python3 harness/bankcheck-gpu profile -o out/profile -- out/examples_app >> "$OUTDIR/profile.log" 2>&1
echo "profile rc=$?" >> "$OUTDIR/profile.log"
rm -f out/replay/kernels out/replay/*.bin out/examples_app
tar czf "$OUTDIR/results.tgz" --exclude='*.ncu-rep' out/replay out/profile 2>/dev/null
cp out/profile/*.ncu-rep "$OUTDIR/" 2>/dev/null
tail -5 "$OUTDIR/measure.log" "$OUTDIR/profile.log"

#!/usr/bin/env bash
# The GPU call of 2026-12-06 (docs/validation.md), second session: the SASS
# that ptxas makes of runs of 2-byte shared loads by what their values feed
# (harness/validation/widths_probe2.cu, built here with
# nvcc -O3 -arch=sm_90 -cubin -o out/gpu4/widths_probe2.cubin; carried).
source "$(dirname "$0")/batch_common.sh"
cuobjdump -sass out/gpu4/widths_probe2.cubin | grep -E "Function|LDS|STS" > "$OUTDIR/widths_probe2.sass" 2>&1
echo "cuobjdump rc=$?" >> "$OUTDIR/summary.txt"
cat "$OUTDIR/summary.txt"

#!/usr/bin/env bash
# A GPU call of 2026-12-07 (docs/validation.md, "wmma fragments beyond
# f16"): harness/forms/wmma_layouts.cu again, now with the 8x32
# accumulators of every type and layout (maps and measure kernels), packed
# into one archive for the trip back. Run twice that day: the second run
# added the f16 and i32 accumulators of the other shapes in column-major
# memory.
source "$(dirname "$0")/batch_common.sh"
s=$(date +%s)
python3 harness/forms/run_wmma_layouts.py "$OUTDIR/wmma_layouts" > "$OUTDIR/wmma_layouts.log" 2>&1
echo "wmma_layouts rc=$? $(( $(date +%s) - s ))s" >> "$OUTDIR/summary.txt"
(cd "$OUTDIR" && tar czf wmma_layouts.tgz wmma_layouts && rm -rf wmma_layouts)
cat "$OUTDIR/summary.txt" "$OUTDIR/wmma_layouts.log"

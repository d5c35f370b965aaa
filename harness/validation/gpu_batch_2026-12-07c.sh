#!/usr/bin/env bash
# A GPU call of 2026-12-07 (docs/validation.md, "Misaligned shared
# accesses"): a 2-, 4-, 8- and 16-byte shared store and load at byte offsets
# 0, 1, 2, 4 and 8 from a 16-byte aligned dynamic buffer, one process each.
source "$(dirname "$0")/batch_common.sh"
export PATH=$PATH:/usr/local/cuda/bin
nvcc -O3 -arch=sm_90 -lineinfo harness/validation/programs/misaligned_shared_main.cu -o /tmp/bin_mis > "$OUTDIR/build_mis.log" 2>&1
echo "build mis rc=$?" >> "$OUTDIR/summary.txt"
cuobjdump -sass /tmp/bin_mis | grep -E "STS|LDS" | sed 's/^ *//' | sort | uniq -c >> "$OUTDIR/summary.txt" 2>&1
for w in 2 4 8 16; do
  for off in 0 1 2 4 8; do
    timeout 60 /tmp/bin_mis $w $off >> "$OUTDIR/summary.txt" 2>&1
  done
done
cat "$OUTDIR/summary.txt"

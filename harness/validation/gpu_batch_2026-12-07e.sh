#!/usr/bin/env bash
# A GPU call of 2026-12-07 (docs/validation.md, "Lanes scaled by an unknown,
# under guards"): the golden's 64-float kernel `scaledSmall` (tid * n) at the
# n that keep its lanes inside the array (0, 1, 2), one profile each, the
# source views packed into one archive (and nothing else kept, so that it
# comes back).
source "$(dirname "$0")/batch_common.sh"
nvcc -O3 -arch=sm_90 -lineinfo harness/validation/programs/scaled-unknown-guarded_main.cu -o /tmp/bin_sug \
  > "$OUTDIR/build_sug.log" 2>&1
echo "build sug rc=$?" >> "$OUTDIR/summary.txt"
for n in 0 1 2; do
  run "sugsmall_n$n" 90 -- /tmp/bin_sug $n small
done
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_sugsmall_*/source.csv)
rm -f "$OUTDIR"/prof_*.log
cat "$OUTDIR/summary.txt"

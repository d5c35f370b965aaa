#!/usr/bin/env bash
# A GPU call of 2026-12-07 (docs/validation.md, "Lanes scaled by an unknown,
# under guards"): the golden scaled-unknown-guarded.cu's kernel at every n the
# `n < 8` guard admits (0 to 7) and at n = 96, one process and one profile
# (its only launch) each, the source views packed into one archive.
source "$(dirname "$0")/batch_common.sh"
nvcc -O3 -arch=sm_90 -lineinfo harness/validation/programs/scaled-unknown-guarded_main.cu -o /tmp/bin_sug \
  > "$OUTDIR/build_sug.log" 2>&1
echo "build sug rc=$?" >> "$OUTDIR/summary.txt"
for n in 0 1 2 3 4 5 6 7 96; do
  run "sug_n$n" 90 -- /tmp/bin_sug $n
done
for f in /tmp/prof_*/profile.log; do echo "== $f"; tail -2 "$f"; done >> "$OUTDIR/summary.txt" 2>/dev/null
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_*/source.csv)
cat "$OUTDIR/summary.txt"

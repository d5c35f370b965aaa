#!/usr/bin/env bash
# A GPU call of 2026-12-07 (docs/validation.md, "Lanes that leave a loop
# early"): each kernel of the golden loop-lanes-leave.cu in a process of its
# own (n = 4, limit = 2), one profile each, the source views packed into one
# archive.
source "$(dirname "$0")/batch_common.sh"
nvcc -O3 -arch=sm_90 -lineinfo harness/validation/programs/loop-lanes-leave_main.cu -o /tmp/bin_lll \
  > "$OUTDIR/build_lll.log" 2>&1
echo "build lll rc=$?" >> "$OUTDIR/summary.txt"
for k in tripByLane strideTail continueUnrolled continueInSwitch continueSymbolic breakByLane breakUniform floatCounter; do
  run "lll_$k" 90 -- /tmp/bin_lll $k
done
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_lll_*/source.csv)
rm -f "$OUTDIR"/prof_*.log
cat "$OUTDIR/summary.txt"

#!/usr/bin/env bash
# A GPU call of 2026-12-07 (docs/validation.md, "Lanes a condition on the
# loop's counter leaves out"): each kernel of the golden loop-break-lanes.cu
# in a process of its own (n = 4, stop = 2), one profile each, the source
# views packed into one archive. The first call had the four kernels before
# returnLeavesHalf, the second the six before returnInRangeFor; with this one
# no call was made (no machine was lent before the session ended).
source "$(dirname "$0")/batch_common.sh"
nvcc -O3 -arch=sm_90 -lineinfo harness/validation/programs/loop-break-lanes_main.cu -o /tmp/bin_lbl \
  > "$OUTDIR/build_lbl.log" 2>&1
echo "build lbl rc=$?" >> "$OUTDIR/summary.txt"
for k in guardNamesCounter breakNamesCounter breakLeavesHalf breakTogether returnLeavesHalf returnAfterAccess returnInRangeFor; do
  run "lbl_$k" 90 -- /tmp/bin_lbl $k
done
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_lbl_*/source.csv)
rm -f "$OUTDIR"/prof_*.log
cat "$OUTDIR/summary.txt"

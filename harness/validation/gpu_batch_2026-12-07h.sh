#!/usr/bin/env bash
# A GPU call of 2026-12-07 (docs/validation.md, "Unknown values behind a mask
# or a remainder"): the kernels of the golden bounded-unknowns.cu at the
# values bankcheck names (n & 3 = 2, n % 4 = 2, n & 31 = 16, a loaded byte 32;
# a loaded bool at both its values) and beside them,
# one process and one profile each, the source views packed into one archive;
# and loop-break-lanes.cu's returnInRangeFor, which no earlier call measured.
source "$(dirname "$0")/batch_common.sh"
nvcc -O3 -arch=sm_90 -lineinfo harness/validation/programs/bounded-unknowns_main.cu -o /tmp/bin_bu \
  > "$OUTDIR/build_bu.log" 2>&1
echo "build bu rc=$?" >> "$OUTDIR/summary.txt"
for kn in maskScale:0 maskScale:1 maskScale:2 maskScale:3 maskScale:6 maskScaleLocal:2 \
          remainderScale:2 remainderScale:7 signedRemainderScale:2 \
          wideMask:16 wideMask:48 wideMask:31 loadedFlag:0 loadedFlag:1 loadedByte:32 loadedByte:33 \
          blockParity:0 choiceScale:0 choiceScale:5 globalByteGuarded:224 globalByteGuarded:255; do
  k=${kn%%:*}; n=${kn#*:}
  run "bu_${k}_${n/-/m}" 90 -- /tmp/bin_bu "$k" "$n"
done
nvcc -O3 -arch=sm_90 -lineinfo harness/validation/programs/loop-break-lanes_main.cu -o /tmp/bin_lbl \
  > "$OUTDIR/build_lbl.log" 2>&1
echo "build lbl rc=$?" >> "$OUTDIR/summary.txt"
run "lbl_returnInRangeFor" 90 -- /tmp/bin_lbl returnInRangeFor
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_bu_*/source.csv prof_lbl_*/source.csv)
rm -f "$OUTDIR"/prof_*.log
cat "$OUTDIR/summary.txt"

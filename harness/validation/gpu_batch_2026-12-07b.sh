#!/usr/bin/env bash
# A GPU call of 2026-12-07 (docs/validation.md, "marlin, and cp.async from
# separate global runs"): IST-DASLab/marlin's kernel (out/progs/marlin, carried,
# never committed) through harness/validation/marlin_main.cu at two
# configurations, and the golden cp-async-source-runs.cu's kernels, one warp
# each; each profiled once (first launch), the source views packed into one
# archive.
source "$(dirname "$0")/batch_common.sh"
F="-O3 -arch=sm_90 -lineinfo -std=c++17"
nvcc $F --expt-relaxed-constexpr harness/validation/marlin_main.cu -o /tmp/bin_marlin > "$OUTDIR/build_marlin.log" 2>&1
echo "build marlin rc=$?" >> "$OUTDIR/summary.txt"
nvcc $F harness/validation/programs/cp-async-source-runs_main.cu -o /tmp/bin_cpsr > "$OUTDIR/build_cpsr.log" 2>&1
echo "build cpsr rc=$?" >> "$OUTDIR/summary.txt"
P="--ncu-arg=--kernel-id --ncu-arg=::regex:.*:1"
run marlin_m16 240 $P -- /tmp/bin_marlin 16 -1
run marlin_m64_g128 240 $P -- /tmp/bin_marlin 64 128
run cpsr 60 $P -- /tmp/bin_cpsr
for f in /tmp/prof_*/profile.log; do echo "== $f"; tail -3 "$f"; done >> "$OUTDIR/summary.txt" 2>/dev/null
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_*/source.csv)
cat "$OUTDIR/summary.txt"

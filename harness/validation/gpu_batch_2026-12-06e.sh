#!/usr/bin/env bash
# The GPU call of 2026-12-06 (docs/validation.md), sixth part: the SASS that
# ptxas makes of runs of 2-byte and 1-byte shared loads and stores
# (out/gpu4/widths_probe.cubin, built here with nvcc -O3 -arch=sm_90 -cubin
# from out/gpu4/src/widths_probe.cu), and moderngpu's test_join profiled at
# its launch_box kernels only (its first launches hold no shared access).
source "$(dirname "$0")/batch_common.sh"
cuobjdump -sass out/gpu4/widths_probe.cubin | grep -E "Function|LDS|STS" > "$OUTDIR/widths_probe.sass" 2>&1
run mgpu_join 150 --ncu-arg=--kernel-name --ncu-arg=regex:launch_box --ncu-arg=--launch-count --ncu-arg=20 -- out/gpu3/mgpu_join
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_*/source.csv)
cat "$OUTDIR/summary.txt"

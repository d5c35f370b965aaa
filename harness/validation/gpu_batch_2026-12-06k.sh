#!/usr/bin/env bash
# A GPU call of 2026-12-06 (docs/validation.md): moderngpu's inner_join
# (moderngpu 267cc8d, kernel_join.hxx) on 1M sorted keys a side. The
# project's tests/test_join.cu joins two empty arrays, so its kernels never
# reach their shared-memory code; a small driver (built here with nvcc -O3
# -arch=sm_90 -lineinfo -std=c++17 --expt-extended-lambda into the ignored
# out/gpu5, source never committed) calls inner_join as the test does, on data.
# Every kernel's first launch is profiled, by mangled name.
source "$(dirname "$0")/batch_common.sh"
run mgpu_join 150 --ncu-arg=--kernel-name-base --ncu-arg=mangled --ncu-arg=--kernel-id --ncu-arg=::regex:.*:1 -- out/gpu5/mgpu_join
tail -5 /tmp/prof_mgpu_join/profile.log >> "$OUTDIR/summary.txt" 2>/dev/null
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_*/source.csv)
cat "$OUTDIR/summary.txt"

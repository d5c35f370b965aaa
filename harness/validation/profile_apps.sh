#!/usr/bin/env bash
# GPU host: build each program of out/apps (public samples, carried to the GPU
# machine, never committed) with -lineinfo and profile it with the harness's
# program mode, one launch of each kernel. Results go to $OUT (or ./gpu-results).
set -u
OUTDIR=${OUT:-gpu-results}
mkdir -p "$OUTDIR"
HERE=$(cd "$(dirname "$0")" && pwd)
cd out/apps
ROOT=$(pwd)
for src in $(find Samples -name '*.cu' | sort); do
  name=$(basename "$src" .cu)
  nvcc -O3 -arch=sm_90 -lineinfo -ICommon -std=c++17 "$src" -o "bin_$name" > "build_$name.log" 2>&1 || { echo "$name: build failed"; continue; }
  (cd "$(dirname "$src")" && python3 "$HERE/../bankcheck-gpu" profile -o "$ROOT/prof_$name" \
      --ncu-arg=--kernel-id --ncu-arg=::regex:.*:1 -- "$ROOT/bin_$name") > "prof_$name.log" 2>&1
  echo "$name: profile rc=$?"
done
tar czf "$OUTDIR/apps.tgz" prof_* build_*.log 2>/dev/null

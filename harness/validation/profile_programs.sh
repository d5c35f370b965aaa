#!/usr/bin/env bash
# GPU host: build each program driver (harness/validation/programs/*.cu, and
# out/progs/<name>/main.cu for public code carried to the GPU machine, never
# committed) with -lineinfo and profile it in program mode, the first launch
# of each kernel. Results go to $OUT (or ./gpu-results): one prof_<name>/
# folder each, with source.csv, for `bankcheck-gpu compare` on this machine.
set -u
OUTDIR=${OUT:-gpu-results}
mkdir -p "$OUTDIR"
ROOT=$(pwd)
progs=""
for f in harness/validation/programs/*.cu; do progs="$progs $f"; done
for f in out/progs/*/main.cu; do [ -f "$f" ] && progs="$progs $f"; done
for src in $progs; do
  case "$src" in
    */main.cu) name=$(basename "$(dirname "$src")") ;;
    *) name=$(basename "$src" .cu) ;;
  esac
  nvcc -O3 -arch=sm_90 -lineinfo -std=c++17 "$src" -o "/tmp/bin_$name" > "$OUTDIR/build_$name.log" 2>&1 ||
    { echo "$name: build failed"; continue; }
  python3 harness/bankcheck-gpu profile -o "/tmp/prof_$name" \
    --ncu-arg=--kernel-id --ncu-arg=::regex:.*:1 -- "/tmp/bin_$name" > "$OUTDIR/prof_$name.log" 2>&1
  echo "$name: profile rc=$?"
  mkdir -p "$OUTDIR/prof_$name"
  cp /tmp/prof_$name/source.csv "$OUTDIR/prof_$name/" 2>/dev/null
done

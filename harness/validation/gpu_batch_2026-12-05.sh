#!/usr/bin/env bash
# The GPU call of 2026-12-05 (docs/validation.md): program-mode profiles of
# programs built beforehand on the analysis machine into the ignored out/gpu/
# (nvcc -O3 -arch=sm_90 -lineinfo; sources from the corpus of docs/corpus.md,
# never committed): LeetCUDA's six staged HGEMMs (own main, -DHGEMM_MMA_DEBUG,
# M = N = K = 1024), cuda-samples' reduction (a driver calling reduce<float>
# for kernels 0-9 at 256 and 128 threads), CUB's block scan and radix sort
# examples (--i=1). The first launch of each kernel is profiled; each
# source.csv lands in $OUT/prof_<name>/.
set -u
OUTDIR=${OUT:-gpu-results}
mkdir -p "$OUTDIR"
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; ncu --version | tail -1; } > "$OUTDIR/env.txt" 2>&1
run() { # name, timeout, args...
  local name=$1 t=$2; shift 2
  timeout "$t" python3 harness/bankcheck-gpu profile -o "/tmp/prof_$name" \
    --ncu-arg=--kernel-id --ncu-arg=::regex:.*:1 -- "$@" > "$OUTDIR/prof_$name.log" 2>&1
  echo "$name rc=$?" >> "$OUTDIR/summary.txt"
  mkdir -p "$OUTDIR/prof_$name"
  cp "/tmp/prof_$name/source.csv" "$OUTDIR/prof_$name/" 2>/dev/null
}
# Names on the command line choose programs and their order (default: all).
want=${*:-hgemm_mma_stage hgemm_mma_stage_tn hgemm_mma_stage_swizzle hgemm_mma_stage_tn_swizzle hgemm_mma_stage_tn_swizzle_x2 hgemm_mma_stage_tn_swizzle_x4 reduction cub_block_scan cub_block_radix_sort}
for app in $want; do
  case $app in
    hgemm_*) run "$app" 90 out/gpu/$app 1024 1024 1024 0 1 ;;
    reduction) run reduction 150 out/gpu/reduction ;;
    cub_*) run "$app" 200 out/gpu/$app --i=1 ;;
    *) echo "unknown program $app" >&2 ;;
  esac
done
cat "$OUTDIR/summary.txt"

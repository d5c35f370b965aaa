#!/usr/bin/env bash
# The GPU call of 2026-12-06 (docs/validation.md), third part: two programs
# built beforehand on the analysis machine (nvcc -O3 -arch=sm_90 -lineinfo,
# sources never committed) and carried in the ignored out/gpu2:
# - ggml's mul_mat_q<GGML_TYPE_Q4_0, 64, 8, false> (out/gpu2/src/mmq_main.cu;
#   the driver of the first part passed a wrong y stride and failed to launch);
# - tiny-cuda-nn's kernel_mlp_fused<WIDTH, 8, __half, ReLU, false>, its kernels
#   compiled under their own file name and lines (#line) with a small main
#   (out/gpu2/src/tcnn_mlp_main.cu): tcnn_mlp (WIDTH 128, 8 warps), then
#   tcnn_mlp32 and tcnn_mlp16 (-DDRIVER_WIDTH=32/16: 2 warps and 1), the
#   widths bankcheck predicts 2-way conflicts for.
# Arguments: the programs (default: mmq_q4_0 tcnn_mlp, the first call).
# Each program is run once plainly (its own launch check), then profiled.
# Every source.csv goes into one archive, $OUT/profiles.tgz.
source "$(dirname "$0")/batch_common.sh"
for p in ${@:-mmq_q4_0 tcnn_mlp}; do
  timeout 60 "out/gpu2/$p" >> "$OUTDIR/summary.txt" 2>&1; echo "$p plain rc=$?" >> "$OUTDIR/summary.txt"
  run "$p" 240 -- "out/gpu2/$p"
done
(cd /tmp && tar czf "$OUTDIR/profiles.tgz" prof_*/source.csv)
cat "$OUTDIR/summary.txt"

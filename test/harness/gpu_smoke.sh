#!/bin/sh
# ===- gpu_smoke.sh - Replay known warp accesses on a GPU -------------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
# Emits, measures and compares the synthetic report of smoke_cases.py (widths
# 1, 2, 4, 8, 16, broadcast, column walks, inactive lanes, phase merging,
# stores, atomics, and the tensor-core forms with measured counts: ldmatrix
# .x1/.x2/.x4, ATOMS.CAS, ATOMS.POPC.INC, cp.async): every measured wavefront
# count must match bank-model.md.
# Then checks program mode (profile + compare) on the same binary, whose
# answers are the same numbers.
#
# Exit 77 (CTest SKIP_RETURN_CODE) when nvidia-smi is absent or fails, or when
# the GPU counters cannot be read (ncu missing, ERR_NVGPUCTRPERM). Files stay
# in $BANKCHECK_GPU_SMOKE_DIR (default: a new folder under $TMPDIR).
set -u
here=$(cd "$(dirname "$0")" && pwd)
tool="$here/../../harness/bankcheck-gpu"
py=${PYTHON:-python3}

if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "gpu_smoke: SKIPPED: no usable GPU (nvidia-smi absent or failing)"
  exit 77
fi
work=${BANKCHECK_GPU_SMOKE_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/bankcheck-gpu-smoke.XXXXXX")}
mkdir -p "$work" || exit 1
echo "gpu_smoke: files in $work"

"$py" "$here/smoke_cases.py" > "$work/report.json" || exit 1
"$py" "$tool" emit "$work/report.json" -o "$work/micro" || exit 1

"$py" "$tool" measure "$work/micro"
rc=$?
if [ $rc -eq 3 ]; then
  echo "gpu_smoke: SKIPPED: the GPU counters cannot be read here (reason above)"
  exit 77
fi
[ $rc -eq 0 ] || { echo "gpu_smoke: FAILED: measure exited with $rc"; exit 1; }

"$py" "$tool" compare "$work/micro"
rc=$?
[ $rc -eq 0 ] || { echo "gpu_smoke: FAILED: microkernel measurements disagree with bank-model.md"; exit 1; }

"$py" "$tool" profile --report "$work/micro/kernels-report.json" -o "$work/prof" -- "$work/micro/bench"
rc=$?
[ $rc -eq 0 ] || { echo "gpu_smoke: FAILED: program mode (profile) exited with $rc"; exit 1; }
echo "gpu_smoke: PASSED"

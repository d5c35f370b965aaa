#!/usr/bin/env bash
# Runs where bankcheck is built (no GPU needed): copies the public kernels
# into out/fixits/src/{before,after} (out/ is ignored: public sources are
# never committed), applies `bankcheck --fix` to the after/ copies, checks
# that every fixed copy compiles with nvcc and that a second --fix changes
# nothing, and writes out/fixits/manifest.json (per case: the files, the
# changed lines, the lines of the fixed arrays' accesses) and the drivers and
# run script the GPU machine needs. Usage, from the repository root:
#   EXT=/path/to/public/trees BANKCHECK=build/tool/bankcheck bash harness/validation/fix_effect/prepare.sh
# EXT holds cs/ (NVIDIA/cuda-samples: Samples/..., Common/) and kernels/
# (xlite-dev/LeetCUDA: kernels/hgemm/mma/basic/hgemm_mma.cu).
set -euo pipefail
ROOT=$(pwd)
HERE=$ROOT/harness/validation/fix_effect
EXT=${EXT:?EXT: the folder of the public trees}
BANKCHECK=${BANKCHECK:-$ROOT/build/tool/bankcheck}
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
OUTD=${FIXITS_OUT:-$ROOT/out/fixits}
rm -rf "$OUTD/src" "$OUTD/drivers"
mkdir -p "$OUTD/src/before" "$OUTD/src/after" "$OUTD/drivers" "$OUTD/reports"
CS=$EXT/cs
for side in before after; do
  d=$OUTD/src/$side
  mkdir -p "$d/Common"
  cp "$CS"/Common/*.h "$d/Common/"
  cp "$CS/Samples/2_Concepts_and_Techniques/convolutionSeparable/convolutionSeparable.cu" \
     "$CS/Samples/2_Concepts_and_Techniques/convolutionSeparable/convolutionSeparable_common.h" \
     "$CS/Samples/6_Performance/transpose/transpose.cu" \
     "$CS/Samples/2_Concepts_and_Techniques/reduction/reduction_kernel.cu" \
     "$CS/Samples/2_Concepts_and_Techniques/reduction/reduction.h" "$d/"
  # LeetCUDA's hgemm_mma.cu up to the end of the mma2x4 kernel, without torch.
  sed -n '1,290p' "$EXT/kernels/hgemm/mma/basic/hgemm_mma.cu" | grep -v 'torch/' > "$d/hgemm_mma_k.cuh"
done
cp "$HERE"/drivers/* "$OUTD/drivers/"
cp "$HERE/run_gpu.sh" "$HERE/summarize.py" "$OUTD/"

# --fix on the after/ copies: each file analysed with the launches that use it.
A=$OUTD/src/after
fix() { # name, then bankcheck arguments
  local name=$1; shift
  "$BANKCHECK" --quiet --format=json -o "$OUTD/reports/$name.json" "$@" || true
  "$BANKCHECK" --quiet --fix "$@" > "$OUTD/reports/$name.fix.txt" 2>&1 || true
}
fix conv "$A/convolutionSeparable.cu" -- -I"$A/Common"
fix transpose "$A/transpose.cu" -- -I"$A/Common"
fix reduction "$A/reduction_kernel.cu" -- -I"$A/Common"
fix hgemm "$OUTD/drivers/hgemm_mma.cu" -- -DKERNEL_SRC="\"$A/hgemm_mma_k.cuh\"" -I"$A"

# Every fixed file compiles; a second --fix changes nothing.
for f in convolutionSeparable.cu transpose.cu reduction_kernel.cu hgemm_mma_k.cuh; do
  cp "$A/$f" "$OUTD/reports/$f.once"
done
"$BANKCHECK" --quiet --fix "$A/convolutionSeparable.cu" -- -I"$A/Common" > /dev/null 2>&1 || true
"$BANKCHECK" --quiet --fix "$A/transpose.cu" -- -I"$A/Common" > /dev/null 2>&1 || true
"$BANKCHECK" --quiet --fix "$A/reduction_kernel.cu" -- -I"$A/Common" > /dev/null 2>&1 || true
"$BANKCHECK" --quiet --fix "$OUTD/drivers/hgemm_mma.cu" -- -DKERNEL_SRC="\"$A/hgemm_mma_k.cuh\"" -I"$A" > /dev/null 2>&1 || true
for f in convolutionSeparable.cu transpose.cu reduction_kernel.cu hgemm_mma_k.cuh; do
  cmp -s "$A/$f" "$OUTD/reports/$f.once" || { echo "prepare: a second --fix changed $f"; exit 1; }
  rm "$OUTD/reports/$f.once"
done
if [ -x "$NVCC" ]; then
  for side in before after; do
    d=$OUTD/src/$side
    "$NVCC" -arch=sm_90 -c "$d/convolutionSeparable.cu" -I"$d/Common" -o /dev/null
    "$NVCC" -arch=sm_90 -c "$d/transpose.cu" -I"$d/Common" -o /dev/null
    "$NVCC" -arch=sm_90 -c "$d/reduction_kernel.cu" -I"$d/Common" -o /dev/null
    "$NVCC" -arch=sm_90 -c "$OUTD/drivers/hgemm_mma.cu" -DKERNEL_SRC="\"$d/hgemm_mma_k.cuh\"" -o /dev/null
  done
  echo "prepare: before and after copies compile with nvcc"
fi
(cd "$OUTD/src" && diff -ru before after > ../changes.diff) || true
python3 - "$OUTD" <<'PY'
import json, os, sys
out = sys.argv[1]
def fixed_lines(report, file):
    """Lines of the accesses of every array that got a fix-it, in file."""
    with open(os.path.join(out, "reports", report + ".json")) as f:
        r = json.load(f)
    arrays = {(a["array_decl"]["file"], a["array_decl"]["line"]) for a in r["accesses"] if a.get("fixes")}
    return sorted({a["line"] for a in r["accesses"]
                   if (a["array_decl"]["file"], a["array_decl"]["line"]) in arrays
                   and os.path.basename(a["file"]) == file})
cases = [
    {"name": "convolutionRows", "driver": "conv_rows.cu", "src": "convolutionSeparable.cu",
     "defines": ["-DFX_NAME=\"convolutionRowsKernel\"", "-DFX_CALL=convolutionRowsGPU"], "report": "conv"},
    {"name": "convolutionColumns", "driver": "conv_rows.cu", "src": "convolutionSeparable.cu",
     "defines": ["-DFX_NAME=\"convolutionColumnsKernel\"", "-DFX_CALL=convolutionColumnsGPU"], "report": "conv"},
    {"name": "transposeCoalesced", "driver": "transpose.cu", "src": "transpose.cu", "defines": [], "report": "transpose"},
    {"name": "reduce1", "driver": "reduction.cu", "src": "reduction_kernel.cu", "defines": [], "report": "reduction"},
    {"name": "hgemm_mma2x4_warp4x4", "driver": "hgemm_mma.cu", "src": "hgemm_mma_k.cuh", "defines": [], "report": "hgemm"},
]
for c in cases:
    c["lines"] = fixed_lines(c["report"], c["src"])
    with open(os.path.join(out, "src", "before", c["src"]), "rb") as a, open(os.path.join(out, "src", "after", c["src"]), "rb") as b:
        c["changed"] = a.read() != b.read()
with open(os.path.join(out, "manifest.json"), "w") as f:
    json.dump(cases, f, indent=1)
for c in cases:
    print("prepare: %-22s fixed: %-5s access lines of fixed arrays: %s" % (c["name"], c["changed"], c["lines"]))
PY
echo "prepare: wrote $OUTD (run on the GPU machine: bash out/fixits/run_gpu.sh)"

#!/usr/bin/env bash
#===- builtin_headers_test.sh - The built-in CUDA headers parse ------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#===------------------------------------------------------------------------===#
#
# Usage: builtin_headers_test.sh <builtin-include dir> <clang>
#
# Parses every Inputs/*.cu next to this script, device-only for sm_90:
#   1. with the built-in headers, as bankcheck does without a toolkit
#      (-nocudainc -nocudalib -include bankcheck_cuda_prelude.h -isystem DIR),
#      once with no toolkit visible to the driver and once letting it detect one;
#   2. each built-in header alone, included without the -include prelude
#      (every stand-in must pull the prelude in itself);
#   3. with the real toolkit (--cuda-path, -Wno-unknown-cuda-version and an
#      -isystem directory holding only texture_fetch_functions.h), when
#      $BANKCHECK_TEST_CUDA_PATH (default /usr/local/cuda) has
#      include/cuda_runtime.h; otherwise prints "SKIP real toolkit".
# A run fails on a non-zero exit or any "error:" in clang's output.
# Exit status: 0 when every run passed, 1 otherwise, 2 on bad usage.
#===------------------------------------------------------------------------===#

set -u

if [ $# -ne 2 ]; then
  echo "usage: $0 <builtin-include dir> <clang>" >&2
  exit 2
fi
HeaderDir=$1
Clang=$2
Here=$(cd "$(dirname "$0")" && pwd)
Inputs=$Here/Inputs
CudaPath=${BANKCHECK_TEST_CUDA_PATH:-/usr/local/cuda}

if [ ! -f "$HeaderDir/bankcheck_cuda_prelude.h" ]; then
  echo "FAIL: $HeaderDir has no bankcheck_cuda_prelude.h" >&2
  exit 1
fi
if [ ! -x "$Clang" ]; then
  echo "FAIL: $Clang is not an executable" >&2
  exit 1
fi
shopt -s nullglob
Sources=("$Inputs"/*.cu)
if [ ${#Sources[@]} -eq 0 ]; then
  echo "FAIL: no .cu inputs in $Inputs" >&2
  exit 1
fi

Tmp=$(mktemp -d "${TMPDIR:-/tmp}/bankcheck-headers.XXXXXX")
trap 'rm -rf "$Tmp"' EXIT

Passed=0
Failed=0

# parse LABEL CLANG-ARGS...: runs clang, reports, counts.
parse() {
  local Label=$1
  shift
  local Output Status
  Output=$("$Clang" "$@" 2>&1)
  Status=$?
  if [ $Status -ne 0 ] || grep -q "error:" <<<"$Output"; then
    echo "FAIL: $Label (exit $Status)"
    echo "  command: $Clang $*"
    sed 's/^/  | /' <<<"$Output"
    Failed=$((Failed + 1))
  else
    echo "ok: $Label"
    Passed=$((Passed + 1))
  fi
}

Common=(-x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -fsyntax-only
        -Wno-unknown-cuda-version)

# The check itself must be able to fail: an undeclared call is an error.
echo '__global__ void k(float *P) { P[0] = notDeclaredAnywhere(P); }' \
  >"$Tmp/broken.cu"
if "$Clang" "${Common[@]}" -nocudainc -nocudalib -isystem "$HeaderDir" \
  -include bankcheck_cuda_prelude.h "$Tmp/broken.cu" >"$Tmp/broken.out" 2>&1 ||
  ! grep -q "error:" "$Tmp/broken.out"; then
  echo "FAIL: a source with an undeclared call parsed without an error"
  Failed=$((Failed + 1))
else
  echo "ok: a source with an undeclared call is reported as an error"
  Passed=$((Passed + 1))
fi
NoToolkit=(-nocudainc -nocudalib -isystem "$HeaderDir")
Prelude=(-include bankcheck_cuda_prelude.h)
# A --cuda-path that does not exist: the driver then knows no CUDA version,
# as on a machine without a toolkit.
Missing=--cuda-path=$Tmp/no-cuda-here

# 1. The inputs with the built-in headers.
for Source in "${Sources[@]}"; do
  Name=$(basename "$Source")
  parse "built-in headers, no toolkit: $Name" \
    "${Common[@]}" "${NoToolkit[@]}" "${Prelude[@]}" "$Missing" "$Source"
  parse "built-in headers, toolkit detected: $Name" \
    "${Common[@]}" "${NoToolkit[@]}" "${Prelude[@]}" "$Source"
done

# The prelude must announce itself, and launches must parse without a
# toolkit (clang then looks for cudaConfigureCall).
cat >"$Tmp/marker.cu" <<'EOF'
#ifndef __BANKCHECK_BUILTIN_CUDA__
#error "the prelude was not included"
#endif
#ifndef __CUDACC__
#error "__CUDACC__ is not defined"
#endif
__global__ void kernel(int *P) { P[threadIdx.x] = blockIdx.x; }
void launch(int *P) { kernel<<<1, 32>>>(P); }
EOF
parse "built-in headers: prelude marker and a launch" \
  "${Common[@]}" "${NoToolkit[@]}" "${Prelude[@]}" "$Missing" "$Tmp/marker.cu"

# 2. Each public header alone, without the -include.
while IFS= read -r Header; do
  Rel=${Header#"$HeaderDir"/}
  case $Rel in
    crt/*) continue ;; # internal: included by clang's intrinsics header
    texture_fetch_functions.h) continue ;; # empty on purpose
    bankcheck_compat.h) continue ;; # force-included after the CUDA headers, not on its own
  esac
  Safe=$(tr '/.' '__' <<<"$Rel")
  printf '#include <%s>\n__global__ void k(float *P) { P[threadIdx.x] = 0; }\n' \
    "$Rel" >"$Tmp/alone_$Safe.cu"
  parse "header alone: $Rel" \
    "${Common[@]}" "${NoToolkit[@]}" "$Missing" "$Tmp/alone_$Safe.cu"
done < <(find "$HeaderDir" -type f \( -name '*.h' -o -name '*.hpp' \) | sort)

# 3. The same inputs with the real toolkit.
if [ -f "$CudaPath/include/cuda_runtime.h" ]; then
  mkdir -p "$Tmp/compat"
  cp "$HeaderDir/texture_fetch_functions.h" "$Tmp/compat/"
  Real=(--cuda-path="$CudaPath" -isystem "$Tmp/compat")
  if [ -d "$CudaPath/include/cccl" ]; then
    Real+=(-isystem "$CudaPath/include/cccl")
  fi
  for Source in "${Sources[@]}"; do
    parse "real toolkit ($CudaPath): $(basename "$Source")" \
      "${Common[@]}" "${Real[@]}" "$Source"
  done
else
  echo "SKIP real toolkit: no $CudaPath/include/cuda_runtime.h"
fi

echo "$Passed passed, $Failed failed"
[ $Failed -eq 0 ]

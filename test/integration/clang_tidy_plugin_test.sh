#!/usr/bin/env bash
#===- clang_tidy_plugin_test.sh - bankcheck inside clang-tidy-19 ----------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#===------------------------------------------------------------------------===#
#
# Usage: clang_tidy_plugin_test.sh <libBankcheckTidyModule.so> <clang-tidy-19> <bankcheck>
#
# Runs `clang-tidy -load=<plugin> -checks='-*,bankcheck-*'` on copies of the
# examples and checks, for each header mode (the built-in headers always; the
# real toolkit when $BANKCHECK_TEST_CUDA_PATH, default /usr/local/cuda, has
# include/cuda_runtime.h):
#   1. examples/transpose.cu: the warning line (file:line:col: message [check])
#      is the one bankcheck prints, and it is the only warning;
#   2. every example: the same warning and note lines as bankcheck (sorted);
#   3. `-fix` on a copy of transpose.cu turns `tile[TILE][TILE]` into
#      `tile[TILE][TILE + 1]` in transposeNaive only, and on every example gives
#      the same file as `bankcheck --fix`;
#   4. `--export-fixes` writes the `TILE + 1` replacement, and
#      clang-apply-replacements (when present) applies it;
#   5. the check option BlockDim acts as --block-dim (from -config and from a
#      .clang-tidy file), for both checks (bankcheck-out-of-bounds.BlockDim
#      alone too; two that differ are refused), the note names the option, a
#      bad value is reported, NOLINT silences, and the
#      .bankcheck.yaml next to the file (BlockDim by kernel, MinDegree) applies.
# Exit status: 0 passed, 1 failed, 2 bad usage, 77 clang-tidy-19 is absent.
#===------------------------------------------------------------------------===#

set -u

if [ $# -ne 3 ]; then
  echo "usage: $0 <libBankcheckTidyModule.so> <clang-tidy-19> <bankcheck>" >&2
  exit 2
fi
Plugin=$1
Tidy=$2
Bankcheck=$3
Here=$(cd "$(dirname "$0")" && pwd)
Root=$(cd "$Here/../.." && pwd)
BuiltinDir=$Root/lib/Frontend/builtin-include
CudaPath=${BANKCHECK_TEST_CUDA_PATH:-/usr/local/cuda}

if ! Tidy=$(command -v "$Tidy"); then
  echo "SKIP: $2 not found (apt-get install clang-tidy-19)"
  exit 77
fi
for F in "$Plugin" "$Bankcheck"; do
  if [ ! -f "$F" ]; then
    echo "FAIL: $F does not exist" >&2
    exit 1
  fi
done

# shellcheck source=common.sh
. "$Here/common.sh"

# The loadable-plugin precondition: clang-tidy-19 is linked against the shared
# clang-cpp that the plugin also uses (a static clang-tidy would give the plugin
# a second copy of Clang and of the check registry).
if command -v ldd >/dev/null && ! ldd "$(readlink -f "$Tidy")" | grep -q 'libclang-cpp\.so'; then
  echo "note: $Tidy does not link libclang-cpp shared; loading the plugin may fail"
fi

# Device-only CUDA flags for each header mode, as `bankcheck --print-clang-command`
# prints them, with real directories in place of bankcheck's virtual ones.
Modes="builtin"
if [ -f "$CudaPath/include/cuda_runtime.h" ]; then
  Modes="$Modes toolkit"
  mkdir -p "$Work/compat"
  cp "$BuiltinDir/texture_fetch_functions.h" "$BuiltinDir/bankcheck_compat.h" "$Work/compat/"
else
  echo "SKIP toolkit mode: no $CudaPath/include/cuda_runtime.h"
fi
flagsFor() { # mode -> the flags after `--`
  case $1 in
  builtin)
    echo "-x cuda --cuda-device-only --cuda-gpu-arch=sm_90 -nocudainc -nocudalib" \
         "-isystem $BuiltinDir -include bankcheck_cuda_prelude.h -include bankcheck_compat.h" ;;
  toolkit)
    echo "-x cuda --cuda-device-only --cuda-gpu-arch=sm_90 --cuda-path=$CudaPath" \
         "-Wno-unknown-cuda-version -isystem $Work/compat -include bankcheck_compat.h" \
         "-isystem $CudaPath/include/cccl" ;;
  esac
}
bankcheckFlagsFor() {
  case $1 in
  builtin) echo "--no-cuda-toolkit" ;;
  toolkit) echo "--cuda-path=$CudaPath" ;;
  esac
}
# tidy <mode> <file> [clang-tidy options...]: stdout and stderr in one stream.
tidy() {
  local Mode=$1 File=$2
  shift 2
  # shellcheck disable=SC2046
  "$Tidy" -load="$Plugin" -checks='-*,bankcheck-*' "$@" "$File" -- $(flagsFor "$Mode") 2>&1
}
diagLines() { grep -E '(warning|note|error): ' | grep -v 'FIX-IT applied' | sort; }

# The plugin loads and registers its check.
if ! Listed=$("$Tidy" -load="$Plugin" -checks='-*,bankcheck-*' -list-checks 2>&1); then
  fail "clang-tidy cannot load the plugin:"
  echo "$Listed"
  exit 1
fi
for Check in bankcheck-bank-conflict bankcheck-out-of-bounds; do
  if ! echo "$Listed" | grep -q "^ *$Check\$"; then
    fail "$Check is not listed by -list-checks:"
    echo "$Listed"
  fi
done

for Mode in $Modes; do
  echo "== header mode: $Mode"
  Dir=$Work/$Mode
  mkdir -p "$Dir/fix" "$Dir/ref" "$Dir/export"
  cp "$Root"/examples/*.cu "$Dir/"

  # 1. transpose.cu: the one warning, as bankcheck prints it.
  # shellcheck disable=SC2046
  Want=$("$Bankcheck" $(bankcheckFlagsFor "$Mode") --quiet --color-output=never "$Dir/transpose.cu" |
         grep ': warning: ')
  Got=$(tidy "$Mode" "$Dir/transpose.cu" | grep ': warning: ')
  Expected="$Dir/transpose.cu:20:33: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]"
  [ "$Want" = "$Expected" ] || fail "$Mode: bankcheck printed '$Want', expected '$Expected'"
  [ "$Got" = "$Want" ] || fail "$Mode: clang-tidy printed '$Got', bankcheck '$Want'"

  # 2. Every example, and the out-of-bounds golden file: the same warnings and notes.
  cp "$Root/test/golden/bankcheck-out-of-bounds/out-of-bounds.cu" "$Dir/"
  for Src in "$Dir"/*.cu; do
    # shellcheck disable=SC2046
    "$Bankcheck" $(bankcheckFlagsFor "$Mode") --quiet --color-output=never "$Src" | diagLines >"$Src.want"
    tidy "$Mode" "$Src" | diagLines >"$Src.got"
    if [ ! -s "$Src.want" ]; then
      fail "$Mode: bankcheck reports nothing on $(basename "$Src")"
    elif ! diff -u "$Src.want" "$Src.got" >"$Src.diff"; then
      fail "$Mode: $(basename "$Src"): clang-tidy's diagnostics differ from bankcheck's:"
      cat "$Src.diff"
    fi
  done

  # 3. -fix on copies; the result is bankcheck --fix's.
  cp "$Root"/examples/*.cu "$Dir/fix/"
  cp "$Root"/examples/*.cu "$Dir/ref/"
  Padded=0
  for Src in "$Dir"/fix/*.cu; do
    Ref=$Dir/ref/$(basename "$Src")
    # shellcheck disable=SC2046
    "$Bankcheck" $(bankcheckFlagsFor "$Mode") --quiet --fix "$Ref" >/dev/null 2>&1
    Out=$(tidy "$Mode" "$Src" -fix)
    # Examples whose conflicts have no padding fix-it (reduction.cu) stay as they are.
    if ! cmp -s "$Ref" "$Root/examples/$(basename "$Src")"; then
      Padded=$((Padded + 1))
      echo "$Out" | grep -q 'clang-tidy applied [1-9][0-9]* of [1-9][0-9]* suggested fixes' ||
        fail "$Mode: -fix applied nothing to $(basename "$Src"): $(echo "$Out" | grep -E 'fix|error')"
    fi
    diff -u "$Ref" "$Src" >/dev/null ||
      fail "$Mode: clang-tidy -fix and bankcheck --fix differ on $(basename "$Src"): $(diff "$Ref" "$Src")"
  done
  [ "$Padded" -ge 2 ] || fail "$Mode: bankcheck --fix padded only $Padded example(s)"
  Fixed=$Dir/fix/transpose.cu
  [ "$(grep -c '__shared__ float tile\[TILE\]\[TILE + 1\];' "$Fixed")" = 2 ] ||
    fail "$Mode: -fix did not pad transposeNaive's tile: $(diff "$Root/examples/transpose.cu" "$Fixed")"
  [ "$(diff "$Root/examples/transpose.cu" "$Fixed" | grep -c '^[<>]')" = 2 ] ||
    fail "$Mode: -fix changed more than line 11: $(diff "$Root/examples/transpose.cu" "$Fixed")"
  Again=$(tidy "$Mode" "$Fixed" | grep -c ': warning: ')
  [ "$Again" = 0 ] || fail "$Mode: the fixed transpose.cu still has $Again warning(s)"

  # 4. --export-fixes, applied with clang-apply-replacements when it is there.
  cp "$Root/examples/transpose.cu" "$Dir/export/transpose.cu"
  tidy "$Mode" "$Dir/export/transpose.cu" --export-fixes="$Dir/export/fixes.yaml" >/dev/null
  if ! grep -q "ReplacementText: *'TILE + 1'" "$Dir/export/fixes.yaml" 2>/dev/null; then
    fail "$Mode: --export-fixes wrote no 'TILE + 1' replacement"
    cat "$Dir/export/fixes.yaml" 2>/dev/null
  fi
  Apply=$(dirname "$(readlink -f "$Tidy")")/clang-apply-replacements
  if [ -x "$Apply" ]; then
    "$Apply" "$Dir/export" || fail "$Mode: clang-apply-replacements failed"
    diff -u "$Fixed" "$Dir/export/transpose.cu" >/dev/null ||
      fail "$Mode: clang-apply-replacements of the exported fixes differs from -fix"
  fi
done

# 5. Options and NOLINT (built-in headers; the kernel has no launch in its file).
cat >"$Work/nolaunch.cu" <<'CUDA'
__global__ void columns(float *Out) {
  __shared__ float S[32][32];
  S[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  Out[threadIdx.y * 32 + threadIdx.x] = S[threadIdx.x][threadIdx.y];
}
__global__ void silenced(float *Out) {
  __shared__ float S[32][32];
  S[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  Out[threadIdx.y * 32 + threadIdx.x] = S[threadIdx.x][threadIdx.y]; // NOLINT(bankcheck-bank-conflict)
}
CUDA
# The plugin names the option the shape came from where bankcheck names --block-dim.
Want=$("$Bankcheck" --no-cuda-toolkit --block-dim=32,32 --quiet --color-output=never "$Work/nolaunch.cu" |
  sed "s/ from --block-dim\$/ from option 'bankcheck-bank-conflict.BlockDim'/" | diagLines)
WantOption=$Want
Got=$(tidy builtin "$Work/nolaunch.cu" -config="{CheckOptions: {bankcheck-bank-conflict.BlockDim: '32,32'}}" | diagLines)
echo "$Want" | grep -q 'block shape (32, 32, 1)' || fail "bankcheck --block-dim=32,32 did not use the shape: $Want"
[ "$Got" = "$Want" ] || fail "BlockDim option: clang-tidy printed
$Got
bankcheck printed
$Want"
[ "$(echo "$Got" | grep -c ': warning: ')" = 1 ] || fail "NOLINT: expected one warning, got: $Got"
# The same through a .clang-tidy file (Checks and CheckOptions), as editors read it.
mkdir -p "$Work/project"
cp "$Work/nolaunch.cu" "$Work/project/"
cat >"$Work/project/.clang-tidy" <<'YAML'
Checks: '-*,bankcheck-*'
CheckOptions:
  bankcheck-bank-conflict.BlockDim: '32,32'
YAML
# shellcheck disable=SC2046
FromFile=$("$Tidy" -load="$Plugin" "$Work/project/nolaunch.cu" -- $(flagsFor builtin) 2>&1 | diagLines)
[ "$FromFile" = "$(echo "$Want" | sed "s|$Work/nolaunch.cu|$Work/project/nolaunch.cu|g")" ] ||
  fail ".clang-tidy file: clang-tidy printed
$FromFile"
# .bankcheck.yaml next to the file: its block shapes and MinDegree apply as in bankcheck.
mkdir -p "$Work/yaml"
cp "$Work/nolaunch.cu" "$Work/yaml/"
printf '%s\n' "BlockDim: [{Kernel: 'col*', Dim: [32, 16]}]" 'MinDegree: 16' >"$Work/yaml/.bankcheck.yaml"
Want=$("$Bankcheck" --no-cuda-toolkit --quiet --color-output=never "$Work/yaml/nolaunch.cu" | diagLines)
Got=$(tidy builtin "$Work/yaml/nolaunch.cu" | diagLines)
echo "$Want" | grep -q 'block shape (32, 16, 1)' || fail ".bankcheck.yaml: bankcheck did not use it: $Want"
[ "$Got" = "$Want" ] || fail ".bankcheck.yaml: clang-tidy printed
$Got
bankcheck printed
$Want"
cat >"$Work/yaml/stride2.cu" <<'CUDA'
__global__ void stride2(float *Out) {
  __shared__ float T[64];
  T[threadIdx.x * 2] = 0; // 2-way
}
void launch(float *Out) { stride2<<<1, 32>>>(Out); }
CUDA
printf '%s\n' 'MinDegree: 4' >"$Work/yaml/.bankcheck.yaml"
[ -z "$(tidy builtin "$Work/yaml/stride2.cu" | grep ': warning: ')" ] ||
  fail ".bankcheck.yaml: MinDegree 4 did not hide the 2-way conflict"
[ -z "$("$Bankcheck" --no-cuda-toolkit --quiet "$Work/yaml/stride2.cu" | grep ': warning: ')" ] ||
  fail ".bankcheck.yaml: bankcheck shows the 2-way conflict under MinDegree 4"
printf '%s\n' 'MinDegree: 2' >"$Work/yaml/.bankcheck.yaml"
tidy builtin "$Work/yaml/stride2.cu" | grep -q ': warning: 2-way bank conflict' ||
  fail ".bankcheck.yaml: MinDegree 2 hid the 2-way conflict"
# One block shape for both checks: bankcheck-out-of-bounds.BlockDim alone serves both; two that differ are refused.
Got=$(tidy builtin "$Work/nolaunch.cu" -config="{CheckOptions: {bankcheck-out-of-bounds.BlockDim: '32,32'}}" | diagLines)
[ "$Got" = "$(echo "$WantOption" | sed 's/bankcheck-bank-conflict.BlockDim/bankcheck-out-of-bounds.BlockDim/')" ] ||
  fail "bankcheck-out-of-bounds.BlockDim alone: clang-tidy printed
$Got"
Two=$(tidy builtin "$Work/nolaunch.cu" \
  -config="{CheckOptions: {bankcheck-bank-conflict.BlockDim: '32,32', bankcheck-out-of-bounds.BlockDim: '64'}}")
echo "$Two" | grep -q "differ ('32,32' and '64'): one block shape serves both checks" ||
  fail "two different BlockDim options are not reported: $Two"
Bad=$(tidy builtin "$Work/nolaunch.cu" -config="{CheckOptions: {bankcheck-bank-conflict.BlockDim: '32,x'}}")
echo "$Bad" | grep -q "invalid value '32,x' for option 'bankcheck-bank-conflict.BlockDim'" ||
  fail "a bad BlockDim is not reported: $Bad"

finish "clang-tidy plugin ($Modes)"

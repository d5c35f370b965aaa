#!/usr/bin/env bash
#===- cmake_cuda_test.sh - bankcheck on a real CMake CUDA project ----------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#===------------------------------------------------------------------------===#
#
# Usage: cmake_cuda_test.sh <bankcheck> [<libBankcheckTidyModule.so> <clang-tidy-19>]
#
# Configures cmake-cuda/ (project(... LANGUAGES CXX CUDA), sm_90, compile
# commands exported, an include directory) with nvcc, once per generator
# available (Ninja: -I on the nvcc line; Unix Makefiles: --options-file
# includes_CUDA.rsp), builds it (nvcc needs no GPU; a failed build is reported
# and the checks go on), then checks:
#   1. the database holds nvcc's own flags (-forward-unknown-to-host-compiler,
#      -x cu, --generate-code=...);
#   2. `bankcheck -p <build>` reports the 32-way conflict at
#      src/transpose.cu:16:33 with the TILE_DIM -> TILE_DIM + 1 padding, exit 1;
#      and, run from the project root as the GitHub Actions recipe does,
#      `--format=sarif -o F --fail-on=conflict` exits 1 with URIs relative to it;
#   3. the `bankcheck-lint` target fails with that warning, and passes with
#      BANKCHECK_LINT_ARGS=--fail-on=never;--format=sarif;-o;<file>, writing
#      SARIF (validated against the 2.1.0 schema when python3-jsonschema is there);
#   4. with the plugin and clang-tidy given (and present): the clang database
#      written by tool/clang-tidy-plugin/bankcheck-clang-database.py lets
#      `clang-tidy -p` report the same warning line.
# nvcc: $BANKCHECK_TEST_NVCC, else /usr/local/cuda/bin/nvcc, else nvcc on PATH.
# Exit status: 0 passed, 1 failed, 2 bad usage, 77 no nvcc or no cmake (CMake
# cannot configure the CUDA language without nvcc).
#===------------------------------------------------------------------------===#

set -u

if [ $# -lt 1 ] || [ $# -gt 3 ]; then
  echo "usage: $0 <bankcheck> [<libBankcheckTidyModule.so> <clang-tidy-19>]" >&2
  exit 2
fi
Bankcheck=$(readlink -f "$1")
Plugin=${2:-}
Tidy=${3:-}
Here=$(cd "$(dirname "$0")" && pwd)
Root=$(cd "$Here/../.." && pwd)
Project=$Here/cmake-cuda

Nvcc=${BANKCHECK_TEST_NVCC:-}
if [ -z "$Nvcc" ]; then
  if [ -x /usr/local/cuda/bin/nvcc ]; then Nvcc=/usr/local/cuda/bin/nvcc
  else Nvcc=$(command -v nvcc || true); fi
fi
if [ -z "$Nvcc" ] || [ ! -x "$Nvcc" ]; then
  echo "SKIP: no nvcc (CMake cannot configure LANGUAGES CUDA without it)"
  exit 77
fi
if ! command -v cmake >/dev/null; then
  echo "SKIP: no cmake"
  exit 77
fi
if [ ! -x "$Bankcheck" ]; then
  echo "FAIL: $1 is not an executable" >&2
  exit 1
fi

# shellcheck source=common.sh
. "$Here/common.sh"

Expected="$Project/src/transpose.cu:16:33: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]"
Generators=""
command -v ninja >/dev/null && Generators="Ninja"
command -v make >/dev/null && Generators="$Generators${Generators:+,}Unix Makefiles"
[ -n "$Generators" ] || { echo "SKIP: neither ninja nor make"; exit 77; }

IFS=, read -r -a GeneratorList <<<"$Generators"
for Generator in "${GeneratorList[@]}"; do
  echo "== generator: $Generator, nvcc: $Nvcc"
  Build=$Work/build-${Generator// /-}
  if ! cmake -S "$Project" -B "$Build" -G "$Generator" -DCMAKE_CUDA_COMPILER="$Nvcc" \
         -DBANKCHECK_EXECUTABLE="$Bankcheck" >"$Build.configure.log" 2>&1; then
    fail "$Generator: configuring the CUDA project failed:"
    tail -20 "$Build.configure.log"
    continue
  fi
  if cmake --build "$Build" >"$Build.build.log" 2>&1; then
    echo "built with nvcc (no GPU needed)"
  else
    echo "note: building with nvcc failed; bankcheck needs only the database:"
    tail -5 "$Build.build.log"
  fi

  # 1. nvcc's flags are what bankcheck reads.
  Entry=$(grep '"command"' "$Build/compile_commands.json" | grep 'transpose\.cu')
  for Flag in -forward-unknown-to-host-compiler '-x cu' '--generate-code=arch=compute_90'; do
    case $Entry in
    *"$Flag"*) ;;
    *) fail "$Generator: the database entry has no '$Flag': $Entry" ;;
    esac
  done
  case $Entry in
  *--options-file*) echo "include directory through --options-file (includes_CUDA.rsp)" ;;
  *-I*cmake-cuda/include*) echo "include directory through -I" ;;
  *) fail "$Generator: the include directory is on neither -I nor --options-file: $Entry" ;;
  esac

  # 2. bankcheck -p: the conflict, its padding, exit 1.
  Out=$("$Bankcheck" -p "$Build" --color-output=never 2>&1)
  Status=$?
  [ "$Status" = 1 ] || fail "$Generator: bankcheck -p exited $Status, expected 1: $Out"
  echo "$Out" | grep -qxF "$Expected" || fail "$Generator: bankcheck -p did not print
$Expected
it printed
$Out"
  echo "$Out" | grep -qF "('TILE_DIM' -> 'TILE_DIM + 1')" || fail "$Generator: no TILE_DIM + 1 padding note"
  [ "$(echo "$Out" | grep -c ': warning: ')" = 1 ] || fail "$Generator: expected exactly one warning"

  # The GitHub Actions command (docs/integration.md), run from the project root:
  # exit 1 on the conflict, SARIF URIs relative to that root.
  (cd "$Project" && "$Bankcheck" -p "$Build" --format=sarif -o "$Build/ci.sarif" --fail-on=conflict --quiet)
  Status=$?
  [ "$Status" = 1 ] || fail "$Generator: the CI command exited $Status, expected 1"
  grep -q '"uri": *"src/transpose.cu"' "$Build/ci.sarif" 2>/dev/null ||
    fail "$Generator: the CI SARIF has no uri src/transpose.cu relative to the project root"

  # 3. The bankcheck-lint target: fails on the conflict; report-only with --fail-on=never.
  Lint=$(cmake --build "$Build" --target bankcheck-lint 2>&1)
  Status=$?
  [ "$Status" != 0 ] || fail "$Generator: bankcheck-lint succeeded despite the conflict"
  echo "$Lint" | grep -qxF "$Expected" || fail "$Generator: bankcheck-lint did not print the warning: $Lint"
  cmake "$Build" "-DBANKCHECK_LINT_ARGS=--fail-on=never;--format=sarif;-o;$Build/bankcheck.sarif" \
    >/dev/null 2>&1 || fail "$Generator: reconfiguring with BANKCHECK_LINT_ARGS failed"
  Lint=$(cmake --build "$Build" --target bankcheck-lint 2>&1) ||
    fail "$Generator: bankcheck-lint with --fail-on=never failed: $Lint"
  grep -q '"ruleId": *"bankcheck-bank-conflict"' "$Build/bankcheck.sarif" 2>/dev/null ||
    fail "$Generator: bankcheck-lint wrote no SARIF result to $Build/bankcheck.sarif"
  if python3 -c 'import jsonschema' 2>/dev/null; then
    python3 "$Root/test/report/validate_sarif.py" "$Root/test/report/sarif-schema-2.1.0.json" \
      "$Build/bankcheck.sarif" || fail "$Generator: the SARIF file is not valid SARIF 2.1.0"
  fi

  # 4. clang-tidy with the plugin on the same project, through a clang database.
  if [ -n "$Plugin" ] && command -v "$Tidy" >/dev/null && [ -f "$Plugin" ]; then
    Compat=$Work/compat
    mkdir -p "$Compat"
    cp "$Root/lib/Frontend/builtin-include/texture_fetch_functions.h" \
       "$Root/lib/Frontend/builtin-include/bankcheck_compat.h" "$Compat/"
    python3 "$Root/tool/clang-tidy-plugin/bankcheck-clang-database.py" --bankcheck="$Bankcheck" \
      --compat-dir="$Compat" --builtin-dir="$Root/lib/Frontend/builtin-include" \
      "$Build" "$Build/clang-db" >/dev/null || fail "$Generator: bankcheck-clang-database.py failed"
    Got=$("$Tidy" -load="$Plugin" -checks='-*,bankcheck-*' -p "$Build/clang-db" \
          "$Project/src/transpose.cu" 2>&1)
    Status=$?
    [ "$Status" = 0 ] || fail "$Generator: clang-tidy -p exited $Status: $Got"
    [ "$(echo "$Got" | grep ': warning: ')" = "$Expected" ] ||
      fail "$Generator: clang-tidy -p printed: $(echo "$Got" | grep -E 'warning|error')"
  else
    echo "clang-tidy part not run (no plugin or clang-tidy given or found)"
  fi
done

finish "CMake CUDA project ($Generators)"

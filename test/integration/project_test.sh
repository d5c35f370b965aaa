#!/usr/bin/env bash
#===- project_test.sh - bankcheck's project view on a CMake CUDA project ---===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#===------------------------------------------------------------------------===#
#
# Usage: project_test.sh <bankcheck>
#
# Configures project/ with nvcc (compile commands exported; nothing is built)
# and checks, on the nvcc compilation database:
#   1. kernels defined in src/kernels.cu get the block shapes of their launches
#      in src/host.cu (<<<>>> with a dim3 local: (8, 4, 1), 8-way;
#      cudaLaunchKernel: (16, 16, 1), 8-way), also when only src/kernels.cu is
#      named (the database's other files are read for their launches);
#   2. the header template transposeTile, instantiated at 32 in src/big.cu and at
#      16 in src/small.cu, is reported per instantiation (32-way and 8-way), and
#      gets no padding fix-it (each padding that helps one makes a store of the
#      other worse); columns<8> and columns<4> share one padding (32 -> 33);
#   3. -j 1 and -j 4 print the same report, naming all four files;
#   4. --fix on a copy makes no access of any instantiation and shape worse;
#   5. with --shard=I/2 (src/big.cu and src/small.cu fall in different
#      shards), the padding of the header arrays is still chosen against
#      every file of the database: no shard pads transposeTile's tile, and
#      --fix-dry-run in either shard leaves it as it is.
# Exit status: 0 passed, 1 failed, 2 bad usage, 77 no nvcc or no cmake.
#===------------------------------------------------------------------------===#

set -u

if [ $# -ne 1 ]; then
  echo "usage: $0 <bankcheck>" >&2
  exit 2
fi
Bankcheck=$(readlink -f "$1")
Here=$(cd "$(dirname "$0")" && pwd)

Nvcc=${BANKCHECK_TEST_NVCC:-}
if [ -z "$Nvcc" ]; then
  if [ -x /usr/local/cuda/bin/nvcc ]; then Nvcc=/usr/local/cuda/bin/nvcc
  else Nvcc=$(command -v nvcc || true); fi
fi
if [ -z "$Nvcc" ] || [ ! -x "$Nvcc" ]; then
  echo "SKIP: no nvcc (CMake cannot configure LANGUAGES CUDA without it)"
  exit 77
fi
command -v cmake >/dev/null || { echo "SKIP: no cmake"; exit 77; }

# shellcheck source=common.sh
. "$Here/common.sh"

# A copy, so that --fix can edit it.
Project=$Work/project
cp -r "$Here/project" "$Project"
Build=$Work/build
if ! cmake -S "$Project" -B "$Build" -DCMAKE_CUDA_COMPILER="$Nvcc" >"$Work/configure.log" 2>&1; then
  tail -20 "$Work/configure.log"
  echo "FAIL: configuring the CUDA project failed"
  exit 1
fi
grep -q -- '-x cu' "$Build/compile_commands.json" || fail "the database is not nvcc's"

Common=(--color-output=never --widths=source -p "$Build")
# 1, 2: shapes and degrees, by access (file:line:col kernel shape -> status degree).
Summary() {
  python3 -c '
import json, sys
d = json.load(sys.stdin)
for a in d["accesses"]:
    print("%s:%d:%d %s %s %s %d" % (a["file"].split("/project/")[-1], a["line"], a["column"], a["kernel"],
          ",".join(map(str, a["block_dim"] or [])), a["status"], a["degree"]))
for f in d["files"]:
    print("file %s %s" % (f["file"].split("/project/")[-1], f["status"]))'
}
"$Bankcheck" "${Common[@]}" --format=json --quiet >"$Work/before.json" 2>"$Work/before.err"
Status=$?
[ "$Status" = 1 ] || fail "bankcheck -p exited $Status, expected 1: $(cat "$Work/before.err")"
Summary <"$Work/before.json" | sort >"$Work/before.txt"
for Want in "src/kernels.cu:7:3 rowSum 8,4,1 conflict 8" \
            "src/kernels.cu:14:3 scatter 16,16,1 conflict 8" \
            "include/tiles.cuh:10:43 transposeTile<32> 32,32,1 conflict 32" \
            "include/tiles.cuh:10:43 transposeTile<16> 16,16,1 conflict 8" \
            "include/tiles.cuh:8:3 transposeTile<16> 16,16,1 clean 1" \
            "include/tiles.cuh:21:41 columns<8> 32,8,1 conflict 32" \
            "include/tiles.cuh:21:41 columns<4> 32,4,1 conflict 32"; do
  grep -qxF "$Want" "$Work/before.txt" || fail "expected '$Want' in
$(cat "$Work/before.txt")"
done
[ "$(grep -c '^file .* ok$' "$Work/before.txt")" = 4 ] || fail "not every file analysed: $(grep '^file' "$Work/before.txt")"
Text=$("$Bankcheck" "${Common[@]}" --quiet 2>&1)
echo "$Text" | grep -qF "note: block shape (8, 4, 1) from launch at $Project/src/host.cu:7" ||
  fail "no note naming the launch in src/host.cu: $Text"
echo "$Text" | grep -qF "note: block shape (16, 16, 1) from cudaLaunchKernel at $Project/src/host.cu:9" ||
  fail "no note naming the cudaLaunchKernel in src/host.cu"
echo "$Text" | grep -qF "no padding fix-it for 'tile': no padding lowers its conflicts without making an access worse" ||
  fail "transposeTile's tile should get no padding"
echo "$Text" | grep -qF "pad the innermost dimension of 'c' by 1 element, chosen against every file that uses it" ||
  fail "columns' c should get one padding for both files"
# Only src/kernels.cu named: the launches still come from the database's other files.
One=$("$Bankcheck" "${Common[@]}" --quiet "$Project/src/kernels.cu" 2>&1)
echo "$One" | grep -qF "note: block shape (8, 4, 1) from launch at $Project/src/host.cu:7" ||
  fail "with src/kernels.cu named alone, the launch in src/host.cu was not used: $One"

# 3. Deterministic and complete with several jobs.
for J in 1 4; do
  "$Bankcheck" "${Common[@]}" -j "$J" >"$Work/j$J.txt" 2>&1
done
cmp -s "$Work/j1.txt" "$Work/j4.txt" || fail "-j 1 and -j 4 differ: $(diff "$Work/j1.txt" "$Work/j4.txt" | head -20)"
for F in kernels host big small; do
  grep -q "src/$F.cu" "$Work/j4.txt" || fail "-j 4 lost src/$F.cu"
done

# 4. --fix: no access of any instantiation and shape worse.
"$Bankcheck" "${Common[@]}" --quiet --fix >/dev/null 2>"$Work/fix.err"
grep -q "applied" "$Work/fix.err" || fail "--fix applied nothing: $(cat "$Work/fix.err")"
grep -q 'c\[32\]\[33\]' "$Project/include/tiles.cuh" || fail "columns' c was not padded to [32][33]"
grep -q 'tile\[TILE\]\[TILE\]' "$Project/include/tiles.cuh" || fail "transposeTile's tile was padded"
"$Bankcheck" "${Common[@]}" --format=json --quiet >"$Work/after.json" 2>/dev/null
Summary <"$Work/after.json" | sort >"$Work/after.txt"
python3 - "$Work/before.txt" "$Work/after.txt" <<'PY' || fail "--fix made an access worse"
import sys
def read(p):
    out = {}
    for line in open(p):
        parts = line.split()
        if parts[0] == "file":
            continue
        out[tuple(parts[:3])] = int(parts[4])
    return out
before, after = read(sys.argv[1]), read(sys.argv[2])
bad = [(k, before[k], after.get(k)) for k in before if after.get(k) is None or after[k] > before[k]]
for b in bad:
    print("worse or lost after --fix:", b)
print("%d accesses, none worse after --fix" % len(before) if not bad else "")
sys.exit(1 if bad else 0)
PY

# 5. Header padding across shards (run from the project: the split is by the
# path relative to the current directory).
Shards=""
for I in 1 2; do
  Out=$(cd "$Project" && "$Bankcheck" "${Common[@]}" --quiet --shard=$I/2 2>&1)
  Mine=$(cd "$Project" && "$Bankcheck" "${Common[@]}" --quiet --shard=$I/2 --format=json 2>/dev/null |
         python3 -c 'import json, sys; print(" ".join(f["file"] for f in json.load(sys.stdin)["files"]))')
  Diff=$(cd "$Project" && "$Bankcheck" "${Common[@]}" --quiet --shard=$I/2 --fix-dry-run 2>/dev/null)
  case " $Mine" in *src/big.cu*) Shards="$Shards big$I" ;; esac
  case " $Mine" in *src/small.cu*) Shards="$Shards small$I" ;; esac
  if echo "$Out" | grep -q "tiles.cuh:10:43: warning"; then
    echo "$Out" | grep -qF "no padding fix-it for 'tile': no padding lowers its conflicts without making an access worse" ||
      fail "shard $I/2 pads transposeTile's tile against its own files only: $Out"
    echo "$Out" | grep -q "no padding fix-it for 'tile'.*big.cu.*small.cu\|no padding fix-it for 'tile'.*small.cu.*big.cu" ||
      fail "shard $I/2: the note on tile does not name both files that use it: $Out"
  fi
  echo "$Diff" | grep -q '^+.*tile\[TILE\]\[TILE' && fail "shard $I/2: --fix-dry-run pads tile: $Diff"
done
case "$Shards" in
  *big1*small2*|*small1*big2*) ;;
  *) fail "src/big.cu and src/small.cu should fall in different shards of 2 (got:$Shards)" ;;
esac

finish "project view on a CMake CUDA project"

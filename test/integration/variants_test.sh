#!/usr/bin/env bash
#===- variants_test.sh - A file compiled with several commands -----------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#===------------------------------------------------------------------------===#
#
# Usage: variants_test.sh <bankcheck>
#
# variants/tile.cu is in the compilation database three times: nvcc with
# -DTILE=32 (twice, other object files: one device parse) and with -DTILE=16.
# Checks that bankcheck -p analyses it under both -D sets:
#   1. the transpose's column read is reported at each shape, (32, 32, 1)
#      32-way and (16, 16, 1) 8-way, each with a note naming its command;
#   2. the accesses of `columns`, the same under both commands, are reported
#      once, with no such note (its 32-way store: one warning);
#   3. the same with -j 2 and with --preamble=never.
# Exit status: 0 passed, 1 failed, 2 bad usage.
#===------------------------------------------------------------------------===#

set -u

if [ $# -ne 1 ]; then
  echo "usage: $0 <bankcheck>" >&2
  exit 2
fi
Bankcheck=$(readlink -f "$1")
Here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=common.sh
. "$Here/common.sh"

cp "$Here/variants/tile.cu" "$Work/tile.cu"
cat >"$Work/compile_commands.json" <<JSON
[
 {"directory": "$Work", "file": "tile.cu", "command": "nvcc -DTILE=32 -arch=sm_90 -c tile.cu -o tile32.o"},
 {"directory": "$Work", "file": "tile.cu", "command": "nvcc -DTILE=32 -arch=sm_90 -c tile.cu -o tile32-again.o"},
 {"directory": "$Work", "file": "tile.cu", "command": "nvcc -DTILE=16 -arch=sm_90 -c tile.cu -o tile16.o"}
]
JSON

Summary() {
  python3 -c '
import json, sys
d = json.load(sys.stdin)
for a in d["accesses"]:
    under = [n["message"] for n in a.get("notes", []) if n["message"].startswith("under ")]
    print("%d:%d %s %s %s %d %s" % (a["line"], a["column"], a["kernel"], ",".join(map(str, a["block_dim"] or [])),
          a["status"], a["degree"], under[0] if under else "-"))'
}
for Run in "-j 1" "-j 2" "-j 1 --preamble=never"; do
  # shellcheck disable=SC2086
  "$Bankcheck" --color-output=never --widths=source --no-cuda-toolkit -p "$Work" $Run --format=json --quiet \
    >"$Work/out.json" 2>"$Work/err.txt"
  Status=$?
  [ "$Status" = 1 ] || fail "($Run) exit status $Status, expected 1: $(cat "$Work/err.txt")"
  Summary <"$Work/out.json" | sort >"$Work/summary.txt"
  for Want in "11:43 transpose 32,32,1 conflict 32 under compile command 1 of 2 (-DTILE=32) only" \
              "11:43 transpose 16,16,1 conflict 8 under compile command 2 of 2 (-DTILE=16) only" \
              "17:3 columns 32,8,1 conflict 32 -" \
              "19:41 columns 32,8,1 clean 1 -"; do
    grep -qxF "$Want" "$Work/summary.txt" || fail "($Run) expected '$Want' in
$(cat "$Work/summary.txt")"
  done
  [ "$(grep -c ' columns ' "$Work/summary.txt")" = 2 ] || fail "($Run) the accesses of columns are not reported once each:
$(cat "$Work/summary.txt")"
done
Text=$("$Bankcheck" --color-output=never --widths=source --no-cuda-toolkit -p "$Work" --quiet 2>&1)
echo "$Text" | grep -qF "tile.cu:11:43: note: under compile command 1 of 2 (-DTILE=32) only" ||
  fail "no note naming the -DTILE=32 command in the text output: $Text"
[ "$(echo "$Text" | grep -c "tile.cu:17:3: warning: 32-way bank conflict on shared store of 'c'")" = 1 ] ||
  fail "the store to c, the same under both commands, is not one warning: $Text"
echo "$Text" | grep -q "tile.cu:17:3: note: \(under\|also in\)" && fail "the store to c carries another command: $Text"

finish "a file analysed under each of its compile commands"

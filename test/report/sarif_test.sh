#!/bin/sh
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#
# usage: sarif_test.sh BANKCHECK SCHEMA [EXTRA-BANKCHECK-ARGS...]
#
# Runs `BANKCHECK --format=sarif --no-cuda-toolkit transpose.cu` from
# test/report/Inputs (so that the working directory, the source root, holds
# the input), validates the log against SCHEMA (sarif-schema-2.1.0.json) with
# validate_sarif.py, and checks what a code-scanning upload needs: the first
# result is a bankcheck-bank-conflict warning with a fix, and its file is named
# by a relative URI whose uriBaseId resolves, through run.originalUriBaseIds,
# to the input. Set PYTHON to choose the interpreter (default python3).
set -eu

if [ $# -lt 2 ]; then
  echo "usage: $0 BANKCHECK SCHEMA [EXTRA-BANKCHECK-ARGS...]" >&2
  exit 2
fi
BANKCHECK=$1
SCHEMA=$2
shift 2
PYTHON=${PYTHON:-python3}
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Exit status 1 means "conflicts found"; anything above is a failure.
cd "$HERE/Inputs"
rc=0
"$BANKCHECK" --format=sarif --no-cuda-toolkit "$@" transpose.cu >"$TMP/out.sarif" 2>"$TMP/stderr" || rc=$?
if [ "$rc" -gt 1 ]; then
  echo "FAIL: bankcheck exited with $rc" >&2
  cat "$TMP/stderr" >&2
  exit 1
fi

if ! "$PYTHON" "$HERE/validate_sarif.py" "$SCHEMA" "$TMP/out.sarif"; then
  echo "FAIL: the SARIF log does not match the schema; it was:" >&2
  cat "$TMP/out.sarif" >&2
  exit 1
fi

"$PYTHON" - "$TMP/out.sarif" "$HERE/Inputs/transpose.cu" <<'EOF'
import json, os, sys
from urllib.parse import unquote, urljoin, urlparse

log_path, source = sys.argv[1], sys.argv[2]
failures = []
def check(ok, what):
    if not ok:
        failures.append(what)

log = json.load(open(log_path, encoding="utf-8"))
run = log["runs"][0]
results = run.get("results", [])
check(len(results) >= 1, "at least one result")
if results:
    r = results[0]
    check(r.get("ruleId") == "bankcheck-bank-conflict",
          "results[0].ruleId is bankcheck-bank-conflict, not %r" % r.get("ruleId"))
    check(r.get("level", "warning") == "warning", "results[0] is a warning")
    rules = run["tool"]["driver"].get("rules", [])
    check(any(rule.get("id") == "bankcheck-bank-conflict" for rule in rules),
          "the driver lists the bankcheck-bank-conflict rule")
    fixes = r.get("fixes", [])
    check(len(fixes) >= 1 and all(c.get("replacements") for f in fixes for c in f["artifactChanges"]),
          "results[0] has fixes with replacements")
    art = r["locations"][0]["physicalLocation"]["artifactLocation"]
    uri, base_id = art.get("uri", ""), art.get("uriBaseId")
    check(not urlparse(uri).scheme and not uri.startswith("/"),
          "results[0]'s uri is relative, not %r" % uri)
    check(base_id is not None, "results[0]'s artifactLocation has a uriBaseId")
    base = run.get("originalUriBaseIds", {}).get(base_id, {}).get("uri") if base_id else None
    check(base is not None, "run.originalUriBaseIds defines %r" % base_id)
    if base:
        resolved = urlparse(urljoin(base, uri))
        check(resolved.scheme == "file" and
              os.path.realpath(unquote(resolved.path)) == os.path.realpath(source),
              "%r against %r names %s" % (uri, base, source))
    check(all(rule.get("helpUri", "").endswith("/" + rule["id"] + ".md") for rule in rules),
          "every rule has a helpUri naming its docs page")
    check(all("```cuda" in rule.get("help", {}).get("markdown", "") for rule in rules),
          "every rule has markdown help")
check(all("bankcheckFingerprint/v1" in r.get("partialFingerprints", {}) for r in results),
      "every result has partialFingerprints")
check(not any(r.get("kind") == "review" for r in results), "no undecided access without --sarif-unknown")
for f in failures:
    print("FAIL: expected " + f, file=sys.stderr)
sys.exit(1 if failures else 0)
EOF

# partialFingerprints stay when unrelated lines move: the same file with
# three lines added above its kernels, from another directory.
mkdir "$TMP/moved"
{ printf '// added\n// lines\n\n'; cat "$HERE/Inputs/transpose.cu"; } >"$TMP/moved/transpose.cu"
(cd "$TMP/moved" && "$BANKCHECK" --format=sarif --no-cuda-toolkit "$@" transpose.cu >"$TMP/moved.sarif" 2>/dev/null) || true
"$PYTHON" - "$TMP/out.sarif" "$TMP/moved.sarif" <<'EOF'
import json, sys
def prints(path):
    results = json.load(open(path, encoding="utf-8"))["runs"][0]["results"]
    return [(r["ruleId"], r["partialFingerprints"]["bankcheckFingerprint/v1"],
             r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in results]
a, b = prints(sys.argv[1]), prints(sys.argv[2])
if [x[:2] for x in a] != [x[:2] for x in b] or not a or any(y[2] != x[2] + 3 for x, y in zip(a, b)):
    print("FAIL: expected the same fingerprints after lines moved:\n%s\n%s" % (a, b), file=sys.stderr)
    sys.exit(1)
EOF
echo "PASS: $BANKCHECK writes valid SARIF with a bank-conflict result, a fix, rule help and stable fingerprints"

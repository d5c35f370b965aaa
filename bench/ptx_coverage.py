#!/usr/bin/env python3
"""Coverage of the shared-memory lines the compiler emits (no GPU needed).

For each file of a corpus report (bench/corpus.py --json), compile it with
`nvcc -ptx -O3 -lineinfo -arch=sm_90` and the same -std/-I/-D flags bankcheck
was given, and list every source line of the project (not the toolkit's
headers) that holds a shared-memory instruction in the PTX (ld/st.shared,
atom/red.shared, ldmatrix, stmatrix, cp.async, and the other .shared
instructions): the line of the innermost `.loc` in effect. A line is covered
when bankcheck's report for that file has an access on it (any status) or a
remark at it.

  bench/ptx_coverage.py --report /tmp/corpus/report.json [--nvcc nvcc] [-j 2] [--json out.json]

Prints, per project: files compiled (and failed), PTX shared lines, covered
lines and the share, and the uncovered lines' files.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

SHARED = re.compile(r"^\s*(?:@!?%\w+\s+)?(ld|st|atom|red|ldmatrix|stmatrix|cp\.async)[\w.:]*\.shared\b|"
                    r"^\s*(?:@!?%\w+\s+)?(ldmatrix|stmatrix)\b")
LOC = re.compile(r"^\s*\.loc\s+(\d+)\s+(\d+)\s+(\d+)")
FILE = re.compile(r'^\s*\.file\s+(\d+)\s+"([^"]+)"')


def shared_lines(ptx, root):
    # nvcc writes the .file table after the functions
    files = {m.group(1): m.group(2) for m in map(FILE.match, ptx.split("\n")) if m}
    out, loc = set(), None
    for line in ptx.split("\n"):
        m = LOC.match(line)
        if m:
            loc = (m.group(1), int(m.group(2)))
            continue
        if loc and loc[1] > 0 and SHARED.match(line):  # line 0: code of no source line
            path = files.get(loc[0], "")
            if os.path.realpath(path).startswith(root + os.sep):
                out.add((os.path.realpath(path), loc[1]))
    return out


def flags_of(command):
    args = command.split(" ")
    if "--" not in args:
        return []
    return [a for a in args[args.index("--") + 1:] if a.startswith(("-I", "-D", "-U", "-std="))]


def one(row, roots, nvcc):
    root = os.path.realpath(roots[row["project"]])
    with tempfile.NamedTemporaryFile(suffix=".ptx") as t:
        lang = [] if row["file"].endswith(".cu") else ["-x", "cu"]
        cmd = [nvcc, "-ptx", "-O3", "-lineinfo", "-arch=sm_90", "-w", *flags_of(row.get("command", "")),
               *lang, row["file"], "-o", t.name]
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            return row, None, "timeout"
        if p.returncode != 0:
            return row, None, (p.stderr.strip().split("\n") or ["?"])[0][:200]
        with open(t.name, errors="replace") as f:
            return row, shared_lines(f.read(), root), None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--report", required=True)
    ap.add_argument("--nvcc", default="nvcc")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--json")
    a = ap.parse_args()
    rep = json.load(open(a.report))
    roots = {}
    for r in rep["files"]:
        # the project root: the common prefix of the project's files
        roots.setdefault(r["project"], os.path.dirname(r["file"]))
        roots[r["project"]] = os.path.commonpath([roots[r["project"]], os.path.dirname(r["file"])])
    rows = [r for r in rep["files"] if r.get("outcome") in ("ok", "error")]
    per = collections.defaultdict(lambda: {"files": 0, "nvcc_failed": 0, "lines": set(), "covered": set()})
    failures = collections.Counter()
    with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
        for row, lines, err in ex.map(lambda r: one(r, roots, a.nvcc), rows):
            P = per[row["project"]]
            P["files"] += 1
            if lines is None:
                P["nvcc_failed"] += 1
                failures[err] += 1
                continue
            have = {(os.path.realpath(x["file"]), x["line"]) for x in row.get("accesses") or []}
            have |= {(os.path.realpath(x["file"]), x["line"]) for x in row.get("remarks") or [] if x.get("file")}
            P["lines"] |= lines
            P["covered"] |= lines & have
    total_l = total_c = 0
    out = {}
    print("| project | files | nvcc failed | PTX shared lines | covered | share |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in sorted(per):
        P = per[name]
        l, c = len(P["lines"]), len(P["covered"])
        total_l += l
        total_c += c
        share = "%.1f%%" % (100.0 * c / l) if l else "n/a"
        print("| %s | %d | %d | %d | %d | %s |" % (name, P["files"], P["nvcc_failed"], l, c, share))
        out[name] = {"files": P["files"], "nvcc_failed": P["nvcc_failed"], "lines": l, "covered": c,
                     "uncovered": sorted("%s:%d" % (os.path.relpath(f, roots[name]), n)
                                         for f, n in P["lines"] - P["covered"])}
    print("| **total** | | | %d | %d | %.1f%% |" % (total_l, total_c, 100.0 * total_c / max(total_l, 1)))
    if failures:
        print("\nnvcc failures (first line):")
        for k, v in failures.most_common(8):
            print("  %d  %s" % (v, k))
    if a.json:
        json.dump({"projects": out, "nvcc_failures": dict(failures)}, open(a.json, "w"), indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""How often ptxas changes the width of shared loads and stores after the PTX.

Reads the folder bench/sass_build.py wrote on a machine with the CUDA toolkit
(nvdisasm: it need not have a GPU): per corpus file NNNN.sass (nvdisasm -g, only
line-info comments and shared instructions) and NNNN.ptx (nvcc -ptx -O3
-lineinfo, only .file/.loc lines and .shared instructions). For every project
source line (not the toolkit's headers) it compares the widest plain shared
load (and store) the PTX issues there with the widest one the SASS issues:

  bench/sass_widths.py DIR [--json out.json] [--root-marker /out/sass/] [--report R.json]

With --report (a JSON list of {file, accesses} from `bankcheck --format=json` on the same files,
e.g. with --widths=nvcc or --widths=rule), it also counts, per line, whether bankcheck's widest
plain LDS/STS access equals the SASS width: how many widened lines it predicts, and how many lines
it widens that SASS does not.

Prints per project: lines with shared loads/stores in both, lines where SASS is
wider (ptxas merged or widened), narrower (split), and the same; and lists the
widened lines.
"""
import argparse
import collections
import glob
import json
import os
import re
import sys

SASS_FILE = re.compile(r'//## File "([^"]+)", line (\d+)')
SASS_INS = re.compile(r"^\s*/\*[0-9a-f]+\*/\s+(@!?U?P\w+\s+)?(LDS|STS)((?:\.\w+)*)\s")
PTX_FILE = re.compile(r'^\s*\.file\s+(\d+)\s+"([^"]+)"')
PTX_LOC = re.compile(r"^\s*\.loc\s+(\d+)\s+(\d+)\s+(\d+)")
PTX_INS = re.compile(r"^\s*(?:@!?%\w+\s+)?(ld|st)\.shared((?:\.\w+)*)\s")
SASS_BYTES = {"U8": 1, "S8": 1, "U16": 2, "S16": 2, "64": 8, "128": 16}


def sass_width(suffix):
    w = 4
    for part in suffix.split(".")[1:]:
        w = SASS_BYTES.get(part, w)
    return w


def ptx_width(suffix):
    vec, bits = 1, 32
    for part in suffix.split(".")[1:]:
        if part in ("v2", "v4", "v8"):
            vec = int(part[1:])
        m = re.fullmatch(r"[bsuf](8|16|32|64)", part)
        if m:
            bits = int(m.group(1))
    return vec * bits // 8


def read_sass(path):
    out = collections.defaultdict(int)  # (file, line, kind) -> widest
    loc = None
    for line in open(path, errors="replace"):
        m = SASS_FILE.search(line)
        if m:
            loc = (m.group(1), int(m.group(2)))
            continue
        m = SASS_INS.match(line)
        if m and loc and not (m.group(1) or "").startswith("@!PT"):
            k = (loc[0], loc[1], "load" if m.group(2) == "LDS" else "store")
            out[k] = max(out[k], sass_width(m.group(3)))
    return out


def read_ptx(path):
    text = open(path, errors="replace").read().split("\n")
    files = {m.group(1): m.group(2) for m in map(PTX_FILE.match, text) if m}
    out = collections.defaultdict(int)
    loc = None
    for line in text:
        m = PTX_LOC.match(line)
        if m:
            loc = (files.get(m.group(1), "?"), int(m.group(2)))
            continue
        m = PTX_INS.match(line)
        if m and loc and loc[1] > 0:
            k = (loc[0], loc[1], "load" if m.group(1) == "ld" else "store")
            out[k] = max(out[k], ptx_width(m.group(2)))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--json")
    ap.add_argument("--root-marker", default="/out/sass/")
    ap.add_argument("--report")
    a = ap.parse_args()
    index = json.load(open(os.path.join(a.dir, "index.json")))
    per = collections.defaultdict(lambda: collections.Counter())
    widened = collections.defaultdict(list)
    seen = set()
    pairs = {}
    for key, row in sorted(index.items()):
        if row["status"] != "ok" or not os.path.exists(os.path.join(a.dir, key + ".ptx")):
            continue
        project = row["file"].split("/")[0]
        s = read_sass(os.path.join(a.dir, key + ".sass"))
        p = read_ptx(os.path.join(a.dir, key + ".ptx"))
        for k in sorted(set(s) & set(p)):
            f = k[0]
            if a.root_marker not in f:
                continue  # toolkit headers
            rel = f.split(a.root_marker, 1)[1]
            if (rel, k[1], k[2]) in seen:
                continue  # a header line compiled in several files: once
            seen.add((rel, k[1], k[2]))
            c = per[project]
            c["lines"] += 1
            pairs[(rel, k[1], k[2])] = (p[k], s[k])
            if s[k] > p[k]:
                c["wider"] += 1
                widened[project].append("%s:%d %s PTX %d B -> SASS %d B" % (rel, k[1], k[2], p[k], s[k]))
            elif s[k] < p[k]:
                c["narrower"] += 1
            else:
                c["same"] += 1
    print("| project | lines (load or store) | same width | SASS wider | SASS narrower |")
    print("|---|---:|---:|---:|---:|")
    tot = collections.Counter()
    for name in sorted(per):
        c = per[name]
        tot.update(c)
        print("| %s | %d | %d | %d | %d |" % (name, c["lines"], c["same"], c["wider"], c["narrower"]))
    print("| **total** | %d | %d | %d | %d |" % (tot["lines"], tot["same"], tot["wider"], tot["narrower"]))
    for name in sorted(widened):
        print("\n%s:" % name)
        for w in widened[name]:
            print("  " + w)
    if a.report:
        predicted = collections.defaultdict(int)
        for row in json.load(open(a.report)):
            for x in row.get("accesses") or []:
                if x.get("instruction") in ("LDS", "STS") and x.get("file") and a.root_marker in x["file"]:
                    k = (x["file"].split(a.root_marker, 1)[1], x["line"], "store" if x["instruction"] == "STS" else "load")
                    predicted[k] = max(predicted[k], x.get("access_bytes") or 0)
        res = collections.Counter()
        misses, wrong = [], []
        for (rel, line, kind), (pw, sw) in sorted(pairs.items()):
            k = (rel, line, kind)
            if k not in predicted:
                res["not seen by bankcheck"] += 1
                continue
            b = predicted[k]
            tag = "widened" if sw > pw else "same"
            if b == sw:
                res[tag + ": bankcheck right"] += 1
            elif b < sw:
                res[tag + ": bankcheck narrower"] += 1
                misses.append("%s:%d %s bankcheck %d B, SASS %d B (PTX %d B)" % (rel, line, kind, b, sw, pw))
            else:
                res[tag + ": bankcheck wider"] += 1
                wrong.append("%s:%d %s bankcheck %d B, SASS %d B (PTX %d B)" % (rel, line, kind, b, sw, pw))
        print("\nbankcheck's widths against SASS (lines bankcheck reports):")
        for k in sorted(res):
            print("  %-32s %d" % (k, res[k]))
        print("\nbankcheck wider than SASS:")
        for w in wrong:
            print("  " + w)
        print("\nbankcheck narrower than SASS:")
        for w in misses:
            print("  " + w)
    if a.json:
        json.dump({"projects": {k: dict(v) for k, v in per.items()}, "widened": widened}, open(a.json, "w"), indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

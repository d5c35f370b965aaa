#!/usr/bin/env python3
"""Compares bankcheck reports with hardware rows measured earlier (the
per-line rows of docs/validation/*.json written by collect_programs.py, or a
`compare.json`'s rows): for each (file name, line, kind) of the rows that a
report also has, the hardware's verdict (wavefronts against ideal) and the
report's statuses, and whether they agree. For verdicts decided after the
profile was taken, on the same program, build and arguments.

  stored_compare.py ROWS.json REPORT.json [REPORT.json ...] [--lines FILE:LINE,...]
"""
import argparse
import collections
import json
import os


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rows")
    ap.add_argument("reports", nargs="+")
    ap.add_argument("--lines", default="", help="only these FILE:LINE (file name only), comma-separated")
    a = ap.parse_args()
    d = json.load(open(a.rows))
    rows = [r for p in d.get("programs", [{"rows": d.get("rows", [])}]) for r in p["rows"]]
    want = {tuple(x.rsplit(":", 1)) for x in a.lines.split(",") if x}
    status = collections.defaultdict(set)
    worst = collections.defaultdict(list)
    for rep in a.reports:
        for x in json.load(open(rep))["accesses"]:
            k = (os.path.basename(x["file"]), x["line"], x["kind"])
            status[k].add(x["status"])
            if x.get("wavefronts_worst") is not None:
                worst[k].append("%s/%s" % (x["wavefronts_worst"], x["ideal_wavefronts"]))
    agree = total = undecided = 0
    print("| file:line | kind | hardware (wavefronts / ideal) | bankcheck | agree |")
    print("|---|---|---|---|---|")
    for r in rows:
        k = (os.path.basename(r["file"]), r["line"], r["kind"])
        if want and (k[0], str(k[1])) not in want:
            continue
        if k not in status or not r.get("ideal"):
            continue
        hw = "conflict" if r["wavefronts"] > r["ideal"] else "clean"
        st = status[k]
        decided = st <= {"clean", "conflict"}
        ok = decided and st == {hw}
        total += 1
        agree += ok
        undecided += not decided
        print("| %s:%d | %s | %s (%d / %d) | %s %s | %s |" % (k[0], k[1], k[2], hw, r["wavefronts"], r["ideal"],
              ", ".join(sorted(st)), "(worst " + ", ".join(sorted(set(worst[k]))) + ")" if worst[k] else "",
              "yes" if ok else ("undecided" if not decided else "no")))
    print("\n%d of %d lines agree, %d disagree, %d undecided" % (agree, total, total - agree - undecided, undecided))


if __name__ == "__main__":
    main()

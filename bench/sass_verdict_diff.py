#!/usr/bin/env python3
"""Which verdicts differ between two R.json files of bench/sass_rule_run.py (two bankcheck
binaries, or two ways of running one, on the same files).

  bench/sass_verdict_diff.py OLD.json NEW.json

A verdict is, per (file, line, kind), the set of (status, degree, access_bytes, widths) of the
accesses bankcheck reports there; degree is left out of the comparison when one file has none (R.json
files written before sass_rule_run.py kept it). Prints each changed place, old -> new, and the count
last.
"""
import json
import sys


def verdicts(path, degree=True):
    out = {}
    for row in json.load(open(path)):
        for a in row.get("accesses") or []:
            if not a.get("file"):
                continue
            key = (a["file"].split("/out/sass/", 1)[-1], a["line"], a["kind"])
            out.setdefault(key, set()).add((a.get("status"), a.get("degree") if degree else "-", a.get("access_bytes"),
                                    a.get("widths")))
    return out


def main():
    has = lambda p: any(a.get("degree") is not None for r in json.load(open(p)) for a in r.get("accesses") or [])
    degree = has(sys.argv[1]) and has(sys.argv[2])
    old, new = verdicts(sys.argv[1], degree), verdicts(sys.argv[2], degree)
    changed = 0
    for key in sorted(set(old) | set(new), key=lambda k: (k[0], k[1], k[2])):
        a, b = sorted(old.get(key, set()), key=str), sorted(new.get(key, set()), key=str)
        if a != b:
            changed += 1
            fmt = lambda v: ", ".join("%s/%s %sB %s" % x for x in v) or "-"  # status/degree width from
            print("%s:%d %s: %s -> %s" % (key[0], key[1], key[2], fmt(a), fmt(b)))
    print("%d of %d places changed" % (changed, len(set(old) | set(new))))


if __name__ == "__main__":
    main()

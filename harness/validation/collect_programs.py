#!/usr/bin/env python3
"""Collects program-mode comparisons (DIR/compare.json, written by
`bankcheck-gpu compare --report R DIR`) into one file of docs/validation/:
per program its counts and rows (file relative to the project, line, kind,
instructions, verdicts and wavefronts; no source text).

  collect_programs.py --out docs/validation/X.json --date D --gpu "..." \
      "NAME=DIR=PREFIX" ...     (PREFIX: the path to strip from file names)
"""
import argparse
import json
import os


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--date", required=True)
    ap.add_argument("--gpu", required=True)
    ap.add_argument("programs", nargs="+")
    a = ap.parse_args()
    progs = []
    for spec in a.programs:
        name, d, prefix = spec.split("=", 2)
        c = json.load(open(os.path.join(d, "compare.json")))
        rows = []
        for r in c["rows"]:
            f = r["file"]
            if prefix and f.startswith(prefix):
                f = f[len(prefix):].lstrip("/")
            rows.append({"file": f, "line": r["line"], "kind": r["kind"], "instruction": r.get("instruction"),
                         "bankcheck": r.get("bankcheck_status"), "predicted_worst": r.get("predicted_worst"),
                         "wavefronts": r.get("wavefronts"), "ideal": r.get("ideal"), "verdict": r["verdict"],
                         "note": r.get("note", "")})
        progs.append({"program": name, "counts": c["counts"], "rows": rows})
    json.dump({"date": a.date, "gpu": a.gpu, "programs": progs}, open(a.out, "w"), indent=1)
    print("| program | confirmed | missed | false alarm | agree clean | unknown | decided lines agree |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    tot = {}
    for p in progs:
        c = p["counts"]
        for k, v in c.items():
            tot[k] = tot.get(k, 0) + v
        dec = c.get("confirmed", 0) + c.get("missed", 0) + c.get("false-alarm", 0) + c.get("agree-clean", 0)
        print("| %s | %d | %d | %d | %d | %d | %d/%d |" % (p["program"], c.get("confirmed", 0), c.get("missed", 0),
              c.get("false-alarm", 0), c.get("agree-clean", 0), c.get("unknown", 0),
              c.get("confirmed", 0) + c.get("agree-clean", 0), dec))
    dec = tot.get("confirmed", 0) + tot.get("missed", 0) + tot.get("false-alarm", 0) + tot.get("agree-clean", 0)
    print("| **all** | %d | %d | %d | %d | %d | **%d/%d** |" % (tot.get("confirmed", 0), tot.get("missed", 0),
          tot.get("false-alarm", 0), tot.get("agree-clean", 0), tot.get("unknown", 0),
          tot.get("confirmed", 0) + tot.get("agree-clean", 0), dec))


if __name__ == "__main__":
    main()

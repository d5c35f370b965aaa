#!/usr/bin/env python3
"""Merges several bankcheck JSON reports into one (accesses and files
concatenated), so that one `bankcheck-gpu emit` builds one program for all.

  merge_reports.py OUT.json IN.json...
"""
import json
import sys


def main():
    out, ins = sys.argv[1], sys.argv[2:]
    merged = {"tool": "bankcheck", "version": None, "files": [], "accesses": []}
    for path in ins:
        with open(path) as f:
            r = json.load(f)
        merged["version"] = r.get("version")
        merged["files"] += r.get("files", [])
        merged["accesses"] += r.get("accesses", [])
    with open(out, "w") as f:
        json.dump(merged, f, indent=1)
    print("%d accesses from %d reports" % (len(merged["accesses"]), len(ins)))


if __name__ == "__main__":
    main()

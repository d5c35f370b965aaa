#!/usr/bin/env python3
"""Joins the timings and ncu source pages of run_gpu.sh into fix_effect.json
and fix_effect.md: per case, median time before and after --fix, whether the
outputs are equal, and the shared wavefronts (and ideal) of the lines that
access the fixed arrays. Usage: summarize.py FIXITS_DIR RESULTS_DIR HARNESS_DIR"""
import filecmp
import json
import os
import sys


def main(fx, res, harness):
    sys.path.insert(0, harness)
    from bankcheck_gpu.ncu_csv import parse_source_csv  # noqa: E402
    cases = json.load(open(os.path.join(fx, "manifest.json")))
    rows = []
    for c in cases:
        row = {"case": c["name"], "fixed": c["changed"], "lines": c["lines"]}
        for side in ("before", "after"):
            t = os.path.join(res, "time_%s_%s.json" % (c["name"], side))
            try:
                row[side + "_ms"] = json.loads(open(t).read().strip().splitlines()[-1])["median_ms"]
            except (OSError, ValueError, IndexError, KeyError):
                row[side + "_ms"] = None
            csv = os.path.join(res, "prof_%s_%s" % (c["name"], side), "source.csv")
            waves = {}
            try:
                for r in parse_source_csv(open(csv, encoding="utf-8").read()):
                    if os.path.basename(r["file"] or "") == c["src"] and r["line"] in c["lines"]:
                        w = waves.setdefault(r["line"], [0, 0])
                        w[0] += r["wavefronts"]
                        w[1] += r["ideal"]
            except Exception as e:  # a missing or unusable profile: said in the table
                row[side + "_profile_error"] = str(e)
            row[side + "_wavefronts"] = {str(k): v for k, v in sorted(waves.items())}
        a, b = (os.path.join(res, "%s_%s.bin" % (c["name"], s)) for s in ("before", "after"))
        row["outputs_equal"] = filecmp.cmp(a, b, shallow=False) if os.path.exists(a) and os.path.exists(b) else None
        if row["before_ms"] and row["after_ms"]:
            row["speedup"] = row["before_ms"] / row["after_ms"]
        rows.append(row)
    json.dump(rows, open(os.path.join(res, "fix_effect.json"), "w"), indent=1)
    with open(os.path.join(res, "fix_effect.md"), "w") as f:
        f.write("| kernel | fix-it | median before (ms) | after (ms) | speedup | outputs equal | "
                "wavefronts / ideal per line, before -> after |\n|---|---|---|---|---|---|---|\n")
        for r in rows:
            lines = []
            for ln in sorted(set(r["before_wavefronts"]) | set(r["after_wavefronts"]), key=int):
                b = r["before_wavefronts"].get(ln, [0, 0])
                a = r["after_wavefronts"].get(ln, [0, 0])
                lines.append("%s: %d/%d -> %d/%d" % (ln, b[0], b[1], a[0], a[1]))
            f.write("| %s | %s | %s | %s | %s | %s | %s |\n" % (
                r["case"], "yes" if r["fixed"] else "none proposed",
                "%.4f" % r["before_ms"] if r["before_ms"] else "-", "%.4f" % r["after_ms"] if r["after_ms"] else "-",
                "%.3fx" % r["speedup"] if r.get("speedup") else "-", {True: "yes", False: "NO", None: "-"}[r["outputs_equal"]],
                "; ".join(lines) or "-"))
    print(open(os.path.join(res, "fix_effect.md")).read())


if __name__ == "__main__":
    main(*sys.argv[1:4])

#!/usr/bin/env python3
"""Time, memory and verdicts of bankcheck on the shared-memory kernels of
GPUVerifyBenchmarks (mc-imperial/GPUVerifyBenchmarks, a checkout given as the
argument; nothing of it is kept here).

  bench/gpuverify.py --bankcheck build/tool/bankcheck /tmp/gvb [--timeout 120] [--json out.json]

Each .cu file that contains `__shared__` is analysed alone, with its folder on
the include path and bench/gpuverify/annotations.h included first (GPUVerify's
__requires, __invariant, ... defined away), under `/usr/bin/time` (wall seconds and peak resident
memory) and a timeout. Prints one line per file and the totals: exit statuses,
crashes (signals), timeouts, accesses by status, shared uses not analysed,
the slowest files and the largest peak memory.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bankcheck", required=True)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--json")
    ap.add_argument("--include", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                       "gpuverify", "annotations.h"),
                    help="header included first (default: GPUVerify's annotations defined away)")
    ap.add_argument("root")
    a = ap.parse_args()
    files = []
    for d, _, fs in os.walk(a.root):
        for f in sorted(fs):
            if f.endswith(".cu"):
                p = os.path.join(d, f)
                with open(p, errors="replace") as h:
                    if "__shared__" in h.read():
                        files.append(p)
    files.sort()
    rows = []
    for p in files:
        with tempfile.NamedTemporaryFile(suffix=".time") as t:
            cmd = ["/usr/bin/time", "-o", t.name, "-f", "%e %M", "timeout", "-s", "KILL", str(a.timeout),
                   a.bankcheck, "--format=json", "--quiet", p, "--", "-I" + os.path.dirname(p)] + \
                (["-include", a.include] if a.include else [])
            r = subprocess.run(cmd, capture_output=True, text=True)
            tm = open(t.name).read().split()
        secs, rss = (float(tm[-2]), int(tm[-1]) // 1024) if len(tm) >= 2 else (None, None)
        row = {"file": os.path.relpath(p, a.root), "rc": r.returncode, "seconds": secs, "max_rss_mib": rss}
        try:
            rep = json.loads(r.stdout)
            row["summary"] = rep["summary"]
            row["status"] = [f["status"] for f in rep["files"]]
            row["error"] = [f.get("error", "") for f in rep["files"] if f["status"] != "ok"]
        except (ValueError, KeyError):
            row["summary"] = None
        if r.returncode in (124, 137, -9):
            row["outcome"] = "timeout"
        elif r.returncode < 0 or r.returncode > 2:
            row["outcome"] = "crash"
        else:
            row["outcome"] = "ok" if row.get("status") == ["ok"] else "error"
        rows.append(row)
        s = row["summary"] or {}
        print("%-70s rc=%s %6.2fs %5s MiB %s acc=%s unanalysed=%s" % (
            row["file"][:70], r.returncode, secs or -1, rss, row["outcome"], s.get("accesses"),
            (s.get("shared_uses") or {}).get("unanalysed")), flush=True)
    tot = {k: sum(r["outcome"] == k for r in rows) for k in ("ok", "error", "crash", "timeout")}
    acc = {}
    for r in rows:
        for k, v in (r["summary"] or {}).items():
            if isinstance(v, int):
                acc[k] = acc.get(k, 0) + v
            elif isinstance(v, dict):
                for k2, v2 in v.items():
                    acc[k + "." + k2] = acc.get(k + "." + k2, 0) + v2
    print("files: %d  %s" % (len(rows), tot))
    print("totals:", acc)
    slow = sorted(rows, key=lambda r: -(r["seconds"] or 0))[:5]
    print("slowest:", [(r["file"], r["seconds"]) for r in slow])
    big = sorted(rows, key=lambda r: -(r["max_rss_mib"] or 0))[:5]
    print("largest peak memory (MiB):", [(r["file"], r["max_rss_mib"]) for r in big])
    if a.json:
        with open(a.json, "w") as h:
            json.dump({"files": rows, "outcomes": tot, "totals": acc}, h, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

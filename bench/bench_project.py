#!/usr/bin/env python3
"""A whole project analysed by bankcheck in one run, against `clang -fsyntax-only` file by file.

Writes a project of N files with bench/gen_project.py (or takes a directory holding a
compile_commands.json), then, alternately and --repeat times each:
  - runs the Clang command bankcheck parses each file with (--print-clang-command) with
    clang++-19, file by file, and sums the times (the memory is the largest file's);
  - runs `bankcheck -p DIR -j JOBS` over the whole project once, with the shared precompiled
    preamble (the default) and with --preamble=never.
Reports the medians, the ratios to the sum of Clang's times, and the peak memory (max RSS) of
each, measured per process with wait4().

  bench/bench_project.py [--files 40] [--dir DIR] [--mode toolkit|builtin] [--repeat 3]
                         [--jobs 1] [--bankcheck build/tool/bankcheck] [--out FILE]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_vs_clang import BUILTIN_DIR, COMPAT_DIR, ROOT, materialise_builtin_headers  # noqa: E402


def run(cmd):
    """Wall time (s), exit status and max RSS (MiB) of one process."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - t, p.returncode, usage.ru_maxrss / 1024.0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bankcheck", default=os.path.join(ROOT, "build/tool/bankcheck"))
    ap.add_argument("--clang", default="/usr/lib/llvm-19/bin/clang++")
    ap.add_argument("--files", type=int, default=40, help="files of the generated project")
    ap.add_argument("--dir", help="an existing project (a directory with compile_commands.json)")
    ap.add_argument("--mode", choices=["toolkit", "builtin"], default="toolkit")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--widths", default="rule", help="bankcheck's --widths (default rule: no nvcc)")
    ap.add_argument("--out")
    a = ap.parse_args()

    tmp = tempfile.mkdtemp()
    try:
        project = a.dir
        if not project:
            project = os.path.join(tmp, "project")
            subprocess.run([sys.executable, os.path.join(ROOT, "bench/gen_project.py"), str(a.files), project],
                           check=True)
        extra = ["--no-cuda-toolkit"] if a.mode == "builtin" else []
        inc, compat = materialise_builtin_headers(tmp)
        lines = subprocess.run([a.bankcheck, "--print-clang-command", "-p", project, *extra],
                               capture_output=True, text=True, check=True).stdout.splitlines()
        clang_cmds = []
        for line in lines:
            args = [x.replace(BUILTIN_DIR, inc).replace(COMPAT_DIR, compat) for x in line.split(" ")]
            clang_cmds.append([a.clang] + args[1:])
        base = [a.bankcheck, "-p", project, "-j", str(a.jobs), "--quiet", "--format=json",
                "--widths=" + a.widths, *extra]
        out_json = os.path.join(tmp, "out.json")
        runs = {"clang": [], "with": [], "without": []}
        rss = {"clang": [], "with": [], "without": []}
        outputs = {}
        for _ in range(a.repeat):
            total, peak = 0.0, 0.0
            for cmd in clang_cmds:
                t, rc, m = run(cmd)
                if rc != 0:
                    sys.exit("clang failed: %s" % " ".join(cmd))
                total += t
                peak = max(peak, m)
            runs["clang"].append(total)
            rss["clang"].append(peak)
            for key, flag in (("with", "--preamble=auto"), ("without", "--preamble=never")):
                t, rc, m = run(base + [flag, "-o", out_json])
                if rc not in (0, 1):
                    sys.exit("bankcheck exited %d: %s" % (rc, " ".join(base + [flag])))
                runs[key].append(t)
                rss[key].append(m)
                with open(out_json) as fh:
                    outputs[key] = fh.read()
        same = outputs["with"] == outputs["without"]
        c = statistics.median(runs["clang"])
        cm = statistics.median(rss["clang"])
        rows = [
            "| run | time (s) | ratio to clang's sum | max RSS (MiB) | ratio to clang's |",
            "|---|---:|---:|---:|---:|",
            "| clang -fsyntax-only, %d files one by one (sum; largest RSS) | %.2f | 1.00 | %.0f | 1.00 |"
            % (len(clang_cmds), c, cm),
        ]
        for key, name in (("with", "bankcheck -p, shared preamble (default)"),
                          ("without", "bankcheck -p --preamble=never")):
            t, m = statistics.median(runs[key]), statistics.median(rss[key])
            rows.append("| %s, -j %d | %.2f | %.2f | %.0f | %.2f |" % (name, a.jobs, t, t / c, m, m / cm))
        rows.append("")
        rows.append("JSON reports with and without the preamble: %s" % ("identical" if same else "DIFFERENT"))
        text = "\n".join(rows)
        print(text)
        if a.out:
            with open(a.out, "w") as fh:
                fh.write(text + "\n")
        return 0 if same else 1
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Analysis time of bankcheck against `clang -fsyntax-only` on the same files.

For every input, bankcheck prints the exact Clang command it parses with
(--print-clang-command); this script runs that command with clang++-19 and
bankcheck itself, alternately, --repeat times each, and reports the medians and
their ratio. The built-in header directories, which bankcheck serves from
memory, are materialised in a temporary directory for clang.

  bench/bench_vs_clang.py [--bankcheck build/tool/bankcheck] [--mode toolkit|builtin]
                          [--repeat 5] [--out bench/results.md] [FILE|DIR ...]
  bench/bench_vs_clang.py --report corpus.json [--every N] [--first I] ...

With --report, the files are those of a corpus report (bench/corpus.py's JSON,
bench/corpus/run-2026-12-02.sh), each with the flags its row was analysed with
(include paths, -std, ...): real code, side by side with Clang's parse of it.

With --instructions, each command instead runs once under valgrind's callgrind
and the table gives the instructions each executed (user space, both
processes' whole run): a count that does not vary with the machine's load,
where wall times on a shared machine vary by a third from minute to minute.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILTIN_DIR = "/__bankcheck_builtin__/include"
COMPAT_DIR = "/__bankcheck_builtin__/compat"


def materialise_builtin_headers(tmp):
    """The built-in header folders bankcheck serves from memory, written under
    tmp for clang; returns (include, compat) to put in place of BUILTIN_DIR and
    COMPAT_DIR in a --print-clang-command line."""
    inc = os.path.join(tmp, "include")
    compat = os.path.join(tmp, "compat")
    shutil.copytree(os.path.join(ROOT, "lib/Frontend/builtin-include"), inc)
    os.makedirs(compat)
    for name in ("texture_fetch_functions.h", "bankcheck_compat.h"):
        shutil.copy(os.path.join(inc, name), compat)
    return inc, compat


def inputs(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            for name in sorted(os.listdir(p)):
                if name.endswith((".cu", ".cuh")):
                    out.append(os.path.join(p, name))
        else:
            out.append(p)
    return out


def timed(cmd):
    """Wall seconds, exit status, stderr and the peak resident memory (MiB) of one run."""
    t = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    p.stderr.close()
    return time.perf_counter() - t, p.returncode, err, usage.ru_maxrss / 1024.0


def instructions(cmd):
    """Instructions executed by one run of cmd (callgrind's total), and its exit status."""
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    m = re.search(r"Collected : (\d+)", p.stderr)
    if not m:
        sys.exit("valgrind gave no instruction count for: " + " ".join(cmd) + "\n" + p.stderr[-2000:])
    return int(m.group(1)), p.returncode


def instruction_table(rows):
    out = ["| file | clang -fsyntax-only (instructions) | bankcheck (instructions) | ratio |",
           "|---|---:|---:|---:|"]
    for name, c, b, ok in rows:
        out.append("| %s%s | %s | %s | %.2f |" % (name, "" if ok else " (error)", f"{c:,}", f"{b:,}", b / c))
    tc, tb = sum(r[1] for r in rows), sum(r[2] for r in rows)
    out.append("| **total (%d files)** | **%s** | **%s** | **%.3f** |" % (len(rows), f"{tc:,}", f"{tb:,}",
                                                                        tb / tc if tc else 0))
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bankcheck", default=os.path.join(ROOT, "build/tool/bankcheck"))
    ap.add_argument("--clang", default="/usr/lib/llvm-19/bin/clang++")
    ap.add_argument("--mode", choices=["toolkit", "builtin"], default="toolkit")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--widths", choices=["source", "rule", "auto", "nvcc"], default="rule",
                    help="bankcheck's --widths (default rule: what bankcheck does without nvcc, the ptxas "
                         "rule where findings could change; auto/nvcc add nvcc's compile for those files)")
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions under valgrind (callgrind), one run each, instead of timing")
    ap.add_argument("--report", metavar="JSON",
                    help="measure the files of a corpus report (bench/corpus.py --json) with their recorded "
                         "commands (include paths, flags) instead of PATHS")
    ap.add_argument("--every", type=int, default=1, metavar="N",
                    help="with --report: every Nth file of the report, from --first")
    ap.add_argument("--first", type=int, default=0, metavar="I")
    ap.add_argument("--out")
    ap.add_argument("paths", nargs="*")
    a = ap.parse_args()
    paths = a.paths or [os.path.join(ROOT, "examples"),
                        os.path.join(ROOT, "test/golden/bankcheck-bank-conflict")]
    # Each input: the file and bankcheck's arguments after it ("-- flags").
    if a.report:
        with open(a.report) as fh:
            rows = json.load(fh)["files"]
        jobs = []
        for r in rows[a.first::a.every]:
            words = shlex.split(r["command"])
            at = words.index(r["file"])
            jobs.append((r["file"], words[at + 1:]))
        common = os.path.commonpath([f for f, _ in jobs]) if len(jobs) > 1 else ""
        name = lambda f: os.path.relpath(f, common) if common else f
    else:
        name = lambda f: os.path.relpath(f, ROOT)
        jobs = [(f, []) for f in inputs(paths)]
    extra = ["--no-cuda-toolkit"] if a.mode == "builtin" else []
    widths = ["--widths=" + a.widths]

    tmp = tempfile.mkdtemp()
    try:
        inc, compat = materialise_builtin_headers(tmp)
        rows = []
        for f, after in jobs:
            line = subprocess.run([a.bankcheck, "--print-clang-command", *extra, f, *after],
                                  capture_output=True, text=True).stdout.strip()
            if not line:
                continue
            args = [x.replace(BUILTIN_DIR, inc).replace(COMPAT_DIR, compat) for x in shlex.split(line)]
            clang_cmd = [a.clang] + args[1:]
            bc_cmd = [a.bankcheck, "--quiet", "--format=json", *widths, *extra, f, *after]
            if a.instructions:
                ic, rc1 = instructions(clang_cmd)
                ib, rc2 = instructions(bc_cmd)
                rows.append((name(f), ic, ib, rc1 == 0 and rc2 in (0, 1)))
                continue
            tc, tb, mc, mb = [], [], [], []
            ok = True
            for _ in range(a.repeat):
                t, rc, err, m = timed(clang_cmd)
                ok &= rc == 0
                tc.append(t)
                mc.append(m)
                t, rc, err, m = timed(bc_cmd)
                ok &= rc in (0, 1)
                tb.append(t)
                mb.append(m)
            rows.append((name(f), statistics.median(tc), statistics.median(tb), ok,
                         max(mc), max(mb)))
        if a.instructions:
            text = instruction_table(rows)
            print(text)
            if a.out:
                with open(a.out, "w") as fh:
                    fh.write(text + "\n")
            return 0
        total_c = sum(r[1] for r in rows)
        total_b = sum(r[2] for r in rows)
        out = []
        out.append("| file | clang -fsyntax-only (s) | bankcheck (s) | ratio | clang max RSS (MiB) | bankcheck max RSS (MiB) | RSS ratio |")
        out.append("|---|---:|---:|---:|---:|---:|---:|")
        for name, c, b, ok, rc_, rb in rows:
            out.append("| %s%s | %.3f | %.3f | %.2f | %.0f | %.0f | %.2f |" % (name, "" if ok else " (error)", c, b, b / c,
                                                                       rc_, rb, rb / rc_ if rc_ else 0))
        worst = max((r[5] / r[4] for r in rows if r[4]), default=0)
        out.append("| **total (%d files)** | **%.2f** | **%.2f** | **%.3f** | | | **max %.2f** |" % (
            len(rows), total_c, total_b, total_b / total_c if total_c else 0, worst))
        text = "\n".join(out)
        print(text)
        if a.out:
            with open(a.out, "w") as fh:
                fh.write(text + "\n")
        return 0
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    sys.exit(main())

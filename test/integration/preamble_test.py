#!/usr/bin/env python3
#===- preamble_test.py - Same results with and without the shared preamble -===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#===------------------------------------------------------------------------===#
"""bankcheck's report must not depend on the precompiled preamble (Preamble.h).

  preamble_test.py BANKCHECK [--toolkit-too]

1. Every golden and example file on its own, with the built-in headers:
   --preamble=always and --preamble=never print the same JSON, with the file's
   RUN-ARGS; every fourth file also the same text (warnings, notes, remarks,
   summary, with --explain).
2. All golden files in one run (one flag set: one preamble shared by all of them,
   --preamble=auto), with the toolkit's headers when one is installed: the same
   JSON as --preamble=never.
3. A generated project of 12 files (bench/gen_project.py) with -p: the same JSON.
Exit status 0 passed, 1 failed.
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RUN_ARGS = re.compile(r"//\s*RUN-ARGS:(.*)$", re.M)


def files():
    out = []
    for d in ("test/golden/bankcheck-bank-conflict", "test/golden/bankcheck-out-of-bounds", "examples"):
        full = os.path.join(ROOT, d)
        out += [os.path.join(full, n) for n in sorted(os.listdir(full)) if n.endswith(".cu")]
    return out


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode not in (0, 1):
        print("FAIL: exit status %d: %s\n%s" % (p.returncode, " ".join(cmd), p.stderr))
        sys.exit(1)
    return p.stdout + "\n--- stderr ---\n" + p.stderr


def compare(what, base, failures):
    a = run(base + ["--preamble=always"])
    b = run(base + ["--preamble=never"])
    if a != b:
        failures.append(what)
        print("FAIL: %s differs with the preamble:\n%s" % (what, " ".join(base)))
        for la, lb in zip(a.splitlines(), b.splitlines()):
            if la != lb:
                print("  with:    %s\n  without: %s" % (la[:300], lb[:300]))
                break


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    bankcheck = os.path.abspath(sys.argv[1])
    failures = []
    # 1. One file at a time, built-in headers.
    for Index, f in enumerate(files()):
        with open(f, encoding="utf-8") as fh:
            text = fh.read()
        args = []
        for m in RUN_ARGS.finditer(text):
            args += [a.replace("%S", os.path.dirname(f)) for a in shlex.split(m.group(1))]
        if not any(a.startswith("--widths") or a.startswith("--ptx") for a in args):
            args.append("--widths=source")
        # JSON carries every finding, note, remark and fix-it; the text report
        # (the same data, formatted) is compared on every fourth file, to keep
        # CI's sanitizer pass short.
        formats = ("--format=json", "--color-output=never") if Index % 4 == 0 else ("--format=json",)
        for fmt in formats:
            compare(os.path.relpath(f, ROOT) + " " + fmt,
                    [bankcheck, "--no-cuda-toolkit", "--quiet" if fmt.startswith("--format") else "--explain",
                     fmt] + args + [f], failures)
    # 2. Every golden file in one run: one preamble for all.
    goldens = [f for f in files() if "/golden/" in f]
    mode = ["--cuda-path=/usr/local/cuda"] if os.path.exists("/usr/local/cuda/include/cuda_runtime.h") \
        else ["--no-cuda-toolkit"]
    auto = run([bankcheck, "--format=json", "--widths=source", "--quiet"] + mode + goldens)
    never = run([bankcheck, "--format=json", "--widths=source", "--quiet", "--preamble=never"] + mode + goldens)
    if auto != never:
        failures.append("all goldens in one run")
        print("FAIL: all goldens in one run (%s) differ with the shared preamble" % mode[0])
    # 3. A generated project through its compilation database.
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, os.path.join(ROOT, "bench/gen_project.py"), "12", tmp], check=True)
        base = [bankcheck, "-p", tmp, "--format=json", "--widths=source", "--quiet", "--no-cuda-toolkit"]
        if run(base) != run(base + ["--preamble=never"]):
            failures.append("generated project")
            print("FAIL: the generated project differs with the shared preamble")
    if failures:
        print("%d comparisons differ" % len(failures))
        return 1
    print("PASS: the same reports with and without the precompiled preamble")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Run bankcheck on one golden .cu file and check its inline expectations.

Usage:
  check_bankcheck.py BANKCHECK FILECHECK FILE.cu TMPDIR [-- extra bankcheck args]

In the spirit of LLVM's check_clang_tidy.py:

1. FILE.cu is copied into TMPDIR with every `// CHECK-...:` comment replaced by
   `//`, so line and column numbers stay the same and the expectations cannot
   match themselves.
2. bankcheck runs on the copy with `--color-output=never --no-cuda-toolkit
   --quiet`, the file's own `// RUN-ARGS: ...` line (if any; `%S` is the folder
   of the original file) and the extra args;
   a file with a `// ALSO-WITH-TOOLKIT` line is run and checked (steps 3 to 5)
   a second time with the CUDA toolkit's headers instead of the built-in ones
   (`--cuda-path=$BANKCHECK_TEST_CUDA_PATH`, default /usr/local/cuda), when
   that toolkit is installed.
3. The exit status is checked against `// EXIT: N` (if present); by default it
   is 1 when the file expects a proven conflict (a CHECK-MESSAGES line with
   `warning:` that is not `warning: possible`), else 0. bankcheck's exit status
   counts only proven conflicts ("1 a conflict was found"), so a file with only
   `possible` warnings exits 0.
4. Messages pass: FileCheck --check-prefix=CHECK-MESSAGES
   -implicit-check-not='{{warning|error}}:' against the ORIGINAL file, so any
   unexpected warning fails. A file without CHECK-MESSAGES lines must produce
   no warning or error at all.
5. Remarks pass (when the file has CHECK-REMARKS lines): FileCheck
   --check-prefix=CHECK-REMARKS -implicit-check-not='{{remark|error}}:' on the
   output, so every remark must be expected. A file without CHECK-REMARKS lines
   must produce no remark: an access that the analysis should decide but
   reports as undecidable fails the test. (Warnings are covered by pass 4, so
   the remark pass does not forbid them; `// ALLOW-REMARKS` turns this pass off.)

On failure, prints what went wrong together with the full bankcheck output.
"""

import os
import re
import shlex
import subprocess
import sys

CHECK_COMMENT = re.compile(r"//\s*CHECK-[A-Za-z0-9_-]+:.*$")
RUN_ARGS = re.compile(r"//\s*RUN-ARGS:(.*)$", re.M)
EXIT = re.compile(r"//\s*EXIT:\s*(\d+)\s*$", re.M)
MSG_LINE = re.compile(r"//\s*CHECK-MESSAGES(?:-[A-Z]+)?:(.*)$", re.M)
REMARK_LINE = re.compile(r"//\s*CHECK-REMARKS(?:-[A-Z]+)?:", re.M)
FIX_LINE = re.compile(r"//\s*CHECK-FIXES:", re.M)
ALSO_TOOLKIT = re.compile(r"//\s*ALSO-WITH-TOOLKIT\s*$", re.M)


def fail(what, cmd, output, extra=""):
    sys.stderr.write("FAIL: %s\n" % what)
    sys.stderr.write("command: %s\n" % " ".join(shlex.quote(c) for c in cmd))
    if extra:
        sys.stderr.write(extra.rstrip() + "\n")
    sys.stderr.write("------------------------ bankcheck output ------------------------\n")
    sys.stderr.write(output)
    sys.stderr.write("\n------------------------------------------------------------------\n")
    sys.exit(1)


def run_filecheck(filecheck, source, prefix, implicit_not, output):
    cmd = [filecheck, source, "--check-prefix=" + prefix,
           "-implicit-check-not=" + implicit_not, "--dump-input=never"]
    p = subprocess.run(cmd, input=output, capture_output=True, text=True)
    return cmd, p


def main(argv):
    extra = []
    if "--" in argv:
        i = argv.index("--")
        argv, extra = argv[:i], argv[i + 1:]
    if len(argv) != 5:
        sys.stderr.write(__doc__)
        return 2
    bankcheck, filecheck, source, tmpdir = argv[1:5]
    source = os.path.abspath(source)
    with open(source, encoding="utf-8") as f:
        text = f.read()

    os.makedirs(tmpdir, exist_ok=True)
    copy = os.path.join(tmpdir, os.path.basename(source))
    blanked = "\n".join(CHECK_COMMENT.sub("//", line) for line in text.split("\n"))
    with open(copy, "w", encoding="utf-8") as f:
        f.write(blanked)

    args = []
    for m in RUN_ARGS.finditer(text):
        # %S: the folder of the original file (recorded inputs kept beside it)
        args += [a.replace("%S", os.path.dirname(source)) for a in shlex.split(m.group(1))]
    # Source widths unless the file asks for compiled ones: the verdicts must
    # not depend on whether nvcc is installed where the test runs.
    if not any(a.startswith("--widths") or a.startswith("--ptx") for a in args):
        args.append("--widths=source")
    # The built-in headers always; the toolkit's too for `// ALSO-WITH-TOOLKIT`
    # files, when one is installed.
    modes = [["--no-cuda-toolkit"]]
    toolkit = os.environ.get("BANKCHECK_TEST_CUDA_PATH", "/usr/local/cuda")
    if ALSO_TOOLKIT.search(text) and os.path.exists(os.path.join(toolkit, "include", "cuda_runtime.h")):
        modes.append(["--cuda-path=" + toolkit])
    for mode in modes:
        check_output(bankcheck, filecheck, source, text, copy, mode + args + extra)

    # Fixes pass: --fix on the blanked copy, then the fixed source must match the
    # CHECK-FIXES lines (full lines), as in clang-tidy's check_clang_tidy.py.
    if FIX_LINE.search(text):
        fixed = os.path.join(tmpdir, "fixed-" + os.path.basename(source))
        with open(fixed, "w", encoding="utf-8") as f:
            f.write(blanked)
        fcmd = [bankcheck, "--color-output=never", "--no-cuda-toolkit", "--quiet", "--fix"] + args + extra + [fixed]
        fp = subprocess.run(fcmd, capture_output=True, text=True)
        if fp.returncode not in (0, 1):
            fail("--fix exit status %d" % fp.returncode, fcmd, fp.stdout + fp.stderr)
        with open(fixed, encoding="utf-8") as f:
            fixed_text = f.read()
        r = subprocess.run([filecheck, source, "--check-prefix=CHECK-FIXES", "--match-full-lines",
                            "--dump-input=never"], input=fixed_text, capture_output=True, text=True)
        if r.returncode != 0:
            fail("FileCheck CHECK-FIXES", fcmd, fixed_text, r.stdout + r.stderr)
    return 0


def check_output(bankcheck, filecheck, source, text, copy, args):
    """Steps 3 to 5 for one run of bankcheck on the blanked copy."""
    cmd = [bankcheck, "--color-output=never", "--quiet"] + args + [copy]
    p = subprocess.run(cmd, capture_output=True, text=True)
    output = p.stdout + p.stderr

    m = EXIT.search(text)
    if m:
        want_rc = int(m.group(1))
    else:
        proven = [l for l in MSG_LINE.findall(text)
                  if "warning:" in l and "warning: possible" not in l]
        want_rc = 1 if proven else 0
    if p.returncode != want_rc:
        fail("exit status %d, expected %d" % (p.returncode, want_rc), cmd, output)

    # Messages pass.
    if MSG_LINE.search(text):
        fc, r = run_filecheck(filecheck, source, "CHECK-MESSAGES", "{{warning|error}}:", output)
        if r.returncode != 0:
            fail("FileCheck CHECK-MESSAGES", cmd, output, r.stdout + r.stderr)
    else:
        bad = [l for l in output.splitlines() if re.search(r"(warning|error):", l)]
        if bad:
            fail("unexpected warning or error (file has no CHECK-MESSAGES lines)", cmd, output,
                 "\n".join(bad))

    # Remarks pass.
    if REMARK_LINE.search(text):
        fc, r = run_filecheck(filecheck, source, "CHECK-REMARKS", "{{remark|error}}:", output)
        if r.returncode != 0:
            fail("FileCheck CHECK-REMARKS", cmd, output, r.stdout + r.stderr)
    elif "// ALLOW-REMARKS" not in text:
        bad = [l for l in output.splitlines() if re.search(r"remark:", l)]
        if bad:
            fail("unexpected remark (file has no CHECK-REMARKS lines)", cmd, output, "\n".join(bad))


if __name__ == "__main__":
    sys.exit(main(sys.argv))

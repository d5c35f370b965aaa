# ===- cli.py - The bankcheck-gpu command line -----------------------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""Options and subcommands, and replay (bankcheck, emit, measure and
compare on one machine)."""

import argparse
import json
import os
import shutil
import sys

from .codegen import emit
from .common import (EXIT_ERROR, EXIT_NO_COUNTERS, EXIT_OK, VERSION, HarnessError, run_tool, tail,
                     where, write_json)
from .micro import compare_dir, measure
from .program import compare_profile, profile


# ===========================================================================
# replay: bankcheck, emit, measure, compare on one machine
# ===========================================================================

def run_bankcheck(files, bankcheck_args, clang_args, out_dir):
    """bankcheck --format=json FILES [-- CLANG_ARGS] -> DIR/report.json."""
    bankcheck = os.environ.get("BANKCHECK") or shutil.which("bankcheck")
    if not bankcheck:
        raise HarnessError("bankcheck not found: set BANKCHECK or put it on PATH")
    argv = [bankcheck, "--format=json"] + bankcheck_args + files
    if clang_args:
        argv += ["--"] + clang_args
    rc, out, err = run_tool(argv)
    try:
        report = json.loads(out)
    except json.JSONDecodeError:
        raise HarnessError(f"bankcheck (exit {rc}) printed no JSON report:\n{tail(err or out)}")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "report.json")
    write_json(path, report)
    return path


def replay(files, out_dir, arch, bankcheck_args, clang_args):
    report_path = run_bankcheck(files, bankcheck_args, clang_args, out_dir)
    manifest = emit(report_path, out_dir, arch)
    print(f"bankcheck-gpu: {len(manifest['accesses'])} microkernels, "
          f"{len(manifest['skipped'])} accesses skipped")
    measure(out_dir, arch)
    return compare_dir(out_dir)


# ===========================================================================
# Command line
# ===========================================================================

def build_parser():
    p = argparse.ArgumentParser(
        prog="bankcheck-gpu",
        description="Check bankcheck's bank-conflict predictions against Nsight Compute counters.",
        epilog="Exit status: 0 agreement, 1 disagreement, 2 error, 3 no GPU counters. See docs/gpu.md.")
    p.add_argument("--version", action="version", version=f"bankcheck-gpu {VERSION}")
    sub = p.add_subparsers(dest="command", required=True)

    e = sub.add_parser("emit", help="CPU: report -> microkernels, manifest, measure.sh")
    e.add_argument("report")
    e.add_argument("-o", "--output", required=True, metavar="DIR")
    e.add_argument("--arch", default="sm_90")

    m = sub.add_parser("measure", help="GPU host: build and profile the microkernels of DIR")
    m.add_argument("dir")
    m.add_argument("--arch", default=None, help="default: the arch given to emit")

    c = sub.add_parser("compare", help="CPU: join predictions and measurements in DIR")
    c.add_argument("dir")
    c.add_argument("--report", help="program mode: the bankcheck report to join with DIR/source.csv")
    c.add_argument("--all", action="store_true", help="program mode: also list clean lines bankcheck did not report")
    c.add_argument("--kernel", action="append", default=[], metavar="NAME",
                   help="program mode: only this kernel's accesses (bankcheck's name, e.g. 'k<128, 4>'; "
                        "repeatable): the instantiations the profile holds")

    pr = sub.add_parser("profile", help="GPU host: profile a program -> DIR/source.csv")
    pr.add_argument("--report", help="also compare with this bankcheck report")
    pr.add_argument("-o", "--output", required=True, metavar="DIR")
    pr.add_argument("--ncu-arg", action="append", default=[], metavar="ARG",
                    help="extra ncu argument, e.g. --ncu-arg=--kernel-id=::regex:.*:1 to profile "
                         "only the first launch of each kernel (repeatable)")
    pr.add_argument("app", nargs=argparse.REMAINDER, help="-- PROGRAM [ARGS...]")

    r = sub.add_parser("replay", help="bankcheck + emit + measure + compare on one machine")
    r.add_argument("files", nargs="+", metavar="FILE.cu")
    r.add_argument("-o", "--output", metavar="DIR", help="default: bankcheck-gpu.<first file's stem>")
    r.add_argument("--arch", default="sm_90")
    r.add_argument("--bankcheck-arg", action="append", default=[], metavar="ARG",
                   help="an option for bankcheck itself (repeatable), e.g. --bankcheck-arg=--block-dim=32,8,1")
    return p


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    # Everything after a bare "--" belongs to the program (profile) or to
    # bankcheck's compiler arguments (replay), never to us.
    rest = []
    if "--" in argv:
        cut = argv.index("--")
        argv, rest = argv[:cut], argv[cut + 1:]
    parser = build_parser()
    args = parser.parse_args(argv)
    if rest and args.command not in ("profile", "replay"):
        parser.error(f"{args.command} takes no arguments after --")
    try:
        if args.command == "emit":
            manifest = emit(args.report, args.output, args.arch)
            print(f"bankcheck-gpu: {len(manifest['accesses'])} microkernels, "
                  f"{len(manifest['skipped'])} accesses skipped -> {args.output}")
            for s in manifest["skipped"]:
                print(f"  skipped access {s['index']} at {where(s)}: {s['reason']}")
            return EXIT_OK
        if args.command == "measure":
            measure(args.dir, args.arch)
            return EXIT_OK
        if args.command == "compare":
            if os.path.exists(os.path.join(args.dir, "manifest.json")) and not args.report:
                return compare_dir(args.dir)
            report = args.report or os.path.join(args.dir, "report.json")
            if not os.path.exists(report):
                raise HarnessError(f"{args.dir} holds no manifest.json; for program mode give --report")
            return compare_profile(report, args.dir, args.all, args.kernel)
        if args.command == "profile":
            app = [a for a in args.app if a != "--"] + rest
            if not app:
                raise HarnessError("profile needs the program: profile -o DIR -- ./app args")
            return profile(app, args.output, args.report, args.ncu_arg)
        if args.command == "replay":
            out_dir = args.output or "bankcheck-gpu." + os.path.splitext(os.path.basename(args.files[0]))[0]
            return replay(args.files, out_dir, args.arch, args.bankcheck_arg, rest)
    except HarnessError as e:
        print(f"bankcheck-gpu: {'error' if e.status != EXIT_NO_COUNTERS else 'no counters'}: {e}",
              file=sys.stderr)
        return e.status
    return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())

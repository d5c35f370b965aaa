#!/usr/bin/env python3
"""Runs bankcheck's libFuzzer targets for CTest (docs/robustness.md).

  run_fuzzers.py [--seconds N] [--seed S] [--runs name=N ...] [--work DIR]
                 [--regressions-only] name=binary ...

For each fuzzer: first every saved input under test/fuzz/regressions/<name>/
once, then (unless --regressions-only) a bounded run from a fresh copy of the
seed corpus test/fuzz/corpus/<name>/: --runs inputs (per fuzzer) from the
fixed --seed, so that a CI run is reproducible, and at most --seconds. With
--seed 0 libFuzzer picks a random seed (exploration; it prints it). Exits 1 when any run reports a
crash, a sanitizer error, a timeout, an out-of-memory or a failed check, and
prints where the crashing input was saved.
"""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, env):
    print("+ " + " ".join(cmd), flush=True)
    p = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       errors="replace")
    tail = p.stdout[-12000:]
    print(tail, flush=True)
    return p.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", action="append", default=[], help="name=N: inputs per fuzzer run")
    ap.add_argument("--work", default=os.path.join(os.getcwd(), "fuzz-work"))
    ap.add_argument("--regressions-only", action="store_true")
    ap.add_argument("fuzzers", nargs="+", help="name=path-to-binary")
    args = ap.parse_args()

    env = dict(os.environ)
    # Leak checking stays on; UBSan reports are fatal (the targets are built
    # with -fno-sanitize-recover=undefined as well).
    env.setdefault("ASAN_OPTIONS", "alloc_dealloc_mismatch=0:detect_odr_violation=0")
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
    env["TMPDIR"] = args.work
    os.makedirs(args.work, exist_ok=True)

    failed = []
    for spec in args.fuzzers:
        name, binary = spec.split("=", 1)
        common = ["-rss_limit_mb=2048", "-timeout=10", "-artifact_prefix=%s/%s-" % (args.work, name)]
        regressions = os.path.join(HERE, "regressions", name)
        inputs = sorted(os.path.join(regressions, f) for f in os.listdir(regressions)) \
            if os.path.isdir(regressions) else []
        inputs = [f for f in inputs if os.path.isfile(f) and not f.endswith(".md")]
        if inputs and run([binary] + common + inputs, env) != 0:
            failed.append(name + " (regression inputs)")
        if args.regressions_only:
            continue
        corpus = os.path.join(args.work, name + "-corpus")
        shutil.rmtree(corpus, ignore_errors=True)
        seeds = os.path.join(HERE, "corpus", name)
        if os.path.isdir(seeds):
            shutil.copytree(seeds, corpus)
        else:
            os.makedirs(corpus)
        runs = dict(r.split("=", 1) for r in args.runs)
        bound = ["-max_total_time=%d" % args.seconds]
        if args.seed:
            bound.append("-seed=%d" % args.seed)
        if name in runs:
            bound.append("-runs=%s" % runs[name])
        rc = run([binary] + common + bound + ["-print_final_stats=1",
                                      "-max_len=4096", corpus], env)
        if rc != 0:
            failed.append(name)
    if failed:
        print("FAILED: " + ", ".join(failed) + "; crashing inputs are in " + args.work +
              " (copy them to test/fuzz/regressions/<name>/)")
        return 1
    print("all fuzzers ran without a finding")
    return 0


if __name__ == "__main__":
    sys.exit(main())

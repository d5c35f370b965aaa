#!/usr/bin/env python3
"""Which verdicts two bankcheck binaries give differently on the same files.

  bench/verdict_diff.py --base OLD_BIN --new NEW_BIN FILE... [-- FLAGS]

Runs both with --format=json on each file (FLAGS after `--` go to bankcheck's
Clang command) and compares, per (line, kind, array), the set of (status,
degree) pairs. Prints each file's access count under both and every changed
key; the last line is the total. Used to carry an earlier hardware comparison
over to a newer binary: lines whose verdict did not change keep their
measured agreement.
"""
import argparse
import json
import os
import subprocess
import sys


def verdicts(binary, path, flags):
    r = subprocess.run([binary, '--format=json', path, '--'] + flags, capture_output=True, text=True)
    try:
        data = json.loads(r.stdout)
    except json.JSONDecodeError:
        sys.exit(f'{path}: {binary} gave no JSON: {r.stderr[-300:]}')
    out = {}
    for a in data.get('accesses', []):
        key = f"{a.get('line')} {a.get('kind')} {a.get('array')}"
        out.setdefault(key, set()).add((a.get('status'), a.get('degree')))
    return out


def main():
    argv = sys.argv[1:]
    flags = []
    if '--' in argv:
        flags = argv[argv.index('--') + 1:]
        argv = argv[:argv.index('--')]
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--base', required=True)
    ap.add_argument('--new', required=True)
    ap.add_argument('files', nargs='+')
    args = ap.parse_args(argv)
    total = 0
    for f in args.files:
        a, b = verdicts(args.base, f, flags), verdicts(args.new, f, flags)
        changed = [k for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
        print(f'{os.path.basename(f)}: {len(a)} / {len(b)} places, {len(changed)} changed')
        for k in changed:
            print(f'    {k}: {sorted(a.get(k, []))} -> {sorted(b.get(k, []))}')
        total += len(changed)
    print(f'total changed: {total}')


if __name__ == '__main__':
    main()

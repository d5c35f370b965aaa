#!/usr/bin/env python3
"""Run bankcheck over a corpus of CUDA projects and measure how many shared-memory
accesses it decides.

Each ROOT given on the command line is one project (its name is the folder name).
Every .cu/.cuh file under it that contains `__shared__` is analysed with

    bankcheck --format=json --quiet [--bankcheck-arg ...] FILE -- -std=c++17 -I... [flags]

The include flags are: the file's own folder and its ancestors up to ROOT, every
folder under ROOT named include/inc/common/Common/utils, the stub headers in
bench/corpus/stubs (a self-written stand-in for the PyTorch extension headers, last
so that real headers win), and, when the compiler reports "'X' file not found",
the folder of any file under ROOT whose path ends in X (retried a few times).

Each file's JSON `summary.shared_uses` ({seen, analysed, unanalysed, not_reached}) is
summed per project, and files with a Clang error that still report accesses (the
kernels the error does not reach) are counted. Remarks are not in the JSON: for the
files with unanalysed shared uses or a Clang error (--remarks all: every file), a second
pass in text mode (same flags, no --format=json) collects the `remark:` lines that say
"not analysed"; they are counted per normalised message.

--max-files N limits every project to its first N sorted files; --max-files PROJECT=N
overrides it for one project (0 = all).

Output: a markdown report (stdout or --out) and, with --json, a per-file dump.
See docs/corpus.md for a run.
"""
import argparse
import concurrent.futures as cf
import json
import os
import re
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_BANKCHECK = os.path.join(HERE, '..', 'build', 'tool', 'bankcheck')
DEFAULT_STUBS = os.path.join(HERE, 'corpus', 'stubs')
INCLUDE_DIR_NAMES = {'include', 'inc', 'common', 'utils', 'util'}
SHARED_USE_KEYS = ('seen', 'analysed', 'unanalysed', 'not_reached')
REMARK_RE = re.compile(r'^(.*?):(\d+):(\d+): remark: (.*?)(?: \[[a-z-]+\])?$')
SKIP_DIRS = {'.git', 'build', 'third_party', '3rdparty', 'thirdparty', 'external'}
MAX_INCLUDE_RETRIES = 6


def normalise_reason(r):
    """Strip quoted names and numbers so that reasons group."""
    r = re.sub(r"'[^']*'", "'_'", r)
    r = re.sub(r'"[^"]*"', '"_"', r)
    r = re.sub(r'`[^`]*`', '`_`', r)
    r = re.sub(r'\b0x[0-9a-fA-F]+\b', 'N', r)
    r = re.sub(r'(?<![A-Za-z_])-?\d+(\.\d+)?', 'N', r)
    r = re.sub(r'\s+', ' ', r).strip()
    return r


def normalise_remark(m):
    # a remark quoting a Clang error names its location: drop it so that the remarks group
    m = re.sub(r'\(\S+:\d+:\d+: (fatal )?error: ', '(error: ', m)
    return normalise_reason(re.sub(r"(\w)' '", r"\1 '", m))  # "groups' 'reduce'": a possessive


def normalise_error(e):
    # drop the location prefix "path:line:col: error: "
    e = re.sub(r'^.*?:\d+:\d+: (fatal )?error: ', '', e.strip().splitlines()[0] if e.strip() else '')
    return re.sub(r'(?<![A-Za-z_])\d+', 'N', e)  # names kept: they tell which header/macro is missing


INCLUDE_RE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)


def find_files(root, max_files, includers=True):
    """Sorted .cu/.cuh files containing __shared__; with `includers`, also the .cu files
    that include (directly or through project headers) a header containing __shared__,
    since a template kernel is only analysed where it is instantiated."""
    text = {}
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x not in SKIP_DIRS and not x.startswith('.'))
        for f in files:
            if f.endswith(('.cu', '.cuh', '.h', '.hpp', '.inl')):
                p = os.path.join(d, f)
                try:
                    with open(p, 'r', errors='replace') as fh:
                        text[p] = fh.read()
                except OSError:
                    pass
    out = {p for p, t in text.items() if p.endswith(('.cu', '.cuh')) and '__shared__' in t}
    if includers:
        hot = {os.path.basename(p) for p, t in text.items() if not p.endswith('.cu') and '__shared__' in t}
        changed = True
        while changed:  # headers including a hot header are hot
            changed = False
            for p, t in text.items():
                b = os.path.basename(p)
                if p.endswith('.cu') or b in hot:
                    continue
                if any(os.path.basename(i) in hot for i in INCLUDE_RE.findall(t)):
                    hot.add(b)
                    changed = True
        for p, t in text.items():
            if p.endswith('.cu') and any(os.path.basename(i) in hot for i in INCLUDE_RE.findall(t)):
                out.add(p)
    out = sorted(out)
    total = len(out)
    if max_files and len(out) > max_files:
        out = out[:max_files]
    return out, total


def project_index(root):
    """All header/source paths under root (relative), and include-named folders."""
    paths, inc_dirs = [], []
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if not x.startswith('.'))
        if os.path.basename(d).lower() in INCLUDE_DIR_NAMES and d != root:
            inc_dirs.append(d)
        for f in files:
            paths.append(os.path.join(d, f))
    return sorted(paths), sorted(inc_dirs)


def base_includes(path, root, inc_dirs):
    dirs = []
    d = os.path.dirname(os.path.abspath(path))
    root = os.path.abspath(root)
    while True:
        dirs.append(d)
        if d == root or len(d) <= len(root):
            break
        d = os.path.dirname(d)
    here = os.path.dirname(os.path.abspath(path))
    # nearest include-named folders first (a project may have several utils/ folders)
    dirs += sorted((os.path.abspath(x) for x in inc_dirs),
                   key=lambda x: (-len(os.path.commonpath([x, here])), x))
    seen, res = set(), []
    for x in dirs:
        if x not in seen:
            seen.add(x)
            res.append(x)
    return res


def resolve_missing(name, paths, near):
    """Folders X such that X/name exists in the project; the one nearest `near` first."""
    suffix = '/' + name.lstrip('./')
    cands = []
    for p in paths:
        if p.endswith(suffix):
            cands.append(p[: -len(suffix)])
    cands.sort(key=lambda c: (-len(os.path.commonprefix([c, near])), c))
    return cands[:1]


def run_file(path, name, root, index, args, extra_flags):
    paths, inc_dirs = index
    incs = base_includes(path, root, inc_dirs)
    added = []
    t0 = time.time()
    row = {'file': path, 'project': name}
    attempts = 0
    while True:
        attempts += 1
        flags = ['-std=c++17'] + ['-I' + d for d in incs + added]
        if args.stubs:
            flags.append('-I' + os.path.abspath(args.stubs))
        flags += extra_flags
        cmd = [args.bankcheck, '--format=json', '--quiet'] + args.bankcheck_arg + [path, '--'] + flags
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               timeout=args.timeout, text=True, errors='replace')
        except subprocess.TimeoutExpired:
            row.update(outcome='timeout', rc=None)
            break
        except OSError as e:  # e.g. the binary being relinked meanwhile
            row.update(outcome='runner_error', rc=None, error=str(e))
            break
        rc = p.returncode
        row['rc'] = rc
        data = None
        try:
            data = json.loads(p.stdout) if p.stdout.strip() else None
        except json.JSONDecodeError:
            data = None
        if rc < 0 or rc not in (0, 1, 2) or data is None:
            row.update(outcome='crash', stderr_tail=p.stderr[-2000:])
            break
        su = (data.get('summary') or {}).get('shared_uses') or {}
        row['shared_uses'] = {k: int(su.get(k, 0)) for k in SHARED_USE_KEYS}
        ferr = [f for f in data.get('files', []) if f.get('status') != 'ok']
        if ferr:
            err = ferr[0].get('error', '') or p.stderr.strip()[:500]
            m = re.search(r"'([^']+)' file not found", err)
            if m and attempts <= MAX_INCLUDE_RETRIES:
                new = [d for d in resolve_missing(m.group(1), paths, os.path.dirname(path))
                       if d not in incs and d not in added]
                if new:
                    added += new
                    continue
            row.update(outcome='parse_error', error=err)
            row['accesses'] = data.get('accesses', [])
            break
        row.update(outcome='ok', accesses=data.get('accesses', []))
        break
    row['seconds'] = round(time.time() - t0, 3)
    row['command'] = ' '.join(cmd)
    if args.remarks != 'none' and row['outcome'] in ('ok', 'parse_error') and (
            args.remarks == 'all' or row['outcome'] == 'parse_error'
            or row.get('shared_uses', {}).get('unanalysed', 0) > 0):
        row.update(remark_pass(cmd, args))
    return row


def remark_pass(json_cmd, args):
    """The same command in text mode; the `remark:` lines that say "not analysed"."""
    cmd = [a for a in json_cmd if a not in ('--format=json',)]
    cmd.insert(1, '--color-output=never')
    t0 = time.time()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=args.timeout, text=True, errors='replace')
    except (subprocess.TimeoutExpired, OSError) as e:
        return {'remarks_error': type(e).__name__, 'remark_seconds': round(time.time() - t0, 3)}
    rem = []
    for line in (p.stdout + '\n' + p.stderr).splitlines():
        m = REMARK_RE.match(line.strip())
        if m and 'not analysed' in m.group(4):
            rem.append({'file': m.group(1), 'line': int(m.group(2)), 'column': int(m.group(3)),
                        'message': m.group(4)})
    return {'remarks': rem, 'remark_seconds': round(time.time() - t0, 3)}


def dedupe_remarks(rems):
    """A remark printed by several translation units (a kernel in a header) counts once."""
    seen, res = set(), []
    for r in rems:
        k = (os.path.basename(r['file']), r['line'], r['column'], r['message'])
        if k not in seen:
            seen.add(k)
            res.append(r)
    return res


def sum_shared_uses(rs):
    tot = Counter()
    for r in rs:
        tot.update(r.get('shared_uses') or {})
    return {k: tot[k] for k in SHARED_USE_KEYS}


def dedupe(accs):
    """An access reported from several translation units (a header kernel) counts once."""
    seen, res = set(), []
    for a in accs:
        k = (os.path.basename(a['file']), a['line'], a['column'], a['kind'], a.get('kernel'),
             str(a.get('block_dim')), a.get('status'), a.get('reason'))
        if k not in seen:
            seen.add(k)
            res.append(a)
    return res


def summarise_accesses(accs):
    accs = dedupe(accs)
    st = Counter(a.get('status') for a in accs)
    unknown = Counter(normalise_reason(a.get('reason', '')) for a in accs if a.get('status') == 'unknown')
    possible = Counter(normalise_reason(a.get('reason', '')) for a in accs if a.get('status') == 'possible')
    loaded = sum(1 for a in accs if 'value loaded from' in a.get('reason', '') and a.get('status') in ('unknown', 'possible'))
    sites = {(a['file'], a['line'], a['column'], a['kind']) for a in accs}
    decided_sites = defaultdict(lambda: True)
    for a in accs:
        k = (a['file'], a['line'], a['column'], a['kind'])
        decided_sites[k] &= a.get('status') in ('clean', 'conflict')
    return {
        'accesses': len(accs), 'sites': len(sites),
        'sites_decided': sum(1 for v in decided_sites.values() if v),
        'clean': st['clean'], 'conflict': st['conflict'], 'possible': st['possible'],
        'unknown': st['unknown'], 'value_loaded': loaded,
        'unknown_reasons': unknown, 'possible_reasons': possible,
    }


def pct(a, b):
    return '%.1f%%' % (100.0 * a / b) if b else 'n/a'


def report(rows, projects, cmdline, args_slow=10.0, args_remarks='unanalysed'):
    L = []
    L.append('Command: `%s`\n' % cmdline)
    hdr = ('| project | files (found / run) | ok | parse errors | errors with accesses | crashes | timeouts | '
           'accesses | sites | clean | conflict | possible | unknown | decided | decided excl. "value loaded from" | '
           'sites decided | s/file median | s/file max |')
    L.append(hdr)
    L.append('|' + '---|' * (hdr.count('|') - 1))
    groups = [(p, [r for r in rows if r['project'] == p]) for p in projects] + [('**total**', rows)]
    for name, rs in groups:
        oc = Counter(r['outcome'] for r in rs)
        accs = [a for r in rs for a in r.get('accesses', []) if r['outcome'] == 'ok']
        s = summarise_accesses(accs)
        err_acc = sum(1 for r in rs if r['outcome'] == 'parse_error' and r.get('accesses'))
        dec = s['clean'] + s['conflict']
        secs = [r['seconds'] for r in rs] or [0]
        nfound = projects[name]['found'] if name in projects else sum(v['found'] for v in projects.values())
        L.append('| %s | %d / %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %s | %s | %s | %.2f | %.2f |' % (
            name, nfound, len(rs), oc['ok'], oc['parse_error'], err_acc, oc['crash'], oc['timeout'],
            s['accesses'], s['sites'], s['clean'], s['conflict'], s['possible'], s['unknown'],
            pct(dec, s['accesses']), pct(dec, s['accesses'] - s['value_loaded']),
            pct(s['sites_decided'], s['sites']), statistics.median(secs), max(secs)))
    L.append('')
    L.append('"decided" = (clean + conflict) / accesses, over files parsed OK; one access is one '
             '(access, launch configuration) entry of the JSON report. "decided excl." removes from the '
             'denominator the possible/unknown accesses whose reason contains "value loaded from" '
             '(data-dependent indices; the JSON cannot tell lane-dependent loads from uniform ones, '
             'so this is an upper bound). "sites" = distinct (file, line, column, kind); a site is '
             'decided when all its entries are. An access reported by several translation units (a kernel '
             'in a header) is counted once. "found" = .cu/.cuh files containing `__shared__` plus .cu '
             'files including a header that does. "errors with accesses" = files with a Clang error '
             '(counted in "parse errors") whose other kernels were still analysed; their accesses are '
             'not in the columns above (see the next table).\n')
    L.append('### Shared-memory uses (summary.shared_uses) and accesses in files with errors\n')
    hdr = ('| project | seen | analysed | unanalysed | not reached | analysed share | '
           'seen (ok files) | analysed share (ok files) | error files with accesses | their accesses | their decided |')
    L.append(hdr)
    L.append('|' + '---|' * (hdr.count('|') - 1))
    for name, rs in groups:
        u = sum_shared_uses(r for r in rs if r['outcome'] in ('ok', 'parse_error'))
        uo = sum_shared_uses(r for r in rs if r['outcome'] == 'ok')
        ers = [r for r in rs if r['outcome'] == 'parse_error' and r.get('accesses')]
        es = summarise_accesses([a for r in ers for a in r['accesses']])
        L.append('| %s | %d | %d | %d | %d | %s | %d | %s | %d | %d | %s |' % (
            name, u['seen'], u['analysed'], u['unanalysed'], u['not_reached'],
            pct(u['analysed'], u['seen'] - u['not_reached']),
            uo['seen'], pct(uo['analysed'], uo['seen'] - uo['not_reached']),
            len(ers), es['accesses'], pct(es['clean'] + es['conflict'], es['accesses'])))
    L.append('')
    L.append('Shared uses are summed over the files with a JSON report (ok and parse errors); '
             '"analysed share" = analysed / (seen - not reached). Unlike accesses they are not '
             'deduplicated across translation units (a kernel in a header counts in each file '
             'that instantiates it).\n')
    accs = [a for r in rows if r['outcome'] == 'ok' for a in r.get('accesses', [])]
    s = summarise_accesses(accs)
    for title, key in (('unknown', 'unknown_reasons'), ('possible', 'possible_reasons')):
        L.append('### Reasons of `%s` (normalised)\n' % title)
        L.append('| count | reason |')
        L.append('|---|---|')
        for r, n in s[key].most_common(25):
            L.append('| %d | %s |' % (n, r.replace('|', '\\|') or '(empty)'))
        L.append('')
    errs = Counter(normalise_error(r.get('error', '')) for r in rows if r['outcome'] == 'parse_error')
    L.append('### Parse errors (first error, normalised)\n')
    L.append('| files | error |')
    L.append('|---|---|')
    for e, n in errs.most_common(25):
        L.append('| %d | %s |' % (n, e.replace('|', '\\|')))
    L.append('')
    rem = dedupe_remarks([m for r in rows for m in r.get('remarks', [])])
    rem_files = [r for r in rows if 'remarks' in r or 'remarks_error' in r]
    L.append('### Remarks "not analysed" (normalised)\n')
    L.append('From a text-mode pass over %d files (%s); a remark printed by several files (a header) '
             'is counted once; %d remarks in all.\n'
             % (len(rem_files), 'all files that produced a report' if args_remarks == 'all' else
                'those with unanalysed shared uses or a Clang error', len(rem)))
    L.append('| count | remark |')
    L.append('|---|---|')
    for m, n in Counter(normalise_remark(x['message']) for x in rem).most_common(25):
        L.append('| %d | %s |' % (n, m.replace('|', '\\|')))
    L.append('')
    failed = [r for r in rows if 'remarks_error' in r]
    if failed:
        L.append('Remark pass failed (%s): %s\n' % (
            ', '.join(sorted({r['remarks_error'] for r in failed})), ', '.join(r['file'] for r in failed)))
    slow = sorted((r for r in rows if r['seconds'] > args_slow), key=lambda r: -r['seconds'])
    L.append('### Files slower than %g s: %d\n' % (args_slow, len(slow)))
    for r in slow:
        L.append('- %.1f s %s (%s)' % (r['seconds'], r['file'], r['outcome']))
    if slow:
        L.append('')
    bad = [r for r in rows if r['outcome'] in ('crash', 'timeout', 'runner_error')]
    if bad:
        L.append('### Crashes and timeouts\n')
        for r in bad:
            L.append('- %s: %s (rc %s)' % (r['outcome'], r['file'], r.get('rc')))
        L.append('')
    conf = [r for r in rows if r['outcome'] == 'ok' and any(a['status'] == 'conflict' for a in r['accesses'])]
    L.append('### Files with conflicts: %d\n' % len(conf))
    return '\n'.join(L)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('roots', nargs='+', help='project folders, PATH or NAME=PATH')
    ap.add_argument('--bankcheck', default=os.path.normpath(DEFAULT_BANKCHECK))
    ap.add_argument('--bankcheck-arg', action='append', default=[], help='extra bankcheck option (repeatable)')
    ap.add_argument('--extra-flags', action='append', default=[],
                    help='PROJECT=FLAGS: extra compiler flags for one project (space-separated), or FLAGS for all')
    ap.add_argument('--stubs', default=os.path.normpath(DEFAULT_STUBS), help='stub include folder ("" for none)')
    ap.add_argument('--max-files', action='append', default=[],
                    help='N or PROJECT=N: per project, first N sorted paths (0 = all; default 40); '
                         'PROJECT=N overrides N for one project (repeatable)')
    ap.add_argument('--remarks', choices=('unanalysed', 'all', 'none'), default='unanalysed',
                    help='text-mode pass for the "not analysed" remarks: files with unanalysed shared '
                         'uses or a Clang error (default), all files, or none')
    ap.add_argument('--slow', type=float, default=10.0, help='list files slower than this (seconds)')
    ap.add_argument('--no-includers', action='store_true',
                    help='only files containing __shared__, not the .cu files including such headers')
    ap.add_argument('--timeout', type=float, default=120)
    ap.add_argument('-j', '--jobs', type=int, default=2)
    ap.add_argument('--out', help='markdown report file (default stdout)')
    ap.add_argument('--json', help='per-file JSON dump')
    args = ap.parse_args()

    extra = defaultdict(list)
    for e in args.extra_flags:
        if '=' in e.split(' ')[0] and not e.startswith('-'):
            k, v = e.split('=', 1)
            extra[k] += v.split()
        else:
            extra['*'] += e.split()

    max_files = {'*': 40}
    for m in args.max_files:
        k, _, v = m.rpartition('=')
        max_files[k or '*'] = int(v)

    projects, jobs = {}, []
    for spec in args.roots:
        name, _, root = spec.rpartition('=') if '=' in spec else ('', '', spec)
        root = os.path.abspath(root)
        name = name or os.path.basename(root)
        files, total = find_files(root, max_files.get(name, max_files['*']), not args.no_includers)
        projects[name] = {'root': root, 'found': total, 'run': len(files)}
        index = project_index(root)
        for f in files:
            jobs.append((f, name, root, index, extra['*'] + extra[name]))

    rows = []
    t0 = time.time()
    with cf.ThreadPoolExecutor(max_workers=args.jobs) as ex:
        futs = [ex.submit(run_file, f, n, r, idx, args, fl) for f, n, r, idx, fl in jobs]
        for i, fu in enumerate(cf.as_completed(futs)):
            row = fu.result()
            rows.append(row)
            print('[%d/%d] %-11s %6.1fs %s' % (i + 1, len(jobs), row['outcome'], row['seconds'], row['file']),
                  file=sys.stderr)
    rows.sort(key=lambda r: r['file'])
    cmdline = ' '.join(['bench/corpus.py'] + sys.argv[1:])
    md = report(rows, projects, cmdline, args.slow, args.remarks)
    md += '\nWall time: %.0f s, %d jobs.\n' % (time.time() - t0, args.jobs)
    if args.out:
        with open(args.out, 'w') as f:
            f.write(md)
    else:
        print(md)
    if args.json:
        with open(args.json, 'w') as f:
            json.dump({'projects': projects, 'files': [
                dict({k: v for k, v in r.items() if k != 'accesses'},
                     summary={k: (dict(v) if isinstance(v, Counter) else v)
                              for k, v in summarise_accesses(r.get('accesses', [])).items()},
                     accesses=[{k: a.get(k) for k in ('file', 'line', 'column', 'kernel', 'array', 'kind',
                                                     'status', 'reason', 'degree', 'block_dim_source')}
                               for a in r.get('accesses', [])])
                for r in rows]}, f, indent=1)


if __name__ == '__main__':
    main()

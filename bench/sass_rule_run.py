#!/usr/bin/env python3
"""bankcheck --widths=nvcc on every file of out/sass/list.json (bench/sass_list.py), each file's
plain accesses kept: the R.json of `bench/sass_widths.py DIR --report R.json`.

  bench/sass_rule_run.py BANKCHECK OUT.json [--widths nvcc] [--ptx-dir RESULTS] [--only REGEX] [-j 2]

--widths picks bankcheck's mode (nvcc: nvcc's PTX, then the ptxas rule; rule: the rule alone, what
bankcheck does without nvcc). --ptx-dir gives bankcheck the PTX that bench/sass_build.py kept beside
each SASS (RESULTS/NNNN.ptx, by RESULTS/index.json) with --ptx instead of running nvcc again: the
very PTX the SASS was built from, and minutes instead of an hour on two cores; files without one
there are left out (they have no SASS to compare with). --only keeps the files whose path matches
REGEX (a quick look at a few files; the numbers of docs/validation.md come from every file).

The PTX sass_build.py keeps is abridged (PTX_KEEP: the function headers, .file/.loc lines and the
shared instructions): it has no function bodies in braces, so bankcheck's PTX reader would give its
instructions to no kernel and use none of them. braced() gives each function its braces back (a
header opens one, the next header or the .file table closes it) and drops the braces left over
from lines cut out (the `}` of an inline-asm scope whose `{` line was not kept); the copies are
written to a temporary folder for the run.
"""
import argparse, concurrent.futures, json, os, re, subprocess, tempfile

ap = argparse.ArgumentParser()
ap.add_argument("bankcheck")
ap.add_argument("out")
ap.add_argument("--widths", default="nvcc")
ap.add_argument("--only")
ap.add_argument("--ptx-dir")
ap.add_argument("-j", type=int, default=2)
a = ap.parse_args()
BANKCHECK, OUT = os.path.abspath(a.bankcheck), os.path.abspath(a.out)
os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'out', 'sass'))
rows = [r for r in json.load(open('list.json')) if not a.only or re.search(a.only, r['file'])]
ptx = {}
if a.ptx_dir:
    for key, row in json.load(open(os.path.join(a.ptx_dir, 'index.json'))).items():
        if row['status'] == 'ok' and os.path.exists(os.path.join(a.ptx_dir, key + '.ptx')):
            ptx[row['file']] = os.path.abspath(os.path.join(a.ptx_dir, key + '.ptx'))
    rows = [r for r in rows if r['file'] in ptx]
HEADER = re.compile(r"^\s*(?:\.visible\s+|\.weak\s+)?\.(?:entry|func)\b")


def braced(text):
    out, inside = [], False
    for line in text.splitlines(keepends=True):
        header = bool(HEADER.match(line)) and not line.rstrip().endswith(";")
        if header or line.lstrip().startswith(".file"):
            if inside:
                out.append("}\n")
            inside = header
            out.append(line)
            if header:
                out.append("{\n")
            continue
        excess = line.count("}") - line.count("{")
        while excess > 0:
            k = line.rfind("}")
            line, excess = line[:k] + line[k + 1:], excess - 1
        out.append(line)
    if inside:
        out.append("}\n")
    return "".join(out)


if ptx:
    tmp = tempfile.mkdtemp(prefix="sass_rule_run.")
    for f, path in list(ptx.items()):
        ptx[f] = os.path.join(tmp, os.path.basename(path))
        with open(path, errors="replace") as src, open(ptx[f], "w") as dst:
            dst.write(braced(src.read()))


def one(r):
    cmd = [BANKCHECK, '--widths=' + a.widths, '--format=json', '--quiet', r['file']]
    if r['file'] in ptx:
        cmd.append('--ptx=' + ptx[r['file']])
    cmd += ['--'] + r['flags']
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        d = json.loads(p.stdout) if p.stdout.strip() else {}
    except Exception as e:
        d = {'error': str(e)}
    return {'file': r['file'], 'accesses': [{k: a.get(k) for k in ('file', 'line', 'kind', 'array', 'access_bytes', 'widths', 'instruction', 'status', 'degree')} for a in d.get('accesses', [])]}
with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
    res = list(ex.map(one, rows))
json.dump(res, open(OUT, 'w'))
print('done', len(res))

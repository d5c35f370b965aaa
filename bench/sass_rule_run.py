#!/usr/bin/env python3
"""bankcheck --widths=nvcc on every file of out/sass/list.json (bench/sass_list.py), each file's
plain accesses kept: the R.json of `bench/sass_widths.py DIR --report R.json`.

  bench/sass_rule_run.py BANKCHECK OUT.json [--widths nvcc] [--only REGEX] [-j 2]

--widths picks bankcheck's mode (nvcc: nvcc's PTX, then the ptxas rule; rule: the rule alone, what
bankcheck does without nvcc). --only keeps the files whose path matches REGEX (a quick look at a
few files; the numbers of docs/validation.md come from every file).
"""
import argparse, concurrent.futures, json, os, re, subprocess

ap = argparse.ArgumentParser()
ap.add_argument("bankcheck")
ap.add_argument("out")
ap.add_argument("--widths", default="nvcc")
ap.add_argument("--only")
ap.add_argument("-j", type=int, default=2)
a = ap.parse_args()
BANKCHECK, OUT = os.path.abspath(a.bankcheck), os.path.abspath(a.out)
os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'out', 'sass'))
rows = [r for r in json.load(open('list.json')) if not a.only or re.search(a.only, r['file'])]
def one(r):
    cmd = [BANKCHECK, '--widths=' + a.widths, '--format=json', '--quiet', r['file'], '--'] + r['flags']
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        d = json.loads(p.stdout) if p.stdout.strip() else {}
    except Exception as e:
        d = {'error': str(e)}
    return {'file': r['file'], 'accesses': [{k: a.get(k) for k in ('file', 'line', 'kind', 'access_bytes', 'widths', 'instruction', 'status')} for a in d.get('accesses', [])]}
with concurrent.futures.ThreadPoolExecutor(a.j) as ex:
    res = list(ex.map(one, rows))
json.dump(res, open(OUT, 'w'))
print('done', len(res))

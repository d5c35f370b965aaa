#!/usr/bin/env python3
"""bankcheck --widths=nvcc on every file of out/sass/list.json (bench/sass_list.py), each file's
plain accesses kept: the R.json of `bench/sass_widths.py DIR --report R.json`.

  bench/sass_rule_run.py BANKCHECK OUT.json
"""
import json, subprocess, os, sys, concurrent.futures
BANKCHECK, OUT = os.path.abspath(sys.argv[1]), sys.argv[2]
os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'out', 'sass'))
rows = json.load(open('list.json'))
def one(i_row):
    i, r = i_row
    cmd = [BANKCHECK, '--widths=nvcc', '--format=json', '--quiet', r['file'], '--'] + r['flags']
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        d = json.loads(p.stdout) if p.stdout.strip() else {}
    except Exception as e:
        d = {'error': str(e)}
    return {'file': r['file'], 'accesses': [{k: a.get(k) for k in ('file', 'line', 'kind', 'access_bytes', 'widths', 'instruction', 'status')} for a in d.get('accesses', [])]}
with concurrent.futures.ThreadPoolExecutor(2) as ex:
    res = list(ex.map(one, enumerate(rows)))
json.dump(res, open(OUT, 'w'))
print('done', len(res))

#!/usr/bin/env python3
"""GPU host: compile each corpus file of list.json to a cubin (nvcc -cubin -O3 -arch=sm_90 -lineinfo)
and to PTX, and keep, per file, only the lines that matter for shared widths: SASS line-info
comments and shared instructions (nvdisasm -g), PTX .file/.loc lines and .shared instructions."""
import json, os, re, subprocess, sys, concurrent.futures
lst, dest = sys.argv[1], sys.argv[2]
j = int(sys.argv[4]) if len(sys.argv) > 4 else 8
os.makedirs(dest, exist_ok=True)
rows = json.load(open(lst))
SASS_KEEP = re.compile(r"//## File|\b(LDS|STS|LDSM|STSM|ATOMS|LDGSTS|LD|ST|ATOM|RED)\b[.\w]*")
PTX_KEEP = re.compile(r"^\s*(\.file|\.loc|\.entry|\.visible|\.func)|\.shared|ldmatrix|stmatrix")
def one(i_row):
    i, row = i_row
    base = os.path.join(dest, "%04d" % i)
    lang = [] if row["file"].endswith(".cu") else ["-x", "cu"]
    flags = ["-O3", "-arch=sm_90", "-lineinfo", "-w"] + row["flags"] + lang
    r1 = subprocess.run(["nvcc", "-cubin"] + flags + [row["file"], "-o", base + ".cubin"], capture_output=True, text=True)
    if r1.returncode != 0:
        return i, "cubin failed: " + (r1.stderr.strip().split("\n") or ["?"])[0][:200]
    d = subprocess.run(["nvdisasm", "-g", "-c", base + ".cubin"], capture_output=True, text=True)
    with open(base + ".sass", "w") as f:
        f.write("".join(l + "\n" for l in d.stdout.split("\n") if SASS_KEEP.search(l)))
    os.remove(base + ".cubin")
    r2 = subprocess.run(["nvcc", "-ptx"] + flags + [row["file"], "-o", base + ".full.ptx"], capture_output=True, text=True)
    if r2.returncode == 0:
        with open(base + ".full.ptx", errors="replace") as src, open(base + ".ptx", "w") as f:
            f.write("".join(l for l in src if PTX_KEEP.search(l)))
        os.remove(base + ".full.ptx")
    return i, "ok" if d.returncode == 0 else "nvdisasm rc %d %s" % (d.returncode, d.stderr[:200])
with concurrent.futures.ThreadPoolExecutor(j) as ex:
    res = dict(ex.map(one, enumerate(rows)))
json.dump({"%04d" % i: {"file": rows[i]["file"], "status": res[i]} for i in res}, open(os.path.join(dest, "index.json"), "w"), indent=0)
print(sum(v == "ok" for v in res.values()), "of", len(res), "ok")

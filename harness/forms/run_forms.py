#!/usr/bin/env python3
# ===- run_forms.py - Build, disassemble and profile the form microkernels --===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""On the GPU host: nvcc, cuobjdump and ncu over forms.cu and wmma.cu.

  run_forms.py OUT_DIR        writes OUT_DIR/{forms,wmma}.sass, forms.csv,
                              wmma.csv, metrics.txt and measured.json

Metric names that this Nsight Compute does not know are dropped (and listed
in measured.json) instead of failing the run. Standard library only.
"""
import csv
import io
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CANDIDATES = [
    "smsp__sass_inst_executed_op_shared_ld.sum",
    "smsp__sass_inst_executed_op_shared_st.sum",
    "smsp__sass_inst_executed_op_shared_atom.sum",
    "smsp__sass_inst_executed_op_ldsm.sum",
    "smsp__sass_inst_executed_op_stsm.sum",
    "smsp__sass_inst_executed_op_ldgsts.sum",
    "smsp__sass_inst_executed_op_shared.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum",
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared.sum",
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_atom.sum",
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum",
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_stsm.sum",
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum",
    "smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared.sum",
    "smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldsm.sum",
    "smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_ldgsts.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_cmd_read.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_cmd_write.sum",
    "smsp__inst_executed_op_ldsm.sum",
    "smsp__inst_executed_op_ldgsts.sum",
    "smsp__inst_executed_op_shared_ld.sum",
    "smsp__inst_executed_op_shared_st.sum",
    "smsp__inst_executed_op_shared_atom.sum",
]


def sh(argv, log=None, timeout=None):
    t = time.time()
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
    out = p.stdout.decode("utf-8", "replace")
    if log:
        with open(log, "w") as f:
            f.write("$ " + " ".join(argv) + f"\n(exit {p.returncode}, {time.time() - t:.1f} s)\n" + out)
    return p.returncode, out


def discover(ncu, binary, args, out_dir):
    rc, listing = sh([ncu, "--query-metrics"], os.path.join(out_dir, "metrics.txt"))
    names = list(CANDIDATES)
    for line in listing.splitlines():
        base = line.split()[0] if line.split() else ""
        if re.search(r"(ldsm|stsm|ldgsts|mem_shared)", base) and re.search(r"(wavefront|inst_executed|conflict)", base):
            if base + ".sum" not in names:
                names.append(base + ".sum")
    dropped = []
    for _ in range(len(names)):
        rc, out = sh([ncu, "--clock-control", "none", "--launch-count", "1", "--metrics", ",".join(names),
                      "--csv", binary] + args, timeout=300)
        bad = set(re.findall(r"[Ff]ailed to find metric[s]?\s*:?\s*'?([A-Za-z0-9_.]+)", out))
        bad |= set(re.findall(r"[Ii]nvalid metric[s]?\s*:?\s*'?([A-Za-z0-9_.]+)", out))
        bad &= set(names)
        if not bad:
            return names, dropped, out
        for b in bad:
            names.remove(b)
            dropped.append(b)
    return names, dropped, out


def parse(text):
    """{launch id: {"kernel": name, metric: value}} from ncu --csv."""
    lines = [l for l in text.splitlines() if l.startswith('"')]
    rows = list(csv.reader(io.StringIO("\n".join(lines))))
    if not rows:
        return {}
    h = rows[0]
    try:
        i_id, i_k, i_m, i_v = h.index("ID"), h.index("Kernel Name"), h.index("Metric Name"), h.index("Metric Value")
    except ValueError:
        return {}
    res = {}
    for r in rows[1:]:
        if len(r) != len(h):
            continue
        v = r[i_v].replace(",", "")
        try:
            v = float(v)
        except ValueError:
            continue
        slot = res.setdefault(int(r[i_id]), {"kernel": r[i_k]})
        slot[r[i_m]] = v
    return res


def environment(ncu):
    """The profiler's version and the GPU's name and driver, for a measurement's record."""
    return {"ncu": sh([ncu, "--version"])[1].strip().splitlines()[-1],
            "driver": sh(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"])[1].strip()}


def main():
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    ncu = os.environ.get("NCU", "ncu")
    sh([sys.executable, os.path.join(HERE, "gen_patterns.py"), os.path.join(out_dir, "patterns")])
    for name, extra in (("forms", []), ("wmma", ["-std=c++17"])):
        rc, out = sh(["nvcc", "-O3", "-arch=sm_90", "-lineinfo"] + extra + ["-o", os.path.join(out_dir, name),
                      os.path.join(HERE, name + ".cu")], os.path.join(out_dir, name + ".nvcc.log"))
        if rc:
            print(out[-3000:])
            return 2
        rc, sass = sh(["cuobjdump", "--dump-sass", os.path.join(out_dir, name)])
        with open(os.path.join(out_dir, name + ".sass"), "w") as f:
            f.write(sass)
        os.remove(os.path.join(out_dir, name))  # keep $OUT small: rebuilt below for the runs
    binary = "/tmp/forms_bin"
    sh(["nvcc", "-O3", "-arch=sm_90", "-lineinfo", "-o", binary, os.path.join(HERE, "forms.cu")])
    sh(["nvcc", "-O3", "-arch=sm_90", "-lineinfo", "-std=c++17", "-o", "/tmp/wmma_bin", os.path.join(HERE, "wmma.cu")])
    pats = os.path.join(out_dir, "patterns.txt")
    names, dropped, probe = discover(ncu, binary, [pats], out_dir)
    print(f"{len(names)} metrics, dropped {dropped}")
    t0 = time.time()
    total = int(open(pats).readline())
    forms, chunk, results = "", 120, {}
    budget = float(os.environ.get("FORMS_BUDGET_S", "420"))
    for skip in range(0, total, chunk):
        if time.time() - t0 > budget:
            print(f"forms: stopped at launch {skip} of {total} (time budget)")
            break
        t = time.time()
        rc, part = sh([ncu, "--clock-control", "none", "--print-units", "base", "--metrics", ",".join(names),
                       "--launch-skip", str(skip), "--launch-count", str(chunk), "--csv", binary, pats],
                      os.path.join(out_dir, f"forms.{skip}.log"), timeout=400)
        # Whether ncu numbers launches from 0 in each run or not, the k-th
        # profiled launch of this run is pattern skip + k.
        got = parse(part)
        for k, key in enumerate(sorted(got)):
            results[skip + k] = got[key]
        forms += f"# launches from {skip}\n" + part
        print(f"forms {skip}..{skip + chunk}: ncu exit {rc}, {time.time() - t:.0f} s", flush=True)
    with open(os.path.join(out_dir, "forms.csv"), "w") as f:
        f.write(forms)
    rc2, wm = sh([ncu, "--clock-control", "none", "--print-units", "base", "--metrics", ",".join(names),
                  "--csv", "/tmp/wmma_bin"], os.path.join(out_dir, "wmma.log"), timeout=300)
    with open(os.path.join(out_dir, "wmma.csv"), "w") as f:
        f.write(wm)
    measured = {"metrics": names, "dropped": dropped, "forms": results, "wmma": parse(wm),
                "date": time.strftime("%Y-%m-%d"), **environment(ncu)}
    with open(os.path.join(out_dir, "measured.json"), "w") as f:
        json.dump(measured, f, indent=0)
    print(f"measured {len(measured['forms'])} form launches, {len(measured['wmma'])} wmma launches")
    return 0


if __name__ == "__main__":
    sys.exit(main())

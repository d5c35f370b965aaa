#!/usr/bin/env python3
# ===- run_wmma_layouts.py - Fragment maps, SASS and wavefronts of wmma.cu -===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""On the GPU host: build wmma_layouts.cu, run its map kernels, disassemble it
and count the wavefronts of its measure kernels.

  run_wmma_layouts.py OUT_DIR   writes OUT_DIR/maps.jsonl (one map per line),
                                wmma_layouts.sass, measure.csv and
                                measured.json ({kernel: {metric: value}})

Metric names this Nsight Compute does not know are dropped (and listed in
measured.json). Standard library only.
"""
import json
import re
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from run_forms import environment, parse, sh  # noqa: E402

METRICS = [
    "smsp__sass_inst_executed_op_shared_ld.sum",
    "smsp__sass_inst_executed_op_shared_st.sum",
    "smsp__sass_inst_executed_op_generic_ld.sum",
    "smsp__sass_inst_executed_op_generic_st.sum",
    "smsp__sass_inst_executed_op_ldsm.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
]


def main():
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    ncu = os.environ.get("NCU", "ncu")
    binary = "/tmp/wmma_layouts_bin"
    rc, out = sh(["nvcc", "-O3", "-arch=sm_90", "-lineinfo", "-std=c++17", "-o", binary,
                  os.path.join(HERE, "wmma_layouts.cu")], os.path.join(out_dir, "nvcc.log"))
    if rc:
        print(out[-3000:])
        return 2
    rc, sass = sh(["cuobjdump", "--dump-sass", binary])
    with open(os.path.join(out_dir, "wmma_layouts.sass"), "w") as f:
        f.write(sass)
    p = os.popen(binary)
    maps = p.read()
    status = p.close()
    with open(os.path.join(out_dir, "maps.jsonl"), "w") as f:
        f.write(maps)
    print(f"maps: {len(maps.splitlines())} lines, exit {status}")
    names = list(METRICS)
    dropped = []
    t = time.time()
    for _ in range(len(names)):
        rc, csv = sh([ncu, "--clock-control", "none", "--print-units", "base", "--kernel-name", "regex:^m_",
                      "--metrics", ",".join(names), "--csv", binary], os.path.join(out_dir, "ncu.log"), timeout=500)

        bad = set(re.findall(r"[Ff]ailed to find metric[s]?\s*:?\s*'?([A-Za-z0-9_.]+)", csv))
        bad |= set(re.findall(r"[Ii]nvalid metric[s]?\s*:?\s*'?([A-Za-z0-9_.]+)", csv))
        bad &= set(names)
        if not bad:
            break
        for b in bad:
            names.remove(b)
            dropped.append(b)
    with open(os.path.join(out_dir, "measure.csv"), "w") as f:
        f.write(csv)
    got = parse(csv)
    measured = {"metrics": names, "dropped": dropped,
                "kernels": {v["kernel"].split("(")[0]: {k: x for k, x in v.items() if k != "kernel"}
                            for _, v in sorted(got.items())},
                "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), **environment(ncu),
                "command": "nvcc -O3 -arch=sm_90 -lineinfo -std=c++17 wmma_layouts.cu; ncu --clock-control none "
                           "--kernel-name regex:^m_ --metrics ..."}
    with open(os.path.join(out_dir, "measured.json"), "w") as f:
        json.dump(measured, f, indent=1)
    print(f"measured {len(measured['kernels'])} kernels in {time.time() - t:.0f} s, dropped {dropped}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

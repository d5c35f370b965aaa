# ===- micro.py - Microkernel mode: measure and compare --------------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""measure (GPU host: build, disassemble, profile the microkernels) and
compare (predicted against measured wavefronts per instruction)."""

import os
import sys

from .common import (EXIT_DISAGREE, EXIT_NO_COUNTERS, EXIT_OK, VERSION, HarnessError,
                     counter_problem, find_tool, format_table, load_json, number_text, run_tool,
                     tail, where, write_json)
from .metrics import METRICS, metric_names
from .ncu_csv import parse_ncu_metrics
from .sass import check_replay_sass, parse_sass_dump


def measure(out_dir, arch=None):
    """Build, disassemble and profile DIR/kernels.cu; write DIR/measured.json."""
    manifest = load_json(os.path.join(out_dir, "manifest.json"))
    arch = arch or manifest.get("arch") or "sm_90"
    measured = {"tool": "bankcheck-gpu", "version": VERSION, "arch": arch,
                "csv": "ncu.csv", "sass": "sass.txt", "kernels": {}}
    stale = os.path.join(out_dir, "measured.json")
    if os.path.exists(stale):
        os.remove(stale)  # a failed run must not leave an older measurement to compare
    if not manifest.get("accesses"):
        print("bankcheck-gpu: nothing to measure (every access was skipped)")
        write_json(os.path.join(out_dir, "measured.json"), measured)
        return measured
    ncu = find_tool("ncu", "NCU")
    if not ncu:
        raise HarnessError("ncu (Nsight Compute) not found: set NCU or put it on PATH; "
                           "nothing was measured", EXIT_NO_COUNTERS)
    nvcc = find_tool("nvcc", "NVCC")
    cuobjdump = find_tool("cuobjdump", "CUOBJDUMP")
    if not nvcc or not cuobjdump:
        raise HarnessError("nvcc or cuobjdump not found: set NVCC / CUOBJDUMP or CUDA_HOME")
    source = os.path.join(out_dir, manifest.get("source", "kernels.cu"))
    binary = os.path.join(out_dir, "bench")
    rc, out, err = run_tool([nvcc, "-O3", f"-arch={arch}", "-lineinfo", "-o", binary, source],
                            os.path.join(out_dir, "nvcc.log"))
    if rc != 0:
        raise HarnessError(f"nvcc failed (see {out_dir}/nvcc.log):\n{tail(out + err)}")
    rc, out, err = run_tool([cuobjdump, "--dump-sass", binary])
    if rc != 0:
        raise HarnessError(f"cuobjdump failed:\n{tail(out + err)}")
    with open(os.path.join(out_dir, "sass.txt"), "w", encoding="utf-8") as f:
        f.write(out)
    argv = [ncu, "--clock-control", "none", "--print-units", "base",
            "--metrics", ",".join(metric_names()), "--csv", binary]
    rc, out, err = run_tool(argv)
    with open(os.path.join(out_dir, "ncu.csv"), "w", encoding="utf-8") as f:
        f.write(out)
    with open(os.path.join(out_dir, "ncu.log"), "w", encoding="utf-8") as f:
        f.write("$ " + " ".join(argv) + f"\n(exit {rc})\n" + err)
    problem = counter_problem(out + err)
    if problem:
        raise HarnessError(problem + " Nothing was measured.", EXIT_NO_COUNTERS)
    kernels = parse_ncu_metrics(out)
    if not kernels:
        raise HarnessError(f"ncu gave no metrics (exit {rc}); its output ends with:\n{tail(out + err)}")
    if rc != 0:
        print(f"bankcheck-gpu: warning: ncu exited with {rc}; kernels without counters will show as "
              f"not-measured (see {out_dir}/ncu.csv)", file=sys.stderr)
    measured["kernels"] = kernels
    measured["ncu"] = ncu
    write_json(os.path.join(out_dir, "measured.json"), measured)
    print(f"bankcheck-gpu: measured {len(kernels)} microkernels -> {out_dir}/measured.json")
    return measured


# ===========================================================================
# compare, microkernel mode
# ===========================================================================

def compare_microkernels(manifest, measured, sass_text):
    """One row per replayed access. verdict: agree | disagree | bad-replay
    (the SASS does not hold exactly one instruction of the intended width, or
    not exactly one was executed) | not-measured."""
    functions = parse_sass_dump(sass_text) if sass_text is not None else None
    rows = []
    for entry in manifest.get("accesses", []):
        kind, kernel = entry["kind"], entry["kernel"]
        row = {k: entry.get(k) for k in ("index", "kernel", "file", "line", "column", "source_kernel",
                                         "array", "kind", "access_bytes", "status",
                                         "wavefronts_worst", "ideal_wavefronts", "expected_sass")}
        row["variant"] = entry.get("variant", "as-written")
        counts = measured.get("kernels", {}).get(kernel)
        inst = wf = None
        if counts is not None:
            inst = counts.get(METRICS[(kind, "instructions")])
            wf = counts.get(METRICS[(kind, "wavefronts")])
            row["measured_conflicts"] = counts.get(METRICS[(kind, "conflicts")])
        row["measured_instructions"] = inst
        row["measured_wavefronts"] = wf
        row["measured_per_instruction"] = (wf / inst) if inst and wf is not None else None
        if functions is None:
            row["sass"], sass_ok = None, False
        else:
            sass_ok, found = check_replay_sass(functions.get(kernel, []), kind, entry["access_bytes"])
            row["sass"] = found
        row["sass_ok"] = sass_ok
        per = row["measured_per_instruction"]
        if per is None:
            row["verdict"] = "not-measured"
        elif not sass_ok or inst != 1:
            row["verdict"] = "bad-replay"
        elif per == entry.get("wavefronts_worst"):
            row["verdict"] = "agree"
        else:
            row["verdict"] = "disagree"
        rows.append(row)
    return rows


def microkernel_summary(rows, skipped):
    agree = sum(r["verdict"] == "agree" for r in rows)
    table = format_table(
        ["kernel", "where", "kind", "B", "predicted", "measured", "sass", "verdict"],
        [[r["kernel"], where(r) + (" (after fix)" if r.get("variant") == "after-fix" else ""),
          r["kind"], r["access_bytes"], number_text(r["wavefronts_worst"]),
          number_text(r["measured_per_instruction"]),
          ",".join(r["sass"]) if r["sass"] else "-", r["verdict"]] for r in rows])
    text = [table, ""]
    rate = agree / len(rows) if rows else None
    text.append(f"agreement: {agree}/{len(rows)}" + (f" ({100 * rate:.1f}%)" if rows else ""))
    for s in skipped:
        text.append(f"skipped: access {s['index']} at {where(s)} ({s.get('kind')}): {s['reason']}")
    return "\n".join(text), agree, rate


def compare_dir(out_dir):
    """Microkernel compare: print the table, write DIR/compare.json."""
    manifest = load_json(os.path.join(out_dir, "manifest.json"))
    measured_path = os.path.join(out_dir, "measured.json")
    if not os.path.exists(measured_path):
        raise HarnessError(f"{measured_path} is missing: run measure on the GPU host first")
    measured = load_json(measured_path)
    sass_path = os.path.join(out_dir, measured.get("sass", "sass.txt"))
    sass_text = None
    if os.path.exists(sass_path):
        with open(sass_path, encoding="utf-8") as f:
            sass_text = f.read()
    rows = compare_microkernels(manifest, measured, sass_text)
    text, agree, rate = microkernel_summary(rows, manifest.get("skipped", []))
    print(text)
    failed = [r for r in rows if r["verdict"] != "agree"]
    write_json(os.path.join(out_dir, "compare.json"),
               {"tool": "bankcheck-gpu", "mode": "microkernel", "arch": measured.get("arch"),
                "compared": len(rows), "agree": agree, "agreement_rate": rate,
                "failures": len(failed), "rows": rows, "skipped": manifest.get("skipped", [])})
    return EXIT_DISAGREE if failed else EXIT_OK

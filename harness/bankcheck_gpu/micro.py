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
from .instructions import DEFAULT_FORM, FORMS
from .metrics import counters_for, metric_names
from .ncu_csv import parse_ncu_metrics
from .sass import check_replay_sass, parse_sass_dump


def unavailable_metrics(kernels, names):
    """The requested metrics that have no value in any launch's rows. ncu
    prints no error for a name it does not know (Nsight Compute 2025.3.1):
    the metric is simply missing from the CSV, so a misspelling in the table
    shows only here."""
    return [n for n in names if not any(n in counts for counts in kernels.values())]


def run_metrics(ncu, binary, out_dir):
    """ncu --metrics over the whole table, in one run. Returns ({kernel:
    {metric: value}}, the names requested, the names that had no value)."""
    names = metric_names()
    argv = [ncu, "--clock-control", "none", "--print-units", "base",
            "--metrics", ",".join(names), "--csv", binary]
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
    missing = unavailable_metrics(kernels, names)
    if missing:
        print(f"bankcheck-gpu: warning: no launch has a value for {', '.join(missing)}: this ncu or GPU "
              f"does not know the name (ncu says nothing of it); the forms it measures will show as "
              f"not-measured (check the name in metrics.py against ncu --query-metrics)", file=sys.stderr)
    return kernels, names, missing


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
    kernels, names, missing = run_metrics(ncu, binary, out_dir)
    measured.update({"kernels": kernels, "ncu": ncu, "metrics": names, "unavailable_metrics": missing})
    write_json(os.path.join(out_dir, "measured.json"), measured)
    print(f"bankcheck-gpu: measured {len(kernels)} microkernels -> {out_dir}/measured.json")
    return measured


# ===========================================================================
# compare, microkernel mode
# ===========================================================================

def entry_form(entry):
    """The form of a manifest entry (an older manifest has only the kind)."""
    return FORMS[entry.get("instruction") or DEFAULT_FORM[entry["kind"]]]


def compare_microkernels(manifest, measured, sass_text):
    """One row per replayed access. verdict: agree | disagree | bad-replay
    (the SASS does not hold exactly one instruction of the intended form and
    width, or not exactly one was executed) | not-measured.

    Each form is read on its own counters (metrics.py): LDS/STS on op_ld/op_st,
    atomics on op_atom, LDSM on op_ldsm, STSM on op_stsm, LDGSTS on op_ldgsts.
    A counter that measured.json lists as unavailable (no value in any launch)
    leaves its forms not-measured, and their rows name it. The compared number
    is wavefronts per instruction; for the CAS loop of a float atomicAdd (a
    loop of ATOMS.CAST.SPIN) it is the wavefronts of the whole loop, and the
    loop may run more than once.
    """
    functions = parse_sass_dump(sass_text) if sass_text is not None else None
    unavailable = set(measured.get("unavailable_metrics") or ())
    rows = []
    for entry in manifest.get("accesses", []):
        kernel, form = entry["kernel"], entry_form(entry)
        group = entry.get("counters") or form.counters
        row = {k: entry.get(k) for k in ("index", "kernel", "file", "line", "column", "source_kernel",
                                         "array", "kind", "access_bytes", "status",
                                         "wavefronts_worst", "ideal_wavefronts", "expected_sass")}
        row["instruction"] = form.name
        if entry.get("cache"):
            row["cache"] = entry["cache"]
        row["variant"] = entry.get("variant", "as-written")
        row["counters"] = group
        counts = measured.get("kernels", {}).get(kernel)
        names = counters_for(group)
        missing = [n for n in names.values() if n and n in unavailable]
        if missing:
            row["unavailable_metrics"] = missing
        inst = wf = None
        if counts is not None:
            inst = counts.get(names["instructions"]) if names["instructions"] else None
            wf = counts.get(names["wavefronts"]) if names["wavefronts"] else None
            row["measured_conflicts"] = counts.get(names["conflicts"]) if names["conflicts"] else None
        row["measured_instructions"] = inst
        row["measured_wavefronts"] = wf
        row["measured_per_instruction"] = (wf / inst) if inst and wf is not None else None
        row["measured"] = wf if form.loop and inst else row["measured_per_instruction"]
        if functions is None:
            row["sass"], sass_ok = None, False
        else:
            sass_ok, found = check_replay_sass(functions.get(kernel, []), form.kind, entry["access_bytes"],
                                               form.name, entry.get("cache"))
            row["sass"] = found
        row["sass_ok"] = sass_ok
        value = row["measured"]
        if value is None:
            row["verdict"] = "not-measured"
        elif not sass_ok or (inst != 1 and not form.loop):
            row["verdict"] = "bad-replay"
        elif value == entry.get("wavefronts_worst"):
            row["verdict"] = "agree"
        else:
            row["verdict"] = "disagree"
        rows.append(row)
    return rows


def microkernel_summary(rows, skipped, unavailable=()):
    agree = sum(r["verdict"] == "agree" for r in rows)
    table = format_table(
        ["kernel", "where", "kind", "instruction", "B", "predicted", "measured", "sass", "verdict"],
        [[r["kernel"], where(r) + (" (after fix)" if r.get("variant") == "after-fix" else ""),
          r["kind"], r["instruction"] + (f".{r['cache']}" if r.get("cache") else ""), r["access_bytes"],
          number_text(r["wavefronts_worst"]), number_text(r.get("measured")),
          ",".join(r["sass"]) if r["sass"] else "-", r["verdict"]] for r in rows])
    text = [table, ""]
    rate = agree / len(rows) if rows else None
    text.append(f"agreement: {agree}/{len(rows)}" + (f" ({100 * rate:.1f}%)" if rows else ""))
    for s in skipped:
        text.append(f"skipped: access {s['index']} at {where(s)} ({s.get('kind')}): {s['reason']}")
    for name in unavailable:
        kernels = [r["kernel"] for r in rows if name in r.get("unavailable_metrics", ())]
        text.append(f"unavailable metric: {name} (no value in any launch)"
                    + (f"; not measured: {', '.join(kernels)}" if kernels else ""))
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
    unavailable = measured.get("unavailable_metrics") or []
    text, agree, rate = microkernel_summary(rows, manifest.get("skipped", []), unavailable)
    print(text)
    failed = [r for r in rows if r["verdict"] != "agree"]
    write_json(os.path.join(out_dir, "compare.json"),
               {"tool": "bankcheck-gpu", "mode": "microkernel", "arch": measured.get("arch"),
                "compared": len(rows), "agree": agree, "agreement_rate": rate,
                "failures": len(failed), "unavailable_metrics": unavailable, "rows": rows,
                "skipped": manifest.get("skipped", [])})
    return EXIT_DISAGREE if failed else EXIT_OK

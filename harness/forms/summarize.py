#!/usr/bin/env python3
# ===- summarize.py - Compact record of a forms run, for the unit tests ----===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""summarize.py RUN_DIR OUT.json [--skip-from N] [--patterns PREFIX --csv NCU.csv --date D]

Joins RUN_DIR/patterns.json and RUN_DIR/measured.json (run_forms.py) into one
record per measured pattern: the form as the bank model names it, the bytes
per address, the lanes, the source layout, and the measured instructions and
wavefronts of the instruction's own counters. test/unit/BankModel/
InstructionFormsTest.cpp replays every record through the model.
"""
import json
import math
import re
import sys

# microkernel -> (form in InstructionForms.h, counters that are its own)
LD, ST, AT = "ld", "st", "at"
COUNTERS = {
    "ld": ("smsp__sass_inst_executed_op_shared_ld.sum", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"),
    "st": ("smsp__sass_inst_executed_op_shared_st.sum", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"),
    "at": ("smsp__sass_inst_executed_op_shared_atom.sum", "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum"),
    "ldsm": ("smsp__sass_inst_executed_op_ldsm.sum", "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum"),
    "stsm": ("smsp__sass_inst_executed_op_shared_stsm.sum", "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_stsm.sum"),
    "ldgsts": ("smsp__sass_inst_executed_op_ldgsts.sum", "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum"),
}


def form_of(kernel):
    """(form, counter groups) of a microkernel of forms.cu."""
    if kernel.startswith("lds_"):
        return "LDS", ["ld"]
    if kernel.startswith("sts_"):
        return "STS", ["st"]
    if kernel in ("atom_add_u64", "atom_add_f32", "cxx_atomicadd_float"):
        return "ATOMS.CAST.SPIN", ["ld", "at"]  # the compiler's CAS loop: LDS + ATOMS.CAST.SPIN
    if kernel.startswith("atom_cas"):
        return "ATOMS.CAS", ["at"]
    if kernel.startswith(("atom_", "red_", "cxx_atomicadd")):
        return "ATOMS", ["at"]
    m = re.match(r"(ld|st)sm_x(\d)", kernel)
    if m:
        return ("LDSM" if m.group(1) == "ld" else "STSM") + ".x" + m.group(2), [m.group(1) + "sm"]
    if kernel.startswith("ldgsts"):
        return "LDGSTS", ["ldgsts"]
    raise ValueError(kernel)


def source_lanes(mode, width, lanes):
    """Each lane's global source byte for forms.cu's srcmode (None: inactive)."""
    out = []
    for l, o in enumerate(lanes):
        if o is None or o < 0:
            out.append(None)
            continue
        out.append([l * width, o, l * 128, l * width + 16, l * width + 64,
                    (l // 8) * 2048 + (l % 8) * width, (l // 8) * 2048 + (l % 8) * width + 64][mode])
    return out


def number(v):
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return 0
    return int(v)


def main(argv):
    run, out = argv[1], argv[2]
    skip_from = int(argv[argv.index("--skip-from") + 1]) if "--skip-from" in argv else None
    prefix = argv[argv.index("--patterns") + 1] if "--patterns" in argv else f"{run}/patterns"
    doc_pats = json.load(open(prefix + ".json"))
    pats = doc_pats["patterns"]
    meas_sources = doc_pats.get("sources")
    if "--csv" in argv:  # a plain ncu --csv run (per-launch rows) instead of measured.json
        import run_forms
        meas = {"forms": {str(k): v for k, v in run_forms.parse(open(argv[argv.index("--csv") + 1]).read()).items()},
                "date": argv[argv.index("--date") + 1] if "--date" in argv else None}
    else:
        meas = json.load(open(f"{run}/measured.json"))
    records = []
    for p in pats:
        r = meas["forms"].get(str(p["index"]))
        if r is None or (skip_from is not None and p["index"] >= skip_from):
            continue
        form, groups = form_of(p["form"])
        inst = sum(number(r.get(COUNTERS[g][0])) for g in groups)
        wave = sum(number(r.get(COUNTERS[g][1])) for g in groups)
        sources = meas_sources or ["contiguous", "as-destination", "stride-128"]
        rec_extra = {}
        if form == "LDGSTS":
            rec_extra["source_lanes"] = source_lanes(p["source"], p["bytes"], p["lanes"])
            rec_extra["cache"] = "cg" if "cg" in p["kernel" if "kernel" in p else "form"] else "ca"
        records.append({"kernel": p["form"], "pattern": p["pattern"], "form": form, "bytes": p["bytes"],
                        **rec_extra,
                        "source": sources[p["source"]],
                        "lanes": [o if o >= 0 else None for o in p["lanes"]],
                        "instructions": inst, "wavefronts": wave})
    doc = {"what": "one warp instruction per launch (harness/forms/forms.cu), per-launch counters",
           "date": meas.get("date"), "ncu": meas.get("ncu"), "gpu": meas.get("driver"),
           "command": "python3 harness/forms/run_forms.py OUT && python3 harness/forms/summarize.py OUT FILE",
           "records": records}
    with open(out, "w") as f:
        json.dump(doc, f, indent=None, separators=(",", ":"))
        f.write("\n")
    print(f"{len(records)} records -> {out}")


if __name__ == "__main__":
    main(sys.argv)

# ===- codegen.py - Report accesses to CUDA microkernels -------------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""emit: one microkernel per access of a bankcheck report, the manifest,
measure.sh and a self-contained copy of the tool."""

import os
import shutil

from .common import VERSION, HarnessError, load_json, where, write_json
from .instructions import CACHE_MODES, FORMS, access_form, arch_number
from .kernels import ptx_instruction, render_kernel
from .sass import SASS_SUFFIX

WARP_SIZE = 32
BANK_PERIOD = 128        # 32 banks x 4 bytes: shifting every lane by this keeps banks and words
MAX_STATIC_SHARED = 48 * 1024
IO_BYTES = WARP_SIZE * 16  # per-lane input/output slots: four 32-bit words


# ---------------------------------------------------------------------------
# The SASS each form's replay must compile to (what compare's SASS check
# accepts, sass.check_replay_sass, shown in the manifest). LDS/STS widths from
# the opcode suffix: ld.shared.u8 gives LDS.U8 (a signed type .S8, the same
# width). LDSM/STSM .x1 prints no count. LDGSTS: .BYPASS for cp.async.cg, the
# width from .64/.128, none for 4 bytes.
# ---------------------------------------------------------------------------
def expected_sass(instruction, width, cache=None):
    """The SASS opcode(s) a replay of this form and width should compile to."""
    form = FORMS[instruction]
    wide = ".64" if width == 8 else ""
    if form.family in ("LDS", "STS"):
        return form.family + SASS_SUFFIX[width]
    if form.name == "ATOMS":
        return "ATOMS.ADD" + wide
    if form.name in ("ATOMS.CAS", "ATOMS.POPC.INC"):
        return form.name + wide
    if form.name == "ATOMS.CAST.SPIN":
        return "LDS + ATOMS.CAST.SPIN"
    if form.family in ("LDSM", "STSM"):
        return (f"{form.family}.16." + ("MT88" if form.trans else "M88") +
                ("" if form.matrices == 1 else f".{form.matrices}"))
    return "LDGSTS.E" + (".BYPASS" if cache == "cg" else "") + {4: "", 8: ".64", 16: ".128"}[width]


def round_up(value, multiple):
    return (value + multiple - 1) // multiple * multiple


def matrix_lanes(lanes, address_lanes, active):
    """LDSM/STSM run on every lane (.aligned): a lane without an address takes
    the address of lane 0 of its matrix group (lanes 8i..8i+7), or of the first
    address-giving lane when that one has none. Addresses of lanes past the
    form's address lanes are not used by the hardware. Returns (offsets,
    lanes inside the address lanes that had none)."""
    filled, missing = [], []
    for lane in range(WARP_SIZE):
        offset = lanes[lane] if lane < address_lanes else None
        if offset is None:
            if lane < address_lanes:
                missing.append(lane)
            first = 8 * (lane // 8)
            offset = lanes[first] if first < address_lanes and lanes[first] is not None else active[0]
        filled.append(offset)
    return filled, missing


def plan_replay(index, access, arch=None):
    """Decide how to replay one report access.

    Returns (entry, None) for a replayable access or (None, reason) when it is
    skipped. Offsets are rebased by a multiple of 128 bytes so the buffer stays
    small; that keeps every lane's bank and word identity (and 16-byte
    alignment), so the wavefront count is unchanged. With arch, forms newer
    than it are skipped (stmatrix needs sm_90, cp.async sm_80, ldmatrix sm_75).
    """
    worst = access.get("worst")
    if not worst:
        return None, "no worst-case warp instance in the report"
    lanes = worst.get("lanes")
    if not isinstance(lanes, list) or len(lanes) != WARP_SIZE:
        return None, "worst.lanes does not hold 32 entries"
    if any(o is not None and (isinstance(o, bool) or not isinstance(o, int)) for o in lanes):
        return None, "worst.lanes holds a non-integer offset"
    if not isinstance(access.get("wavefronts_worst"), int):
        return None, "no predicted wavefront count (wavefronts_worst) to compare with"
    form, reason = access_form(access)
    if form is None:
        return None, reason
    width = access.get("access_bytes")
    if width not in form.widths:
        return None, (f"unsupported access width {width!r} for {form.name} "
                      f"(it replays {'/'.join(map(str, form.widths))} bytes per address)")
    cache = None
    if form.family == "LDGSTS":
        cache = access.get("cache") or "ca"
        if cache not in CACHE_MODES:
            return None, f"unknown cp.async cache mode {cache!r} (ca or cg)"
        if cache == "cg" and width != 16:
            return None, f"cp.async.cg copies 16 bytes only (access is {width} bytes)"
    sm = arch_number(arch)
    if sm is not None and sm < form.min_sm:
        return None, f"{form.name} needs sm_{form.min_sm} or later (emitting for {arch})"
    active = [o for o in lanes[:form.address_lanes] if o is not None]
    if not active:
        return None, "no active lane in the worst warp instance"
    misaligned = sorted({o for o in active if o % width})
    if misaligned:
        return None, f"offset {misaligned[0]} is not a multiple of the {width}-byte access width"
    missing = []
    if form.family in ("LDSM", "STSM"):
        lanes_used, missing = matrix_lanes(lanes, form.address_lanes, active)
    else:
        lanes_used = lanes
    base = min(active) // BANK_PERIOD * BANK_PERIOD
    offsets = [-1 if o is None else o - base for o in lanes_used]
    buffer_bytes = round_up(max(offsets) + 16, BANK_PERIOD)
    if buffer_bytes > MAX_STATIC_SHARED:
        return None, (f"the lanes span {buffer_bytes} bytes, over the "
                      f"{MAX_STATIC_SHARED}-byte static shared memory limit")
    entry = {
        "index": index,
        "kernel": f"k{index}",
        "file": access.get("file"),
        "line": access.get("line"),
        "column": access.get("column"),
        "source_kernel": access.get("kernel"),
        "array": access.get("array"),
        "element_type": access.get("element_type"),
        "kind": form.kind,
        "instruction": form.name,
        "access_bytes": width,
        "counters": form.counters,
        "status": access.get("status"),
        "wavefronts_worst": access.get("wavefronts_worst"),
        "ideal_wavefronts": access.get("ideal_wavefronts"),
        "degree": access.get("degree"),
        "lanes": lanes,
        "base_offset": base,
        "offsets": offsets,
        "buffer_bytes": buffer_bytes,
    }
    if cache:
        entry["cache"] = cache
    entry["replay_type"] = ptx_instruction(entry)
    entry["expected_sass"] = expected_sass(form.name, width, cache)
    if missing:
        entry["filled_lanes"] = missing
    return entry, None


def kernel_comment(entry):
    what = entry["instruction"] + (f".{entry['cache']}" if entry.get("cache") else "")
    return (f"// {entry['kernel']}: {where(entry)} {entry.get('source_kernel') or '?'}: {what} "
            f"({entry['kind']}) of {entry.get('array') or '?'}, {entry['access_bytes']} bytes/address; "
            f"bankcheck predicts {entry.get('wavefronts_worst')} wavefronts (ideal "
            f"{entry.get('ideal_wavefronts')}), {entry.get('status')}")


CU_PROLOGUE = """\
// Generated by bankcheck-gpu {version} from {report}. Do not edit.
// One microkernel per replayed access: one warp (<<<1, 32>>>) and one shared
// memory instruction, of the access's form and width (inline PTX), at the
// offsets bankcheck gave for its worst warp instance, read from a global table
// so nothing is folded. No other shared-memory instruction is in a kernel.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                         \\
  do {{                                                                      \\
    cudaError_t err_ = (call);                                              \\
    if (err_ != cudaSuccess) {{                                              \\
      std::fprintf(stderr, "bankcheck-gpu: %s: %s\\n", #call,                \\
                   cudaGetErrorString(err_));                               \\
      std::exit(1);                                                         \\
    }}                                                                       \\
  }} while (0)
"""


def render_cu(entries, report_name):
    """The whole .cu file; fills entry['cu_line'] (1-based) for each kernel."""
    out = CU_PROLOGUE.format(version=VERSION, report=report_name).splitlines()
    for entry in entries:
        out.append("")
        lines, access_line = render_kernel(entry, kernel_comment(entry))
        entry["cu_line"] = len(out) + access_line + 1
        out += lines
    out += ["", f"static const int kNumKernels = {len(entries)};"]
    if entries:
        out.append(f"static const int kOffsets[{len(entries)}][32] = {{")
        for entry in entries:
            out.append("  {" + ", ".join(str(o) for o in entry["offsets"]) + "},  // " + entry["kernel"])
        out.append("};")
    out += ["", "int main() {"]
    if entries:
        out += ["  int *offsets = nullptr;",
                "  void *in = nullptr, *out = nullptr;",
                "  CHECK(cudaMalloc(&offsets, sizeof(kOffsets)));",
                "  CHECK(cudaMemcpy(offsets, kOffsets, sizeof(kOffsets), cudaMemcpyHostToDevice));",
                f"  CHECK(cudaMalloc(&in, {IO_BYTES}));",
                f"  CHECK(cudaMalloc(&out, {IO_BYTES}));",
                f"  CHECK(cudaMemset(in, 0, {IO_BYTES}));"]
        for row, entry in enumerate(entries):
            out += [f"  {entry['kernel']}<<<1, 32>>>(offsets + {row} * 32, "
                    "static_cast<const unsigned *>(in), static_cast<unsigned *>(out));",
                    "  CHECK(cudaGetLastError());",
                    "  CHECK(cudaDeviceSynchronize());"]
        out += ["  CHECK(cudaFree(offsets));", "  CHECK(cudaFree(in));", "  CHECK(cudaFree(out));"]
    out += ['  std::printf("bankcheck-gpu: ran %d microkernels\\n", kNumKernels);',
            "  return 0;", "}", ""]
    return "\n".join(out)


MEASURE_SH = """\
#!/bin/sh
# Generated by bankcheck-gpu: measure the microkernels of this folder on a GPU
# host (needs nvcc, cuobjdump and ncu, no LLVM). Writes measured.json here.
# Extra arguments go to `bankcheck_gpu.py measure` (for instance --arch sm_90).
here=$(cd "$(dirname "$0")" && pwd) || exit 2
exec "${PYTHON:-python3}" "$here/bankcheck_gpu.py" measure "$here" "$@"
"""


def kernels_report(entries, report):
    """A bankcheck-format report of the replays themselves, at their lines in
    kernels.cu: `profile --report DIR/kernels-report.json -o P -- DIR/bench`
    then checks program mode against accesses whose answers are known."""
    accesses = []
    for entry in entries:
        access = dict(report["accesses"][entry["index"]])
        access.update({"file": "kernels.cu", "line": entry["cu_line"], "kernel": entry["kernel"],
                       "instruction": entry["instruction"]})
        if entry.get("variant") == "after-fix":
            access.update({"wavefronts_worst": entry["wavefronts_worst"],
                           "ideal_wavefronts": entry["ideal_wavefronts"],
                           "status": "clean" if entry["wavefronts_worst"] <= entry["ideal_wavefronts"]
                           else "conflict"})
        accesses.append(access)
    return {"tool": report.get("tool", "bankcheck"), "version": report.get("version"),
            "files": [{"file": "kernels.cu", "status": "ok"}], "accesses": accesses,
            "summary": {"accesses": len(accesses)}}


def emit(report_path, out_dir, arch):
    """Write kernels.cu, manifest.json, kernels-report.json, measure.sh and a copy of the tool."""
    report = load_json(report_path)
    if not isinstance(report, dict) or not isinstance(report.get("accesses"), list):
        raise HarnessError(f"{report_path}: not a bankcheck JSON report (no 'accesses' list)")
    entries, skipped = [], []
    for index, access in enumerate(report["accesses"]):
        entry, reason = plan_replay(index, access, arch)
        if entry:
            entries.append(entry)
            # The same access after the proposed padding, when bankcheck gives one.
            fixed = access.get("after_fix")
            if isinstance(fixed, dict):
                variant = dict(access, worst={"lanes": fixed.get("lanes")},
                               wavefronts_worst=fixed.get("wavefronts_worst"),
                               ideal_wavefronts=fixed.get("ideal_wavefronts"))
                fixed_entry, _ = plan_replay(index, variant, arch)
                if fixed_entry:
                    fixed_entry["kernel"] = f"k{index}_fixed"
                    fixed_entry["variant"] = "after-fix"
                    entries.append(fixed_entry)
        else:
            skipped.append({"index": index, "file": access.get("file"), "line": access.get("line"),
                            "column": access.get("column"), "kind": access.get("kind"),
                            "instruction": access.get("instruction"),
                            "access_bytes": access.get("access_bytes"),
                            "status": access.get("status"), "reason": reason})
    os.makedirs(out_dir, exist_ok=True)
    source = render_cu(entries, os.path.basename(report_path))
    with open(os.path.join(out_dir, "kernels.cu"), "w", encoding="utf-8") as f:
        f.write(source)
    manifest = {"tool": "bankcheck-gpu", "version": VERSION, "arch": arch,
                "source": "kernels.cu", "report": os.path.abspath(report_path),
                "accesses": entries, "skipped": skipped}
    write_json(os.path.join(out_dir, "manifest.json"), manifest)
    write_json(os.path.join(out_dir, "kernels-report.json"), kernels_report(entries, report))
    script = os.path.join(out_dir, "measure.sh")
    with open(script, "w", encoding="utf-8") as f:
        f.write(MEASURE_SH)
    os.chmod(script, 0o755)
    copy_tool(out_dir)
    return manifest


# The launcher written beside the package copy: `python3 DIR/bankcheck_gpu.py`
# imports the package DIR/bankcheck_gpu/ (a package is found before a module
# of the same name).
LAUNCHER = """\
#!/usr/bin/env python3
# Generated by bankcheck-gpu: runs the copy of the tool in bankcheck_gpu/ beside this file.
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
from bankcheck_gpu.cli import main  # noqa: E402

sys.exit(main())
"""


def copy_tool(out_dir):
    """Make the folder self-contained (the GPU host needs only it and python3):
    DIR/bankcheck_gpu/ holds a copy of this package, DIR/bankcheck_gpu.py runs it."""
    package = os.path.dirname(os.path.abspath(__file__))
    target = os.path.join(out_dir, "bankcheck_gpu")
    if os.path.exists(target) and os.path.samefile(package, target):
        return  # emit run from the folder's own copy
    os.makedirs(target, exist_ok=True)
    for name in sorted(os.listdir(package)):
        if name.endswith(".py"):
            shutil.copyfile(os.path.join(package, name), os.path.join(target, name))
    launcher = os.path.join(out_dir, "bankcheck_gpu.py")
    with open(launcher, "w", encoding="utf-8") as f:
        f.write(LAUNCHER)
    os.chmod(launcher, 0o755)

# ===- codegen.py - Report accesses to CUDA microkernels -------------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""emit: one microkernel per access of a bankcheck report, the manifest,
measure.sh and a self-contained copy of the tool."""

import os
import shutil

from .common import VERSION, HarnessError, load_json, where, write_json
from .metrics import KINDS

WARP_SIZE = 32
BANK_PERIOD = 128        # 32 banks x 4 bytes: shifting every lane by this keeps banks and words
MAX_STATIC_SHARED = 48 * 1024
IO_BYTES = WARP_SIZE * 16  # per-lane input/output slots, wide enough for float4


# ---------------------------------------------------------------------------
# Replay types: access width -> the C++ type each lane moves, and the SASS
# instruction that must carry it (width checked from the opcode suffix).
# Unsigned 1- and 2-byte types: LDS.U8/LDS.U16 (a signed type gives .S8/.S16,
# the same width). 4-byte atomics replay as int atomicAdd (ATOMS.ADD): a float
# atomicAdd on shared memory is a LDS + ATOMS.CAST.SPIN loop on sm_90.
# ---------------------------------------------------------------------------
REPLAY_TYPES = {1: "unsigned char", 2: "unsigned short", 4: "float", 8: "float2", 16: "float4"}
ATOMIC_TYPE = "int"
SASS_SUFFIX = {1: ".U8", 2: ".U16", 4: "", 8: ".64", 16: ".128"}


def expected_sass(kind, width):
    """The SASS opcode a replay of this access should compile to."""
    if kind == "atomic":
        return "ATOMS.ADD"
    return ("LDS" if kind == "load" else "STS") + SASS_SUFFIX[width]


def round_up(value, multiple):
    return (value + multiple - 1) // multiple * multiple


def plan_replay(index, access):
    """Decide how to replay one report access.

    Returns (entry, None) for a replayable access or (None, reason) when it is
    skipped. Offsets are rebased by a multiple of 128 bytes so the buffer stays
    small; that keeps every lane's bank and word identity (and 16-byte
    alignment), so the wavefront count is unchanged.
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
    kind = access.get("kind")
    width = access.get("access_bytes")
    if kind not in KINDS:
        return None, f"unknown access kind {kind!r}"
    if width not in REPLAY_TYPES:
        return None, f"unsupported access width {width!r}"
    if kind == "atomic" and width != 4:
        return None, f"atomic replay supports 4-byte atomicAdd only (access is {width} bytes)"
    active = [o for o in lanes if o is not None]
    if not active:
        return None, "no active lane in the worst warp instance"
    misaligned = sorted({o for o in active if o % width})
    if misaligned:
        return None, f"offset {misaligned[0]} is not a multiple of the {width}-byte access width"
    base = min(active) // BANK_PERIOD * BANK_PERIOD
    offsets = [-1 if o is None else o - base for o in lanes]
    buffer_bytes = round_up(max(max(offsets) + 16, IO_BYTES), BANK_PERIOD)
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
        "kind": kind,
        "access_bytes": width,
        "replay_type": ATOMIC_TYPE if kind == "atomic" else REPLAY_TYPES[width],
        "expected_sass": expected_sass(kind, width),
        "status": access.get("status"),
        "wavefronts_worst": access.get("wavefronts_worst"),
        "ideal_wavefronts": access.get("ideal_wavefronts"),
        "degree": access.get("degree"),
        "lanes": lanes,
        "base_offset": base,
        "offsets": offsets,
        "buffer_bytes": buffer_bytes,
    }
    return entry, None


def render_kernel(entry):
    """CUDA source lines of one microkernel and the 0-based index of the line
    holding the replayed access (the line profile mode attributes it to)."""
    k, t, n = entry["kernel"], entry["replay_type"], entry["buffer_bytes"]
    kind = entry["kind"]
    comment = (f"// {k}: {where(entry)} {entry.get('source_kernel') or '?'}: {kind} of "
               f"{entry.get('array') or '?'}, {entry['access_bytes']} bytes/lane; bankcheck "
               f"predicts {entry.get('wavefronts_worst')} wavefronts (ideal "
               f"{entry.get('ideal_wavefronts')}), {entry.get('status')}")
    lines = [
        comment,
        f"extern \"C\" __global__ void {k}(const int *__restrict__ offsets, "
        f"const {t} *__restrict__ in, {t} *__restrict__ out) {{",
        f"  __shared__ __align__(128) unsigned char buf[{n}];",
        "  const int lane = threadIdx.x;",
    ]
    if kind in ("load", "atomic"):
        # Initialised, so the loads read defined data and cannot be folded;
        # lane-linear 4-byte stores take one wavefront each, on other lines.
        lines += [f"  for (int i = lane; i < {n} / 4; i += 32) reinterpret_cast<int *>(buf)[i] = i;",
                  "  __syncthreads();"]
    lines.append("  const int off = offsets[lane];  // -1: inactive lane")
    # The access and the use of its result share one line: ncu attributes a
    # wide LDS to the line where its value is used.
    if kind == "load":
        lines.append(f"  if (off >= 0) out[lane] = *reinterpret_cast<const {t} *>(buf + off);  // replayed access")
        access_line = len(lines) - 1
    elif kind == "store":
        lines += [f"  const {t} v = in[lane];",
                  "  if (off >= 0)",
                  f"    *reinterpret_cast<{t} *>(buf + off) = v;  // replayed access",
                  "  __syncthreads();",
                  "  // Lane-linear read-back (conflict-free) keeps the store alive.",
                  f"  out[lane] = reinterpret_cast<const {t} *>(buf)[lane];"]
        access_line = len(lines) - 4
    else:
        lines.append("  if (off >= 0) out[lane] = atomicAdd(reinterpret_cast<int *>(buf + off), in[lane]);"
                     "  // replayed access")
        access_line = len(lines) - 1
    lines.append("}")
    return lines, access_line


CU_PROLOGUE = """\
// Generated by bankcheck-gpu {version} from {report}. Do not edit.
// One microkernel per replayed access: one warp (<<<1, 32>>>), one shared
// memory instruction of the access's width at the offsets bankcheck gave for
// its worst warp instance, read from a global table so nothing is folded.
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
        lines, access_line = render_kernel(entry)
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
            t = entry["replay_type"]
            out += [f"  {entry['kernel']}<<<1, 32>>>(offsets + {row} * 32, "
                    f"static_cast<const {t} *>(in), static_cast<{t} *>(out));",
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
        access.update({"file": "kernels.cu", "line": entry["cu_line"], "kernel": entry["kernel"]})
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
        entry, reason = plan_replay(index, access)
        if entry:
            entries.append(entry)
            # The same access after the proposed padding, when bankcheck gives one.
            fixed = access.get("after_fix")
            if isinstance(fixed, dict):
                variant = dict(access, worst={"lanes": fixed.get("lanes")},
                               wavefronts_worst=fixed.get("wavefronts_worst"),
                               ideal_wavefronts=fixed.get("ideal_wavefronts"))
                fixed_entry, _ = plan_replay(index, variant)
                if fixed_entry:
                    fixed_entry["kernel"] = f"k{index}_fixed"
                    fixed_entry["variant"] = "after-fix"
                    entries.append(fixed_entry)
        else:
            skipped.append({"index": index, "file": access.get("file"), "line": access.get("line"),
                            "column": access.get("column"), "kind": access.get("kind"),
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

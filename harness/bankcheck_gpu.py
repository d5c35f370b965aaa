#!/usr/bin/env python3
# ===- bankcheck_gpu.py - Replay bankcheck's predictions on a GPU -----------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""Check bankcheck's bank-conflict predictions against Nsight Compute counters.

Two ways to check, both split so that the GPU step needs no LLVM:

Microkernel mode (one warp access at a time, exact):
  emit REPORT.json -o DIR   CPU: one CUDA microkernel per access that has a
                            `worst` warp instance, in DIR/kernels.cu, plus
                            DIR/manifest.json and DIR/measure.sh.
  measure DIR               GPU host: nvcc, cuobjdump, ncu -> DIR/measured.json.
  compare DIR               CPU: predicted wavefronts vs measured wavefronts per
                            instruction, and the SASS width of each replay.

Program mode (a whole program, per source line):
  profile [--report R] -o DIR -- ./app args   GPU host: ncu SourceCounters ->
                                              DIR/source.csv
  compare --report R DIR                      CPU: per (file, line, kind):
                                              confirmed, missed, false-alarm,
                                              agree-clean, unknown.

  replay FILE.cu [-- ARGS]  a machine with both bankcheck and a GPU: bankcheck
                            --format=json, then emit, measure and compare.

Exit status: 0 agreement, 1 a disagreement, 2 bad input or a failed build or
run, 3 no counters (ncu missing, ERR_NVGPUCTRPERM, profiler unavailable, no
GPU). Without counters nothing is ever reported as confirmed.

Words (wavefront, ideal, degree) as in docs/bank-model.md, the measured bank model.
Python 3.8+, standard library only: the GPU host has no package registry.
"""

import argparse
import csv
import glob
import io
import json
import os
import re
import shutil
import subprocess
import sys

VERSION = "0.1.0"

EXIT_OK = 0
EXIT_DISAGREE = 1
EXIT_ERROR = 2
EXIT_NO_COUNTERS = 3

WARP_SIZE = 32
BANK_PERIOD = 128        # 32 banks x 4 bytes: shifting every lane by this keeps banks and words
MAX_STATIC_SHARED = 48 * 1024
IO_BYTES = WARP_SIZE * 16  # per-lane input/output slots, wide enough for float4

# ---------------------------------------------------------------------------
# The Nsight Compute metrics, in one table: (kind, quantity) -> metric name.
# Wavefronts / instructions is the number bankcheck predicts; conflicts is
# wavefronts minus the hardware's ideal (1, 2, 4 per instruction for <=4, 8,
# 16 bytes), clamped at 0 per instruction, kept for information only.
# ---------------------------------------------------------------------------
METRICS = {
    ("load", "instructions"): "smsp__sass_inst_executed_op_shared_ld.sum",
    ("store", "instructions"): "smsp__sass_inst_executed_op_shared_st.sum",
    ("atomic", "instructions"): "smsp__sass_inst_executed_op_shared_atom.sum",
    ("load", "wavefronts"): "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    ("store", "wavefronts"): "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    ("atomic", "wavefronts"): "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum",
    ("load", "conflicts"): "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    ("store", "conflicts"): "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    ("atomic", "conflicts"): "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum",
}
KINDS = ("load", "store", "atomic")


def metric_names():
    """Every metric, in a stable order, for ncu --metrics."""
    return sorted(set(METRICS.values()))


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


class HarnessError(Exception):
    """A failure with an exit status and a message for the user."""

    def __init__(self, message, status=EXIT_ERROR):
        super().__init__(message)
        self.status = status


# ===========================================================================
# emit: report -> microkernels
# ===========================================================================

def load_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise HarnessError(f"cannot read {path}: {e.strerror}")
    except json.JSONDecodeError as e:
        raise HarnessError(f"{path} is not JSON: {e}")


def write_json(path, data):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2)
        f.write("\n")


def round_up(value, multiple):
    return (value + multiple - 1) // multiple * multiple


def where(access):
    """FILE:LINE:COLUMN of a report access (or manifest entry)."""
    parts = [str(access.get("file", "?")), str(access.get("line", "?"))]
    if access.get("column") is not None:
        parts.append(str(access["column"]))
    return ":".join(parts)


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
    """Write kernels.cu, manifest.json, measure.sh and a copy of this module."""
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
    # The folder is self-contained: the GPU host needs only it and python3.
    here = os.path.abspath(__file__)
    copy = os.path.join(out_dir, "bankcheck_gpu.py")
    if os.path.abspath(copy) != here:
        shutil.copyfile(here, copy)
    return manifest


# ===========================================================================
# Tools and counter-permission problems
# ===========================================================================

def find_tool(name, env_var=None):
    """Path of a CUDA tool: $ENV_VAR, PATH, $CUDA_HOME/bin, /usr/local/cuda/bin,
    and for ncu the Nsight Compute install folders. None when absent."""
    if env_var and os.environ.get(env_var):
        named = shutil.which(os.environ[env_var])
        return named  # an explicit choice: no fallback when it is not there
    found = shutil.which(name)
    if found:
        return found
    candidates = []
    for root in (os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"):
        if root:
            candidates.append(os.path.join(root, "bin", name))
    if name == "ncu":
        candidates += sorted(glob.glob("/opt/nvidia/nsight-compute/*/ncu"), reverse=True)
        candidates += sorted(glob.glob("/usr/local/cuda*/nsight-compute*/ncu"), reverse=True)
    for c in candidates:
        if os.path.isfile(c) and os.access(c, os.X_OK):
            return c
    return None


# Text in ncu's or the program's output that means no counters can be read
# here; each maps to what we tell the user. Checked in this order.
NO_COUNTER_SIGNS = (
    ("ERR_NVGPUCTRPERM",
     "ncu reports ERR_NVGPUCTRPERM: this user may not read the GPU performance counters. "
     "Run as root, or load the driver with NVreg_RestrictProfilingToAdminUsers=0 "
     "(https://developer.nvidia.com/ERR_NVGPUCTRPERM)."),
    ("Failed to initialize the profiler",
     "ncu could not initialise the profiler on this machine (containers such as gVisor "
     "do not expose the counters)."),
    ("no CUDA-capable device",
     "no CUDA-capable GPU is visible here."),
)


def counter_problem(text):
    """The reason counters cannot be read, from tool output; None if no sign."""
    for sign, message in NO_COUNTER_SIGNS:
        if sign.lower() in text.lower():
            return message
    return None


def run_tool(argv, log_path=None):
    """Run a command, return (returncode, stdout, stderr); log both if asked."""
    try:
        proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as e:
        raise HarnessError(f"cannot run {argv[0]}: {e.strerror}")
    stdout = proc.stdout.decode("utf-8", "replace")
    stderr = proc.stderr.decode("utf-8", "replace")
    if log_path:
        with open(log_path, "w", encoding="utf-8") as f:
            f.write("$ " + " ".join(argv) + "\n" + stdout + stderr)
    return proc.returncode, stdout, stderr


def tail(text, lines=20):
    return "\n".join(text.strip().splitlines()[-lines:])


# ===========================================================================
# ncu CSV (--csv details page, or --page raw --csv)
# ===========================================================================

NOISE_PREFIXES = ("==PROF==", "==WARNING==", "==ERROR==", "==INFO==")
UNIT_SCALE = {"": 1, "k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9}


def parse_number(text):
    """'1,024' -> 1024, '2.5' -> 2.5, '' / 'n/a' / '-' -> None."""
    text = (text or "").strip().replace(",", "")
    if text in ("", "-", "n/a", "N/A", "nan"):
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return int(value) if value.is_integer() else value


def csv_rows(text):
    """CSV rows of ncu output, dropping ncu's own ==...== lines and blank lines."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith(NOISE_PREFIXES)]
    return list(csv.reader(io.StringIO("\n".join(lines))))


def short_kernel_name(name):
    """'k3(const int *, float *)' -> 'k3'; 'void f<4>(int)' -> 'f<4>'."""
    name = name.strip()
    depth = 0
    for i, ch in enumerate(name):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "(" and depth == 0:
            name = name[:i]
            break
    name = name.strip()
    return name[5:] if name.startswith("void ") else name


def find_column(header, *needles, exclude=()):
    """Index of the first column whose name holds every needle (case-insensitive)
    and none of exclude; an exact match wins. None if absent."""
    low = [h.strip().lower() for h in header]
    needles = [n.lower() for n in needles]
    exclude = [e.lower() for e in exclude]
    if len(needles) == 1 and needles[0] in low:
        return low.index(needles[0])
    for i, h in enumerate(low):
        if all(n in h for n in needles) and not any(e in h for e in exclude):
            return i
    return None


def parse_ncu_metrics(text):
    """Metric values per kernel from ncu's --csv output, summed over launches.

    Accepts the details page (one row per metric: "Kernel Name", "Metric
    Name", "Metric Unit", "Metric Value") and --page raw (one row per launch,
    one column per metric, a row of units under the header). Program output
    and ==PROF== lines may precede the header. Returns {kernel: {metric: value}}.
    """
    rows = csv_rows(text)
    wanted = set(metric_names())
    for h, header in enumerate(rows):
        name_col = find_column(header, "kernel name")
        if name_col is None:
            name_col = find_column(header, "function name")
        if name_col is not None and ("Metric Name" in header or wanted & set(header)):
            break
    else:
        return {}
    id_col = find_column(header, "id")
    result = {}

    def add(kernel, metric, value):
        if value is not None:
            slot = result.setdefault(kernel, {})
            slot[metric] = slot.get(metric, 0) + value

    if "Metric Name" in header:
        metric_col, unit_col = header.index("Metric Name"), find_column(header, "metric unit")
        value_col = find_column(header, "metric value")
        for row in rows[h + 1:]:
            if len(row) != len(header) or row[metric_col] not in wanted:
                continue
            value = parse_number(row[value_col])
            unit = row[unit_col].strip() if unit_col is not None else ""
            if value is not None and unit[:1] in UNIT_SCALE and unit[1:] == "inst":
                value *= UNIT_SCALE[unit[:1]]
            add(short_kernel_name(row[name_col]), row[metric_col], value)
    else:
        metric_cols = [(i, m) for i, m in enumerate(header) if m in wanted]
        for row in rows[h + 1:]:
            if len(row) != len(header) or (id_col is not None and not row[id_col].strip()):
                continue  # the units row, or program output
            for i, m in metric_cols:
                add(short_kernel_name(row[name_col]), m, parse_number(row[i]))
    return result


# ===========================================================================
# SASS (cuobjdump --dump-sass)
# ===========================================================================

SASS_FUNCTION = re.compile(r"^\s*Function\s*:\s*(\S+)")
SASS_INSTRUCTION = re.compile(r"^\s*/\*([0-9a-fA-F]+)\*/\s+([^;]*?)\s*;")
PREDICATE = re.compile(r"^(@!?U?P(?:T|\d+))\s+(.*)$")


def split_predicate(text):
    """'@!P0 LDS R1, [R2]' -> ('@!P0', 'LDS R1, [R2]')."""
    text = text.strip()
    m = PREDICATE.match(text)
    return (m.group(1), m.group(2).strip()) if m else ("", text)


def shared_op(opcode):
    """(kind, width) of a shared-memory SASS opcode, None for other opcodes.

    LDS*/LDSM -> load, STS*/STSM -> store, ATOMS* -> atomic. Width from the
    suffix: .U8/.S8 1, .U16/.S16 2, .64 8, .128 16, none 4; None for the
    matrix forms LDSM/STSM. LDGSTS (cp.async) is neither.
    """
    parts = opcode.upper().split(".")
    base, mods = parts[0], set(parts[1:])
    kind = {"LDS": "load", "LDSM": "load", "STS": "store", "STSM": "store", "ATOMS": "atomic"}.get(base)
    if kind is None:
        return None
    if base in ("LDSM", "STSM"):
        return kind, None
    for suffix, width in (("U8", 1), ("S8", 1), ("U16", 2), ("S16", 2), ("64", 8), ("128", 16)):
        if suffix in mods:
            return kind, width
    return kind, 4


def parse_sass_dump(text):
    """{function name: [(address, predicate, opcode, full text)]} from cuobjdump."""
    functions, current = {}, None
    for line in text.splitlines():
        m = SASS_FUNCTION.match(line)
        if m:
            current = functions.setdefault(m.group(1), [])
            continue
        m = SASS_INSTRUCTION.match(line)
        if m and current is not None:
            predicate, body = split_predicate(m.group(2))
            if body:
                current.append((int(m.group(1), 16), predicate, body.split()[0], body))
    return functions


def check_replay_sass(instructions, kind, width):
    """Does a replay kernel hold exactly one shared instruction of its kind,
    of the intended width? Returns (ok, the opcodes of that kind found)."""
    found = []
    for _addr, predicate, opcode, _text in instructions:
        op = shared_op(opcode)
        if op and op[0] == kind and predicate != "@!PT":  # @!PT never runs
            found.append(opcode)
    if len(found) != 1:
        return False, found
    ok = shared_op(found[0])[1] == width and (kind != "atomic" or ".ADD" in found[0].upper())
    return ok, found


# ===========================================================================
# measure: on the GPU host
# ===========================================================================

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


def number_text(value):
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def format_table(header, rows):
    widths = [max(len(str(c)) for c in col) for col in zip(header, *rows)] if rows else [len(h) for h in header]
    lines = ["  ".join(str(c).ljust(w) for c, w in zip(header, widths)).rstrip()]
    for r in rows:
        lines.append("  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip())
    return "\n".join(lines)


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


# ===========================================================================
# Program mode: ncu --page source --csv --print-source cuda,sass
# ===========================================================================

class SourceColumns:
    """Where the source page's columns are; names found by substring."""

    def __init__(self, header):
        low = [h.strip().lower() for h in header]
        self.size = len(header)
        self.line = find_column(header, "line")
        self.address = find_column(header, "address", exclude=("space",))
        # Two columns are called "Source": the CUDA text before "Address",
        # the SASS text after it.
        sources = [i for i, h in enumerate(low) if h == "source"]
        after = [i for i in sources if self.address is not None and i > self.address]
        self.sass = after[0] if after else (sources[-1] if sources else None)
        self.executed = find_column(header, "instructions executed",
                                    exclude=("thread", "predicated"))
        self.wavefronts = find_column(header, "l1 wavefronts shared",
                                      exclude=("ideal", "excessive"))
        self.ideal = find_column(header, "l1 wavefronts shared ideal")
        self.excessive = find_column(header, "l1 wavefronts shared excessive")
        self.nway = find_column(header, "l1 conflicts shared")

    def usable(self):
        return None not in (self.line, self.address, self.sass, self.wavefronts, self.ideal)


def parse_source_csv(text):
    """SASS-level shared-memory records of ncu's source page (cuda,sass).

    Layout: per function and file, a "File Path" row and a "Function Name"
    row, then a header, then each CUDA line row ("Line No" set, Address "-")
    followed by its SASS rows (Address 0x...), with "..." rows between runs.
    SASS rows appear twice: de-duplicated on (launch, function, address); a
    repeated (file, function) block starts the next launch of that function.
    Rows with zero wavefronts and zero ideal are skipped (LDS RZ dummies).
    Returns a list of dicts: file, line, function, address, opcode, kind,
    width, executed, wavefronts, ideal, excessive, nway, launch.
    """
    records, seen = [], set()
    file = function = None
    cols, line = None, None
    launch_of, blocks_in_launch = {}, set()
    launch = 0
    usable = unusable = 0
    for row in csv_rows(text):
        if not row:
            continue
        key = row[0].strip().lower()
        if len(row) <= 3 and key in ("file path", "file"):
            file = row[1].strip() if len(row) > 1 else None
            continue
        if len(row) <= 3 and key in ("function name", "kernel name"):
            function = row[1].strip() if len(row) > 1 else None
            block = (file, function)
            if block in blocks_in_launch:
                launch += 1
                blocks_in_launch = set()
            blocks_in_launch.add(block)
            launch_of[function] = launch
            cols, line = None, None
            continue
        cells = {c.strip().lower() for c in row}
        if "address" in cells and "source" in cells:  # exact names: source text may hold the words
            cols = SourceColumns(row)
            if not cols.usable():
                # A kernel without shared-memory columns (it has no shared
                # instruction): skip its block; fail only if no block had them.
                cols = None
                unusable += 1
                continue
            usable += 1
            continue
        if cols is None or len(row) != cols.size:
            continue
        address = row[cols.address].strip()
        if not address.lower().startswith("0x"):
            number = parse_number(row[cols.line])
            if number is not None:
                line = int(number)
            continue
        predicate, body = split_predicate(row[cols.sass])
        if not body or predicate == "@!PT":
            continue
        opcode = body.split()[0]
        op = shared_op(opcode)
        if op is None:
            continue
        dedup = (launch_of.get(function), function, address)
        if dedup in seen:
            continue
        seen.add(dedup)

        def value(col):
            return parse_number(row[col]) if col is not None else None

        wavefronts, ideal = value(cols.wavefronts) or 0, value(cols.ideal) or 0
        if wavefronts == 0 and ideal == 0:
            continue
        records.append({"file": file, "line": line, "function": function, "address": address,
                        "opcode": opcode, "kind": op[0], "width": op[1],
                        "executed": value(cols.executed), "wavefronts": wavefronts,
                        "ideal": ideal, "excessive": value(cols.excessive),
                        "nway": value(cols.nway), "launch": launch_of.get(function)})
    if unusable and not usable:
        raise HarnessError("the source page lacks a needed column "
                           "(Line, Address, Source, L1 Wavefronts Shared [Ideal]); "
                           "was it made with --print-source cuda,sass and SourceCounters?")
    return records


def hardware_conflict(record):
    """Does this instruction take more wavefronts than ideal on the hardware?

    The source page's "L1 Wavefronts Shared" and "... Ideal" decide it; on an
    H200 (ncu 2025.3) both were exact for widths 1 to 16, phase merging
    included (ideal is then the merged count). None when ncu gives no ideal.
    """
    if not record["ideal"]:
        return None
    return record["wavefronts"] > record["ideal"]


def paths_match(a, b):
    """Same file: equal after normalising, or one path's components end the other's."""
    if not a or not b:
        return False
    pa = [p for p in os.path.normpath(a).replace("\\", "/").split("/") if p not in ("", ".")]
    pb = [p for p in os.path.normpath(b).replace("\\", "/").split("/") if p not in ("", ".")]
    n = min(len(pa), len(pb))
    return n > 0 and pa[-n:] == pb[-n:]


PROFILE_VERDICTS = ("confirmed", "missed", "false-alarm", "agree-clean", "unknown")
LINE_SLACK = 2


def group_by_line(items, file_of, line_of, kind_of):
    """[(file, line, kind, [items])] in first-seen order; files compared with paths_match."""
    groups = []
    for item in items:
        file, line, kind = file_of(item), line_of(item), kind_of(item)
        for g in groups:
            if g[1] == line and g[2] == kind and paths_match(g[0], file):
                g[3].append(item)
                break
        else:
            groups.append((file, line, kind, [item]))
    return groups


def join_profile(report, records, line_slack=LINE_SLACK):
    """Per (file, line, kind), bankcheck's findings against the hardware.

    confirmed:   a conflict finding, and the hardware shows a conflict.
    missed:      the hardware shows a conflict, bankcheck has no conflict finding
                 (clean, or no access analysed on that line).
    false-alarm: a conflict finding, the hardware shows none.
    agree-clean: both clean (also a clean line bankcheck did not report:
                 reported is then false).
    unknown:     bankcheck says possible/unknown, or no shared-memory
                 instruction of that kind ran on the line.

    ncu may attribute an instruction to a later line than bankcheck (a wide
    load to the line that uses its value, a statement to its continuation
    line). A finding left without instructions therefore takes those of the
    nearest line at most line_slack lines below it, of the same file and
    kind, that no finding claims; the row's note says so.
    """
    hw = group_by_line(records, lambda r: r["file"], lambda r: r["line"], lambda r: r["kind"])
    found = group_by_line(report.get("accesses", []), lambda a: a.get("file"),
                          lambda a: a.get("line"), lambda a: a.get("kind"))

    def same_place(f, g, delta=0):
        return g[2] == f[2] and g[1] is not None and f[1] is not None and \
            g[1] == f[1] + delta and paths_match(g[0], f[0])

    claimed, matches = set(), {}
    for i, f in enumerate(found):
        matches[i] = [j for j, g in enumerate(hw) if same_place(f, g)]
        claimed.update(matches[i])
    for i, f in enumerate(found):
        if matches[i]:
            continue
        for delta in range(1, line_slack + 1):
            near = [j for j, g in enumerate(hw) if j not in claimed and same_place(f, g, delta)]
            if near:
                matches[i] = near
                claimed.update(near)
                break
    rows = []
    for i, f in enumerate(found):
        recs = [r for j in matches[i] for r in hw[j][3]]
        row = profile_row(f[0], f[1], f[2], f[3], recs)
        moved = sorted({hw[j][1] for j in matches[i]} - {f[1]})
        if moved:
            row["note"] = (row["note"] + "; " if row["note"] else "") + \
                f"ncu attributes it to line {', '.join(map(str, moved))}"
        rows.append(row)
    for j, g in enumerate(hw):
        if j not in claimed:
            rows.append(profile_row(g[0], g[1], g[2], [], g[3]))
    rows.sort(key=lambda r: (str(r["file"]), r["line"] or 0, r["kind"] or ""))
    return rows


def profile_row(file, line, kind, accesses, recs):
    statuses = sorted({str(a.get("status")) for a in accesses})
    verdicts = [hardware_conflict(r) for r in recs]
    hw = None if not recs or (None in verdicts and True not in verdicts) else any(verdicts)
    predicted = max((a.get("wavefronts_worst") or 0 for a in accesses), default=None)
    note = ""
    if hw is None:
        verdict = "unknown"
        note = ("no shared-memory instruction of this kind ran on this line" if not recs
                else "ncu gives no ideal wavefronts for this instruction")
    elif "conflict" in statuses:
        verdict = "confirmed" if hw else "false-alarm"
    elif not accesses or statuses == ["clean"]:
        verdict = "missed" if hw else "agree-clean"
        if not accesses:
            note = "no bankcheck access on this line"
    else:
        verdict = "unknown"
        note = f"bankcheck: {'/'.join(statuses)}; hardware: {'conflict' if hw else 'clean'}"
    return {"file": file, "line": line, "kind": kind, "verdict": verdict, "reported": bool(accesses),
            "bankcheck_status": statuses, "predicted_worst": predicted, "hardware_conflict": hw,
            "wavefronts": sum(r["wavefronts"] for r in recs), "ideal": sum(r["ideal"] for r in recs),
            "instructions": [{k: r[k] for k in ("function", "address", "opcode", "executed",
                                                 "wavefronts", "ideal", "excessive", "nway")}
                             for r in recs],
            "note": note}


def profile_summary(rows, show_all=False):
    """Text table and counts. Lines bankcheck did not report are shown only
    when missed (or with show_all); they do not enter the agreement rate."""
    shown = [r for r in rows if show_all or r["reported"] or r["verdict"] == "missed"]
    text = [format_table(
        ["where", "kind", "bankcheck", "predicted", "wavefronts", "ideal", "verdict", "note"],
        [[f"{r['file']}:{r['line']}", r["kind"], "/".join(r["bankcheck_status"]) or "-",
          number_text(r["predicted_worst"]), number_text(r["wavefronts"]), number_text(r["ideal"]),
          r["verdict"], r["note"]] for r in shown]), ""]
    counts = {v: sum(r["verdict"] == v and r["reported"] for r in rows) for v in PROFILE_VERDICTS}
    counts["missed"] = sum(r["verdict"] == "missed" for r in rows)
    hidden_clean = sum(r["verdict"] == "agree-clean" and not r["reported"] for r in rows)
    text.append("  ".join(f"{v}: {counts[v]}" for v in PROFILE_VERDICTS))
    if hidden_clean:
        text.append(f"({hidden_clean} more clean lines with shared-memory instructions bankcheck "
                    f"did not report{'' if show_all else '; --all lists them'})")
    good = counts["confirmed"] + counts["agree-clean"]
    decided = good + counts["missed"] + counts["false-alarm"]
    rate = good / decided if decided else None
    if rate is not None:
        text.append(f"agreement: {good}/{decided} ({100 * rate:.1f}%)")
    return "\n".join(text), counts, rate


def compare_profile(report_path, out_dir, show_all=False):
    """Program mode compare: print the table, write DIR/compare.json."""
    report = load_json(report_path)
    source_path = os.path.join(out_dir, "source.csv")
    try:
        with open(source_path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError as e:
        raise HarnessError(f"cannot read {source_path}: {e.strerror}")
    problem = counter_problem(text)
    records = parse_source_csv(text)
    if problem and not records:
        raise HarnessError(problem + " Nothing can be confirmed.", EXIT_NO_COUNTERS)
    if not records:
        raise HarnessError(f"{source_path} holds no shared-memory instruction with counters; was the "
                           "program built with -lineinfo and profiled with --section SourceCounters?")
    rows = join_profile(report, records)
    text, counts, rate = profile_summary(rows, show_all)
    print(text)
    write_json(os.path.join(out_dir, "compare.json"),
               {"tool": "bankcheck-gpu", "mode": "profile", "report": os.path.abspath(report_path),
                "counts": counts, "agreement_rate": rate, "rows": rows})
    return EXIT_DISAGREE if counts["missed"] or counts["false-alarm"] else EXIT_OK


def profile(app, out_dir, report_path=None, ncu_args=()):
    """Run the program under ncu's SourceCounters; write DIR/source.csv."""
    ncu = find_tool("ncu", "NCU")
    if not ncu:
        raise HarnessError("ncu (Nsight Compute) not found: set NCU or put it on PATH; "
                           "nothing was profiled", EXIT_NO_COUNTERS)
    os.makedirs(out_dir, exist_ok=True)
    rep = os.path.join(out_dir, "prof")
    argv = [ncu, "--clock-control", "none", "--section", "SourceCounters", "--import-source", "yes",
            "-o", rep, "-f"] + list(ncu_args) + app
    rc, out, err = run_tool(argv, os.path.join(out_dir, "profile.log"))
    problem = counter_problem(out + err)
    if problem:
        raise HarnessError(problem + " Nothing was profiled.", EXIT_NO_COUNTERS)
    if not os.path.exists(rep + ".ncu-rep"):
        raise HarnessError(f"ncu wrote no report (exit {rc}):\n{tail(out + err)}")
    if rc != 0:
        print(f"bankcheck-gpu: warning: ncu exited with {rc} (see {out_dir}/profile.log)", file=sys.stderr)
    rc, out, err = run_tool([ncu, "--import", rep + ".ncu-rep", "--page", "source", "--csv",
                             "--print-source", "cuda,sass"])
    if rc != 0:
        raise HarnessError(f"ncu --import failed (exit {rc}):\n{tail(out + err)}")
    with open(os.path.join(out_dir, "source.csv"), "w", encoding="utf-8") as f:
        f.write(out)
    print(f"bankcheck-gpu: wrote {out_dir}/source.csv")
    if report_path:
        copy = os.path.join(out_dir, "report.json")
        if os.path.abspath(report_path) != os.path.abspath(copy):
            shutil.copyfile(report_path, copy)
        return compare_profile(report_path, out_dir)
    return EXIT_OK


# ===========================================================================
# replay: bankcheck, emit, measure, compare on one machine
# ===========================================================================

def run_bankcheck(files, bankcheck_args, clang_args, out_dir):
    """bankcheck --format=json FILES [-- CLANG_ARGS] -> DIR/report.json."""
    bankcheck = os.environ.get("BANKCHECK") or shutil.which("bankcheck")
    if not bankcheck:
        raise HarnessError("bankcheck not found: set BANKCHECK or put it on PATH")
    argv = [bankcheck, "--format=json"] + bankcheck_args + files
    if clang_args:
        argv += ["--"] + clang_args
    rc, out, err = run_tool(argv)
    try:
        report = json.loads(out)
    except json.JSONDecodeError:
        raise HarnessError(f"bankcheck (exit {rc}) printed no JSON report:\n{tail(err or out)}")
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "report.json")
    write_json(path, report)
    return path


def replay(files, out_dir, arch, bankcheck_args, clang_args):
    report_path = run_bankcheck(files, bankcheck_args, clang_args, out_dir)
    manifest = emit(report_path, out_dir, arch)
    print(f"bankcheck-gpu: {len(manifest['accesses'])} microkernels, "
          f"{len(manifest['skipped'])} accesses skipped")
    measure(out_dir, arch)
    return compare_dir(out_dir)


# ===========================================================================
# Command line
# ===========================================================================

def build_parser():
    p = argparse.ArgumentParser(
        prog="bankcheck-gpu",
        description="Check bankcheck's bank-conflict predictions against Nsight Compute counters.",
        epilog="Exit status: 0 agreement, 1 disagreement, 2 error, 3 no GPU counters. See docs/gpu.md.")
    p.add_argument("--version", action="version", version=f"bankcheck-gpu {VERSION}")
    sub = p.add_subparsers(dest="command", required=True)

    e = sub.add_parser("emit", help="CPU: report -> microkernels, manifest, measure.sh")
    e.add_argument("report")
    e.add_argument("-o", "--output", required=True, metavar="DIR")
    e.add_argument("--arch", default="sm_90")

    m = sub.add_parser("measure", help="GPU host: build and profile the microkernels of DIR")
    m.add_argument("dir")
    m.add_argument("--arch", default=None, help="default: the arch given to emit")

    c = sub.add_parser("compare", help="CPU: join predictions and measurements in DIR")
    c.add_argument("dir")
    c.add_argument("--report", help="program mode: the bankcheck report to join with DIR/source.csv")
    c.add_argument("--all", action="store_true", help="program mode: also list clean lines bankcheck did not report")

    pr = sub.add_parser("profile", help="GPU host: profile a program -> DIR/source.csv")
    pr.add_argument("--report", help="also compare with this bankcheck report")
    pr.add_argument("-o", "--output", required=True, metavar="DIR")
    pr.add_argument("--ncu-arg", action="append", default=[], metavar="ARG",
                    help="extra ncu argument, e.g. --ncu-arg=--kernel-id=::regex:.*:1 to profile "
                         "only the first launch of each kernel (repeatable)")
    pr.add_argument("app", nargs=argparse.REMAINDER, help="-- PROGRAM [ARGS...]")

    r = sub.add_parser("replay", help="bankcheck + emit + measure + compare on one machine")
    r.add_argument("files", nargs="+", metavar="FILE.cu")
    r.add_argument("-o", "--output", metavar="DIR", help="default: bankcheck-gpu.<first file's stem>")
    r.add_argument("--arch", default="sm_90")
    r.add_argument("--bankcheck-arg", action="append", default=[], metavar="ARG",
                   help="an option for bankcheck itself (repeatable), e.g. --bankcheck-arg=--block-dim=32,8,1")
    return p


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    # Everything after a bare "--" belongs to the program (profile) or to
    # bankcheck's compiler arguments (replay), never to us.
    rest = []
    if "--" in argv:
        cut = argv.index("--")
        argv, rest = argv[:cut], argv[cut + 1:]
    parser = build_parser()
    args = parser.parse_args(argv)
    if rest and args.command not in ("profile", "replay"):
        parser.error(f"{args.command} takes no arguments after --")
    try:
        if args.command == "emit":
            manifest = emit(args.report, args.output, args.arch)
            print(f"bankcheck-gpu: {len(manifest['accesses'])} microkernels, "
                  f"{len(manifest['skipped'])} accesses skipped -> {args.output}")
            for s in manifest["skipped"]:
                print(f"  skipped access {s['index']} at {where(s)}: {s['reason']}")
            return EXIT_OK
        if args.command == "measure":
            measure(args.dir, args.arch)
            return EXIT_OK
        if args.command == "compare":
            if os.path.exists(os.path.join(args.dir, "manifest.json")) and not args.report:
                return compare_dir(args.dir)
            report = args.report or os.path.join(args.dir, "report.json")
            if not os.path.exists(report):
                raise HarnessError(f"{args.dir} holds no manifest.json; for program mode give --report")
            return compare_profile(report, args.dir, args.all)
        if args.command == "profile":
            app = [a for a in args.app if a != "--"] + rest
            if not app:
                raise HarnessError("profile needs the program: profile -o DIR -- ./app args")
            return profile(app, args.output, args.report, args.ncu_arg)
        if args.command == "replay":
            out_dir = args.output or "bankcheck-gpu." + os.path.splitext(os.path.basename(args.files[0]))[0]
            return replay(args.files, out_dir, args.arch, args.bankcheck_arg, rest)
    except HarnessError as e:
        print(f"bankcheck-gpu: {'error' if e.status != EXIT_NO_COUNTERS else 'no counters'}: {e}",
              file=sys.stderr)
        return e.status
    return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())

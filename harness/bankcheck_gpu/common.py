# ===- common.py - Errors, exit codes, files and tools ---------------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""What every part of the harness shares: the version, exit statuses, the
error type, JSON files, text tables, and running the CUDA tools."""

import glob
import json
import os
import shutil
import subprocess

VERSION = "0.1.0"

EXIT_OK = 0
EXIT_DISAGREE = 1
EXIT_ERROR = 2
EXIT_NO_COUNTERS = 3


class HarnessError(Exception):
    """A failure with an exit status and a message for the user."""

    def __init__(self, message, status=EXIT_ERROR):
        super().__init__(message)
        self.status = status


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


def where(access):
    """FILE:LINE:COLUMN of a report access (or manifest entry)."""
    parts = [str(access.get("file", "?")), str(access.get("line", "?"))]
    if access.get("column") is not None:
        parts.append(str(access["column"]))
    return ":".join(parts)


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

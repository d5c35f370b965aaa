# ===- ncu_csv.py - Nsight Compute CSV output ------------------------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""Reading ncu's --csv output: the details and raw pages (metrics per
kernel) and the source page (counters per SASS instruction)."""

import csv
import io

from .common import HarnessError
from .metrics import metric_names
from .sass import classify, generic_op, split_predicate


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
# The source page: ncu --page source --csv --print-source cuda,sass
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
    Shared-memory instructions are those of sass.classify: LDS/LDSM (load),
    STS/STSM (store), ATOMS (atomic) and LDGSTS (copy, cp.async: its shared
    wavefronts are in this view, unlike in the l1tex totals), and generic
    LD/ST rows with shared wavefronts (as LDS/STS: sass.generic_op).
    Returns a list of dicts: file, line, function, address, opcode, kind,
    width, instruction (the form, as bankcheck's JSON names it), cache
    (LDGSTS), executed, wavefronts, ideal, excessive, nway, launch.
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
        # A generic load or store counts where it reached shared memory (its
        # shared wavefronts, below, are not zero).
        op = classify(opcode) or generic_op(opcode)
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
                        "opcode": opcode, "kind": op.kind,
                        "width": None if op.instruction.startswith(("LDSM", "STSM")) else op.width,
                        "instruction": op.instruction, "cache": op.cache,
                        "executed": value(cols.executed), "wavefronts": wavefronts,
                        "ideal": ideal, "excessive": value(cols.excessive),
                        "nway": value(cols.nway), "launch": launch_of.get(function)})
    if unusable and not usable:
        raise HarnessError("the source page lacks a needed column "
                           "(Line, Address, Source, L1 Wavefronts Shared [Ideal]); "
                           "was it made with --print-source cuda,sass and SourceCounters?")
    return records

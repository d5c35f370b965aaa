# ===- program.py - Program mode: profile and compare per line -------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""profile (a whole program under ncu's SourceCounters) and compare (the
source page's counters joined with bankcheck's findings per line and kind)."""

import os
import shutil
import sys

from .common import (EXIT_DISAGREE, EXIT_NO_COUNTERS, EXIT_OK, HarnessError, counter_problem,
                     find_tool, format_table, load_json, number_text, run_tool, tail, write_json)
from .instructions import access_instruction, access_kind
from .ncu_csv import parse_source_csv
from .sass import SASS_SUFFIX


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
    if n > 0 and pa[-n:] == pb[-n:]:
        return True
    # The same header reached through another prefix (the CUDA toolkit's
    # include/ is also targets/<arch>/include/): the last three components.
    return n >= 3 and pa[-3:] == pb[-3:]


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
    kind, that no finding claims; the row's note says so. An inline-asm
    access (a note "inline PTX ...") may also sit above its statement: the
    instructions of marlin's copy and ldmatrix helpers were put on the line
    before the asm, where the shared address is computed; such a finding
    also takes the nearest unclaimed line at most line_slack lines above its
    statement's line. (A clean or unknown access has no notes: its form,
    LDSM, STSM or LDGSTS, stands for them.)

    Kinds come from the instruction form: an access's "instruction" (LDSM
    load, STSM store, ATOMS* atomic, LDGSTS copy; without it, its kind) and
    each SASS row's opcode (sass.classify).
    """
    hw = group_by_line(attribute_cas_loops(records), lambda r: r["file"], lambda r: r["line"],
                       lambda r: r["kind"])
    # An access a profiler attributes elsewhere (a wmma call: the toolkit
    # header line of its builtin) is joined at that line.
    found = group_by_line(report.get("accesses", []), lambda a: a.get("profile_file") or a.get("file"),
                          lambda a: a.get("profile_line") or a.get("line"), access_kind)

    def same_place(f, g, delta=0):
        return g[2] == f[2] and g[1] is not None and f[1] is not None and \
            g[1] == f[1] + delta and paths_match(g[0], f[0])

    claimed, matches = set(), {}
    for i, f in enumerate(found):
        matches[i] = [j for j, g in enumerate(hw) if same_place(f, g)]
        claimed.update(matches[i])
    def from_asm(f):  # a finding's note says so; a clean one's form (ldmatrix, cp.async) does
        return all(any("inline PTX" in n.get("message", "") for n in a.get("notes", [])) or
                   (a.get("instruction") or "").startswith(("LDSM", "STSM", "LDGSTS")) for a in f[3])

    for i, f in enumerate(found):
        if matches[i]:
            continue
        deltas = list(range(1, line_slack + 1))
        if from_asm(f):  # above the statement's own line, nearest first
            stmt = min(a.get("line") or f[1] for a in f[3])
            deltas += [stmt - f[1] - d for d in range(0, line_slack + 1) if stmt - d != f[1]]
        for delta in deltas:
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
    # A line with instructions and no access may be a call of a helper whose
    # access bankcheck reports at the helper's own line (the profiler put the
    # inlined instructions at the call): the accesses listing it in
    # call_sites. Their status covers every call of the helper, so a clean
    # line there is not called a false alarm.
    for j, g in enumerate(hw):
        if j in claimed:
            continue
        via = [a for a in report.get("accesses", []) if access_kind(a) == g[2] and
               any(cs.get("line") == g[1] and paths_match(cs.get("file"), g[0]) for cs in a.get("call_sites", []))]
        if not via:
            rows.append(profile_row(g[0], g[1], g[2], [], g[3]))
            continue
        row = profile_row(g[0], g[1], g[2], via, g[3])
        if row["verdict"] == "false-alarm":
            row["verdict"] = "unknown"
            row["note"] = (row["note"] + "; " if row["note"] else "") + \
                "bankcheck's access covers every call of the helper, this call is not judged alone"
        where = sorted({f"{a.get('file')}:{a.get('line')}" for a in via})
        row["note"] = (row["note"] + "; " if row["note"] else "") + \
            f"inlined here: bankcheck reports it at {', '.join(where)}"
        rows.append(row)
    rows.sort(key=lambda r: (str(r["file"]), r["line"] or 0, r["kind"] or ""))
    return rows


def attribute_cas_loops(records):
    """The CAS loop of a float atomicAdd on shared memory is an LDS of the old
    value and an ATOMS.CAST.SPIN on the same address: on a line (of one launch
    and function) that has an ATOMS.CAST.SPIN, the 4-byte LDS rows are the
    loop's and count as the atomic. Returns new records."""
    loops = {(r["launch"], r["function"], r["file"], r["line"]) for r in records
             if r["instruction"] == "ATOMS.CAST.SPIN"}
    out = []
    for r in records:
        if r["opcode"] == "LDS" and (r["launch"], r["function"], r["file"], r["line"]) in loops:
            r = dict(r, kind="atomic", instruction="ATOMS.CAST.SPIN", role="loop load")
        out.append(r)
    return out


def instruction_text(accesses, recs):
    """The instruction column: the forms the hardware ran on the line (LDS and
    STS with their width), else the forms bankcheck names."""
    def name(instruction, width):
        return instruction + SASS_SUFFIX.get(width, "") if instruction in ("LDS", "STS") else instruction
    hw = sorted({name(r.get("instruction") or r["opcode"], r.get("width")) for r in recs})
    ours = sorted({name(access_instruction(a) or "?", a.get("access_bytes")) for a in accesses})
    return "/".join(hw or ours), ours, hw


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
    instruction, ours, hw_forms = instruction_text(accesses, recs)
    families = {f.split(".")[0] for f in ours} - {"?"}
    if hw_forms and families and families != {f.split(".")[0] for f in hw_forms}:
        note = (note + "; " if note else "") + f"bankcheck: {'/'.join(ours)}, hardware: {'/'.join(hw_forms)}"
    return {"file": file, "line": line, "kind": kind, "instruction": instruction,
            "bankcheck_instruction": ours, "hardware_instruction": hw_forms,
            "verdict": verdict, "reported": bool(accesses),
            "bankcheck_status": statuses, "predicted_worst": predicted, "hardware_conflict": hw,
            "wavefronts": sum(r["wavefronts"] for r in recs), "ideal": sum(r["ideal"] for r in recs),
            "instructions": [{k: r.get(k) for k in ("function", "address", "opcode", "instruction",
                                                     "executed", "wavefronts", "ideal", "excessive",
                                                     "nway")}
                             for r in recs],
            "note": note}


def profile_summary(rows, show_all=False):
    """Text table and counts. Lines bankcheck did not report are shown only
    when missed (or with show_all); they do not enter the agreement rate."""
    shown = [r for r in rows if show_all or r["reported"] or r["verdict"] == "missed"]
    text = [format_table(
        ["where", "kind", "instruction", "bankcheck", "predicted", "wavefronts", "ideal", "verdict",
         "note"],
        [[f"{r['file']}:{r['line']}", r["kind"], r["instruction"], "/".join(r["bankcheck_status"]) or "-",
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


def only_kernels(report, kernels):
    """The report's accesses of these kernels (bankcheck's names, as in its
    "kernel" field) only: a profile of one instantiation of a template kernel
    (ncu's --kernel-id counts launches per function name, so `::regex:.*:1`
    profiles the first instantiation launched) is compared with that
    instantiation's verdicts, not with every instantiation's. The profile's
    rows are not filtered: name the kernels the profile holds."""
    if not kernels:
        return report
    names = set(kernels)
    known = {a.get("kernel") for a in report.get("accesses", [])}
    missing = sorted(names - known)
    if missing:
        raise HarnessError("the report has no kernel named " + ", ".join(repr(k) for k in missing) +
                           "; its kernels: " + ", ".join(sorted(k for k in known if k)))
    out = dict(report)
    out["accesses"] = [a for a in report.get("accesses", []) if a.get("kernel") in names]
    return out


def compare_profile(report_path, out_dir, show_all=False, kernels=()):
    """Program mode compare: print the table, write DIR/compare.json."""
    report = only_kernels(load_json(report_path), kernels)
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
                "kernels": list(kernels), "counts": counts, "agreement_rate": rate, "rows": rows})
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

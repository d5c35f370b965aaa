# ===- sass.py - SASS listings of cuobjdump --------------------------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""Reading cuobjdump --dump-sass, classifying shared-memory opcodes, and
checking that a replay kernel holds the one instruction it should."""

import collections
import re

from .instructions import DEFAULT_FORM, FORMS

SASS_FUNCTION = re.compile(r"^\s*Function\s*:\s*(\S+)")
SASS_INSTRUCTION = re.compile(r"^\s*/\*([0-9a-fA-F]+)\*/\s+([^;]*?)\s*;")
PREDICATE = re.compile(r"^(@!?U?P(?:T|\d+))\s+(.*)$")


def split_predicate(text):
    """'@!P0 LDS R1, [R2]' -> ('@!P0', 'LDS R1, [R2]')."""
    text = text.strip()
    m = PREDICATE.match(text)
    return (m.group(1), m.group(2).strip()) if m else ("", text)


SassOp = collections.namedtuple("SassOp", "kind width instruction op cache")

# ATOMS operations that bankcheck's JSON calls "ATOMS" (one form: banks depend
# only on the addresses).
PLAIN_ATOMIC_OPS = ("ADD", "MIN", "MAX", "EXCH", "AND", "OR", "XOR", "INC", "DEC")
SASS_SUFFIX = {1: ".U8", 2: ".U16", 4: "", 8: ".64", 16: ".128"}  # LDS/STS, by bytes per lane
WIDTH_SUFFIXES = (("U8", 1), ("S8", 1), ("U16", 2), ("S16", 2), ("64", 8), ("128", 16))


def classify(opcode):
    """SassOp(kind, width, instruction, op, cache) of a shared-memory SASS
    opcode, None for other opcodes.

    kind: LDS*/LDSM load, STS*/STSM store, ATOMS* atomic, LDGSTS copy.
    width: bytes per address: LDS/STS from the suffix (.U8/.S8 1, .U16/.S16 2,
    .64 8, .128 16, none 4), ATOMS 4 or 8 (.64), LDSM/STSM 16 (one row),
    LDGSTS from .64/.128, none (or .32) 4.
    instruction: the form's name as bankcheck's JSON writes it: LDSM.16.MT88.4
    -> LDSM.x4.trans, LDSM.16.M88 (or .1) -> LDSM.x1, ATOMS.ADD -> ATOMS,
    ATOMS.CAS, ATOMS.POPC.INC, ATOMS.CAST.SPIN, LDGSTS.
    op: the atomic operation (ADD, CAS, POPC, CAST, ...), else None.
    cache: for LDGSTS, cg when it bypasses L1 (.BYPASS), else ca.
    """
    parts = opcode.upper().split(".")
    base, mods = parts[0], parts[1:]
    if base in ("LDS", "STS"):
        width = next((w for suffix, w in WIDTH_SUFFIXES if suffix in mods), 4)
        return SassOp("load" if base == "LDS" else "store", width, base, None, None)
    if base in ("LDSM", "STSM"):
        kind = "load" if base == "LDSM" else "store"
        layout = next((i for i, m in enumerate(mods) if m.startswith("M")), None)
        if layout is None or mods[layout] not in ("M88", "MT88"):
            return SassOp(kind, 16, base, None, None)  # a layout without a form here
        count = mods[layout + 1] if layout + 1 < len(mods) else "1"
        if count not in ("1", "2", "4"):
            return SassOp(kind, 16, base, None, None)
        name = f"{base}.x{count}" + (".trans" if mods[layout] == "MT88" else "")
        return SassOp(kind, 16, name, None, None)
    if base == "ATOMS":
        width = 8 if "64" in mods else 4
        op = mods[0] if mods else ""
        if mods[:2] == ["POPC", "INC"]:
            name = "ATOMS.POPC.INC"
        elif mods[:2] == ["CAST", "SPIN"]:
            name = "ATOMS.CAST.SPIN"
        elif op == "CAS":
            name = "ATOMS.CAS"
        elif op in PLAIN_ATOMIC_OPS:
            name = "ATOMS"
        else:
            name = "ATOMS." + op if op else "ATOMS"  # e.g. an mbarrier's ATOMS.ARRIVE
        return SassOp("atomic", width, name, op or None, None)
    if base == "LDGSTS":
        width = 16 if "128" in mods else (8 if "64" in mods else 4)
        return SassOp("copy", width, "LDGSTS", None, "cg" if "BYPASS" in mods else "ca")
    return None


def generic_op(opcode):
    """SassOp of a generic LD/ST (LD.E, LD.E.64, ST.E.128, ...), as the LDS/STS
    form it is when its address is shared memory: wmma fragments of bf16, tf32
    and f64 are loaded so where the pointer is not known to be shared (their
    rows in ncu's source view carry shared wavefronts). None for other opcodes.
    """
    parts = opcode.upper().split(".")
    base, mods = parts[0], parts[1:]
    if base not in ("LD", "ST"):
        return None
    width = next((w for suffix, w in WIDTH_SUFFIXES if suffix in mods), 4)
    return SassOp("load" if base == "LD" else "store", width, "LDS" if base == "LD" else "STS", None, None)


def shared_op(opcode):
    """(kind, width) of a shared-memory SASS opcode, None for other opcodes.

    As classify(); the width is None for the matrix forms LDSM/STSM.
    """
    op = classify(opcode)
    if op is None:
        return None
    return op.kind, (None if op.instruction.startswith(("LDSM", "STSM")) else op.width)


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


def check_replay_sass(instructions, kind, width, instruction=None, cache=None):
    """Does a replay kernel hold exactly one shared instruction of its kind,
    of the intended form and width? Returns (ok, the opcodes of that kind found).

    instruction: the form (instructions.FORMS; default LDS/STS/ATOMS by kind).
    An ATOMS replay must be an add (the replay's op); LDGSTS must have the
    intended cache mode when one is given (.BYPASS for cg). The CAS loop of a
    float atomicAdd (ATOMS.CAST.SPIN) is its one ATOMS.CAST.SPIN and the one
    4-byte LDS that reads the old value; both are listed, load first.
    """
    form = FORMS[instruction or DEFAULT_FORM[kind]]
    live = [(opcode, classify(opcode)) for _addr, predicate, opcode, _text in instructions
            if predicate != "@!PT" and classify(opcode)]  # @!PT never runs
    found = [opcode for opcode, op in live if op.kind == form.kind]
    if form.loop:
        loads = [opcode for opcode, op in live if op.kind == "load"]
        ok = (len(found) == 1 and classify(found[0]).instruction == form.name
              and classify(found[0]).width == width
              and len(loads) == 1 and classify(loads[0]) == classify("LDS"))
        return ok, loads + found
    if len(found) != 1:
        return False, found
    op = classify(found[0])
    ok = op.instruction == form.name and op.width == width
    if form.name == "ATOMS":
        ok = ok and op.op == "ADD"
    if form.family == "LDGSTS" and cache is not None:
        ok = ok and op.cache == cache
    return ok, found

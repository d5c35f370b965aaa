# ===- sass.py - SASS listings of cuobjdump --------------------------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""Reading cuobjdump --dump-sass, classifying shared-memory opcodes, and
checking that a replay kernel holds the one instruction it should."""

import re


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

# ===- instructions.py - The shared-memory instruction forms, as data -------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""The instruction forms a report access can name, as one table.

A bankcheck access names its form in "instruction" (docs/json-format.md):
LDS, STS, ATOMS, ATOMS.CAS, ATOMS.POPC.INC, ATOMS.CAST.SPIN, LDSM.x{1,2,4}
and STSM.x{1,2,4} (each also with .trans), LDGSTS. Without the field it is
today's meaning: LDS or STS by kind, ATOMS for an atomic.

Each form says:
  kind           the access kind it is joined on in program mode (load, store,
                 atomic, or copy: LDGSTS has a kind of its own)
  widths         the bytes per address it can move (access_bytes)
  address_lanes  how many lanes give an address (LDSM/STSM .x1 8, .x2 16, .x4 32)
  min_sm         the oldest architecture that has it
  counters       the METRICS group that measures its replay (metrics.py)
  loop           the replay is a loop of instructions (the CAS loop of a float
                 atomicAdd): the wavefronts of the whole loop are compared
"""

import collections
import re

Form = collections.namedtuple(
    "Form", "name family kind widths address_lanes matrices trans min_sm counters loop")


def _table():
    forms = [
        Form("LDS", "LDS", "load", (1, 2, 4, 8, 16), 32, 0, False, 0, "load", False),
        Form("STS", "STS", "store", (1, 2, 4, 8, 16), 32, 0, False, 0, "store", False),
        # ADD, MIN, MAX, EXCH, AND, OR, XOR, INC, DEC: banks depend only on the
        # addresses, so every one of them is replayed as an add.
        Form("ATOMS", "ATOMS", "atomic", (4, 8), 32, 0, False, 0, "atomic", False),
        Form("ATOMS.CAS", "ATOMS", "atomic", (4, 8), 32, 0, False, 0, "atomic", False),
        Form("ATOMS.POPC.INC", "ATOMS", "atomic", (4,), 32, 0, False, 0, "atomic", False),
        Form("ATOMS.CAST.SPIN", "ATOMS", "atomic", (4,), 32, 0, False, 0, "atomic", True),
        Form("LDGSTS", "LDGSTS", "copy", (4, 8, 16), 32, 0, False, 80, "ldgsts", False),
    ]
    for matrices in (1, 2, 4):
        for trans in (False, True):
            suffix = f".x{matrices}" + (".trans" if trans else "")
            forms.append(Form("LDSM" + suffix, "LDSM", "load", (16,), 8 * matrices, matrices, trans,
                              75, "ldsm", False))
            forms.append(Form("STSM" + suffix, "STSM", "store", (16,), 8 * matrices, matrices, trans,
                              90, "stsm", False))
    return collections.OrderedDict((f.name, f) for f in forms)


FORMS = _table()
DEFAULT_FORM = {"load": "LDS", "store": "STS", "atomic": "ATOMS"}
CACHE_MODES = ("ca", "cg")


def access_form(access):
    """(Form, None) for a report access, or (None, reason) when its form is unknown."""
    name = access.get("instruction")
    if name is None:
        name = DEFAULT_FORM.get(access.get("kind"))
        if name is None:
            return None, f"unknown access kind {access.get('kind')!r}"
    form = FORMS.get(name)
    if form is None:
        return None, f"unknown instruction form {name!r}"
    return form, None


def access_kind(access):
    """The kind an access is joined on: its form's kind (copy for LDGSTS), else its own kind."""
    form, _ = access_form(access)
    return form.kind if form else access.get("kind")


def access_instruction(access):
    """The form's name of an access (LDS/STS/ATOMS when the report gives none), or None."""
    form, _ = access_form(access)
    return form.name if form else access.get("instruction")


def arch_number(arch):
    """'sm_90' -> 90, 'sm_90a' -> 90, 'compute_80' -> 80; None when there is no number."""
    m = re.search(r"(\d+)", arch or "")
    return int(m.group(1)) if m else None

#!/usr/bin/env python3
# ===- gen_patterns.py - Lane patterns for the instruction-form microkernels -===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""Writes patterns.txt (read by forms.cu) and patterns.json (the same, named).

Each pattern is one warp instruction of one form: 32 per-lane byte offsets
into a shared buffer (-1: the lane does not execute it) and, for cp.async, a
source layout. forms.cu launches one 32-thread block per pattern, in order, so
Nsight Compute's launch N is pattern N.
"""
import json
import random
import sys

FORMS = [
    # name, bytes per address, address lanes, needs every lane
    ("lds_u8", 1), ("lds_u16", 2), ("lds_u32", 4), ("lds_v2", 8), ("lds_v4", 16),
    ("sts_u32", 4), ("sts_v2", 8), ("sts_v4", 16),
    ("atom_add_u32", 4), ("red_add_u32", 4), ("atom_max_s32", 4), ("atom_min_u32", 4),
    ("atom_exch_b32", 4), ("atom_and_b32", 4), ("atom_or_b32", 4), ("atom_xor_b32", 4),
    ("atom_inc_u32", 4), ("atom_dec_u32", 4), ("atom_cas_b32", 4),
    ("atom_add_u64", 8), ("atom_cas_b64", 8), ("atom_add_f32", 4),
    ("cxx_atomicadd_one", 4), ("cxx_atomicadd_float", 4), ("cxx_atomicadd_lane", 4),
    ("ldsm_x1", 16), ("ldsm_x2", 16), ("ldsm_x4", 16),
    ("ldsm_x1_t", 16), ("ldsm_x2_t", 16), ("ldsm_x4_t", 16),
    ("stsm_x1", 16), ("stsm_x2", 16), ("stsm_x4", 16),
    ("stsm_x1_t", 16), ("stsm_x2_t", 16), ("stsm_x4_t", 16),
    ("ldgsts_ca4", 4), ("ldgsts_ca8", 8), ("ldgsts_ca16", 16), ("ldgsts_cg16", 16),
]
FORM_ID = {name: i for i, (name, _) in enumerate(FORMS)}
LIMIT = 32768  # offsets stay below this (the buffer is 40 KiB)

rng = random.Random(20261201)


def lanes(f):
    return [f(l) for l in range(32)]


def word_patterns(w):
    """Patterns for a plain per-lane access of w bytes (lds/sts/atomics)."""
    p = {}
    p["contiguous"] = lanes(lambda l: l * w)
    p["one_word"] = lanes(lambda l: 0)
    p["pairs"] = lanes(lambda l: (l // 2) * w)
    p["quads"] = lanes(lambda l: (l // 4) * w)
    p["octets"] = lanes(lambda l: (l // 8) * w)
    p["halves_one_word_each"] = lanes(lambda l: 0 if l < 16 else 128)  # same bank, 2 words
    p["halves_two_banks"] = lanes(lambda l: 0 if l < 16 else 4)
    p["column"] = lanes(lambda l: l * 128)  # distinct words, one bank
    p["column_pairs"] = lanes(lambda l: (l // 2) * 128)
    p["four_then_column"] = lanes(lambda l: 0 if l < 4 else l * 128)
    p["stride2"] = lanes(lambda l: l * 2 * w)
    p["stride8"] = lanes(lambda l: l * 8 * w if l * 8 * w < LIMIT else 0)
    p["half_active_one_word"] = [0 if l < 16 else -1 for l in range(32)]
    p["half_active_column"] = [l * 128 if l < 16 else -1 for l in range(32)]
    p["one_lane"] = [0] + [-1] * 31
    for k in range(4):
        p[f"random_small{k}"] = lanes(lambda l: rng.randrange(0, 64) * 4 // max(4, w) * max(4, w))
    for k in range(2):
        p[f"random_wide{k}"] = lanes(lambda l: rng.randrange(0, LIMIT // w) * w)
    return {k: [o if o < 0 else o - o % w for o in v] for k, v in p.items()}


def matrix_patterns():
    """Row addresses (16 bytes each) for ldmatrix/stmatrix; lane l gives row l."""
    p = {}
    for stride in (16, 32, 48, 64, 80, 128, 144, 256, 272):
        p[f"rows_stride{stride}"] = lanes(lambda l, s=stride: l * s % LIMIT)
    for c in range(0, 8, 3):
        p[f"rows128_chunk{c}"] = lanes(lambda l, c=c: l * 128 + c * 16)
        p[f"rows128_swizzle_chunk{c}"] = lanes(lambda l, c=c: l * 128 + ((c ^ (l % 8)) * 16))
    p["rows64_swizzle"] = lanes(lambda l: l * 64 + (((l // 2) ^ 0) % 4) * 16 ^ ((l % 8) // 2 * 16 % 64))
    p["all_one_row"] = lanes(lambda l: 0)
    p["row_pairs"] = lanes(lambda l: (l // 2) * 16)
    p["matrix_one_row_each"] = lanes(lambda l: (l // 8) * 16)
    # matrices on disjoint 64-byte halves: rows repeat within a matrix
    p["half_banks_per_matrix"] = lanes(lambda l: ((l // 8) % 2) * 64 + (l % 4) * 16 + (l // 16) * 1024)
    p["matrices_same_rows"] = lanes(lambda l: (l % 8) * 16)
    p["matrices_same_rows_stride128"] = lanes(lambda l: (l % 8) * 128)
    p["lanes_beyond_group_column"] = lanes(lambda l: (l % 8) * 16 if l < 8 else l * 128)
    p["lanes_beyond_x2_column"] = lanes(lambda l: l * 16 if l < 16 else l * 128)
    for k in range(4):
        p[f"random_rows{k}"] = lanes(lambda l: rng.randrange(0, LIMIT // 16) * 16)
    for k in range(3):
        p[f"random_small_rows{k}"] = lanes(lambda l: rng.randrange(0, 32) * 16)
    return p


def copy_patterns(w):
    """Destinations for cp.async of w bytes per lane."""
    p = {}
    p["contiguous"] = lanes(lambda l: l * w)
    for stride in (2, 4, 8, 16, 32):
        if stride * w * 31 < LIMIT:
            p[f"stride{stride}"] = lanes(lambda l, s=stride: l * s * w)
    per_row = 128 // w
    for pitch in (128, 136, 144, 160, 192, 256, 272):
        for base in (0, 16, 64):
            p[f"rows{pitch}_base{base}"] = lanes(lambda l, r=pitch, b=base: b + (l // per_row) * r + (l % per_row) * w)
    p["rows128_swizzle"] = lanes(lambda l: (l // per_row) * 128 + (((l % per_row) * w // 16) ^ (l // per_row)) % 8 * 16 + (l * w) % 16)
    p["column"] = lanes(lambda l: l * 128)
    p["one_address"] = lanes(lambda l: 0)
    p["half_active"] = [l * w if l < 16 else -1 for l in range(32)]
    p["reversed"] = lanes(lambda l: (31 - l) * w)
    for k in range(3):
        p[f"random{k}"] = lanes(lambda l: rng.randrange(0, LIMIT // w) * w)
    return p


SECONDARY = {"contiguous", "one_word", "pairs", "halves_one_word_each", "halves_two_banks", "column",
             "column_pairs", "four_then_column", "half_active_one_word", "random_small0", "random_small1"}
SECONDARY_MATRIX = {"rows_stride16", "rows_stride32", "rows_stride64", "rows_stride128", "rows_stride144",
                    "rows128_swizzle_chunk0", "rows128_chunk3", "all_one_row", "row_pairs",
                    "half_banks_per_matrix", "matrices_same_rows", "lanes_beyond_group_column",
                    "lanes_beyond_x2_column", "random_rows0", "random_small_rows0", "random_small_rows1"}


SOURCES = ["contiguous", "as-destination", "stride-128", "contiguous+16", "contiguous+64",
           "rows-of-8-lanes", "rows-of-8-lanes+64"]


def copy_set():
    """cp.async: destination layouts crossed with source layouts (set 'copies')."""
    entries = []
    for name, width in (("ldgsts_ca16", 16), ("ldgsts_cg16", 16), ("ldgsts_ca8", 8), ("ldgsts_ca4", 4)):
        per_row = 128 // width
        dsts = {"contiguous": lanes(lambda l: l * width)}
        for pitch in (144, 80, 272, 160) if width == 16 else (144, 136):
            for base in ((0, 576, 1152, 1728, 16, 64) if pitch == 144 else (0,)):
                dsts[f"rows{pitch}_base{base}"] = lanes(
                    lambda l, r=pitch, b=base: b + (l // per_row) * r + (l % per_row) * width)
        dsts["rows128_swizzle"] = lanes(lambda l: (l // per_row) * 128 +
                                        ((((l % per_row) * width) // 16) ^ (l // per_row)) % 8 * 16 + (l * width) % 16)
        dsts["column"] = lanes(lambda l: l * 128)
        srcs = range(len(SOURCES)) if width == 16 else (0, 1, 3, 5)
        for pname, offs in dsts.items():
            for src in srcs:
                if name == "ldgsts_cg16" and src not in (0, 1, 5):
                    continue
                entries.append({"form": name, "form_id": FORM_ID[name], "pattern": pname, "source": src,
                                "bytes": width, "lanes": offs})
    return entries


def write(out_prefix, entries):
    for i, e in enumerate(entries):
        e["index"] = i
    with open(out_prefix + ".txt", "w") as f:
        f.write(f"{len(entries)}\n")
        for e in entries:
            f.write(f"{e['form_id']} {e['source']} " + " ".join(str(o) for o in e["lanes"]) + "\n")
    with open(out_prefix + ".json", "w") as f:
        json.dump({"forms": [n for n, _ in FORMS], "sources": SOURCES, "patterns": entries}, f, indent=0)
    print(f"{len(entries)} patterns")


def main(out_prefix):
    entries = []
    for name, width in FORMS:
        if name.startswith(("ldsm", "stsm")):
            pats = matrix_patterns()
        elif name.startswith("ldgsts"):
            pats = copy_patterns(width)
        else:
            pats = word_patterns(width)
            if name.startswith(("lds_", "sts_")):  # already validated: a few for regression
                pats = {k: pats[k] for k in ("contiguous", "one_word", "column", "pairs", "stride2",
                                             "half_active_column", "random_small0", "random_wide0")}
            elif name.endswith("64"):
                pats = word_patterns(8)
            if not name.startswith(("lds_", "sts_", "atom_add_u32", "atom_cas_b32", "cxx_")):
                pats = {k: v for k, v in pats.items() if k in SECONDARY}
        if name.startswith(("ldsm_x1", "ldsm_x2", "stsm")) and name not in ("stsm_x4",):
            pats = {k: v for k, v in pats.items() if k in SECONDARY_MATRIX}
        for pname, offs in pats.items():
            srcs = [0]
            if name.startswith("ldgsts") and pname in ("contiguous", "rows144_base0", "column"):
                srcs = [0, 1, 2]  # contiguous source, source = destination layout, 128-byte stride
            for src in srcs:
                entries.append({"index": len(entries), "form": name, "form_id": FORM_ID[name],
                                "pattern": pname, "source": src, "bytes": width, "lanes": offs})
    with open(out_prefix + ".txt", "w") as f:
        f.write(f"{len(entries)}\n")
        for e in entries:
            f.write(f"{e['form_id']} {e['source']} " + " ".join(str(o) for o in e["lanes"]) + "\n")
    with open(out_prefix + ".json", "w") as f:
        json.dump({"forms": [n for n, _ in FORMS], "patterns": entries}, f, indent=0)
    print(f"{len(entries)} patterns")


if __name__ == "__main__":
    if "--set" in sys.argv and sys.argv[sys.argv.index("--set") + 1] == "copies":
        write(sys.argv[1], copy_set())
    else:
        main(sys.argv[1] if len(sys.argv) > 1 else "patterns")

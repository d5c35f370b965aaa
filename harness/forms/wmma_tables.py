#!/usr/bin/env python3
# ===- wmma_tables.py - Fragment maps as per-lane formulas and accesses ----===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""Reads run_wmma_layouts.py's maps.jsonl (and wmma_layouts.sass) and prints,
per fragment kind, where each lane's fragment elements lie in memory as
formulas of the lane's group g = lane / 4 and thread t = lane % 4:

    memory row = a*g + b*t + c,  memory column = d*g + e*t + f   (elements)

and the accesses they make: runs of elements adjacent in memory, cut at the
widths the SASS shows. With --table, C++ rows for lib/Frontend/WmmaLayouts.cpp.

  wmma_tables.py DIR [--table]
"""
import json
import os
import re
import struct
import sys


def cells_of_load(m):
    """{(lane, slot): cell index} of a load map."""
    words, cb = m["words"], m["cell_bytes"]
    per_lane = len(words) // 32
    out = {}
    for lane in range(32):
        w = words[lane * per_lane:(lane + 1) * per_lane]
        if cb == 2:
            for i, x in enumerate(w):
                out[(lane, 2 * i)] = x & 0xFFFF
                out[(lane, 2 * i + 1)] = x >> 16
        elif cb == 4:
            for i, x in enumerate(w):
                out[(lane, i)] = x
        elif cb == 8:
            for i in range(0, len(w), 2):
                out[(lane, i // 2)] = int(struct.unpack("<d", struct.pack("<II", w[i], w[i + 1]))[0])
    return out


def cells_of_store(m):
    """{(lane, slot): cell index} of a store map (memory words hold lane << 8 | storage word,
    16-bit cells lane << 8 | element)."""
    words, cb = m["words"], m["cell_bytes"]
    out = {}
    if cb == 2:  # 16-bit cells hold lane << 8 | element
        for pos, x in enumerate(words):
            for half, h in enumerate((x & 0xFFFF, x >> 16)):
                if h != 0xFFFF:
                    out[(h >> 8, h & 0xFF)] = 2 * pos + half
        return out
    for pos, x in enumerate(words):
        if x == 0xFFFFFFFF:
            continue
        lane, sw = x >> 8, x & 0xFF
        if cb == 4:
            out[(lane, sw)] = pos
        elif cb == 8 and pos % 2 == 0:
            out[(lane, sw // 2)] = pos // 2
    return out


def fit(points):
    """(a, b, c) with v = a*g + b*t + c for every (lane, v), or None."""
    v = dict(points)
    c = v[0]
    b = v[1] - c
    a = v[4] - c
    for lane, x in v.items():
        if a * (lane // 4) + b * (lane % 4) + c != x:
            return None
    return a, b, c


def formulas(m):
    cells = cells_of_store(m) if m["kind"] == "store" else cells_of_load(m)
    ldm = m["ldm"]
    slots = sorted({s for _, s in cells})
    rows = []
    for s in slots:
        pts_r = [(l, cells[(l, s)] // ldm) for l in range(32) if (l, s) in cells]
        pts_c = [(l, cells[(l, s)] % ldm) for l in range(32) if (l, s) in cells]
        if len(pts_r) != 32:
            rows.append((s, None, None))
            continue
        rows.append((s, fit(pts_r), fit(pts_c)))
    return rows


def runs(rows):
    """Slots in runs adjacent in memory (same row formula, column + 1)."""
    out, cur = [], []
    for s, r, c in rows:
        if cur and r == cur[-1][1] and c and cur[-1][2] and c[:2] == cur[-1][2][:2] and c[2] == cur[-1][2][2] + 1:
            cur.append((s, r, c))
        else:
            if cur:
                out.append(cur)
            cur = [(s, r, c)]
    if cur:
        out.append(cur)
    return out


def sass_ops(sass, kernel):
    """The shared/generic load and store opcodes of one kernel's SASS."""
    m = re.search(r"Function : (\S*" + re.escape(kernel) + r"\S*)\n(.*?)(?=\n\s*Function :|\Z)", sass, re.S)
    if not m:
        return []
    return re.findall(r"\b((?:LDS|STS|LD|ST|LDSM)(?:\.[A-Z0-9.]+)?)\s", m.group(2))


def main():
    d = sys.argv[1]
    maps = [json.loads(l) for l in open(os.path.join(d, "maps.jsonl")) if l.strip()]
    sass_path = os.path.join(d, "wmma_layouts.sass")
    sass = open(sass_path).read() if os.path.exists(sass_path) else ""
    for m in maps:
        rows = formulas(m)
        print(f"== {m['name']} ({m['kind']}, {m['cell_bytes']}-byte cells, ldm {m['ldm']}, {m['layout']})")
        for s, r, c in rows:
            print(f"  slot {s}: row {r}  col {c}")
        print("  runs:", [[s for s, _, _ in run] for run in runs(rows)])
        if sass:
            print("  sass (map kernel):", sass_ops(sass, "map_" + m["name"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Independent reference model for the golden expectations (bank-model.md).

Does not use the analyzer. Each golden expectation was computed with
`access(...)` below, from a Python transcription of the kernel's index
expression. Run `python3 oracle.py` to print every case in CASES.

Model (docs: /work/shared/bank-model.md):
  bank = (byte / 4) % 32, word = byte / 4.
  <= 4 bytes: one phase of 32 lanes; wavefronts = max over banks of the number
    of distinct words the active lanes touch in that bank (same word: broadcast).
  8 bytes: two half-warp phases, 16 bytes: four quarter-warp phases; a lane
    touches width/4 consecutive words; the phases' wavefronts add up.
  Merging: adjacent phases (h0,h1) for 8 bytes, (q0,q1) and (q2,q3) for 16
    bytes take ONE wavefront when both take one wavefront and touch disjoint
    banks, or when all their active lanes read one address.
  Phases without an active lane cost nothing; ideal = number of phases with
    an active lane (1 for <= 4 bytes).
  Warps are cut from the linear thread id x + y*Dx + z*Dx*Dy; lanes past the
    end of the block and lanes for which the index function returns None are
    inactive. The reported case is the worst over warps and iterations.
"""

import itertools
import math


def phase_cost(lanes):
    """lanes: list of (byte, width) for active lanes of one phase."""
    per_bank = {}
    for byte, width in lanes:
        w0 = byte // 4
        for w in range(w0, w0 + max(1, width // 4)):
            per_bank.setdefault(w % 32, set()).add(w)
    return max((len(s) for s in per_bank.values()), default=0)


def banks_of(lanes):
    out = set()
    for byte, width in lanes:
        w0 = byte // 4
        for w in range(w0, w0 + max(1, width // 4)):
            out.add(w % 32)
    return out


def warp_wavefronts(offsets, width):
    """offsets: 32 byte offsets (None = inactive). Returns (wavefronts, ideal)."""
    nph = {1: 1, 2: 1, 4: 1, 8: 2, 16: 4}[width]
    size = 32 // nph
    phases = [[(offsets[i], width) for i in range(p * size, (p + 1) * size)
               if offsets[i] is not None] for p in range(nph)]
    if nph == 1:
        return phase_cost(phases[0]), (1 if phases[0] else 0)
    total, ideal = 0, 0
    for a, b in zip(phases[0::2], phases[1::2]):
        ca, cb = phase_cost(a), phase_cost(b)
        ideal += (1 if a else 0) + (1 if b else 0)
        if a and b:
            one_addr = len({x for x, _ in a + b}) == 1
            disjoint = ca == 1 and cb == 1 and not (banks_of(a) & banks_of(b))
            if one_addr or disjoint:
                total += 1
                continue
        total += ca + cb
    return total, ideal


def access(fn, width, block=(32, 1, 1), loops=None, elem=None):
    """fn(x, y, z, **loopvars) -> element index (or None if the lane is inactive).

    elem: element size in bytes for the index (default: width). Returns a dict
    with the worst wavefronts, ideal, degree, the warp and iteration.
    """
    elem = elem or width
    dx, dy, dz = block
    n = dx * dy * dz
    threads = [(t % dx, (t // dx) % dy, t // (dx * dy)) for t in range(n)]
    loops = loops or {}
    names = list(loops)
    best = None
    for vals in itertools.product(*[loops[k] for k in names]) if names else [()]:
        env = dict(zip(names, vals))
        for w in range(math.ceil(n / 32)):
            offs = []
            for lane in range(32):
                t = 32 * w + lane
                if t >= n:
                    offs.append(None)
                    continue
                i = fn(*threads[t], **env)
                offs.append(None if i is None else i * elem)
            if all(o is None for o in offs):
                continue
            wf, ideal = warp_wavefronts(offs, width)
            key = (wf, math.ceil(wf / ideal))
            if best is None or key > best[0]:
                best = (key, dict(wavefronts=wf, ideal=ideal, degree=math.ceil(wf / ideal),
                                  warp=w, iteration=env))
    return best[1]


# ---------------------------------------------------------------------------
# One entry per expectation in bankcheck-bank-conflict/*.cu:
#   (file, what, index function, access width, block, loops, element bytes)
# The index function is the kernel's index expression transcribed by hand, in
# elements of the given element size (None = lane inactive).
A = access
CASES = [
  # transpose-naive.cu: tile[32][32], block (32, 8), j = 0, 8, 16, 24
  ("transpose-naive", "load tile[tx][ty+j]", lambda x, y, z, j: 32 * x + y + j, 4, (32, 8, 1), dict(j=[0, 8, 16, 24]), None),
  ("transpose-naive", "store tile[ty+j][tx]", lambda x, y, z, j: 32 * (y + j) + x, 4, (32, 8, 1), dict(j=[0, 8, 16, 24]), None),
  ("transpose-naive", "store tile[tx][ty+j]", lambda x, y, z, j: 32 * x + y + j, 4, (32, 8, 1), dict(j=[0, 8, 16, 24]), None),
  # transpose-padded.cu
  ("transpose-padded", "load tile[tx][ty+j] stride 33", lambda x, y, z, j: 33 * x + y + j, 4, (32, 8, 1), dict(j=[0, 8, 16, 24]), None),
  ("transpose-padded", "store tile[ty+j][tx] stride 33", lambda x, y, z, j: 33 * (y + j) + x, 4, (32, 8, 1), dict(j=[0, 8, 16, 24]), None),
  ("transpose-padded", "load tile[tx][ty+j] stride 34", lambda x, y, z, j: 34 * x + y + j, 4, (32, 8, 1), dict(j=[0, 8, 16, 24]), None),
  # transpose-swizzled.cu
  ("transpose-swizzled", "store tile[r][tx^r]", lambda x, y, z, j: 32 * (y + j) + (x ^ (y + j)), 4, (32, 8, 1), dict(j=[0, 8, 16, 24]), None),
  ("transpose-swizzled", "load tile[tx][r^tx]", lambda x, y, z, j: 32 * x + ((y + j) ^ x), 4, (32, 8, 1), dict(j=[0, 8, 16, 24]), None),
  ("transpose-swizzled", "load tile[tx][(r^tx)&15]", lambda x, y, z, j: 32 * x + (((y + j) ^ x) & 15), 4, (32, 8, 1), dict(j=[0, 8, 16, 24]), None),
  # transpose-16x16.cu: block (16, 16)
  ("transpose-16x16", "store tile[ty][tx] [16][16]", lambda x, y, z: 16 * y + x, 4, (16, 16, 1), None, None),
  ("transpose-16x16", "load tile[tx][ty] [16][16]", lambda x, y, z: 16 * x + y, 4, (16, 16, 1), None, None),
  ("transpose-16x16", "load tile[tx][ty] [16][17]", lambda x, y, z: 17 * x + y, 4, (16, 16, 1), None, None),
  ("transpose-16x16", "load tile[tx][ty] [16][34]", lambda x, y, z: 34 * x + y, 4, (16, 16, 1), None, None),
  # blockdim16-row-stride.cu: annotation (16, 16), row walk s[ty][tx]
  ("blockdim16-row-stride", "s[ty][tx] stride 16", lambda x, y, z: 16 * y + x, 4, (16, 16, 1), None, None),
  ("blockdim16-row-stride", "s[ty][tx] stride 32", lambda x, y, z: 32 * y + x, 4, (16, 16, 1), None, None),
  ("blockdim16-row-stride", "s[ty][tx] stride 33", lambda x, y, z: 33 * y + x, 4, (16, 16, 1), None, None),
  ("blockdim16-row-stride", "s[ty][tx] stride 48", lambda x, y, z: 48 * y + x, 4, (16, 16, 1), None, None),
  # block2d-narrow-rows.cu
  ("block2d-narrow-rows", "(8,4) s[tx][ty] [8][8]", lambda x, y, z: 8 * x + y, 4, (8, 4, 1), None, None),
  ("block2d-narrow-rows", "(8,4) s[ty][tx] [8][8]", lambda x, y, z: 8 * y + x, 4, (8, 4, 1), None, None),
  ("block2d-narrow-rows", "(4,8) s[tx][ty] [4][32]", lambda x, y, z: 32 * x + y, 4, (4, 8, 1), None, None),
  ("block2d-narrow-rows", "(24,2) s[tx * 32]", lambda x, y, z: 32 * x, 4, (24, 2, 1), None, None),
  # block3d.cu: block (8, 4, 2)
  ("block3d", "s3[tx][ty][tz] [8][4][2]", lambda x, y, z: 8 * x + 2 * y + z, 4, (8, 4, 2), None, None),
  ("block3d", "store w[tz][ty][tx] [2][4][8]", lambda x, y, z: 32 * z + 8 * y + x, 4, (8, 4, 2), None, None),
  ("block3d", "v[tz][tx][ty] [2][8][8]", lambda x, y, z: 64 * z + 8 * x + y, 4, (8, 4, 2), None, None),
  # reduction-interleaved.cu
  ("reduction-interleaved", "BLOCK 256 sdata[2*s*tid]", lambda x, y, z, s: 2 * s * x if 2 * s * x < 256 else None, 4, (256, 1, 1), dict(s=[1, 2, 4, 8, 16, 32, 64, 128]), None),
  ("reduction-interleaved", "BLOCK 256 sdata[2*s*tid + s]", lambda x, y, z, s: 2 * s * x + s if 2 * s * x < 256 else None, 4, (256, 1, 1), dict(s=[1, 2, 4, 8, 16, 32, 64, 128]), None),
  ("reduction-interleaved", "BLOCK 1024 sdata[2*s*tid]", lambda x, y, z, s: 2 * s * x if 2 * s * x < 1024 else None, 4, (1024, 1, 1), dict(s=[1, 2, 4, 8, 16, 32, 64, 128, 256, 512]), None),
  # reduction-divergent.cu: if (tid % (2*s) == 0) sdata[tid] += sdata[tid + s]
  ("reduction-divergent", "sdata[tid]", lambda x, y, z, s: x if x % (2 * s) == 0 else None, 4, (256, 1, 1), dict(s=[1, 2, 4, 8, 16, 32, 64, 128]), None),
  ("reduction-divergent", "sdata[tid + s]", lambda x, y, z, s: x + s if x % (2 * s) == 0 else None, 4, (256, 1, 1), dict(s=[1, 2, 4, 8, 16, 32, 64, 128]), None),
  # reduction-sequential.cu
  ("reduction-sequential", "sdata[tid + s]", lambda x, y, z, s: x + s if x < s else None, 4, (256, 1, 1), dict(s=[128, 64, 32, 16, 8, 4, 2, 1]), None),
  ("reduction-sequential", "warpReduce vs[tid + o]", lambda x, y, z, o: x + o if x < 32 else None, 4, (256, 1, 1), dict(o=[32, 16, 8, 4, 2, 1]), None),
  # reduction-warp-shuffle.cu: block 256, 8 warps
  ("reduction-warp-shuffle", "warpSums[warp] (lane 0)", lambda x, y, z: x // 32 if x % 32 == 0 else None, 4, (256, 1, 1), None, None),
  ("reduction-warp-shuffle", "warpSums[lane] (warp 0, lane < 8)", lambda x, y, z: x % 32 if x < 8 else None, 4, (256, 1, 1), None, None),
  ("reduction-warp-shuffle", "partial[lane][warp] [32][8]", lambda x, y, z: 8 * (x % 32) + x // 32, 4, (256, 1, 1), None, None),
  ("reduction-warp-shuffle", "partial[lane][warp] [32][9]", lambda x, y, z: 9 * (x % 32) + x // 32, 4, (256, 1, 1), None, None),
]

CASES += [
  ("transpose-16x16", "store tile[ty][tx] [16][17]", lambda x, y, z: 17 * y + x, 4, (16, 16, 1), None, None),
  ("transpose-16x16", "store tile[ty][tx] [16][34]", lambda x, y, z: 34 * y + x, 4, (16, 16, 1), None, None),
]

CASES += [
  ("block3d", "store v[tz][ty][tx] [2][8][8]", lambda x, y, z: 64 * z + 8 * y + x, 4, (8, 4, 2), None, None),
  ("blockdim16-row-stride", "load a[tx][ty], d[tx][ty]", lambda x, y, z: 16 * x + y, 4, (16, 16, 1), None, None),
  ("blockdim16-row-stride", "load d[tx][ty] stride 48", lambda x, y, z: 48 * x + y, 4, (16, 16, 1), None, None),
]

CASES += [
  # scan-blelloch.cu: N = 256 elements, 128 threads; up-sweep (d, offset) pairs
  ("scan-blelloch", "up temp[ai]", lambda x, y, z, it: (it[1] * (2 * x + 1) - 1) if x < it[0] else None, 4, (128, 1, 1), dict(it=[(128 >> k, 1 << k) for k in range(8)]), None),
  ("scan-blelloch", "up temp[bi]", lambda x, y, z, it: (it[1] * (2 * x + 2) - 1) if x < it[0] else None, 4, (128, 1, 1), dict(it=[(128 >> k, 1 << k) for k in range(8)]), None),
  ("scan-blelloch", "down temp[ai]", lambda x, y, z, it: (it[1] * (2 * x + 1) - 1) if x < it[0] else None, 4, (128, 1, 1), dict(it=[(1 << k, 128 >> k) for k in range(8)]), None),
  ("scan-blelloch", "down temp[bi]", lambda x, y, z, it: (it[1] * (2 * x + 2) - 1) if x < it[0] else None, 4, (128, 1, 1), dict(it=[(1 << k, 128 >> k) for k in range(8)]), None),
  ("scan-blelloch", "temp[tid + 128]", lambda x, y, z: x + 128, 4, (128, 1, 1), None, None),
  # scan-hillis-steele.cu: N = 256, pin/pout in {0, 1}
  ("scan-hillis-steele", "temp[pin*N + tid - offset]", lambda x, y, z, o, p: p * 256 + x - o if x >= o else None, 4, (256, 1, 1), dict(o=[1, 2, 4, 8, 16, 32, 64, 128], p=[0, 1]), None),
  # matmul-16x16.cu: TILE 16, block (16, 16), k = 0..15
  ("matmul-16x16", "As[ty][k]", lambda x, y, z, k: 16 * y + k, 4, (16, 16, 1), dict(k=range(16)), None),
  ("matmul-16x16", "Bs[k][tx]", lambda x, y, z, k: 16 * k + x, 4, (16, 16, 1), dict(k=range(16)), None),
  ("matmul-16x16", "Bt[tx][ty] store", lambda x, y, z: 16 * x + y, 4, (16, 16, 1), None, None),
  ("matmul-16x16", "Bt[tx][k]", lambda x, y, z, k: 16 * x + k, 4, (16, 16, 1), dict(k=range(16)), None),
  # matmul-32x8.cu: TILE 32, block (32, 8), rows ty + 8 * i, i < 4
  ("matmul-32x8", "As[ty + 8i][k]", lambda x, y, z, k, i: 32 * (y + 8 * i) + k, 4, (32, 8, 1), dict(k=range(32), i=range(4)), None),
  ("matmul-32x8", "Bs[k][tx]", lambda x, y, z, k: 32 * k + x, 4, (32, 8, 1), dict(k=range(32)), None),
  ("matmul-32x8", "Bt[tx][ty + 8i] store", lambda x, y, z, i: 32 * x + y + 8 * i, 4, (32, 8, 1), dict(i=range(4)), None),
  ("matmul-32x8", "Bt[tx][k]", lambda x, y, z, k: 32 * x + k, 4, (32, 8, 1), dict(k=range(32)), None),
  ("matmul-32x8", "Bp[tx][k] [32][33]", lambda x, y, z, k: 33 * x + k, 4, (32, 8, 1), dict(k=range(32)), None),
  # histogram-shared-atomic.cu
  ("histogram-shared-atomic", "counters[lane * 32] atomic", lambda x, y, z: (x % 32) * 32, 4, (256, 1, 1), None, None),
  ("histogram-shared-atomic", "perWarp[warp][lane] atomic", lambda x, y, z: (x // 32) * 33 + x % 32, 4, (256, 1, 1), None, None),
]

CASES += [
  # vector-float4.cu (block 32); index in float4 elements
  ("vector-float4", "s4[tid]", lambda x, y, z: x, 16, (32, 1, 1), None, None),
  ("vector-float4", "s4[2*tid]", lambda x, y, z: 2 * x, 16, (32, 1, 1), None, None),
  ("vector-float4", "s4[8*tid]", lambda x, y, z: 8 * x, 16, (32, 1, 1), None, None),
  ("vector-float4", "s4[tid%8]", lambda x, y, z: x % 8, 16, (32, 1, 1), None, None),
  ("vector-float4", "s4[tid/2]", lambda x, y, z: x // 2, 16, (32, 1, 1), None, None),
  ("vector-float4", "s4[0]", lambda x, y, z: 0, 16, (32, 1, 1), None, None),
  ("vector-float4", "s4[tid/8*8] (q: one address each)", lambda x, y, z: x // 8 * 8, 16, (32, 1, 1), None, None),
  # vector-float2.cu (block 32); index in float2 elements
  ("vector-float2", "f2[tid]", lambda x, y, z: x, 8, (32, 1, 1), None, None),
  ("vector-float2", "f2[2*tid]", lambda x, y, z: 2 * x, 8, (32, 1, 1), None, None),
  ("vector-float2", "f2[16*tid]", lambda x, y, z: 16 * x, 8, (32, 1, 1), None, None),
  ("vector-float2", "f2[tid%16]", lambda x, y, z: x % 16, 8, (32, 1, 1), None, None),
  ("vector-float2", "f2[tid/2]", lambda x, y, z: x // 2, 8, (32, 1, 1), None, None),
  ("vector-float2", "f2[3*tid]", lambda x, y, z: 3 * x, 8, (32, 1, 1), None, None),
  # vector-double.cu (block 64); index in doubles
  ("vector-double", "d[tid]", lambda x, y, z: x, 8, (64, 1, 1), None, None),
  ("vector-double", "d[2*tid]", lambda x, y, z: 2 * x, 8, (64, 1, 1), None, None),
  ("vector-double", "d[16*tid]", lambda x, y, z: 16 * x, 8, (64, 1, 1), None, None),
  ("vector-double", "d[tid%16]", lambda x, y, z: x % 16, 8, (64, 1, 1), None, None),
  ("vector-double", "d[0]", lambda x, y, z: 0, 8, (64, 1, 1), None, None),
  ("vector-double", "d[tid/2]", lambda x, y, z: x // 2, 8, (64, 1, 1), None, None),
  ("vector-double", "m[lane][0] [32][32]", lambda x, y, z: 32 * (x % 32), 8, (64, 1, 1), None, None),
  ("vector-double", "m2[lane][0] [32][33]", lambda x, y, z: 33 * (x % 32), 8, (64, 1, 1), None, None),
  ("vector-double", "m3[lane][0] [32][17]", lambda x, y, z: 17 * (x % 32), 8, (64, 1, 1), None, None),
  # vector-double2.cu (block 32)
  ("vector-double2", "dd[tid]", lambda x, y, z: x, 16, (32, 1, 1), None, None),
  ("vector-double2", "dd[2*tid]", lambda x, y, z: 2 * x, 16, (32, 1, 1), None, None),
  ("vector-double2", "dd[8*tid]", lambda x, y, z: 8 * x, 16, (32, 1, 1), None, None),
  ("vector-double2", "dd[tid^1]", lambda x, y, z: x ^ 1, 16, (32, 1, 1), None, None),
  ("vector-double2", "i4[4*tid]", lambda x, y, z: 4 * x, 16, (32, 1, 1), None, None),
]

CASES += [
  # vector-casts.cu (block 32); index in elements of the cast-to type
  ("vector-casts", "reinterpret_cast<float4*>(&a[4*tid])[0]", lambda x, y, z: x, 16, (32, 1, 1), None, None),
  ("vector-casts", "reinterpret_cast<float4*>(&a[32*tid])[0]", lambda x, y, z: 8 * x, 16, (32, 1, 1), None, None),
  ("vector-casts", "*(float2*)&a[2*tid]", lambda x, y, z: x, 8, (32, 1, 1), None, None),
  ("vector-casts", "*(float2*)&a[64*tid] (floats)", lambda x, y, z: 64 * x, 8, (32, 1, 1), None, 4),
  ("vector-casts", "reinterpret_cast<double*>(a)[tid*16]", lambda x, y, z: 16 * x, 8, (32, 1, 1), None, None),
  ("vector-casts", "*reinterpret_cast<int4*>(&b[tid*4]) store", lambda x, y, z: x, 16, (32, 1, 1), None, None),
  ("vector-casts", "*reinterpret_cast<int2*>(&b[tid*8]) store (ints)", lambda x, y, z: 8 * x, 8, (32, 1, 1), None, 4),
  # vector-phase-merge.cu: partial lanes (block 32)
  ("vector-phase-merge", "if (tid<16) d[tid]", lambda x, y, z: x if x < 16 else None, 8, (32, 1, 1), None, None),
  ("vector-phase-merge", "if (tid<16) d[2*tid]", lambda x, y, z: 2 * x if x < 16 else None, 8, (32, 1, 1), None, None),
  ("vector-phase-merge", "if (tid<16) s4[tid]", lambda x, y, z: x if x < 16 else None, 16, (32, 1, 1), None, None),
  ("vector-phase-merge", "if (tid<8) s4[2*tid]", lambda x, y, z: 2 * x if x < 8 else None, 16, (32, 1, 1), None, None),
  ("vector-phase-merge", "if (tid>=16) s4[tid/2]", lambda x, y, z: x // 2 if x >= 16 else None, 16, (32, 1, 1), None, None),
  ("vector-phase-merge", "d[(tid/16)*32 + tid%16] (halves 2 rows)", lambda x, y, z: (x // 16) * 32 + x % 16, 8, (32, 1, 1), None, None),
  ("vector-phase-merge", "d[(tid%16)/2 + 8*(tid/16)]", lambda x, y, z: (x % 16) // 2 + 8 * (x // 16), 8, (32, 1, 1), None, None),
  # vector-column-phases.cu: float4 column walks of float rows (block 32), index in floats
  ("vector-column-phases", "buf[tid][0] rows of 32", lambda x, y, z: 32 * x, 16, (32, 1, 1), None, 4),
  ("vector-column-phases", "buf36[tid][0] rows of 36", lambda x, y, z: 36 * x, 16, (32, 1, 1), None, 4),
  ("vector-column-phases", "buf40[tid][0] rows of 40", lambda x, y, z: 40 * x, 16, (32, 1, 1), None, 4),
  ("vector-column-phases", "buf[tid][4*j] rows of 32, j<8", lambda x, y, z, j: 32 * x + 4 * j, 16, (32, 1, 1), dict(j=range(8)), 4),
  ("vector-column-phases", "buf rows: (float4*)&buf[0][0])[tid]", lambda x, y, z: 4 * x, 16, (32, 1, 1), None, 4),
  ("vector-column-phases", "float2 column f[tid][0] rows of 32", lambda x, y, z: 32 * x, 8, (32, 1, 1), None, 4),
  ("vector-column-phases", "float2 column f[tid][0] rows of 34", lambda x, y, z: 34 * x, 8, (32, 1, 1), None, 4),
]

CASES += [
  # subword-char.cu (block 32), byte index
  ("subword-char", "c[tid]", lambda x, y, z: x, 1, (32, 1, 1), None, None),
  ("subword-char", "c[4*tid]", lambda x, y, z: 4 * x, 1, (32, 1, 1), None, None),
  ("subword-char", "c[32*tid]", lambda x, y, z: 32 * x, 1, (32, 1, 1), None, None),
  ("subword-char", "c[128*tid]", lambda x, y, z: 128 * x, 1, (32, 1, 1), None, None),
  ("subword-char", "c[tid/4]", lambda x, y, z: x // 4, 1, (32, 1, 1), None, None),
  ("subword-char", "c[129*tid]", lambda x, y, z: 129 * x, 1, (32, 1, 1), None, None),
  # subword-short.cu
  ("subword-short", "h[tid]", lambda x, y, z: x, 2, (32, 1, 1), None, None),
  ("subword-short", "h[2*tid]", lambda x, y, z: 2 * x, 2, (32, 1, 1), None, None),
  ("subword-short", "h[4*tid]", lambda x, y, z: 4 * x, 2, (32, 1, 1), None, None),
  ("subword-short", "h[64*tid]", lambda x, y, z: 64 * x, 2, (32, 1, 1), None, None),
  ("subword-short", "h[65*tid]", lambda x, y, z: 65 * x, 2, (32, 1, 1), None, None),
  # subword-half.cu
  ("subword-half", "hh[tid]", lambda x, y, z: x, 2, (32, 1, 1), None, None),
  ("subword-half", "hh[2*tid]", lambda x, y, z: 2 * x, 2, (32, 1, 1), None, None),
  ("subword-half", "hh[64*tid]", lambda x, y, z: 64 * x, 2, (32, 1, 1), None, None),
  ("subword-half", "h2[tid] (__half2)", lambda x, y, z: x, 4, (32, 1, 1), None, None),
  ("subword-half", "h2[tid*32] (__half2)", lambda x, y, z: 32 * x, 4, (32, 1, 1), None, None),
  ("subword-half", "ht[tx][ty] __half [32][32], block (32,2)", lambda x, y, z: 32 * x + y, 2, (32, 2, 1), None, None),
  # partial-warp-48.cu: 48 threads
  ("partial-warp-48", "tile[tid%32][tid/32]", lambda x, y, z: 32 * (x % 32) + x // 32, 4, (48, 1, 1), None, None),
  ("partial-warp-48", "if (tid>=32) col[(tid-32)*32]", lambda x, y, z: 32 * (x - 32) if x >= 32 else None, 4, (48, 1, 1), None, None),
  ("partial-warp-48", "s[tid*2]", lambda x, y, z: 2 * x, 4, (48, 1, 1), None, None),
  ("partial-warp-48", "s[(tid/16)*32]  (warp 1: 1 word)", lambda x, y, z: (x // 16) * 32, 4, (48, 1, 1), None, None),
  # inactive-lanes.cu: block 64
  ("inactive-lanes", "if (tid<16) s[32*tid]", lambda x, y, z: 32 * x if x < 16 else None, 4, (64, 1, 1), None, None),
  ("inactive-lanes", "if (tid<2) s[16*tid]", lambda x, y, z: 16 * x if x < 2 else None, 4, (64, 1, 1), None, None),
  ("inactive-lanes", "if (tid%4==0) s[8*tid]", lambda x, y, z: 8 * x if x % 4 == 0 else None, 4, (64, 1, 1), None, None),
  ("inactive-lanes", "if (lane<16) s[lane*32 + warp]", lambda x, y, z: 32 * (x % 32) + x // 32 if x % 32 < 16 else None, 4, (64, 1, 1), None, None),
  ("inactive-lanes", "if (lane&1) s[lane*16]", lambda x, y, z: 16 * (x % 32) if x % 2 else None, 4, (64, 1, 1), None, None),
  # early-return.cu: block 128
  ("early-return", "tid>=8 returned: s[tid*32]", lambda x, y, z: 32 * x if x < 8 else None, 4, (128, 1, 1), None, None),
  ("early-return", "odd returned: s[tid*16]", lambda x, y, z: 16 * x if x % 2 == 0 else None, 4, (128, 1, 1), None, None),
  ("early-return", "tid>=40 returned: t[(tid%32)*32]", lambda x, y, z: 32 * (x % 32) if x < 40 else None, 4, (128, 1, 1), None, None),
]

CASES += [
  # dynamic-extern.cu: block 32, offsets into smem in floats
  ("dynamic-extern", "a[tid]", lambda x, y, z: x, 4, (32, 1, 1), None, None),
  ("dynamic-extern", "b[tid*32] (b = smem + 1024)", lambda x, y, z: 1024 + 32 * x, 4, (32, 1, 1), None, None),
  ("dynamic-extern", "c[tid*2] (int, smem + 2048)", lambda x, y, z: 2048 + 2 * x, 4, (32, 1, 1), None, None),
  ("dynamic-extern", "d[tid] (double at float 3072)", lambda x, y, z: 3072 // 2 + x, 8, (32, 1, 1), None, None),
  ("dynamic-extern", "d[tid*16] (double)", lambda x, y, z: 3072 // 2 + 16 * x, 8, (32, 1, 1), None, None),
  ("dynamic-extern", "e[tid*33] (e = smem + 5 floats)", lambda x, y, z: 5 + 33 * x, 4, (32, 1, 1), None, None),
  # pointer-alias.cu: block 32, tile[32][66], flat[1057]
  ("pointer-alias", "q = &flat[0] + tid*32; q[5]", lambda x, y, z: 32 * x + 5, 4, (32, 1, 1), None, None),
  ("pointer-alias", "r = flat + off (off=33*tid); r[1]", lambda x, y, z: 33 * x + 1, 4, (32, 1, 1), None, None),
  ("pointer-alias", "p2 = flat + 64; p2[tid*4]", lambda x, y, z: 64 + 4 * x, 4, (32, 1, 1), None, None),
  # struct-array.cu: block 32, index in words
  ("struct-array", "p3[tid].y (12-byte struct)", lambda x, y, z: 3 * x + 1, 4, (32, 1, 1), None, None),
  ("struct-array", "p2[tid].x (8-byte struct)", lambda x, y, z: 2 * x, 4, (32, 1, 1), None, None),
  ("struct-array", "m[tid].v[1] (32-byte struct)", lambda x, y, z: 8 * x + 1, 4, (32, 1, 1), None, None),
  ("struct-array", "ds[tid].d (16-byte struct, double)", lambda x, y, z: 2 * x, 8, (32, 1, 1), None, None),
  ("struct-array", "p2[tid/2].y (8-byte struct)", lambda x, y, z: 2 * (x // 2) + 1, 4, (32, 1, 1), None, None),
  # template-launches.cu
  ("template-launches", "tile<16>[tx][ty], (16,16)", lambda x, y, z: 16 * x + y, 4, (16, 16, 1), None, None),
  ("template-launches", "tile<32>[tx][ty], (32,8)", lambda x, y, z: 32 * x + y, 4, (32, 8, 1), None, None),
  ("template-launches", "padded<16,1>[tx][ty], (16,16)", lambda x, y, z: 17 * x + y, 4, (16, 16, 1), None, None),
  ("template-launches", "padded<32,1>[tx][ty], (32,8)", lambda x, y, z: 33 * x + y, 4, (32, 8, 1), None, None),
  ("template-launches", "vec<float2>[tid*16]", lambda x, y, z: 16 * x, 8, (32, 1, 1), None, None),
  ("template-launches", "vec<float>[tid*16]", lambda x, y, z: 16 * x, 4, (32, 1, 1), None, None),
  # constexpr-macro-enum.cu: block 32
  ("constexpr-macro-enum", "s[tid*STRIDE] 32", lambda x, y, z: 32 * x, 4, (32, 1, 1), None, None),
  ("constexpr-macro-enum", "s[tid*(STRIDE+PAD)] 33", lambda x, y, z: 33 * x, 4, (32, 1, 1), None, None),
  ("constexpr-macro-enum", "s[tid*kFour] 4", lambda x, y, z: 4 * x, 4, (32, 1, 1), None, None),
  ("constexpr-macro-enum", "s[tid*sq(4)] 16", lambda x, y, z: 16 * x, 4, (32, 1, 1), None, None),
  ("constexpr-macro-enum", "s[tid*Wide] enum 33", lambda x, y, z: 33 * x, 4, (32, 1, 1), None, None),
  ("constexpr-macro-enum", "s[tid*(int)Layout::Col] 8", lambda x, y, z: 8 * x, 4, (32, 1, 1), None, None),
]

CASES += [
  ("pointer-alias", "p = &tile[tid][0]; p[0], tile[32][66]", lambda x, y, z: 66 * x, 4, (32, 1, 1), None, None),
  ("pointer-alias", "row = &tile[3][0]; row[tid], tile[32][66]", lambda x, y, z: 198 + x, 4, (32, 1, 1), None, None),
]

CASES += [
  # loop-unrolled.cu: block 32
  ("loop-unrolled", "s[i*32 + tid]", lambda x, y, z, i: 32 * i + x, 4, (32, 1, 1), dict(i=range(4)), None),
  ("loop-unrolled", "s[tid*32 + i]", lambda x, y, z, i: 32 * x + i, 4, (32, 1, 1), dict(i=range(4)), None),
  ("loop-unrolled", "s[tid << i]", lambda x, y, z, i: x << i, 4, (32, 1, 1), dict(i=range(4)), None),
  ("loop-unrolled", "s[(tid + i) % 32 * 32]", lambda x, y, z, i: (x + i) % 32 * 32, 4, (32, 1, 1), dict(i=range(6)), None),
  ("loop-unrolled", "s[tid*2 + i] (i<2)", lambda x, y, z, i: 2 * x + i, 4, (32, 1, 1), dict(i=range(2)), None),
  # loop-blockstride.cu: block 256, i = tid + 256 * k
  ("loop-blockstride", "s[i], i < 2048", lambda x, y, z, k: 256 * k + x, 4, (256, 1, 1), dict(k=range(8)), None),
  ("loop-blockstride", "s2[2*i], i < 2048", lambda x, y, z, k: 2 * (256 * k + x), 4, (256, 1, 1), dict(k=range(8)), None),
  ("loop-blockstride", "t[i%32][i/32], i < 1024", lambda x, y, z, k: 32 * ((256 * k + x) % 32) + (256 * k + x) // 32, 4, (256, 1, 1), dict(k=range(4)), None),
  ("loop-blockstride", "u[i*32], i < 8", lambda x, y, z: 32 * x if x < 8 else None, 4, (256, 1, 1), None, None),
  # loop-doubling-stride.cu: block 32
  ("loop-doubling-stride", "buf[tid*s], s=1..16", lambda x, y, z, s: x * s, 4, (32, 1, 1), dict(s=[1, 2, 4, 8, 16]), None),
  ("loop-doubling-stride", "buf[(tid*s)%32], s<32", lambda x, y, z, s: (x * s) % 32, 4, (32, 1, 1), dict(s=[1, 2, 4, 8, 16]), None),
  ("loop-doubling-stride", "if (tid<s) buf[tid*(64/s)], s=64..1", lambda x, y, z, s: x * (64 // s) if x < s else None, 4, (32, 1, 1), dict(s=[64, 32, 16, 8, 4, 2, 1]), None),
  # loop-unknown-trip.cu: block (32, 8), k unknown (k = 0..40 sampled)
  ("loop-unknown-trip", "tile[ty][k]", lambda x, y, z, k: 32 * y + k, 4, (32, 8, 1), dict(k=range(40)), None),
  ("loop-unknown-trip", "tile[tx][k]", lambda x, y, z, k: 32 * x + k, 4, (32, 8, 1), dict(k=range(40)), None),
  ("loop-unknown-trip-modulo", "tile[k%32][tx]", lambda x, y, z, k: 32 * (k % 32) + x, 4, (32, 8, 1), dict(k=range(40)), None),
  # uniform-offset.cu: block (32, 8); n, stride sampled
  ("uniform-offset", "tile[ty][tx + n]", lambda x, y, z, n: 128 * y + x + n, 4, (32, 8, 1), dict(n=range(64)), None),
  ("uniform-offset", "s[tx * stride] (stride 32)", lambda x, y, z: 32 * x, 4, (32, 8, 1), None, None),
  ("uniform-offset", "s[tx + 32*n]", lambda x, y, z, n: x + 32 * n, 4, (32, 8, 1), dict(n=range(8)), None),
  ("uniform-offset", "s[(tx + n) * 32]", lambda x, y, z, n: (x + n) * 32, 4, (32, 8, 1), dict(n=range(40)), None),
  ("uniform-offset", "s[tx * 2 + n]", lambda x, y, z, n: 2 * x + n, 4, (32, 8, 1), dict(n=range(40)), None),
  ("uniform-offset", "s[tx * (2n+1)] for n < 40", lambda x, y, z, n: x * (2 * n + 1), 4, (32, 8, 1), dict(n=range(40)), None),
  # compound-assign.cu: block 32
  ("compound-assign", "s[tid*2]", lambda x, y, z: 2 * x, 4, (32, 1, 1), None, None),
  ("compound-assign", "s[tid*32]", lambda x, y, z: 32 * x, 4, (32, 1, 1), None, None),
  ("compound-assign", "s[tid*4], s[tid*4+1]", lambda x, y, z: 4 * x + 1, 4, (32, 1, 1), None, None),
  ("compound-assign", "s[tid*8]", lambda x, y, z: 8 * x, 4, (32, 1, 1), None, None),
  # device-helper-lane-warp.cu: block 256
  ("device-helper-lane-warp", "s[lane*32 + warp]", lambda x, y, z: 32 * (x % 32) + x // 32, 4, (256, 1, 1), None, None),
  ("device-helper-lane-warp", "s2[warp][lane]", lambda x, y, z: 32 * (x // 32) + x % 32, 4, (256, 1, 1), None, None),
  ("device-helper-lane-warp", "t[lane*33]", lambda x, y, z: 33 * (x % 32), 4, (256, 1, 1), None, None),
  ("device-helper-lane-warp", "u[(lane/2)*64 + warp]", lambda x, y, z: 64 * ((x % 32) // 2) + x // 32, 4, (256, 1, 1), None, None),
  # device-helper-shared-ptr.cu: block 32
  ("device-helper-shared-ptr", "loadAt(flat, tid*32)", lambda x, y, z: 32 * x, 4, (32, 1, 1), None, None),
  ("device-helper-shared-ptr", "loadAt(flat, tid*2)", lambda x, y, z: 2 * x, 4, (32, 1, 1), None, None),
  ("device-helper-shared-ptr", "loadAt(flat, tid)", lambda x, y, z: x, 4, (32, 1, 1), None, None),
  ("device-helper-shared-ptr", "storeAt(&tile[0][0] + tid*33, 0)", lambda x, y, z: 33 * x, 4, (32, 1, 1), None, None),
  ("device-helper-shared-ptr", "column(tile, tid) -> tile[tid][c]", lambda x, y, z: 33 * x, 4, (32, 1, 1), None, None),
  ("device-helper-shared-ptr", "rowSum(q, c) q[c*32 + tid]", lambda x, y, z, c: 32 * c + x, 4, (32, 1, 1), dict(c=range(4)), None),
  ("device-helper-shared-ptr", "rowSum(q, c) q[tid*32 + c] via colSum", lambda x, y, z, c: 32 * x + c, 4, (32, 1, 1), dict(c=range(4)), None),
]

CASES += [
  # loop-unknown-trip*.cu: block (32, 8), k sampled
  ("loop-unknown-trip", "tile[k][tx]", lambda x, y, z, k: 32 * k + x, 4, (32, 8, 1), dict(k=range(40)), None),
  ("loop-unknown-trip-modulo", "tile[(k + ty) & 31][tx]", lambda x, y, z, k: 32 * ((k + y) & 31) + x, 4, (32, 8, 1), dict(k=range(70)), None),
  ("loop-unknown-trip-while", "tile[tx][k & 31]", lambda x, y, z, k: 32 * x + (k & 31), 4, (32, 8, 1), dict(k=range(0, 120, 3)), None),
  # blockidx-uniform-offset.cu: block (32, 1), blockIdx.x sampled up to the hardware's 2^31 - 1;
  # the index wraps modulo 2^32 (unsigned), mid-warp for b = 2^27 - 16
  ("blockidx-uniform-offset", "s[(b*32 + tid*32) mod 2^32]", lambda x, y, z, b: (32 * b + 32 * x) % 2**32, 4, (32, 1, 1), dict(b=[0, 1, 7, 2**27 - 16, 2**27 - 1, 2**31 - 1]), None),
  ("blockidx-uniform-offset", "s[(int)(b*32) + tid*32] mod 2^32", lambda x, y, z, b: ((((32 * b + 2**31) % 2**32) - 2**31) + 32 * x) % 2**32, 4, (32, 1, 1), dict(b=[0, 1, 2**26, 2**27 - 16, 2**31 - 1]), None),
  ("blockidx-uniform-offset", "s[(int)(b*32) + tid*33] mod 2^32", lambda x, y, z, b: ((((32 * b + 2**31) % 2**32) - 2**31) + 33 * x) % 2**32, 4, (32, 1, 1), dict(b=[0, 1, 2**26, 2**27 - 16, 2**31 - 1]), None),
  # xfail-*.cu
  ("xfail-uniform-load", "s[base + tid], base sampled", lambda x, y, z, b: b + x, 4, (32, 8, 1), dict(b=range(64)), None),
  ("xfail-uniform-load", "tile[u & 7][tid], u sampled", lambda x, y, z, u: 32 * (u & 7) + x, 4, (32, 8, 1), dict(u=range(16)), None),
  ("xfail-odd-unknown-stride", "s[(tid*(2n+1)) & 4095]", lambda x, y, z, n: (x * (2 * n + 1)) & 4095, 4, (32, 1, 1), dict(n=range(200)), None),
  # blockshape-*.cu
  ("blockshape-launch-dim3", "tile[tx][ty] (32, 8)", lambda x, y, z: 32 * x + y, 4, (32, 8, 1), None, None),
  ("blockshape-launch-dim3", "tile[ty][tx] (32, 8)", lambda x, y, z: 32 * y + x, 4, (32, 8, 1), None, None),
  ("blockshape-annotation", "tile[tx][ty] [16][16] (16, 16)", lambda x, y, z: 16 * x + y, 4, (16, 16, 1), None, None),
  ("blockshape-annotation", "s3[tx][ty][tz] [8][4][2] (8, 4, 2)", lambda x, y, z: 8 * x + 2 * y + z, 4, (8, 4, 2), None, None),
  ("blockshape-runargs", "tile[tx][ty] [16][16] (16, 16)", lambda x, y, z: 16 * x + y, 4, (16, 16, 1), None, None),
  ("blockshape-runargs", "tile[ty][tx] [16][16] (16, 16)", lambda x, y, z: 16 * y + x, 4, (16, 16, 1), None, None),
  ("blockshape-precedence", "A annotation (16,16): t[tx][ty] [32][32]", lambda x, y, z: 32 * x + y, 4, (16, 16, 1), None, None),
  ("blockshape-precedence", "A if launch (32,8) were used", lambda x, y, z: 32 * x + y, 4, (32, 8, 1), None, None),
  ("blockshape-precedence", "B launch (8,4): t[tx][ty]", lambda x, y, z: 32 * x + y, 4, (8, 4, 1), None, None),
  ("blockshape-precedence", "C --block-dim=4,8: t[tx][ty]", lambda x, y, z: 32 * x + y, 4, (4, 8, 1), None, None),
  ("blockshape-assumed", "tile[tx % 32][0] (lanes 0..31 of any warp)", lambda x, y, z: 32 * x, 4, (32, 1, 1), None, None),
  ("blockshape-assumed", "s[tx * 2]", lambda x, y, z: 2 * x, 4, (32, 1, 1), None, None),
  ("blockshape-assumed", "tile[tx % 32][ty], ty uniform", lambda x, y, z, ty: 32 * x + ty, 4, (32, 1, 1), dict(ty=range(32)), None),
  # multi-launch.cu: t[tx][ty] with t[32][32]
  ("multi-launch", "(32, 1)", lambda x, y, z: 32 * x + y, 4, (32, 1, 1), None, None),
  ("multi-launch", "(16, 2)", lambda x, y, z: 32 * x + y, 4, (16, 2, 1), None, None),
  ("multi-launch", "(8, 4)", lambda x, y, z: 32 * x + y, 4, (8, 4, 1), None, None),
  ("multi-launch", "(1, 32)", lambda x, y, z: 32 * x + y, 4, (1, 32, 1), None, None),
  ("multi-launch", "(64, 1) on t[tx % 32][tx / 32]", lambda x, y, z: 32 * (x % 32) + x // 32, 4, (64, 1, 1), None, None),
  # store-broadcast.cu: block 32
  ("store-broadcast", "s[0] = v", lambda x, y, z: 0, 4, (32, 1, 1), None, None),
  ("store-broadcast", "s[tid / 2] = v", lambda x, y, z: x // 2, 4, (32, 1, 1), None, None),
  ("store-broadcast", "s[tid % 2 * 32] = v", lambda x, y, z: x % 2 * 32, 4, (32, 1, 1), None, None),
  ("store-broadcast", "col[tid][0] = v [32][32]", lambda x, y, z: 32 * x, 4, (32, 1, 1), None, None),
  ("store-broadcast", "s[tid / 8 * 32] = v", lambda x, y, z: x // 8 * 32, 4, (32, 1, 1), None, None),
]

CASES += [
  ("blockshape-assumed", "s[ty * 64 + tx]", lambda x, y, z, ty: 64 * ty + x, 4, (32, 1, 1), dict(ty=range(8)), None),
  ("blockshape-assumed-lane", "tile[lane][0]", lambda x, y, z: 32 * (x % 32), 4, (64, 1, 1), None, None),
  ("blockshape-assumed-lane", "s[ty * 32 + lane]", lambda x, y, z, ty: 32 * ty + x % 32, 4, (64, 1, 1), dict(ty=range(8)), None),
  ("blockshape-assumed-lane", "s[lane * 2]", lambda x, y, z: 2 * (x % 32), 4, (64, 1, 1), None, None),
]


def show(name, r):
    st = "conflict" if r["wavefronts"] > r["ideal"] else "clean"
    print("%-40s %-8s %2d-way (%d wavefronts, ideal %d) warp %d %s" % (
        name, st, r["degree"], r["wavefronts"], r["ideal"], r["warp"], r["iteration"] or ""))


if __name__ == "__main__":
    # Self-checks against the measured facts in bank-model.md.
    facts = [
        ("d[tid]", access(lambda x, y, z: x, 8), 2),
        ("d[2*tid]", access(lambda x, y, z: 2 * x, 8), 4),
        ("d[16*tid]", access(lambda x, y, z: 16 * x, 8), 32),
        ("d[tid%16]", access(lambda x, y, z: x % 16, 8), 2),
        ("d[0]", access(lambda x, y, z: 0, 8), 1),
        ("d[tid/2]", access(lambda x, y, z: x // 2, 8), 1),
        ("s4[tid]", access(lambda x, y, z: x, 16), 4),
        ("s4[2*tid]", access(lambda x, y, z: 2 * x, 16), 8),
        ("s4[8*tid]", access(lambda x, y, z: 8 * x, 16), 32),
        ("s4[tid%8]", access(lambda x, y, z: x % 8, 16), 4),
        ("s4[0]", access(lambda x, y, z: 0, 16), 2),
        ("s4[tid/2]", access(lambda x, y, z: x // 2, 16), 2),
        ("d[tid] lanes<16", access(lambda x, y, z: x if x < 16 else None, 8), 1),
        ("s4[tid] lanes<16", access(lambda x, y, z: x if x < 16 else None, 16), 2),
        ("c[tid]", access(lambda x, y, z: x, 1), 1),
        ("c[4*tid]", access(lambda x, y, z: 4 * x, 1), 1),
        ("h[2*tid]", access(lambda x, y, z: 2 * x, 2), 1),
        ("tile[16][16] [tx][ty] 16x16", access(lambda x, y, z: 16 * x + y, 4, (16, 16, 1)), 8),
        ("s3[8][4][2] [tx][ty][tz] 8x4x2",
         access(lambda x, y, z: 8 * x + 2 * y + z, 4, (8, 4, 2)), 2),
        ("lane<16 stride 32", access(lambda x, y, z: 32 * x if x < 16 else None, 4), 16),
    ]
    for name, r, want in facts:
        assert r["wavefronts"] == want, (name, r, want)
    print("model self-checks: %d facts reproduced" % len(facts))
    for f, what, fn, width, block, loops, elem in CASES:
        show(f + ": " + what, access(fn, width, block, loops, elem))

#!/usr/bin/env python3
# ===- smoke_cases.py - A synthetic bankcheck report of known accesses ------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""Warp accesses whose wavefront counts bank-model.md gives (measured on an
H200), written as a bankcheck JSON report: LDS/STS of every width, atomics,
and the tensor-core forms whose counts were measured (ldmatrix, ATOMS.CAS,
ATOMS.POPC.INC, cp.async). gpu_smoke.sh replays them; the unit
tests emit them. Run it to print the report: python3 smoke_cases.py > r.json

Each case: name, kind, access bytes, lane -> byte offset (None: inactive),
wavefronts on sm_90, and the bank-model.md rule that gives that number.
"""

import json
import sys


def lanes(fn, active=range(32)):
    return [fn(i) if i in active else None for i in range(32)]


LOW_HALF = range(16)

# (name, element_type, kind, access_bytes, lanes, wavefronts, rule)
CASES = [
    # <= 4 bytes: one phase, distinct words per bank (rule 1); inactive lanes do not count (rule 2)
    ("float s[tid]", "float", "load", 4, lanes(lambda i: 4 * i), 1, "rule 1"),
    ("float s[2*tid]", "float", "load", 4, lanes(lambda i: 8 * i), 2, "rule 1"),
    ("float s[32*tid] (column walk)", "float", "load", 4, lanes(lambda i: 128 * i), 32, "rule 1"),
    ("float s[0] (broadcast)", "float", "load", 4, lanes(lambda i: 0), 1, "rule 1"),
    ("float s[32*tid], lanes 0-15", "float", "load", 4, lanes(lambda i: 128 * i, LOW_HALF), 16, "rule 2"),
    ("float s[33*tid] (padded column)", "float", "load", 4, lanes(lambda i: 132 * i), 1, "rule 9"),
    ("float s[3*tid]", "float", "load", 4, lanes(lambda i: 12 * i), 1, "rule 9"),
    ("float tile[tid][5^tid] (swizzle)", "float", "load", 4, lanes(lambda i: 4 * (32 * i + (5 ^ i))), 1,
     "rule 9"),
    ("float tile[16][16] tile[tx][ty], 16x16 threads", "float", "load", 4,
     lanes(lambda i: 4 * (16 * (i % 16) + i // 16)), 8, "rule 7"),
    ("float tile[ty][tx], rows of 32, blockDim.x 16", "float", "load", 4,
     lanes(lambda i: 4 * (32 * (i // 16) + i % 16)), 2, "rule 8"),
    ("float tile[ty][tx], rows of 33, blockDim.x 16", "float", "load", 4,
     lanes(lambda i: 4 * (33 * (i // 16) + i % 16)), 2, "rule 8"),
    ("float tile[ty][tx], rows of 48, blockDim.x 16", "float", "load", 4,
     lanes(lambda i: 4 * (48 * (i // 16) + i % 16)), 1, "rule 8"),
    ("char c[tid]", "char", "load", 1, lanes(lambda i: i), 1, "rule 1"),
    ("char c[4*tid]", "char", "load", 1, lanes(lambda i: 4 * i), 1, "rule 1"),
    ("char c[128*tid]", "char", "load", 1, lanes(lambda i: 128 * i), 32, "rule 1"),
    ("short h[tid]", "short", "load", 2, lanes(lambda i: 2 * i), 1, "rule 1"),
    ("half h[2*tid]", "__half", "load", 2, lanes(lambda i: 4 * i), 1, "rule 1"),
    # 8 bytes: two half-warp phases (rule 4), merged when disjoint or one address (rule 6)
    ("double d[tid]", "double", "load", 8, lanes(lambda i: 8 * i), 2, "rule 4"),
    ("double d[2*tid]", "double", "load", 8, lanes(lambda i: 16 * i), 4, "rule 4"),
    ("double d[16*tid]", "double", "load", 8, lanes(lambda i: 128 * i), 32, "rule 4"),
    ("double d[tid%16]", "double", "load", 8, lanes(lambda i: 8 * (i % 16)), 2, "rule 4"),
    ("double d[tid/2]", "double", "load", 8, lanes(lambda i: 8 * (i // 2)), 1, "rule 6"),
    ("double d[0]", "double", "load", 8, lanes(lambda i: 0), 1, "rule 6"),
    ("double d[tid], lanes 0-15", "double", "load", 8, lanes(lambda i: 8 * i, LOW_HALF), 1, "rule 6"),
    # 16 bytes: four quarter-warp phases (rule 5), pairs merged (rule 6)
    ("float4 s4[tid]", "float4", "load", 16, lanes(lambda i: 16 * i), 4, "rule 5"),
    ("float4 s4[2*tid]", "float4", "load", 16, lanes(lambda i: 32 * i), 8, "rule 5"),
    ("float4 s4[8*tid]", "float4", "load", 16, lanes(lambda i: 128 * i), 32, "rule 5"),
    ("float4 s4[tid%8]", "float4", "load", 16, lanes(lambda i: 16 * (i % 8)), 4, "rule 5"),
    ("float4 s4[tid/2]", "float4", "load", 16, lanes(lambda i: 16 * (i // 2)), 2, "rule 6"),
    ("float4 s4[0]", "float4", "load", 16, lanes(lambda i: 0), 2, "rule 6"),
    ("float4 s4[tid], lanes 0-15", "float4", "load", 16, lanes(lambda i: 16 * i, LOW_HALF), 2, "rule 6"),
    # stores follow the same rules (rule 3)
    ("store float s[tid]", "float", "store", 4, lanes(lambda i: 4 * i), 1, "rule 3"),
    ("store float s[0] (one word)", "float", "store", 4, lanes(lambda i: 0), 1, "rule 3"),
    ("store float s[32*tid] (column)", "float", "store", 4, lanes(lambda i: 128 * i), 32, "rule 3"),
    ("store char c[tid]", "char", "store", 1, lanes(lambda i: i), 1, "rule 3"),
    ("store short h[tid]", "short", "store", 2, lanes(lambda i: 2 * i), 1, "rule 3"),
    ("store double d[tid]", "double", "store", 8, lanes(lambda i: 8 * i), 2, "rule 3"),
    ("store double d[16*tid]", "double", "store", 8, lanes(lambda i: 128 * i), 32, "rule 3"),
    ("store float4 s4[tid]", "float4", "store", 16, lanes(lambda i: 16 * i), 4, "rule 3"),
    ("store float4 s4[8*tid]", "float4", "store", 16, lanes(lambda i: 128 * i), 32, "rule 3"),
    # atomics: ATOMS.ADD, distinct words per bank (probe on the H200: stride 32 ints = 32)
    ("atomicAdd int a[tid]", "int", "atomic", 4, lanes(lambda i: 4 * i), 1, "rule 1"),
    ("atomicAdd int a[32*tid]", "int", "atomic", 4, lanes(lambda i: 128 * i), 32, "rule 1"),
]


# Instruction forms of the tensor-core era, with the counts docs/bank-model.md
# gives for them ("Tensor-core-era instructions and atomics"): ldmatrix rows of
# 128 bytes read at one 16-byte chunk (8 wavefronts per matrix), the same rows
# XOR-swizzled or 144 bytes long (the ideal, 1 per matrix); atomics on one
# word and on pairs of lanes; cp.async into rows of 128 bytes. Forms without a
# measured count (stmatrix, ldmatrix .trans, the CAS loop of a float
# atomicAdd) are not here.
# (name, element_type, kind, instruction, access_bytes, lanes, wavefronts, rule, extra fields)
SWIZZLED_ROWS = lanes(lambda i: 128 * i + 16 * (0 ^ (i % 8)))  # chunk 0 of row i, XOR (i % 8)
FORM_CASES = [
    ("ldmatrix.x4, rows of 128 bytes, one chunk", "__half", "load", "LDSM.x4", 16,
     lanes(lambda i: 128 * i), 32, "ldmatrix: 8 per matrix", {}),
    ("ldmatrix.x4, chunk XOR row (swizzle)", "__half", "load", "LDSM.x4", 16, SWIZZLED_ROWS, 4,
     "ldmatrix: swizzle gives the ideal", {}),
    ("ldmatrix.x4, rows of 144 bytes", "__half", "load", "LDSM.x4", 16, lanes(lambda i: 144 * i), 4,
     "ldmatrix: +8 halves gives the ideal", {}),
    ("ldmatrix.x2, chunk XOR row (swizzle)", "__half", "load", "LDSM.x2", 16,
     lanes(lambda i: 128 * i + 16 * (i % 8), range(16)), 2, "ldmatrix: ideal 1 per matrix", {}),
    ("ldmatrix.x1, rows of 128 bytes, one chunk", "__half", "load", "LDSM.x1", 16,
     lanes(lambda i: 128 * i, range(8)), 8, "ldmatrix: 8 per matrix", {}),
    ("ldmatrix.x1, chunk XOR row (swizzle)", "__half", "load", "LDSM.x1", 16,
     lanes(lambda i: 128 * i + 16 * i, range(8)), 1, "ldmatrix: ideal 1 per matrix", {}),
    ("atomicAdd int a[0] (one word)", "int", "atomic", "ATOMS", 4, lanes(lambda i: 0), 32,
     "atomics: one word serialises", {}),
    ("atomicAdd int a[l/2] (pairs)", "int", "atomic", "ATOMS", 4, lanes(lambda i: 4 * (i // 2)), 2,
     "atomics: pairs", {}),
    ("atomicCAS int a[0] (one word)", "int", "atomic", "ATOMS.CAS", 4, lanes(lambda i: 0), 64,
     "atomics: CAS costs twice", {}),
    ("atomicCAS int a[l/2] (pairs)", "int", "atomic", "ATOMS.CAS", 4, lanes(lambda i: 4 * (i // 2)), 4,
     "atomics: CAS costs twice", {}),
    ("atomicAdd(&a[0], 1) (warp-aggregated)", "unsigned", "atomic", "ATOMS.POPC.INC", 4, lanes(lambda i: 0), 1,
     "atomics: POPC.INC", {}),
    ("cp.async.cg 16 bytes, rows of 128 bytes", "float4", "store", "LDGSTS", 16, lanes(lambda i: 16 * i), 4,
     "cp.async: 128-byte rows at the ideal", {"cache": "cg"}),
]


def phase_lanes(width):
    return 32 if width <= 4 else (16 if width == 8 else 8)


def ideal_wavefronts(lane_offsets, width):
    """Phases with an active lane (1 wavefront each), as bankcheck's ideal."""
    size = phase_lanes(width)
    return sum(any(o is not None for o in lane_offsets[p:p + size]) for p in range(0, 32, size))


def all_cases():
    """CASES and FORM_CASES as (name, element, kind, instruction, width, lanes, wavefronts, rule, extra)."""
    return [(n, e, k, None, w, o, wf, r, {}) for n, e, k, w, o, wf, r in CASES] + FORM_CASES


def report(cases=None, file="smoke.cu"):
    accesses = []
    cases = all_cases() if cases is None else cases
    for line, (name, element, kind, instruction, width, offsets, wavefronts, rule, extra) in \
            enumerate(cases, start=1):
        ideal = ideal_wavefronts(offsets, width)
        access = {
            "file": file, "line": line, "column": 3, "kernel": name, "array": "s",
            "array_decl": {"file": file, "line": line, "column": 3},
            "element_type": element, "kind": kind, "access_bytes": width,
            "block_dim": [32, 1, 1], "block_dim_source": "--block-dim",
            "status": "conflict" if wavefronts > ideal else "clean",
            "wavefronts_worst": wavefronts, "wavefronts_mean": float(wavefronts),
            "ideal_wavefronts": ideal, "degree": -(-wavefronts // ideal),
            "reason": rule, "assumptions": [],
            "worst": {"warp": 0, "iteration": "", "values": "", "lanes": offsets},
        }
        if instruction:
            access["instruction"] = instruction
        access.update(extra)
        accesses.append(access)
    summary = {"accesses": len(accesses), "conflict": sum(a["status"] == "conflict" for a in accesses),
               "possible": 0, "unknown": 0, "clean": sum(a["status"] == "clean" for a in accesses)}
    return {"tool": "bankcheck", "version": "0.1.0", "files": [{"file": file, "status": "ok"}],
            "accesses": accesses, "summary": summary}


if __name__ == "__main__":
    json.dump(report(), sys.stdout, indent=1)
    sys.stdout.write("\n")

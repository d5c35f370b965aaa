# ===- kernels.py - One replay microkernel per instruction form ------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""The CUDA text of a replay microkernel, for each instruction form.

Every kernel has one signature, (const int *offsets, const unsigned *in,
unsigned *out), four 32-bit words of in and out per lane, and a static
`__shared__ __align__(128) unsigned char buf[N]`. Each lane reads its byte
offset from the table (-1: no access) and takes the shared address of
buf + offset with __cvta_generic_to_shared. The replayed instruction is
inline PTX, so that the SASS is pinned, on one source line that ends with
`// replayed access` (the line program mode attributes it to); it is the
only shared-memory instruction of the kernel. Two forms are C++ because
that is what compiles to them: atomicAdd(p, 1u) (ATOMS.POPC.INC) and a
float atomicAdd (the ATOMS.CAST.SPIN loop with its LDS).
"""

from .instructions import FORMS

# ld/st.shared types by bytes per lane, and the 32-bit registers they move.
# ld/st accept a register wider than the type (the PTX ISA's "operand size
# exceeding instruction-type size"), so every width uses "r" registers.
LDST_TYPES = {1: ("u8", 1), 2: ("u16", 1), 4: ("u32", 1), 8: ("v2.u32", 2), 16: ("v4.u32", 4)}
ACCESS_MARK = "  // replayed access"


def registers(first, count):
    """'%1' or '{%1, %2}' for count operands from first."""
    names = [f"%{first + i}" for i in range(count)]
    return names[0] if count == 1 else "{" + ", ".join(names) + "}"


def ptx_instruction(entry):
    """The PTX (or C++) that replays an entry, as the manifest shows it."""
    form, width = FORMS[entry["instruction"]], entry["access_bytes"]
    if form.family in ("LDS", "STS"):
        return ("ld" if form.family == "LDS" else "st") + ".shared." + LDST_TYPES[width][0]
    if form.name == "ATOMS":
        return "atom.shared.add." + ("u64" if width == 8 else "u32")
    if form.name == "ATOMS.CAS":
        return "atom.shared.cas." + ("b64" if width == 8 else "b32")
    if form.name == "ATOMS.POPC.INC":
        return "atomicAdd(unsigned *, 1u)"
    if form.name == "ATOMS.CAST.SPIN":
        return "atomicAdd(float *, float)"
    if form.family in ("LDSM", "STSM"):
        return (("ldmatrix" if form.family == "LDSM" else "stmatrix") +
                f".sync.aligned.m8n8.x{form.matrices}" + (".trans" if form.trans else "") + ".shared.b16")
    return f"cp.async.{entry['cache']}.shared.global"


def outputs(count):
    return [f"  out[4 * lane + {i}] = v{i};" for i in range(count)]


def inputs_64(name, first):
    """A 64-bit input from two words of in (one source line)."""
    return (f"  const unsigned long long {name} = static_cast<unsigned long long>(in[4 * lane + {first}]) | "
            f"static_cast<unsigned long long>(in[4 * lane + {first + 1}]) << 32;")


def access_lines(entry):
    """The lines after the offset and address: the replayed access (its line
    marked) and the use of its result. Returns (lines, index of the access line)."""
    form, width = FORMS[entry["instruction"]], entry["access_bytes"]
    op = ptx_instruction(entry)
    guard = "if (off >= 0) "
    if form.family == "LDS":
        n = LDST_TYPES[width][1]
        outs = ", ".join(f'"=r"(v{i})' for i in range(n))
        lines = [f"  unsigned {', '.join(f'v{i} = 0' for i in range(n))};",
                 f'  {guard}asm volatile("{op} {registers(0, n)}, [%{n}];" : {outs} : "r"(addr));'
                 + ACCESS_MARK]
        return lines + outputs(n), 1
    if form.family == "STS":
        n = LDST_TYPES[width][1]
        ins = ", ".join(f'"r"(in[4 * lane + {i}])' for i in range(n))
        return [f'  {guard}asm volatile("{op} [%0], {registers(1, n)};" :: "r"(addr), {ins} : "memory");'
                + ACCESS_MARK], 0
    if form.name in ("ATOMS", "ATOMS.CAS"):
        cas = form.name == "ATOMS.CAS"
        operands = "%0, [%1], %2, %3" if cas else "%0, [%1], %2"
        if width == 4:
            ins = '"r"(in[4 * lane])' + (', "r"(in[4 * lane + 1])' if cas else "")
            return ["  unsigned v0 = 0;",
                    f'  {guard}asm volatile("{op} {operands};" : "=r"(v0) : "r"(addr), {ins} : "memory");'
                    + ACCESS_MARK] + outputs(1), 1
        lines = [inputs_64("x", 0)] + ([inputs_64("y", 2)] if cas else [])
        ins = '"l"(x)' + (', "l"(y)' if cas else "")
        lines += ["  unsigned long long w = 0;",
                  f'  {guard}asm volatile("{op} {operands};" : "=l"(w) : "r"(addr), {ins} : "memory");'
                  + ACCESS_MARK,
                  "  out[4 * lane] = static_cast<unsigned>(w);",
                  "  out[4 * lane + 1] = static_cast<unsigned>(w >> 32);"]
        return lines, len(lines) - 3
    if form.name == "ATOMS.POPC.INC":
        return ["  unsigned v0 = 0;",
                f"  {guard}v0 = atomicAdd(reinterpret_cast<unsigned *>(buf + off), 1u);" + ACCESS_MARK] \
            + outputs(1), 1
    if form.name == "ATOMS.CAST.SPIN":
        return ["  unsigned v0 = 0;",
                f"  {guard}v0 = __float_as_uint(atomicAdd(reinterpret_cast<float *>(buf + off), "
                "__uint_as_float(in[4 * lane])));" + ACCESS_MARK] + outputs(1), 1
    if form.family == "LDSM":
        n = form.matrices
        outs = ", ".join(f'"=r"(v{i})' for i in range(n))
        return [f"  unsigned {', '.join(f'v{i}' for i in range(n))};",
                f'  asm volatile("{op} {registers(0, n) if n > 1 else "{%0}"}, [%{n}];" : {outs} : "r"(addr));'
                + ACCESS_MARK] + outputs(n), 1
    if form.family == "STSM":
        n = form.matrices
        ins = ", ".join(f'"r"(in[4 * lane + {i}])' for i in range(n))
        regs = registers(1, n) if n > 1 else "{%1}"
        return [f'  asm volatile("{op} [%0], {regs};" :: "r"(addr), {ins} : "memory");' + ACCESS_MARK], 0
    # LDGSTS: the source is this lane's 16 bytes of in (16-byte aligned).
    return [f'  {guard}asm volatile("{op} [%0], [%1], {width};" :: "r"(addr), "l"(in + 4 * lane) : "memory");'
            + ACCESS_MARK,
            '  asm volatile("cp.async.wait_all;" ::: "memory");'], 0


def render_kernel(entry, comment):
    """CUDA source lines of one microkernel and the 0-based index of the line
    holding the replayed access."""
    k, n = entry["kernel"], entry["buffer_bytes"]
    form = FORMS[entry["instruction"]]
    every_lane = form.family in ("LDSM", "STSM")
    lines = [
        comment,
        f"extern \"C\" __global__ void {k}(const int *__restrict__ offsets, "
        f"const unsigned *__restrict__ in, unsigned *__restrict__ out) {{",
        f"  __shared__ __align__(128) unsigned char buf[{n}];",
        "  const int lane = threadIdx.x;",
        "  const int off = offsets[lane];" + ("  // every lane gives an address (.aligned)" if every_lane
                                                else "  // -1: inactive lane"),
    ]
    if form.name not in ("ATOMS.POPC.INC", "ATOMS.CAST.SPIN"):
        lines.append("  const unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(buf)) + "
                     "static_cast<unsigned>(off);")
    body, access = access_lines(entry)
    access_line = len(lines) + access
    return lines + body + ["}"], access_line

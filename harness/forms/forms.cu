// ===- forms.cu - One warp instruction per launch, for every form ---------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// ===----------------------------------------------------------------------===//
// Reads patterns.txt (gen_patterns.py): per pattern a form, a source layout and
// 32 per-lane byte offsets into a shared buffer (-1: the lane skips it). Launches
// one 32-thread block per pattern, in order, so that Nsight Compute's launch N is
// pattern N. Each kernel holds exactly one shared-memory instruction (the float
// atomicAdd form: its compiler-made loop), written as inline PTX to pin the SASS.
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); std::exit(2); } } while (0)

constexpr int BufBytes = 40960;

#define PROLOGUE                                                              \
  __shared__ __align__(1024) unsigned char buf[BufBytes];                     \
  int lane = threadIdx.x;                                                     \
  int off = offs[lane];                                                       \
  bool on = off >= 0;                                                         \
  unsigned a = (unsigned)__cvta_generic_to_shared(buf) + (on ? off : 0);      \
  unsigned r0 = 0, r1 = 0, r2 = 0, r3 = 0;                                    \
  (void)a; (void)on;
#define EPILOGUE out[lane] = r0 ^ r1 ^ r2 ^ r3;
#define KERNEL(name) \
  __global__ void name(const int *offs, const unsigned char *gsrc, int srcmode, unsigned *out)

KERNEL(lds_u8) { PROLOGUE if (on) asm volatile("ld.shared.u8 %0, [%1];" : "=r"(r0) : "r"(a)); EPILOGUE }
KERNEL(lds_u16) { PROLOGUE if (on) asm volatile("ld.shared.u16 %0, [%1];" : "=r"(r0) : "r"(a)); EPILOGUE }
KERNEL(lds_u32) { PROLOGUE if (on) asm volatile("ld.shared.u32 %0, [%1];" : "=r"(r0) : "r"(a)); EPILOGUE }
KERNEL(lds_v2) { PROLOGUE if (on) asm volatile("ld.shared.v2.u32 {%0, %1}, [%2];" : "=r"(r0), "=r"(r1) : "r"(a)); EPILOGUE }
KERNEL(lds_v4) { PROLOGUE if (on) asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
                                              : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a)); EPILOGUE }
KERNEL(sts_u32) { PROLOGUE if (on) asm volatile("st.shared.u32 [%0], %1;" :: "r"(a), "r"(lane)); EPILOGUE }
KERNEL(sts_v2) { PROLOGUE if (on) asm volatile("st.shared.v2.u32 [%0], {%1, %2};" :: "r"(a), "r"(lane), "r"(lane + 1)); EPILOGUE }
KERNEL(sts_v4) { PROLOGUE if (on) asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};"
                                              :: "r"(a), "r"(lane), "r"(lane + 1), "r"(lane + 2), "r"(lane + 3)); EPILOGUE }

#define ATOM2(name, ptx) \
  KERNEL(name) { PROLOGUE if (on) asm volatile(ptx " %0, [%1], %2;" : "=r"(r0) : "r"(a), "r"(lane + 2)); EPILOGUE }
ATOM2(atom_add_u32, "atom.shared.add.u32")
ATOM2(atom_max_s32, "atom.shared.max.s32")
ATOM2(atom_min_u32, "atom.shared.min.u32")
ATOM2(atom_exch_b32, "atom.shared.exch.b32")
ATOM2(atom_and_b32, "atom.shared.and.b32")
ATOM2(atom_or_b32, "atom.shared.or.b32")
ATOM2(atom_xor_b32, "atom.shared.xor.b32")
ATOM2(atom_inc_u32, "atom.shared.inc.u32")
ATOM2(atom_dec_u32, "atom.shared.dec.u32")
KERNEL(red_add_u32) { PROLOGUE if (on) asm volatile("red.shared.add.u32 [%0], %1;" :: "r"(a), "r"(lane + 2)); EPILOGUE }
KERNEL(atom_cas_b32) { PROLOGUE if (on) asm volatile("atom.shared.cas.b32 %0, [%1], %2, %3;"
                                                    : "=r"(r0) : "r"(a), "r"(lane), "r"(lane + 1)); EPILOGUE }
KERNEL(atom_add_u64) {
  PROLOGUE unsigned long long v = 0;
  if (on) asm volatile("atom.shared.add.u64 %0, [%1], %2;" : "=l"(v) : "r"(a), "l"((unsigned long long)lane + 2));
  r0 = (unsigned)v; EPILOGUE }
KERNEL(atom_cas_b64) {
  PROLOGUE unsigned long long v = 0;
  if (on) asm volatile("atom.shared.cas.b64 %0, [%1], %2, %3;" : "=l"(v)
                       : "r"(a), "l"((unsigned long long)lane), "l"((unsigned long long)lane + 1));
  r0 = (unsigned)v; EPILOGUE }
KERNEL(atom_add_f32) {
  PROLOGUE float v = 0;
  if (on) asm volatile("atom.shared.add.f32 %0, [%1], %2;" : "=f"(v) : "r"(a), "f"(lane + 0.5f));
  r0 = __float_as_uint(v); EPILOGUE }
KERNEL(cxx_atomicadd_one) { PROLOGUE if (on) r0 = atomicAdd((unsigned *)(buf + off), 1u); EPILOGUE }
KERNEL(cxx_atomicadd_float) { PROLOGUE if (on) r0 = __float_as_uint(atomicAdd((float *)(buf + off), 1.5f)); EPILOGUE }
KERNEL(cxx_atomicadd_lane) { PROLOGUE if (on) r0 = atomicAdd((unsigned *)(buf + off), (unsigned)lane + 2); EPILOGUE }

#define LDSM(name, shape)                                                                   \
  KERNEL(name) { PROLOGUE                                                                   \
    asm volatile("ldmatrix.sync.aligned.m8n8" shape ".shared.b16 {%0, %1, %2, %3}, [%4];"     \
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a)); EPILOGUE }
#define LDSM1(name, shape)                                                                  \
  KERNEL(name) { PROLOGUE                                                                   \
    asm volatile("ldmatrix.sync.aligned.m8n8" shape ".shared.b16 {%0}, [%1];" : "=r"(r0) : "r"(a)); EPILOGUE }
#define LDSM2(name, shape)                                                                  \
  KERNEL(name) { PROLOGUE                                                                   \
    asm volatile("ldmatrix.sync.aligned.m8n8" shape ".shared.b16 {%0, %1}, [%2];"             \
                 : "=r"(r0), "=r"(r1) : "r"(a)); EPILOGUE }
LDSM1(ldsm_x1, ".x1")
LDSM2(ldsm_x2, ".x2")
LDSM(ldsm_x4, ".x4")
LDSM1(ldsm_x1_t, ".x1.trans")
LDSM2(ldsm_x2_t, ".x2.trans")
LDSM(ldsm_x4_t, ".x4.trans")
#define STSM1(name, shape) KERNEL(name) { PROLOGUE                                          \
    asm volatile("stmatrix.sync.aligned.m8n8" shape ".shared.b16 [%0], {%1};" :: "r"(a), "r"(lane)); EPILOGUE }
#define STSM2(name, shape) KERNEL(name) { PROLOGUE                                          \
    asm volatile("stmatrix.sync.aligned.m8n8" shape ".shared.b16 [%0], {%1, %2};"             \
                 :: "r"(a), "r"(lane), "r"(lane + 1)); EPILOGUE }
#define STSM4(name, shape) KERNEL(name) { PROLOGUE                                          \
    asm volatile("stmatrix.sync.aligned.m8n8" shape ".shared.b16 [%0], {%1, %2, %3, %4};"     \
                 :: "r"(a), "r"(lane), "r"(lane + 1), "r"(lane + 2), "r"(lane + 3)); EPILOGUE }
STSM1(stsm_x1, ".x1")
STSM2(stsm_x2, ".x2")
STSM4(stsm_x4, ".x4")
STSM1(stsm_x1_t, ".x1.trans")
STSM2(stsm_x2_t, ".x2.trans")
STSM4(stsm_x4_t, ".x4.trans")

#define LDGSTS(name, cache, n) KERNEL(name) { PROLOGUE                                      \
    int s = srcmode == 0 ? lane * n : srcmode == 1 ? (on ? off : 0) : srcmode == 2 ? lane * 128 \
          : srcmode == 3 ? lane * n + 16 : srcmode == 4 ? lane * n + 64                          \
          : srcmode == 5 ? (lane / 8) * 2048 + (lane % 8) * n                                   \
          : (lane / 8) * 2048 + (lane % 8) * n + 64;                                           \
    if (on) asm volatile("cp.async." cache ".shared.global [%0], [%1], " #n ";"               \
                         :: "r"(a), "l"(gsrc + s) : "memory");                                \
    asm volatile("cp.async.wait_all;" ::: "memory"); EPILOGUE }
LDGSTS(ldgsts_ca4, "ca", 4)
LDGSTS(ldgsts_ca8, "ca", 8)
LDGSTS(ldgsts_ca16, "ca", 16)
LDGSTS(ldgsts_cg16, "cg", 16)

typedef void (*Kernel)(const int *, const unsigned char *, int, unsigned *);
// The order of gen_patterns.py's FORMS.
static const Kernel Kernels[] = {
    lds_u8, lds_u16, lds_u32, lds_v2, lds_v4, sts_u32, sts_v2, sts_v4,
    atom_add_u32, red_add_u32, atom_max_s32, atom_min_u32, atom_exch_b32, atom_and_b32, atom_or_b32,
    atom_xor_b32, atom_inc_u32, atom_dec_u32, atom_cas_b32, atom_add_u64, atom_cas_b64, atom_add_f32,
    cxx_atomicadd_one, cxx_atomicadd_float, cxx_atomicadd_lane,
    ldsm_x1, ldsm_x2, ldsm_x4, ldsm_x1_t, ldsm_x2_t, ldsm_x4_t,
    stsm_x1, stsm_x2, stsm_x4, stsm_x1_t, stsm_x2_t, stsm_x4_t,
    ldgsts_ca4, ldgsts_ca8, ldgsts_ca16, ldgsts_cg16};

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "patterns.txt";
  FILE *f = std::fopen(path, "r");
  if (!f) { std::perror(path); return 2; }
  int n = 0;
  if (std::fscanf(f, "%d", &n) != 1 || n <= 0) { std::fprintf(stderr, "%s: bad header\n", path); return 2; }
  std::vector<int> form(n), src(n), offs(size_t(n) * 32);
  for (int i = 0; i < n; ++i) {
    if (std::fscanf(f, "%d %d", &form[i], &src[i]) != 2) { std::fprintf(stderr, "bad line %d\n", i); return 2; }
    for (int l = 0; l < 32; ++l)
      if (std::fscanf(f, "%d", &offs[size_t(i) * 32 + l]) != 1) { std::fprintf(stderr, "bad line %d\n", i); return 2; }
    if (form[i] < 0 || form[i] >= int(sizeof(Kernels) / sizeof(Kernels[0]))) { std::fprintf(stderr, "bad form %d\n", i); return 2; }
  }
  std::fclose(f);
  int *dOffs; unsigned char *dSrc; unsigned *dOut;
  CHECK(cudaMalloc(&dOffs, offs.size() * sizeof(int)));
  CHECK(cudaMalloc(&dSrc, 1 << 20));
  CHECK(cudaMalloc(&dOut, 32 * sizeof(unsigned)));
  CHECK(cudaMemset(dSrc, 1, 1 << 20));
  CHECK(cudaMemcpy(dOffs, offs.data(), offs.size() * sizeof(int), cudaMemcpyHostToDevice));
  for (int i = 0; i < n; ++i) {
    Kernels[form[i]]<<<1, 32>>>(dOffs + size_t(i) * 32, dSrc, src[i], dOut);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
  }
  std::printf("launched %d patterns\n", n);
  return 0;
}

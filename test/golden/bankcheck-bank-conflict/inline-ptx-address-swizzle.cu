// Swizzles computed from the shared-window address itself, as hand-written
// tensor-core GEMMs do: `addr ^ ((addr & MASK) >> SHIFT)`. The mask reads bits
// of the variable's own address, so the analysis assumes the variable starts
// aligned past them (here 1024 bytes, which the declaration guarantees) and
// says so; the masked bits are then the offset's bits alone.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdint>

#define LDMATRIX_X1(R, addr)                                                               \
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];\n" : "=r"(R[0]) : "r"(addr))

__global__ void swizzled(float *out) {
  __shared__ __align__(1024) half t[64][64];  // 128-byte rows
  int lane = threadIdx.x % 32;
  uint32_t r[1];
  uint32_t base = __cvta_generic_to_shared(&t[0][0]);
  // lanes 0-7 give the rows of one 8x8 matrix, all in chunk 0: 8-way
  uint32_t plain = base + (lane % 8) * 128;
  LDMATRIX_X1(r, plain);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on shared load (LDSM.x1) of 't' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // the row (address bits 7-9) XORed into the chunk (bits 4-6): clean
  uint32_t swz = plain ^ ((plain & 0b1110000000) >> 3);
  LDMATRIX_X1(r, swz);
  // a mask that keeps only the chunk bits, which are all zero here: 8-way
  uint32_t same = plain ^ ((plain & 0b1110000) >> 3);
  LDMATRIX_X1(r, same);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on shared load (LDSM.x1) of 't' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[threadIdx.x] = float(r[0]);
}

void run(float *out) { swizzled<<<1, 32>>>(out); }

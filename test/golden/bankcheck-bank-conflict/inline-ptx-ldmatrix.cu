// ldmatrix and stmatrix written as inline PTX, addressed through shared-window
// integers (__cvta_generic_to_shared, cvta.to.shared inside the template).
// Each 8x8 matrix is one phase of 8 row addresses of 16 bytes (ideal: one
// wavefront per matrix); .trans costs the same; lanes past the address lanes
// of .x1/.x2 are ignored.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdint>

#define LDMATRIX_X4(R, addr)                                                              \
  asm volatile("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];\n"        \
               : "=r"(R[0]), "=r"(R[1]), "=r"(R[2]), "=r"(R[3]) : "r"(addr))

__global__ void tiles(float *out) {
  __shared__ __align__(128) half s[64][64];  // 128-byte rows
  __shared__ __align__(128) half p[64][72];  // 144-byte rows
  __shared__ __align__(128) half z[64][64];  // 16-byte chunks swizzled with the row
  int lane = threadIdx.x % 32;
  uint32_t r[4];
  uint32_t a = __cvta_generic_to_shared(&s[lane % 16][(lane / 16) * 8]);
  LDMATRIX_X4(r, a);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on shared load (LDSM.x4) of 's' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
  uint32_t b = __cvta_generic_to_shared(&p[lane % 16][(lane / 16) * 8]);
  LDMATRIX_X4(r, b);
  // 144-byte rows: each matrix's 8 rows cover the 32 banks once
  int row = lane % 16, chunk = lane / 16;
  uint32_t c = __cvta_generic_to_shared(&z[row][(chunk ^ (row & 7)) * 8]);
  LDMATRIX_X4(r, c);
  // XOR swizzle of the chunk with the row: conflict-free
  uint32_t zb = __cvta_generic_to_shared(&z[0][0]);
  uint32_t d = zb + row * 128 + ((chunk << 4) ^ ((row & 7) << 4));
  LDMATRIX_X4(r, d);
  // the same swizzle written on the integer offset
  uint32_t e = (zb + row * 128 + (chunk << 4)) ^ ((row & 7) << 4);
  LDMATRIX_X4(r, e);
  // XOR on the shared-window address itself: clean, assuming 'z' is 128-byte aligned
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];\n"
               : "=r"(r[0]), "=r"(r[1]) : "r"(a));
  // CHECK-MESSAGES: :[[@LINE-2]]:16: warning: 8-way bank conflict on shared load (LDSM.x2) of 's' (16 wavefronts, ideal 2) [bankcheck-bank-conflict]
  uint32_t f = __cvta_generic_to_shared(&s[lane % 8][0]);
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];\n" : "=r"(r[0]) : "r"(f + (lane / 8) * 16));
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 8-way bank conflict on shared load (LDSM.x1) of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  asm volatile("{ .reg .u64 t; .reg .u32 q; cvta.to.shared.u64 t, %0; cvt.u32.u64 q, t;\n"
               "  stmatrix.sync.aligned.x4.m8n8.shared.b16 [q], {%1, %2, %3, %4}; }\n"
               :: "l"(&p[lane][0]), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]));
  // stmatrix rows 144 bytes apart, the address made inside the template: clean
  asm volatile("stmatrix.sync.aligned.x4.m8n8.shared.b16 [%0], {%1, %2, %3, %4};\n"
               :: "r"(a + 0), "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]));
  // CHECK-MESSAGES: :[[@LINE-2]]:16: warning: 8-way bank conflict on shared store (STSM.x4) of 's' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
  out[threadIdx.x] = float(r[0] + r[1] + r[2] + r[3]);
}

void run(float *out) { tiles<<<1, 128>>>(out); }

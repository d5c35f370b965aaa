// XOR swizzles of tiles reached only through inline PTX (cp.async writes,
// ldmatrix reads): where each instruction's address operand is made from
// `&t[row][col]` in the source (in the operand itself, or in a local set once
// from it), every column index is rewritten, a fix-it like the others. Where
// an address is computed by arithmetic, the note gives the exact rewrite of
// its byte offset from the tile, and there is no fix-it.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdint>

__global__ void inOperands(float *out, const half *g) {
  __shared__ __align__(128) half t[64][64];
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"((uint32_t)__cvta_generic_to_shared(&t[threadIdx.x / 8][(threadIdx.x % 8) * 8])),
  // CHECK-FIXES: {{^}}  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"((uint32_t)__cvta_generic_to_shared(&t[threadIdx.x / 8][((threadIdx.x % 8) * 8) ^ (((threadIdx.x / 8) & 7) << 3)])),
               "l"(g + threadIdx.x * 8));
  // CHECK-REMARKS: :[[@LINE-3]]:16: remark: cannot decide bank conflicts of shared copy (LDGSTS) of 't': {{.*}}
  asm volatile("cp.async.wait_all;\n" ::);
  __syncthreads();
  int lane = threadIdx.x % 32;
  uint32_t r[4];
  asm volatile("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"((uint32_t)__cvta_generic_to_shared(&t[lane % 16][(lane / 16) * 8])));
  // CHECK-MESSAGES: :[[@LINE-3]]:16: warning: 8-way bank conflict on shared load (LDSM.x4) of 't' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: no padding fix-it for 't': padding by 8 elements would lower the conflict to 1-way but would move the cp.async writes at {{.*}} off whole 128-byte rows {{.*}}
  // CHECK-MESSAGES: note: swizzle the columns of 't' by its rows (XOR of the 16-byte chunks of each row with the row's bits 0 to 2): 8-way -> 1-way over all 2 accesses, no byte added; every index of 't' is rewritten; at {{.*}}:[[@LINE-13]]:16 't[threadIdx.x / 8][(threadIdx.x % 8) * 8]' becomes 't[threadIdx.x / 8][((threadIdx.x % 8) * 8) ^ (((threadIdx.x / 8) & 7) << 3)]'; at {{.*}}:[[@LINE-5]]:16 't[lane % 16][(lane / 16) * 8]' becomes 't[lane % 16][((lane / 16) * 8) ^ (((lane % 16) & 7) << 3)]'
  // CHECK-FIXES: {{^}}               : "r"((uint32_t)__cvta_generic_to_shared(&t[lane % 16][((lane / 16) * 8) ^ (((lane % 16) & 7) << 3)])));
  out[threadIdx.x] = float(r[0] + r[1] + r[2] + r[3]);
}

__global__ void byArithmetic(float *out, const half *g) {
  __shared__ __align__(128) half u[64][64];
  uint32_t base = __cvta_generic_to_shared(&u[0][0]);
  uint32_t d = __cvta_generic_to_shared(&u[threadIdx.x / 8][(threadIdx.x % 8) * 8]);
  // CHECK-FIXES: {{^}}  uint32_t d = __cvta_generic_to_shared(&u[threadIdx.x / 8][(threadIdx.x % 8) * 8]);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(d), "l"(g + threadIdx.x * 8));
  // CHECK-REMARKS: :[[@LINE-1]]:16: remark: cannot decide bank conflicts of shared copy (LDGSTS) of 'u': {{.*}}
  asm volatile("cp.async.wait_all;\n" ::);
  __syncthreads();
  int lane = threadIdx.x % 32;
  uint32_t r[4];
  asm volatile("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(base + (lane % 16) * 128 + (lane / 16) * 16));
  // CHECK-MESSAGES: :[[@LINE-3]]:16: warning: 8-way bank conflict on shared load (LDSM.x4) of 'u' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: no padding fix-it for 'u': no padding of the innermost dimension lowers the conflict
  // CHECK-MESSAGES: note: swizzle the columns of 'u' by its rows (XOR of the 16-byte chunks of each row with the row's bits 0 to 2): 8-way -> 1-way over all 2 accesses, no byte added; no fix-it: the access at {{.*}}:[[@LINE-5]]:16 is not written 'u[row][column]' in the file; apply the same XOR to every index of 'u'; at {{.*}}:[[@LINE-11]]:16 'u[threadIdx.x / 8][(threadIdx.x % 8) * 8]' becomes 'u[threadIdx.x / 8][((threadIdx.x % 8) * 8) ^ (((threadIdx.x / 8) & 7) << 3)]'; at {{.*}}:[[@LINE-5]]:16 (inline PTX) the byte offset o of its address from the start of 'u' becomes 'o ^ (((o / 128) & 7) << 4)'
  out[threadIdx.x] = float(r[0] + r[1] + r[2] + r[3]);
}

void run(float *out, const half *h) {
  inOperands<<<1, 64>>>(out, h);
  byArithmetic<<<1, 64>>>(out, h);
}

// Fix-its for tensor-core tiles read by ldmatrix (inline PTX through
// __cvta_generic_to_shared). Padding comes in 16-byte units (+8 halves), and
// only where no other access of the tile gets worse: a tile that cp.async
// fills in whole 128-byte rows is not padded (copies into 144-byte rows
// measured 2.6x their ideal with several warps in flight); the XOR swizzle
// of its 16-byte chunks is the fix-it instead, rewriting the `&b[row][col]`
// each asm address is made from.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdint>

#define LDMATRIX_X4(R, addr)                                                              \
  asm volatile("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];\n"        \
               : "=r"(R[0]), "=r"(R[1]), "=r"(R[2]), "=r"(R[3]) : "r"(addr))

__global__ void readOnly(float *out, const float4 *g) {
  __shared__ __align__(128) half a[64][64];
  // CHECK-FIXES: {{^}}  __shared__ __align__(128) half a[64][72];
  int lane = threadIdx.x % 32;
  reinterpret_cast<float4 *>(&a[threadIdx.x / 8][0])[threadIdx.x % 8] = g[threadIdx.x];
  __syncthreads();
  uint32_t r[4];
  uint32_t p = __cvta_generic_to_shared(&a[lane % 16][(lane / 16) * 8]);
  LDMATRIX_X4(r, p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on shared load (LDSM.x4) of 'a' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the innermost dimension of 'a' by 8 elements ('64' -> '72'): 8-way -> 1-way over all 2 accesses, +1024 bytes (9216 bytes of static shared memory)
  out[threadIdx.x] = float(r[0] + r[1] + r[2] + r[3]);
}

__global__ void copiedIn(float *out, const half *g) {
  __shared__ __align__(128) half b[64][64];
  // CHECK-FIXES: {{^}}  __shared__ __align__(128) half b[64][64];
  int lane = threadIdx.x % 32;
  uint32_t d = __cvta_generic_to_shared(&b[threadIdx.x / 8][(threadIdx.x % 8) * 8]);
  // CHECK-FIXES: {{^}}  uint32_t d = __cvta_generic_to_shared(&b[threadIdx.x / 8][((threadIdx.x % 8) * 8) ^ (((threadIdx.x / 8) & 7) << 3)]);
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(d), "l"(g + threadIdx.x * 8));
  // CHECK-REMARKS: :[[@LINE-1]]:16: remark: cannot decide bank conflicts of shared copy (LDGSTS) of 'b': {{.*}}
  asm volatile("cp.async.wait_all;\n" ::);
  __syncthreads();
  uint32_t r[4];
  uint32_t p = __cvta_generic_to_shared(&b[lane % 16][(lane / 16) * 8]);
  // CHECK-FIXES: {{^}}  uint32_t p = __cvta_generic_to_shared(&b[lane % 16][((lane / 16) * 8) ^ (((lane % 16) & 7) << 3)]);
  LDMATRIX_X4(r, p);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on shared load (LDSM.x4) of 'b' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: no padding fix-it for 'b': padding by 8 elements would lower the conflict to 1-way but would move the cp.async writes at {{.*}}:36:16 off whole 128-byte rows {{.*}}
  // CHECK-MESSAGES: note: swizzle the columns of 'b' by its rows (XOR of the 16-byte chunks of each row with the row's bits 0 to 2): 8-way -> 1-way over all 2 accesses, no byte added; every index of 'b' is rewritten{{.*}}
  out[threadIdx.x] = float(r[0] + r[1] + r[2] + r[3]);
}

void run(float *out, const float4 *g, const half *h) {
  readOnly<<<1, 64>>>(out, g);
  copiedIn<<<1, 64>>>(out, h);
}

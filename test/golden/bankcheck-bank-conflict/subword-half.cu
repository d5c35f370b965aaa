// __half (2 bytes) and __half2 (4 bytes) from <cuda_fp16.h>.
#include <cuda_fp16.h>

__global__ void halves(__half *out, __half2 *out2) {
  __shared__ __half hh[32 * 64];
  __shared__ __half2 h2[32 * 32];
  __shared__ __half ht[32][32];
  int tid = threadIdx.x, ty = threadIdx.y;
  hh[tid + 32 * ty] = out[tid];
  // 32 consecutive halves per row, 16 words
  ht[ty][tid] = out[tid];
  // a row of halves: 16 words
  h2[tid] = out2[tid];
  // 32 consecutive words
  __syncthreads();
  __half a = hh[2 * tid];
  // 32 consecutive words
  __half b = hh[64 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 32-way bank conflict on shared load of 'hh' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __half2 c = h2[tid * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 32-way bank conflict on shared load of 'h2' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __half d = ht[tid][ty];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 16-way bank conflict on shared load of 'ht' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[tid] = __hadd(__hadd(a, b), d);
  out2[tid] = c;
}

void run(__half *out, __half2 *out2) {
  halves<<<1, dim3(32, 2)>>>(out, out2);
}

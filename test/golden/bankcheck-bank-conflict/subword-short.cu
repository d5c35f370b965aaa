// 2-byte accesses: two lanes per word share it.
#include <cuda_runtime.h>

__global__ void shorts(short *out) {
  __shared__ short h[32 * 65];
  int tid = threadIdx.x;
  h[tid] = (short)tid;
  // 16 words, two lanes each
  h[2 * tid] = (short)tid;
  // 32 consecutive words
  __syncthreads();
  short a = h[4 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 2-way bank conflict on shared load of 'h' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  short b = h[64 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 32-way bank conflict on shared load of 'h' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  short c = h[65 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 2-way bank conflict on shared load of 'h' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[tid] = a + b + c;
}

void run(short *out) {
  shorts<<<1, 32>>>(out);
}

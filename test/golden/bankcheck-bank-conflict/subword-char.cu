// 1-byte accesses: lanes in the same 4-byte word share it, so c[tid] and
// c[4 * tid] are conflict-free; the degree counts distinct words per bank.
#include <cuda_runtime.h>

__global__ void chars(char *out) {
  __shared__ char c[32 * 129];
  int tid = threadIdx.x;
  c[tid] = (char)tid;
  // 8 words, four lanes each
  c[4 * tid] = (char)tid;
  // one word per lane, 32 consecutive words
  __syncthreads();
  char a = c[32 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 8-way bank conflict on shared load of 'c' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  char b = c[128 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on shared load of 'c' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  char d = c[tid / 4];
  // two words
  char e = c[129 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 4-way bank conflict on shared load of 'c' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[tid] = a + b + d + e;
}

void run(char *out) {
  chars<<<1, 32>>>(out);
}

// Loops with constant trip counts (unrolled or not): every iteration is
// checked and the worst one is reported.
#include <cuda_runtime.h>

__global__ void unrolled(float *out) {
  __shared__ float s[1024];
  int tid = threadIdx.x;
  float v = 0.f;
#pragma unroll
  for (int i = 0; i < 4; ++i)
    v += s[i * 32 + tid];
  // one row per iteration: consecutive words
#pragma unroll
  for (int i = 0; i < 4; ++i)
    v += s[tid * 32 + i];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
#pragma unroll
  for (int i = 0; i < 4; ++i)
    v += s[tid << i];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 8-way bank conflict on shared load of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
#pragma unroll 2
  for (int i = 0; i < 6; ++i)
    v += s[(tid + i) % 32 * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  for (int i = 0; i < 2; ++i)
    v += s[tid * 2 + i];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 2-way bank conflict on shared load of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[tid] = v;
}

void run(float *out) {
  unrolled<<<1, 32>>>(out);
}

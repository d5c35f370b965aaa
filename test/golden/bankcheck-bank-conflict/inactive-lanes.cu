// Lanes switched off by a condition do not count.
#include <cuda_runtime.h>

__global__ void inactive(float *out) {
  __shared__ float s[2048];
  int tid = threadIdx.x;
  int lane = tid & 31, warp = tid >> 5;
  float v = 0.f;
  if (threadIdx.x < 16)
    v += s[32 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  if (threadIdx.x < 2)
    v += s[16 * tid];
  // two lanes on banks 0 and 16
  if (tid % 4 == 0)
    v += s[8 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 8-way bank conflict on shared load of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  if (lane < 16)
    v += s[lane * 32 + warp];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  if (lane & 1)
    v += s[lane * 16];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[tid] = v;
}

void run(float *out) {
  inactive<<<1, 64>>>(out);
}

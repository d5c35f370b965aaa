// Early returns switch lanes off for the rest of the kernel; a uniform early
// return (on blockIdx) changes nothing.
#include <cuda_runtime.h>

__global__ void firstEight(const float *in, float *out) {
  __shared__ float s[32 * 32];
  if (blockIdx.x > 4)
    return;
  int tid = threadIdx.x;
  if (tid >= 8)
    return;
  s[tid * 32] = in[tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on shared store of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[tid] = s[tid];
  // eight consecutive words
}

__global__ void evenLanes(const float *in, float *out) {
  __shared__ float s[128 * 16];
  int tid = threadIdx.x;
  if (tid & 1)
    return;
  s[tid * 16] = in[tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way bank conflict on shared store of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[tid] = s[tid / 2];
  // 16 consecutive words
}

void run(const float *in, float *out) {
  firstEight<<<8, 128>>>(in, out);
  evenLanes<<<8, 128>>>(in, out);
}

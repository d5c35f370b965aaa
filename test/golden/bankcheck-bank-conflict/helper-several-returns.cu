// A __device__ helper with several return statements is inlined as the
// first return whose condition holds.
#include <cuda_runtime.h>

__device__ int skipOne(int t) {
  if (t < 16)
    return t;
  return t + 1;
}

__device__ int split(int t) {
  if (t < 16)
    return t * 32;
  return t;
}

__global__ void returns(float *out) {
  __shared__ float s[2048];
  s[skipOne(threadIdx.x)] = out[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[1] = s[split(threadIdx.x)];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

void run(float *out) {
  returns<<<1, 32>>>(out);
}

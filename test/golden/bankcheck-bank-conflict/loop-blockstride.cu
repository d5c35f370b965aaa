// Block-stride loops: i = threadIdx.x + k * blockDim.x, so lanes stay
// consecutive in every iteration. A bound smaller than a warp switches lanes
// off.
#include <cuda_runtime.h>

#define N 2048

__global__ void blockStride(float *out) {
  __shared__ float s[N];
  __shared__ float s2[2 * N];
  __shared__ float t[32][32];
  __shared__ float u[8 * 32];
  for (int i = threadIdx.x; i < N; i += blockDim.x)
    s[i] = 0.f;
  // consecutive words
  for (int i = threadIdx.x; i < N; i += blockDim.x)
    s2[2 * i] = 0.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 2-way bank conflict on shared store of 's2' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  for (int i = threadIdx.x; i < 32 * 32; i += blockDim.x)
    t[i % 32][i / 32] = 1.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 32-way bank conflict on shared store of 't' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  for (int i = threadIdx.x; i < 8; i += blockDim.x)
    u[i * 32] = 1.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 8-way bank conflict on shared store of 'u' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x] + t[0][threadIdx.x % 32];
  // a row walk and a row of t
}

void run(float *out) {
  blockStride<<<1, 256>>>(out);
}

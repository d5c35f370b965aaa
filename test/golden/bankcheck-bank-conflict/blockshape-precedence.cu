// RUN-ARGS: --block-dim=4,8
// Precedence of the block-shape sources: annotation > launch > --block-dim.
// The same column read t[tx][ty] of a 32x32 tile gives a different degree for
// each shape: (16,16) 16-way, (32,8) 32-way, (8,4) 8-way, (4,8) 4-way.
#include <cuda_runtime.h>

// bankcheck: block-dim(16,16)
__global__ void annotatedAndLaunched(float *out) {
  __shared__ float t[32][32];
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 16-way bank conflict on shared load of 't' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

__global__ void launchedOnly(float *out) {
  __shared__ float t[32][32];
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 8-way bank conflict on shared load of 't' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

__global__ void flagOnly(float *out) {
  __shared__ float t[32][32];
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 4-way bank conflict on shared load of 't' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

void run(float *out) {
  annotatedAndLaunched<<<1, dim3(32, 8)>>>(out);
  launchedOnly<<<1, dim3(8, 4)>>>(out);
}

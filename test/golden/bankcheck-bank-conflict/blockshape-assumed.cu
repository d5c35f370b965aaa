// No launch, annotation or --block-dim: blockDim.x is assumed to be a
// multiple of 32, so threadIdx.y and threadIdx.z are uniform in a warp and
// the lanes of a warp have consecutive threadIdx.x. (Arrays sized for
// blockDim.x <= 64.)
#include <cuda_runtime.h>

__global__ void assumedShape(float *out) {
  __shared__ float tile[64][32];
  __shared__ float s[4096];
  out[threadIdx.x] = tile[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[threadIdx.x] += s[threadIdx.y * 64 + threadIdx.x];
  // consecutive words from a uniform row start
  out[threadIdx.x] += s[threadIdx.x * 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 2-way bank conflict on shared load of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[threadIdx.x] += tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

// No launch, annotation or --block-dim: blockDim.x is assumed to be a
// multiple of 32, so threadIdx.x = 32 * w + lane and threadIdx.x % 32 (or
// & 31) is exactly the lane in every warp. These verdicts hold for every warp:
// proven, not "possible".
#include <cuda_runtime.h>

__global__ void assumedLane(float *out) {
  __shared__ float tile[32][32];
  __shared__ float s[2048];
  unsigned lane = threadIdx.x % 32;
  out[threadIdx.x] = tile[lane][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[threadIdx.x] += tile[threadIdx.x & 31][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[threadIdx.x] += s[threadIdx.y * 32 + lane];
  // one row per warp: consecutive words
  out[threadIdx.x] += s[lane * 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 2-way bank conflict on shared load of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

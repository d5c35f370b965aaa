// Lane and warp numbers computed in __device__ helpers (inlined by the
// analysis): lane = threadIdx.x & 31, warp = threadIdx.x >> 5.
#include <cuda_runtime.h>

__device__ __forceinline__ unsigned laneId() { return threadIdx.x & 31; }
__device__ __forceinline__ unsigned warpId() { return threadIdx.x >> 5; }

__global__ void lanesAndWarps(float *out) {
  __shared__ float s[32 * 32];
  __shared__ float s2[8][32];
  __shared__ float t[32 * 33];
  __shared__ float u[16 * 64];
  float v = out[threadIdx.x];
  s[laneId() * 32 + warpId()] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  s2[warpId()][laneId()] = v;
  // one row per warp
  t[laneId() * 33] = v;
  // stride 33: 32 distinct banks
  u[(laneId() / 2) * 64 + warpId()] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way bank conflict on shared store of 'u' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

void run(float *out) {
  lanesAndWarps<<<4, 256>>>(out);
}

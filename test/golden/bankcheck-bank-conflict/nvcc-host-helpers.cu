// Code that nvcc accepts through its own headers: max/min on integers in host
// code, time(), and cache-hinted loads of vector types. It must parse in both
// header modes.
#include <cuda_runtime.h>

__global__ void streaming(const float4 *in, float4 *out) {
  __shared__ float4 s[64];
  s[threadIdx.x] = __ldcs(in + threadIdx.x);
  // float4 row: four quarter-warp phases, the ideal
  __syncthreads();
  __stcs(out + threadIdx.x, s[threadIdx.x * 2]);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: 2-way bank conflict on shared load of 's' (8 wavefronts, ideal 4) [bankcheck-bank-conflict]
}

void run(const float4 *in, float4 *out) {
  int threads = max(16, 32);
  unsigned blocks = min(1u, 2u);
  long seed = time(nullptr);
  (void)seed;
  streaming<<<blocks, 32>>>(in, out);
  (void)threads;
}

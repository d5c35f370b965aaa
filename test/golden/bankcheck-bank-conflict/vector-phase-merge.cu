// Phase merging and phases without active lanes for 8- and 16-byte accesses.
#include <cuda_runtime.h>

__global__ void partialPhases(double *out, float4 *out4) {
  __shared__ double d[64];
  __shared__ float4 s4[64];
  int tid = threadIdx.x;
  double x = 0;
  float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
  if (tid < 16) {
    x += d[tid];
    // only the first half-warp is active: 1 wavefront, ideal 1
    x += d[2 * tid];
    // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 2-way bank conflict on shared load of 'd' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
    v = s4[tid];
    // two quarters, each one wavefront over all 32 banks: 2, the ideal
  }
  if (tid < 8) {
    v = s4[2 * tid];
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: 2-way bank conflict on shared load of 's4' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  }
  if (tid >= 16) {
    v = s4[tid / 2];
    // quarters 2 and 3 on banks 0-15 and 16-31 merge: 1 wavefront
  }
  x += d[(tid / 16) * 32 + tid % 16];
  // each half on 32 distinct banks: 2 wavefronts, the ideal
  x += d[(tid % 16) / 2 + 8 * (tid / 16)];
  // halves on banks 0-15 and 16-31, one wavefront each: merged into 1
  out[tid] = x;
  out4[tid] = v;
}

void run(double *out, float4 *out4) {
  partialPhases<<<1, 32>>>(out, out4);
}

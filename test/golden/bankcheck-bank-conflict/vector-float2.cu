// float2 accesses run in two half-warp phases (ideal 2 wavefronts).
#include <cuda_runtime.h>

__global__ void float2Patterns(float2 *out) {
  __shared__ float2 f2[512];
  int tid = threadIdx.x;
  float2 a = f2[tid];
  // each half covers 32 consecutive words: 2 wavefronts
  float2 b = f2[2 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 2-way bank conflict on shared load of 'f2' (4 wavefronts, ideal 2) [bankcheck-bank-conflict]
  float2 c = f2[16 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 16-way bank conflict on shared load of 'f2' (32 wavefronts, ideal 2) [bankcheck-bank-conflict]
  float2 d = f2[tid % 16];
  // both halves read the same 32 words: 2 wavefronts, not merged
  float2 e = f2[tid / 2];
  // halves on banks 0-15 and 16-31 merge: 1 wavefront
  float2 f = f2[3 * tid];
  // odd stride 3 (6 words): 16 lanes on 32 distinct banks per half
  out[tid] = make_float2(a.x + b.x + c.x, d.y + e.y + f.y);
}

void run(float2 *out) {
  float2Patterns<<<1, 32>>>(out);
}

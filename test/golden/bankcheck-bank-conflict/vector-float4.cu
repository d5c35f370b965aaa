// float4 accesses run in four quarter-warp phases of 8 lanes (ideal 4
// wavefronts); phase pairs (q0,q1), (q2,q3) merge when each reads a single
// address or both take one wavefront on disjoint banks.
#include <cuda_runtime.h>

__global__ void float4Patterns(float4 *out) {
  __shared__ float4 s4[256];
  int tid = threadIdx.x;
  float4 a = s4[tid];
  // each quarter covers 8 * 4 consecutive words: 4 wavefronts, the ideal
  float4 b = s4[2 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 2-way bank conflict on shared load of 's4' (8 wavefronts, ideal 4) [bankcheck-bank-conflict]
  float4 c = s4[8 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 8-way bank conflict on shared load of 's4' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
  float4 d = s4[tid % 8];
  // every quarter reads the same 32 words: 4 wavefronts, the ideal
  float4 e = s4[tid / 2];
  // quarters on banks 0-15 and 16-31 merge: 2 wavefronts
  float4 f = s4[0];
  // one address: 2 wavefronts
  out[tid] = make_float4(a.x + b.x, c.y + d.y, e.z, f.w);
}

__global__ void float4Stores(const float4 *in) {
  __shared__ float4 t4[512];
  int tid = threadIdx.x;
  float4 v = in[tid];
  t4[tid] = v;
  // consecutive 16-byte elements
  t4[tid * 8] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on shared store of 't4' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
}

void run(float4 *out, const float4 *in) {
  float4Patterns<<<1, 32>>>(out);
  float4Stores<<<1, 32>>>(in);
}

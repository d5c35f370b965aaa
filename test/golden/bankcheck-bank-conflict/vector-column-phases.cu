// Column walks with wide loads over float rows, in phases: with float4, a
// quarter-warp reads 8 rows; rows of 32 floats put them on one bank (8-way),
// rows of 40 on four banks (2-way), rows of 36 on 32 distinct banks (clean).
// Row-wise float4 and float2 loads are clean.
#include <cuda_runtime.h>

__global__ void columnPhases(float4 *out, float2 *out2) {
  __shared__ float buf[32][32];
  // CHECK-FIXES: {{^}}  __shared__ float buf[32][36];
  __shared__ float buf36[32][36];
  __shared__ float buf40[32][40];
  // CHECK-FIXES: {{^}}  __shared__ float buf40[32][44];
  __shared__ float f34[32][34];
  int tid = threadIdx.x;
  float4 acc = reinterpret_cast<float4 *>(&buf[0][0])[tid];
  // row-wise: 4 wavefronts, the ideal
  for (int j = 0; j < 8; ++j) {
    float4 w = *reinterpret_cast<float4 *>(&buf[tid][4 * j]);
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 8-way bank conflict on shared load of 'buf' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
    acc.x += w.x;
  }
  float4 p = *reinterpret_cast<float4 *>(&buf36[tid][0]);
  // rows of 36 words: lanes of a quarter on banks 4l..4l+3, distinct
  float4 q = *reinterpret_cast<float4 *>(&buf40[tid][0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 2-way bank conflict on shared load of 'buf40' (8 wavefronts, ideal 4) [bankcheck-bank-conflict]
  out[tid] = make_float4(acc.x, p.y, q.z, acc.w);
  float2 r = *reinterpret_cast<float2 *>(&buf[tid][0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 16-way bank conflict on shared load of 'buf' (32 wavefronts, ideal 2) [bankcheck-bank-conflict]
  float2 s = *reinterpret_cast<float2 *>(&f34[tid][0]);
  // rows of 34 words: lanes of a half on banks 2l, 2l+1, distinct
  out2[tid] = make_float2(r.x + s.x, r.y + s.y);
}

void run(float4 *out, float2 *out2) {
  columnPhases<<<1, 32>>>(out, out2);
}

// Wide accesses made by casting a float or int array: the access width is the
// cast-to type's (16 bytes for float4/int4, 8 for float2/int2/double).
#include <cuda_runtime.h>

__global__ void casts(float4 *out4, float2 *out2, double *outd, const int4 *in) {
  __shared__ float a[32 * 64];
  __shared__ int b[32 * 8];
  int tid = threadIdx.x;
  out4[tid] = reinterpret_cast<float4 *>(&a[4 * tid])[0];
  // 16 bytes per lane, consecutive: 4 wavefronts, the ideal
  out4[tid + 32] = reinterpret_cast<float4 *>(&a[32 * tid])[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 8-way bank conflict on shared load of 'a' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
  out2[tid] = *(float2 *)&a[2 * tid];
  // 8 bytes per lane, consecutive: 2 wavefronts, the ideal
  out2[tid + 32] = *(float2 *)&a[64 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 16-way bank conflict on shared load of 'a' (32 wavefronts, ideal 2) [bankcheck-bank-conflict]
  outd[tid] = reinterpret_cast<double *>(a)[tid * 16];
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 16-way bank conflict on shared load of 'a' (32 wavefronts, ideal 2) [bankcheck-bank-conflict]
  int4 v = in[tid];
  *reinterpret_cast<int4 *>(&b[tid * 4]) = v;
  // 16 bytes per lane, consecutive
  *reinterpret_cast<int2 *>(&b[tid * 8]) = make_int2(v.x, v.y);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on shared store of 'b' (8 wavefronts, ideal 2) [bankcheck-bank-conflict]
}

void run(float4 *out4, float2 *out2, double *outd, const int4 *in) {
  casts<<<1, 32>>>(out4, out2, outd, in);
}

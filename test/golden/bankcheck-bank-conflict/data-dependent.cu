// Indices loaded from memory per lane cannot be decided: a remark, never a
// warning.
#include <cuda_runtime.h>

__global__ void gather(const int *idx, float *out) {
  __shared__ float s[1024];
  __shared__ float tile[32][32];
  int tid = threadIdx.x;
  float v = s[idx[tid]];
  // CHECK-REMARKS: :[[@LINE-1]]:13: remark: cannot decide bank conflicts of shared load of 's': {{.+}} [bankcheck-bank-conflict]
  v += tile[idx[tid] % 32][tid];
  // CHECK-REMARKS: :[[@LINE-1]]:8: remark: cannot decide bank conflicts of shared load of 'tile': {{.+}} [bankcheck-bank-conflict]
  s[idx[tid + 32]] = v;
  // CHECK-REMARKS: :[[@LINE-1]]:3: remark: cannot decide bank conflicts of shared store of 's': {{.+}} [bankcheck-bank-conflict]
  out[tid] = v + s[tid];
  // consecutive words
}

void run(const int *idx, float *out) {
  gather<<<1, 32>>>(idx, out);
}

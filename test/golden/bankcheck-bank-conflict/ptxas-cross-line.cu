// RUN-ARGS: --widths=rule
// Without nvcc's PTX, accesses of two statements on two lines are judged as
// written: ptxas merges such pairs into one STS.64 in some kernels and not in
// others (an 8-byte aligned `dst[0] = x; dst[1] = y;` pair is two scalar STS
// on the H200 in one tensor-core kernel, one STS.64 in another), so the ptxas
// rule merges only the accesses of one line. Where nvcc's PTX is read, its
// merges across lines are taken from it (compiled-widths-cross-line.cu).
#include <cuda_runtime.h>

__global__ void pairs(const float *in, float *out) {
  __shared__ float s[128];
  int t = threadIdx.x;
  s[4 * t] = in[t];
  s[4 * t + 1] = in[t + 32];
  // two lines: two 4-way scalar stores
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: 4-way bank conflict on shared store of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: 4-way bank conflict on shared store of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  float a = s[4 * t + 2], b = s[4 * t + 3];
  // one line: one LDS.64, 2-way
  // CHECK-MESSAGES: :[[@LINE-2]]:13: warning: 2-way bank conflict on shared load of 's' (4 wavefronts, ideal 2) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-3]]:13: note: predicted to be issued as 8-byte LDS.64 (2 4-byte accesses at consecutive, aligned addresses merged, as ptxas does); it also covers the accesses of this line at column 31
  out[t] = a * b;
}

void run(const float *in, float *out) { pairs<<<1, 32>>>(in, out); }

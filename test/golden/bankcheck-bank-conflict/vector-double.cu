// 8-byte doubles, two half-warp phases; block of 64 threads (two warps).
// Columns of a [32][32] double matrix are 16-way per half; rows of 33 or 17
// doubles (66 / 34 words) spread each half over all 32 banks.
#include <cuda_runtime.h>

__global__ void doubles(double *out) {
  __shared__ double d[1024];
  __shared__ double m[32][32];
  __shared__ double m2[32][33];
  __shared__ double m3[32][17];
  int tid = threadIdx.x, lane = tid % 32;
  d[tid] = tid;
  // 2 wavefronts, the ideal
  m[lane][0] = tid;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way bank conflict on shared store of 'm' (32 wavefronts, ideal 2) [bankcheck-bank-conflict]
  m2[lane][0] = tid;
  // 66 words per row: each half on 32 distinct banks
  m3[lane][0] = tid;
  // 34 words per row: each half on 32 distinct banks
  __syncthreads();
  double a = d[2 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 2-way bank conflict on shared load of 'd' (4 wavefronts, ideal 2) [bankcheck-bank-conflict]
  double b = d[16 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 16-way bank conflict on shared load of 'd' (32 wavefronts, ideal 2) [bankcheck-bank-conflict]
  double c = d[tid % 16];
  // identical halves are not merged: 2 wavefronts, the ideal
  double e = d[0];
  // one address: 1 wavefront
  double f = d[tid / 2];
  // halves on disjoint banks merge: 1 wavefront
  out[tid] = a + b + c + e + f + m[0][lane] + m2[lane][0] + m3[lane][0];
  // m[0][lane]: a row of doubles; m2, m3: padded columns
}

void run(double *out) {
  doubles<<<1, 64>>>(out);
}

// 16-byte double2 and int4 accesses: four quarter-warp phases.
#include <cuda_runtime.h>

__global__ void double2Patterns(double2 *out, int4 *iout) {
  __shared__ double2 dd[256];
  __shared__ int4 i4[128];
  int tid = threadIdx.x;
  double2 a = dd[tid];
  // 4 wavefronts, the ideal
  double2 b = dd[2 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 2-way bank conflict on shared load of 'dd' (8 wavefronts, ideal 4) [bankcheck-bank-conflict]
  double2 c = dd[8 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 8-way bank conflict on shared load of 'dd' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
  double2 d = dd[tid ^ 1];
  // a permutation inside each quarter: 4 wavefronts
  out[tid] = make_double2(a.x + b.x, c.y + d.y);
  iout[tid] = i4[4 * tid];
  // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 4-way bank conflict on shared load of 'i4' (16 wavefronts, ideal 4) [bankcheck-bank-conflict]
}

void run(double2 *out, int4 *iout) {
  double2Patterns<<<1, 32>>>(out, iout);
}

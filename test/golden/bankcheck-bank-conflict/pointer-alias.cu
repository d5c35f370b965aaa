// Pointers into a __shared__ array keep the array's identity and offset.
#include <cuda_runtime.h>

__global__ void aliases(float *out) {
  __shared__ float tile[32][33 * 2];
  __shared__ float flat[33 * 32 + 1];
  int tid = threadIdx.x;
  float *p = &tile[tid][0];
  p[0] = tid;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared store of 'tile' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  float *row = &tile[3][0];
  row[tid] = tid;
  // one row: consecutive words
  __syncthreads();
  float *q = &flat[0] + tid * 32;
  float v = q[5];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 32-way bank conflict on shared load of 'flat' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  int off = 33 * tid;
  float *r = flat + off;
  v += r[1];
  // stride 33: 32 distinct banks
  float *p2 = flat + 64;
  v += p2[tid * 4];
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 4-way bank conflict on shared load of 'flat' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[tid] = v;
}

void run(float *out) {
  aliases<<<1, 32>>>(out);
}

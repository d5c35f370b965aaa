// switch on a thread-dependent value: each case runs only for the lanes whose
// value matches it (fall-through, default, break), so a column walk inside a
// case is as wide as the lanes that take it, not the whole warp.
#include <cuda_runtime.h>

__global__ void quarters(const float *in, float *out) {
  __shared__ float s[32][32];
  int tx = threadIdx.x;
  float v = in[tx];
  switch (tx & 3) {
  case 0:
    s[tx][0] = v;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 8-way bank conflict on shared store of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
    // CHECK-MESSAGES-NOT: assuming
    break;
  case 1:
  case 2:
    s[tx][1] = v;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 16-way bank conflict on shared store of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
    break;
  default:
    s[tx][2] = v;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 8-way bank conflict on shared store of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  }
  __syncthreads();
  out[tx] = s[0][tx];
  // a row: clean
}

__global__ void fallThrough(float *out) {
  __shared__ float s[32][32];
  int tx = threadIdx.x;
  switch (tx & 3) {
  case 0:
    s[tx][0] = 1.0f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 8-way bank conflict on shared store of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
    [[fallthrough]];
  case 1:
    s[tx][1] = 2.0f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 16-way bank conflict on shared store of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  case 2: {
    int row = tx * 2 % 32;
    s[row][2] = 3.0f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 12-way bank conflict on shared store of 's' (12 wavefronts, ideal 1) [bankcheck-bank-conflict]
    break;
  }
  case 3:
    s[0][tx] = 4.0f;
    // only lanes 3, 7, ... on a row: clean
  }
  out[tx] = s[tx][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

__global__ void rowsInCases(float *out) {
  __shared__ float s[32][32];
  int tx = threadIdx.x;
  // Every case reads a row: clean, whichever lanes take it.
  switch (tx % 3) {
  case 0:
    out[tx] = s[1][tx];
    break;
  case 1:
    out[tx] = s[2][tx];
    break;
  default:
    out[tx] = s[3][31 - tx];
  }
}

void run(const float *in, float *out) {
  quarters<<<1, 32>>>(in, out);
  fallThrough<<<1, 32>>>(out);
  rowsInCases<<<1, 32>>>(out);
}

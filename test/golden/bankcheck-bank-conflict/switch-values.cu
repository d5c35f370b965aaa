// Values assigned in the cases of a switch are merged after it, lane by lane,
// as after an if chain; a constant condition picks its case; lanes that
// leave with `if (c) break;` or `return` do not run what follows.
#include <cuda_runtime.h>

__global__ void mergedAfter(float *out) {
  __shared__ float s[32][32];
  int tx = threadIdx.x;
  int row = 0, col = 0;
  switch (tx & 1) {
  case 0:
    row = tx;
    col = tx;
    break;
  default:
    row = tx - 1;
    col = tx ^ 1;
  }
  out[tx] = s[0][col];
  // col is a permutation of the lanes: clean
  out[tx] += s[row][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

__global__ void constantCases(float *out) {
  __shared__ float s[32][32];
  int tx = threadIdx.x;
  const int Mode = 2;
  switch (Mode) {
  case 1:
    out[tx] = s[tx][0];
    // never runs
    break;
  case 2:
    out[tx] = s[tx][1];
    // CHECK-MESSAGES: :[[@LINE-1]]:15: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
    break;
  default:
    out[tx] = s[tx][2];
    // never runs
  }
  for (int k = 0; k < 2; ++k) {
    switch (k) {
    case 0:
      out[tx] += s[0][tx];
      // k = 0 only, a row: clean
      break;
    case 1:
      out[tx] += s[tx][k];
      // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
    }
  }
}

__global__ void leaveEarly(const int *flags, float *out) {
  __shared__ float s[32][32];
  int tx = threadIdx.x;
  switch (tx / 8) {
  case 0:
    if (tx < 4)
      break;
    s[tx][0] = 1.0f;
    // lanes 4-7
    // CHECK-MESSAGES: :[[@LINE-2]]:5: warning: 4-way bank conflict on shared store of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
    break;
  case 1:
    return;
  case 2: {
    s[tx][1] = 2.0f;
    // lanes 16-23
    // CHECK-MESSAGES: :[[@LINE-2]]:5: warning: 8-way bank conflict on shared store of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
    break;
  }
  }
  s[tx][2] = 3.0f;
  // lanes 8-15 returned
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 24-way bank conflict on shared store of 's' (24 wavefronts, ideal 1) [bankcheck-bank-conflict]
  switch (flags[tx]) {
  case 5:
    s[tx][3] = 4.0f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 24-way bank conflict on shared store of 's' (24 wavefronts, ideal 1) [bankcheck-bank-conflict]
    // CHECK-MESSAGES: note: assuming the condition 'flags[tx] == 5' holds for every lane
  }
  out[tx] = s[tx][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 24-way bank conflict on shared load of 's' (24 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

__device__ int rowOf(int tx) {
  switch (tx & 1) {
  case 0:
    return tx;
  default:
    return tx - 1;
  }
  return 0;
}

__global__ void continuesAndReturns(float *out) {
  __shared__ float s[32][32];
  int tx = threadIdx.x;
  out[tx] = s[rowOf(tx)][0];
  // rows 0, 0, 2, 2, ...
  // CHECK-MESSAGES: :[[@LINE-2]]:13: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  for (int k = 0; k < 2; ++k) {
    switch (tx & 3) {
    case 0:
      continue;
    default:
      break;
    }
    s[tx][k] = 0.0f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 24-way bank conflict on shared store of 's' (24 wavefronts, ideal 1) [bankcheck-bank-conflict]
  }
  switch (tx & 1) {
  case 0:
    if (tx < 16)
      break;
    else
      out[tx] = s[tx][2];
    // lanes 16, 18, ..., 30
    // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: 8-way bank conflict on shared load of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
    out[tx] += s[tx][3];
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: 8-way bank conflict on shared load of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  }
}

void run(const int *flags, float *out) {
  continuesAndReturns<<<1, 32>>>(out);
  mergedAfter<<<1, 32>>>(out);
  constantCases<<<1, 32>>>(out);
  leaveEarly<<<1, 32>>>(flags, out);
}

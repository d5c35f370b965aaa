// Assignments inside conditions and operands, and where they hold. The test
// that ends a loop runs too: what it assigns holds after the loop, also when
// the body never runs. The right operand of && and || and one arm of ?: run
// only where the condition says: what they assign holds there, the value
// before elsewhere. An assignment read as a value gives the value stored.
#include <cuda_runtime.h>

__global__ void loopConditions(float *out) {
  __shared__ float tile[32][32];
  int m = 0;
  while ((m = threadIdx.x) < 0) {
  }
  out[threadIdx.x] = tile[m][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'tile'
  int k = 0, j = 0;
  while ((j = threadIdx.x + k) < 2 + threadIdx.x)
    ++k;
  out[threadIdx.x] += tile[j - 2][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 32-way bank conflict on shared load of 'tile'
  int d = 0;
  do {
  } while ((d = threadIdx.x) < 0);
  out[threadIdx.x] += tile[d][0];
  // CHECK-REMARKS: :[[@LINE-1]]:23: remark: cannot decide bank conflicts of shared load of 'tile': value of 'd' after the loop at line 21 [bankcheck-bank-conflict]
}

__global__ void conditionalOperands(float *out, int f) {
  __shared__ float tile[32][32];
  int m = 0;
  bool b = f && (m = threadIdx.x);
  out[threadIdx.x] = tile[m][0] + b;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: possible 32-way bank conflict on shared load of 'tile'
  int n = 0;
  int z = f ? (n = threadIdx.x) : 0;
  out[threadIdx.x] += tile[n][0] + z;
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: possible 32-way bank conflict on shared load of 'tile'
  int p = 0;
  bool q = threadIdx.x >= 16 || (p = threadIdx.x) > 0; // lanes 16-31 keep p = 0
  out[threadIdx.x] += tile[p][0] + q;
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 16-way bank conflict on shared load of 'tile'
  int c = 0;
  out[0] = tile[0][c = threadIdx.x];
  out[threadIdx.x] += tile[c][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 32-way bank conflict on shared load of 'tile'
}

void run(float *out, int f) {
  loopConditions<<<1, 32>>>(out);
  conditionalOperands<<<1, 32>>>(out, f);
}

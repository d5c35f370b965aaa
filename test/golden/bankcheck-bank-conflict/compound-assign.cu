// Compound assignments and increments read and write: one load and one store
// diagnostic at the same column.
#include <cuda_runtime.h>

__global__ void compound(const float *in) {
  __shared__ float s[1024];
  int tid = threadIdx.x;
  float v = in[tid];
  s[tid * 2] += v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared load of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the same statement's 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1) here too
  s[tid * 32]++;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the same statement's 32-way bank conflict on shared store of 's' (32 wavefronts, ideal 1) here too
  s[tid] *= 2.f;
  // consecutive words, load and store
  s[tid * 4] -= s[tid * 4 + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on shared load of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: the same statement's 4-way bank conflict on shared store of 's' (4 wavefronts, ideal 1) here too
  // CHECK-MESSAGES: :[[@LINE-3]]:17: warning: 4-way bank conflict on shared load of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  ++s[tid * 8];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 8-way bank conflict on shared load of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: the same statement's 8-way bank conflict on shared store of 's' (8 wavefronts, ideal 1) here too
}

void run(const float *in) {
  compound<<<1, 32>>>(in);
}

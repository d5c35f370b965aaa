// RUN-ARGS: --widths=rule
// ptxas merges loads (stores) of adjacent statements as it merges those of
// one line: `s[4*t] = x;` and `s[4*t+1] = y;` on two lines are one STS.64
// when the first address is 8-byte aligned for every lane and nothing between
// the statements orders memory. The merged store is reported at the last
// store's line, a merged load at the first load's (where the compiler puts the
// instruction and a profiler counts it). Not merged: a barrier or another
// shared store between, a load of the stored array between two stores, an
// address not aligned, statements under different conditions.
#include <cuda_runtime.h>

__global__ void pairs(const float *in, float *out) {
  __shared__ float s[128];
  __shared__ float r[128];
  int t = threadIdx.x;
  s[4 * t] = in[t];
  s[4 * t + 1] = in[t + 32];
  // two 4-way scalar stores as written; one 2-way STS.64 as issued
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 2-way bank conflict on shared store of 's' (4 wavefronts, ideal 2) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: predicted to be issued as 8-byte STS.64 (2 4-byte accesses of lines 16-17 at consecutive, aligned addresses merged, as ptxas does); it also covers the accesses at line 16 column 3
  __syncthreads();
  float a = s[4 * t + 2];
  float b = s[4 * t + 3];
  // CHECK-MESSAGES: :[[@LINE-2]]:13: warning: 2-way bank conflict on shared load of 's' (4 wavefronts, ideal 2) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-3]]:13: note: predicted to be issued as 8-byte LDS.64 (2 4-byte accesses of lines 22-23 at consecutive, aligned addresses merged, as ptxas does); it also covers the accesses at line 23 column 13
  r[4 * t] = a;
  __syncthreads();
  r[4 * t + 1] = b;
  // a barrier between: two scalar stores
  // CHECK-MESSAGES: :[[@LINE-4]]:3: warning: 4-way bank conflict on shared store of 'r' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: 4-way bank conflict on shared store of 'r' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  r[4 * t + 2] = a;
  s[t] = b;
  r[4 * t + 3] = b;
  // another shared store between: two scalar stores
  // CHECK-MESSAGES: :[[@LINE-4]]:3: warning: 4-way bank conflict on shared store of 'r' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: 4-way bank conflict on shared store of 'r' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  s[4 * t + 1] = a;
  s[4 * t + 2] = b;
  // consecutive, but the first is 4 bytes past an 8-byte boundary: scalar
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: 4-way bank conflict on shared store of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: 4-way bank conflict on shared store of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  if (t < 16)
    r[4 * t] = a;
  if (t < 8)
    r[4 * t + 1] = b;
  // under different conditions: scalar (16 lanes 2-way; 8 lanes clean)
  // CHECK-MESSAGES: :[[@LINE-4]]:5: warning: 2-way bank conflict on shared store of 'r' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  r[4 * t] += a * r[4 * t + 2];
  r[4 * t + 1] += b * r[4 * t + 3];
  // the second line loads 'r' before its store, and the first line's store
  // cannot move past that load: every access as written
  // (the store of each `+=` is a note under the warning on its load)
  // CHECK-MESSAGES: :[[@LINE-5]]:3: warning: 4-way bank conflict on shared load of 'r' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-6]]:3: note: the same statement's 4-way bank conflict on shared store of 'r' (4 wavefronts, ideal 1) here too
  // CHECK-MESSAGES: :[[@LINE-7]]:19: warning: 4-way bank conflict on shared load of 'r' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-7]]:3: warning: 4-way bank conflict on shared load of 'r' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-8]]:3: note: the same statement's 4-way bank conflict on shared store of 'r' (4 wavefronts, ideal 1) here too
  // CHECK-MESSAGES: :[[@LINE-9]]:23: warning: 4-way bank conflict on shared load of 'r' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[t] = a + b;
}

void run(const float *in, float *out) { pairs<<<1, 32>>>(in, out); }

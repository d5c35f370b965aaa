// Lanes a condition leaves out, where the condition names the loop's counter
// and the counter is not known (a trip count given at run time): the lanes
// kept for want of the counter's value were counted as taking the access.
// And lanes that leave a loop by `break` or `return` take none of its later
// accesses.
#include <cuda_runtime.h>

// At iteration k, lanes below 16 - k read words 32 apart: 16 of them at the
// first iteration, fewer after. Was told as a certain 32-way conflict.
__global__ void guardNamesCounter(float *out, int n) {
  __shared__ float s[4096];
  float acc = 0;
  for (int k = 0; k < n; ++k)
    if (threadIdx.x < 16 - k)
      acc += s[threadIdx.x * 32 + k];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: possible 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1): conflicts when iteration@13 = 0 [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:14: note: in warp 0 (any iteration of the loop at line 13) with iteration@13 = 0, lanes 0, 1, …, 15 -> bank 0, words 0, 32, …, 480
  // CHECK-MESSAGES-NOT: note: assuming the condition 'threadIdx.x < 16 - k'
  out[threadIdx.x] = acc;
}

// The same lanes, leaving by break: the first iteration has the most of
// them, and the break's own condition tells which are still in.
__global__ void breakNamesCounter(float *out, int n) {
  __shared__ float s[4096];
  float acc = 0;
  for (int k = 0; k < n; ++k) {
    if (threadIdx.x >= 16 - k)
      break;
    acc += s[threadIdx.x * 32 + k];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: possible 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1): conflicts when iteration@27 = 0 [bankcheck-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-2]]:12: note: in warp 0 (any iteration of the loop at line 27) with iteration@27 = 0, lanes 0, 1, …, 15 -> bank 0, words 0, 32, …, 480
  }
  out[threadIdx.x] = acc;
}

// Lanes 16-31 leave at the second iteration; the third and fourth are read
// by lanes 0-15 alone (16-way), which iteration a lane left at is not
// followed: the later iterations count every lane, and say so.
__global__ void breakLeavesHalf(float *out, int n) {
  __shared__ float s[4096];
  float acc = 0;
  for (int k = 0; k < n; ++k) {
    if (k == 1 && threadIdx.x >= 16)
      break;
    acc += s[k == 0 ? threadIdx.x : threadIdx.x * 32];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: possible 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1): conflicts when iteration@43 = 2 [bankcheck-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-2]]:12: note: assuming the condition 'the lane has not left the loop at line 43 (break or return) at an earlier iteration' holds for every lane
  }
  out[threadIdx.x] = acc;
}

// Every lane leaves together: nothing to assume.
__global__ void breakTogether(float *out, int n, int stop) {
  __shared__ float s[4096];
  float acc = 0;
  for (int k = 0; k < n; ++k) {
    if (k == stop)
      break;
    acc += s[threadIdx.x * 32];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
    // CHECK-MESSAGES-NOT: has not left the loop
  }
  out[threadIdx.x] = acc;
}

// Lanes 16-31 return at the second iteration: as breakLeavesHalf, said.
__global__ void returnLeavesHalf(float *out, int n) {
  __shared__ float s[4096];
  float acc = 0;
  for (int k = 0; k < n; ++k) {
    if (k == 1 && threadIdx.x >= 16)
      return;
    acc += s[k == 0 ? threadIdx.x : threadIdx.x * 32];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: possible 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1): conflicts when iteration@71 = 2 [bankcheck-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-2]]:12: note: assuming the condition 'the lane has not left the loop at line 71 (break or return) at an earlier iteration' holds for every lane
  }
  out[threadIdx.x] = acc;
}

// The same words at every iteration, before any lane returns: the first
// iteration has every lane, 32-way, nothing assumed of the lanes that left.
__global__ void returnAfterAccess(float *out, int n) {
  __shared__ float s[4096];
  float acc = 0;
  for (int k = 0; k < n; ++k) {
    acc += s[threadIdx.x * 32];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
    // CHECK-MESSAGES-NOT: has not left the loop
    if (threadIdx.x >= 16 - k)
      return;
  }
  out[threadIdx.x] = acc;
}

// The return inside a range-based for (walked once, a frame of its own)
// leaves the enclosing symbolic loop too.
__global__ void returnInRangeFor(float *out, int n, const int *v) {
  __shared__ float s[4096];
  float acc = 0;
  const int vs[2] = {v[0], v[1]};
  for (int k = 0; k < n; ++k) {
    for (int x : vs) {
      if (k == 1 && threadIdx.x >= 16)
        return;
      acc += x;
    }
    acc += s[k == 0 ? threadIdx.x : threadIdx.x * 32];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: possible 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1): conflicts when iteration@102 = 1 [bankcheck-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-2]]:12: note: assuming the condition 'the lane has not left the loop at line 102 (break or return) at an earlier iteration' holds for every lane
  }
  out[threadIdx.x] = acc;
}

void run(float *out, int n, int stop) {
  guardNamesCounter<<<1, 32>>>(out, n);
  breakNamesCounter<<<1, 32>>>(out, n);
  breakLeavesHalf<<<1, 32>>>(out, n);
  breakTogether<<<1, 32>>>(out, n, stop);
  returnLeavesHalf<<<1, 32>>>(out, n);
  returnAfterAccess<<<1, 32>>>(out, n);
  returnInRangeFor<<<1, 32>>>(out, n, nullptr);
}

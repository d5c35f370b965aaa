// Work-efficient (Blelloch) exclusive scan of 256 elements with 128 threads.
// The distance `offset` is carried across loop iterations (offset *= 2 in the
// up-sweep, offset >>= 1 in the down-sweep). Lanes access offset*(2*tid+1)-1
// and offset*(2*tid+2)-1: stride 2 * offset, tid < d. Worst steps are 8-way:
// d = 32, offset = 4 (32 lanes, stride 8), d = 16 (16 lanes, stride 16) and
// d = 8 (8 lanes, stride 32); d = 4 is 4-way, and so on.
#include <cuda_runtime.h>

#define N 256

__global__ void blelloch(const float *in, float *out) {
  __shared__ float temp[N];
  int tid = threadIdx.x;
  temp[tid] = in[tid];
  // consecutive words
  temp[tid + N / 2] = in[tid + N / 2];
  // consecutive words
  int offset = 1;
  for (int d = N >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      temp[bi] += temp[ai];
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 8-way bank conflict on shared load of 'temp' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
      // CHECK-MESSAGES: :[[@LINE-2]]:7: note: the same statement's 8-way bank conflict on shared store of 'temp' (8 wavefronts, ideal 1) here too
      // CHECK-MESSAGES: :[[@LINE-3]]:19: warning: 8-way bank conflict on shared load of 'temp' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
    }
    offset *= 2;
  }
  if (tid == 0)
    temp[N - 1] = 0;
  // one active lane
  for (int d = 1; d < N; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      int ai = offset * (2 * tid + 1) - 1;
      int bi = offset * (2 * tid + 2) - 1;
      float t = temp[ai];
      // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 8-way bank conflict on shared load of 'temp' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
      temp[ai] = temp[bi];
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 8-way bank conflict on shared store of 'temp' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
      // CHECK-MESSAGES: :[[@LINE-2]]:18: warning: 8-way bank conflict on shared load of 'temp' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
      temp[bi] += t;
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 8-way bank conflict on shared load of 'temp' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
      // CHECK-MESSAGES: :[[@LINE-2]]:7: note: the same statement's 8-way bank conflict on shared store of 'temp' (8 wavefronts, ideal 1) here too
    }
  }
  __syncthreads();
  out[tid] = temp[tid];
  // consecutive words
  out[tid + N / 2] = temp[tid + N / 2];
  // consecutive words
}

void scan(const float *in, float *out) {
  blelloch<<<1, N / 2>>>(in, out);
}

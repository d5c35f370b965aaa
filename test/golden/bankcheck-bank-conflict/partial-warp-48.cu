// A block of 48 threads: warp 1 has only lanes 0-15 (threads 32-47).
#include <cuda_runtime.h>

__global__ void partialWarp(float *out) {
  __shared__ float tile[32][32];
  __shared__ float col[16][32];
  __shared__ float s[96];
  __shared__ float t[96];
  int tid = threadIdx.x;
  tile[tid % 32][tid / 32] = tid;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  if (tid >= 32)
    col[tid - 32][0] = tid;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 16-way bank conflict on shared store of 'col' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  s[tid * 2] = tid;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  out[tid] = t[(tid / 16) * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: 2-way bank conflict on shared load of 't' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

void run(float *out) {
  partialWarp<<<1, 48>>>(out);
}

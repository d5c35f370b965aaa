// Stores follow the same rule as loads: lanes writing one word share it, and
// only distinct words in one bank cost wavefronts.
#include <cuda_runtime.h>

__global__ void stores(const float *in) {
  __shared__ float s[1024];
  __shared__ float col[32][32];
  int tid = threadIdx.x;
  float v = in[tid];
  s[0] = v;
  // 32 lanes, one word: 1 wavefront
  s[tid / 2] = v;
  // 16 words on 16 banks
  s[tid % 2 * 32] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  s[tid / 8 * 32] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on shared store of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  col[tid][0] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 'col' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

void run(const float *in) {
  stores<<<1, 32>>>(in);
}

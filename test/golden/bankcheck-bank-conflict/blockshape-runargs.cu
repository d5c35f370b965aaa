// RUN-ARGS: --block-dim=16,16
// Block shape from the command line: no launch and no annotation here.
#include <cuda_runtime.h>

__global__ void fromFlag(float *out) {
  __shared__ float tile[16][16];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  // two rows of 16: 32 consecutive words
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 8-way bank conflict on shared load of 'tile' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

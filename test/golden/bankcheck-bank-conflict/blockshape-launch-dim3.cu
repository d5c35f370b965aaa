// Block shape from a launch whose block is a dim3 variable: dim3 b(32, 8).
#include <cuda_runtime.h>

__global__ void fromLaunch(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  // row walk
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

void run(float *out) {
  dim3 b(32, 8);
  dim3 g(4);
  fromLaunch<<<g, b>>>(out);
}

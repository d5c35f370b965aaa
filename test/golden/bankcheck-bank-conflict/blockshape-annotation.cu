// Block shape from the annotation comment directly above each kernel; there
// is no launch in this file.
#include <cuda_runtime.h>

// bankcheck: block-dim(16,16)
__global__ void annotated2d(float *out) {
  __shared__ float tile[16][16];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  // two rows of 16: 32 consecutive words
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 8-way bank conflict on shared load of 'tile' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

// bankcheck: block-dim(8,4,2)
__global__ void annotated3d(float *out) {
  __shared__ float s3[8][4][2];
  out[threadIdx.x] = s3[threadIdx.x][threadIdx.y][threadIdx.z];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 2-way bank conflict on shared load of 's3' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

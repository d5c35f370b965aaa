// A 3-D block of 8x4x2 threads is two warps, cut from the linear thread id
// x + 8 * y + 32 * z: warp 0 is z = 0, warp 1 is z = 1.
#include <cuda_runtime.h>

__global__ void cube(float *out) {
  __shared__ float s3[8][4][2];
  __shared__ float w[2][4][8];
  __shared__ float v[2][8][8];
  unsigned tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  w[tz][ty][tx] = tx;
  // index = linear thread id: 32 consecutive words per warp
  v[tz][ty][tx] = ty;
  // words 64 * tz + 8 * ty + tx: 32 consecutive words per warp
  __syncthreads();
  out[tx + 8 * ty + 32 * tz] = s3[tx][ty][tz];
  // CHECK-MESSAGES: :[[@LINE-1]]:32: warning: 2-way bank conflict on shared load of 's3' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[tx + 8 * ty + 32 * tz + 64] = v[tz][tx][ty];
  // CHECK-MESSAGES: :[[@LINE-1]]:37: warning: 2-way bank conflict on shared load of 'v' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

void launch(float *out) {
  dim3 block(8, 4, 2);
  cube<<<1, block>>>(out);
}

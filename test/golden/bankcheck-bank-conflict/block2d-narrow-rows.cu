// Blocks narrower than a warp: warps are cut from the linear thread id
// x + y * Dx, so one warp spans several rows of the block.
#include <cuda_runtime.h>

__global__ void rows8(float *out) {
  __shared__ float s[8][8];
  s[threadIdx.y][threadIdx.x] = threadIdx.x;
  // 8x4 threads over an 8x8 tile row-wise: words 0..31 of the tile
  __syncwarp();
  out[threadIdx.y * 8 + threadIdx.x] = s[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: 2-way bank conflict on shared load of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

__global__ void rows4(float *out) {
  __shared__ float s[4][32];
  out[threadIdx.y * 4 + threadIdx.x] = s[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: 4-way bank conflict on shared load of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

// 24x2 threads: warp 0 is row 0 (x = 0..23) plus x = 0..7 of row 1, which
// read the same words as row 0 (broadcast): 24 distinct words on bank 0.
__global__ void rows24(float *out) {
  __shared__ float s[24 * 32];
  out[threadIdx.y * 24 + threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 24-way bank conflict on shared load of 's' (24 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

void launch(float *out) {
  rows8<<<1, dim3(8, 4)>>>(out);
  rows4<<<1, dim3(4, 8)>>>(out);
  rows24<<<1, dim3(24, 2)>>>(out);
}

// Transpose with 16x16 threads: one warp covers two rows of the block
// (ty = 2w, 2w + 1). The column read tile[tx][ty] is 8-way with 16 floats per
// row, still 2-way with 17 (the +1 padding overlaps), and clean with 34
// (stride = 2 mod 32: the half-warps land on the even and the odd banks). But
// padding breaks the row-wise store, whose warp also spans two rows: stride 17
// and 34 both overlap the two half-warps' banks (2-way).
#include <cuda_runtime.h>

__global__ void transpose16(float *out, const float *in, int n) {
  __shared__ float tile[16][16];
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  // row walk: the warp's two rows are 32 consecutive words
  __syncthreads();
  out[x * n + y] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 8-way bank conflict on shared load of 'tile' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

__global__ void transpose16Pad1(float *out, const float *in, int n) {
  __shared__ float tile[16][17];
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared store of 'tile' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  out[x * n + y] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 2-way bank conflict on shared load of 'tile' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

__global__ void transpose16Pad18(float *out, const float *in, int n) {
  __shared__ float tile[16][34];
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared store of 'tile' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  out[x * n + y] = tile[threadIdx.x][threadIdx.y];
  // column walk with stride 34: banks 2*tx + ty, 32 distinct for tx < 16, ty in {2w, 2w+1}
}

void transpose(float *out, const float *in, int n) {
  dim3 block(16, 16);
  dim3 grid(n / 16, n / 16);
  transpose16<<<grid, block>>>(out, in, n);
  transpose16Pad1<<<grid, block>>>(out, in, n);
  transpose16Pad18<<<grid, block>>>(out, in, n);
}

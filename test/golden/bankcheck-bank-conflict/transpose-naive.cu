// Naive matrix transpose through a 32x32 tile with 32x8 threads: reading the
// tile down a column puts all 32 lanes of a warp on one bank.
#include <cuda_runtime.h>

#define TILE 32
#define ROWS 8

__global__ void transposeNaive(float *out, const float *in, int width, int height) {
  __shared__ float tile[TILE][TILE];
  // CHECK-FIXES: {{^}}  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  // row walk: consecutive words, one per bank
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

// The same transpose done the other way round: the column walk is now the store.
__global__ void transposeColumnStore(float *out, const float *in, int width) {
  __shared__ float tile[TILE][TILE];
  // CHECK-FIXES: {{^}}  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.x][threadIdx.y + j] = in[(y + j) * width + x];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 32-way bank conflict on shared store of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * width + x] = tile[threadIdx.y + j][threadIdx.x];
  // row walk: consecutive words, one per bank
}

void transpose(float *out, const float *in, int width, int height) {
  dim3 block(TILE, ROWS);
  dim3 grid(width / TILE, height / TILE);
  transposeNaive<<<grid, block>>>(out, in, width, height);
  transposeColumnStore<<<grid, block>>>(out, in, width);
}

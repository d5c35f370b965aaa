// Padding each row of the tile by one float (stride 33) spreads a column over
// all 32 banks. Padding by two (stride 34) only reaches the even banks.
#include <cuda_runtime.h>

constexpr int TILE = 32;
constexpr int ROWS = 8;

__global__ void transposePadded(float *out, const float *in, int width, int height) {
  __shared__ float tile[TILE][TILE + 1];
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
  // column walk with stride 33: lane l on bank (l + c) % 32, all distinct
}

__global__ void transposePaddedByTwo(float *out, const float *in, int width, int height) {
  __shared__ float tile[TILE][TILE + 2];
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
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 2-way bank conflict on shared load of 'tile' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

void transpose(float *out, const float *in, int width, int height) {
  dim3 block(TILE, ROWS);
  dim3 grid(width / TILE, height / TILE);
  transposePadded<<<grid, block>>>(out, in, width, height);
  transposePaddedByTwo<<<grid, block>>>(out, in, width, height);
}

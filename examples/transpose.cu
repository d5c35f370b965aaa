// Matrix transpose through a shared-memory tile, the classic bank-conflict case.
// transposeNaive reads the tile down a column: every lane of a warp hits the
// same bank. transposePadded pads each row by one float, which spreads the
// column over all 32 banks.
#include <cuda_runtime.h>

constexpr int TILE = 32;
constexpr int ROWS = 8;

__global__ void transposeNaive(float *out, const float *in, int width, int height) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transposePadded(float *out, const float *in, int width, int height) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

void transpose(float *out, const float *in, int width, int height) {
  dim3 block(TILE, ROWS);
  dim3 grid(width / TILE, height / TILE);
  transposeNaive<<<grid, block>>>(out, in, width, height);
  transposePadded<<<grid, block>>>(out, in, width, height);
}

// transposeNaive reads its tile down a column: a 32-way bank conflict that
// bankcheck reports at the load on line 16 (and pads TILE_DIM -> TILE_DIM + 1).
#include <cuda_runtime.h>
#include "tile_config.h"

__global__ void transposeNaive(float *out, const float *in, int width, int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

bool transposeOnDevice(int n) {
  float *in = nullptr, *out = nullptr;
  if (cudaMalloc(&in, n * n * sizeof(float)) != cudaSuccess ||
      cudaMalloc(&out, n * n * sizeof(float)) != cudaSuccess)
    return false;
  dim3 block(TILE_DIM, BLOCK_ROWS);
  dim3 grid(n / TILE_DIM, n / TILE_DIM);
  transposeNaive<<<grid, block>>>(out, in, n, n);
  bool ok = cudaDeviceSynchronize() == cudaSuccess;
  cudaFree(in);
  cudaFree(out);
  return ok;
}

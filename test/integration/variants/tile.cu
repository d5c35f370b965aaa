// Compiled twice by the build (compile_commands.json): -DTILE=32 and -DTILE=16.
#include <cuda_runtime.h>
#ifndef TILE
#define TILE 32
#endif

__global__ void transpose(float *out) {
  __shared__ float tile[TILE][TILE];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// The same under both commands.
__global__ void columns(float *out) {
  __shared__ float c[32][32];
  c[threadIdx.x][threadIdx.y] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = c[threadIdx.y][threadIdx.x];
}

void run(float *out) {
  transpose<<<1, dim3(TILE, TILE)>>>(out);
  columns<<<1, dim3(32, 8)>>>(out);
}

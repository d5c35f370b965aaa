// Kernels only: src/host.cu launches them.
#include <cuda_runtime.h>
#include "tiles.cuh"

__global__ void rowSum(float *out) {
  __shared__ float s[32][32];
  s[threadIdx.x][threadIdx.y] = 1.f;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = s[threadIdx.y][threadIdx.x];
}

__global__ void scatter(float *out) {
  __shared__ float t[16][16];
  t[threadIdx.x][threadIdx.y] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = t[threadIdx.y][threadIdx.x];
}

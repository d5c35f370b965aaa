// Tiled matrix multiply C = A * B with 16x16 tiles and 16x16 threads. A warp
// covers two rows of the block. Reading As[ty][k] broadcasts; Bs[k][tx] walks a
// row. The transposed-B variant stores B column-wise and reads Bt[tx][k]: with
// 16 floats per row, the two half-warps collide.
#include <cuda_runtime.h>

template <int TILE>
__global__ void matmulTiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.f;
  for (int t = 0; t < n / TILE; ++t) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

template <int TILE>
__global__ void matmulTransposedB(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bt[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.f;
  for (int t = 0; t < n / TILE; ++t) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    Bt[tx][ty] = B[(t * TILE + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bt[tx][k];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

void matmul(const float *A, const float *B, float *C, int n) {
  dim3 block(16, 16);
  dim3 grid(n / 16, n / 16);
  matmulTiled<16><<<grid, block>>>(A, B, C, n);
  matmulTransposedB<16><<<grid, block>>>(A, B, C, n);
}

// Tiled matrix multiply with 16x16 tiles and 16x16 threads (a warp covers two
// rows). As[ty][k] is a broadcast, Bs[k][tx] a row walk shared by both rows.
// Storing B transposed and reading Bt[tx][k] is 8-way: 16 floats per row put
// even tx on bank k and odd tx on bank k + 16.
#include <cuda_runtime.h>

#define TILE 16

__global__ void matmulTiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  // CHECK-FIXES: {{^}}  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.f;
  for (int t = 0; t < n / TILE; ++t) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    // two rows of 16: 32 consecutive words
    Bs[ty][tx] = B[(t * TILE + ty) * n + col];
    // two rows of 16: 32 consecutive words
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    // As: two words per warp, broadcast; Bs: 16 consecutive words, both rows alike
    __syncthreads();
  }
  C[row * n + col] = acc;
}

__global__ void matmulTransposedB(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bt[TILE][TILE];
  // CHECK-FIXES: {{^}}  __shared__ float Bt[TILE][TILE + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.f;
  for (int t = 0; t < n / TILE; ++t) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    // two rows of 16: 32 consecutive words
    Bt[tx][ty] = B[(t * TILE + ty) * n + col];
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 8-way bank conflict on shared store of 'Bt' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bt[tx][k];
    // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 8-way bank conflict on shared load of 'Bt' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
    __syncthreads();
  }
  C[row * n + col] = acc;
}

void matmul(const float *A, const float *B, float *C, int n) {
  dim3 block(TILE, TILE);
  dim3 grid(n / TILE, n / TILE);
  matmulTiled<<<grid, block>>>(A, B, C, n);
  matmulTransposedB<<<grid, block>>>(A, B, C, n);
}

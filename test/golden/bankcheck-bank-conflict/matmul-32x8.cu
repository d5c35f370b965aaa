// 32x32 tiles computed by 32x8 threads, four rows per thread (ty + 8 * i),
// with unrolled loops. As[..][k] broadcasts, Bs[k][tx] walks a row; B stored
// transposed is 32-way, and with rows of 33 floats clean again.
#include <cuda_runtime.h>

#define TILE 32
#define ROWS 8

__global__ void matmul32x8(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc[TILE / ROWS] = {0.f, 0.f, 0.f, 0.f};
  for (int t = 0; t < n / TILE; ++t) {
#pragma unroll
    for (int i = 0; i < TILE / ROWS; ++i) {
      As[ty + ROWS * i][tx] = A[(blockIdx.y * TILE + ty + ROWS * i) * n + t * TILE + tx];
      // row walk
      Bs[ty + ROWS * i][tx] = B[(t * TILE + ty + ROWS * i) * n + blockIdx.x * TILE + tx];
      // row walk
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) {
      float b = Bs[k][tx];
      // row walk
#pragma unroll
      for (int i = 0; i < TILE / ROWS; ++i)
        acc[i] += As[ty + ROWS * i][k] * b;
      // one word per warp: broadcast
    }
    __syncthreads();
  }
  for (int i = 0; i < TILE / ROWS; ++i)
    C[(blockIdx.y * TILE + ty + ROWS * i) * n + blockIdx.x * TILE + tx] = acc[i];
}

__global__ void matmul32x8TransposedB(const float *B, float *C, int n) {
  __shared__ float Bt[TILE][TILE];
  __shared__ float Bp[TILE][TILE + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
#pragma unroll
  for (int i = 0; i < TILE / ROWS; ++i) {
    float v = B[(ty + ROWS * i) * n + blockIdx.x * TILE + tx];
    Bt[tx][ty + ROWS * i] = v;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 32-way bank conflict on shared store of 'Bt' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
    Bp[tx][ty + ROWS * i] = v;
    // rows of 33 words: lane l on bank (l + c) % 32
  }
  __syncthreads();
  for (int k = 0; k < TILE; ++k)
    acc += Bt[tx][k] + Bp[tx][k];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on shared load of 'Bt' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  C[ty * n + tx] = acc;
}

void matmul(const float *A, const float *B, float *C, int n) {
  dim3 block(TILE, ROWS);
  dim3 grid(n / TILE, n / TILE);
  matmul32x8<<<grid, block>>>(A, B, C, n);
  matmul32x8TransposedB<<<grid, block>>>(B, C, n);
}

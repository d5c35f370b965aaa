// Asynchronous copies into shared memory (cp.async primitives), an ldmatrix
// through inline PTX on a __cvta_generic_to_shared address, and WMMA
// fragments loaded from a shared tile.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_pipeline.h>
#include <mma.h>

using namespace nvcuda;

__global__ void doubleBuffered(const float4 *In, float4 *Out, int Steps) {
  __shared__ float4 Stage[2][128];
  unsigned T = threadIdx.x;
  __pipeline_memcpy_async(&Stage[0][T], &In[T], sizeof(float4));
  __pipeline_commit();
  for (int S = 1; S < Steps; ++S) {
    __pipeline_memcpy_async(&Stage[S & 1][T], &In[S * 128 + T], sizeof(float4));
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    Out[(S - 1) * 128 + T] = Stage[(S - 1) & 1][(T + 1) % 128];
    __syncthreads();
  }
}

__global__ void ldmatrixAndWmma(const half *A, const half *B, float *C) {
  __shared__ __align__(16) half TileA[16 * 16];
  __shared__ __align__(16) half TileB[16 * 16];
  unsigned T = threadIdx.x;
  for (unsigned I = T; I < 256; I += 32) {
    TileA[I] = A[I];
    TileB[I] = B[I];
  }
  __syncthreads();
  unsigned Addr = static_cast<unsigned>(
      __cvta_generic_to_shared(&TileA[(T % 16) * 16 + (T / 16) * 8]));
  unsigned R0, R1, R2, R3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(R0), "=r"(R1), "=r"(R2), "=r"(R3)
               : "r"(Addr));
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> FragA;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> FragB;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> Acc;
  wmma::fill_fragment(Acc, 0.0f);
  wmma::load_matrix_sync(FragA, TileA, 16);
  wmma::load_matrix_sync(FragB, TileB, 16);
  wmma::mma_sync(Acc, FragA, FragB, Acc);
  wmma::store_matrix_sync(C, Acc, 16, wmma::mem_row_major);
  C[T] += (float)(R0 + R1 + R2 + R3);
}

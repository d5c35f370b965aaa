// nvcuda::wmma fragment loads and stores on shared memory, issued on sm_90 as
// LDSM.x4 (f16 matrix_a / matrix_b, rows ldm elements apart) and as 2-element
// accesses per lane of each 8x8 accumulator block (STS.64 for float).
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;

__global__ void gemmTile(float *out) {
  __shared__ __align__(128) half a16[16 * 16];
  __shared__ __align__(128) half a24[16 * 24];
  __shared__ __align__(128) float c16[16 * 16];
  __shared__ __align__(128) float c24[16 * 24];
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
  wmma::load_matrix_sync(a, a16, 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared load (LDSM.x4) of 'a16' (8 wavefronts, ideal 4) [bankcheck-bank-conflict]
  wmma::load_matrix_sync(b, a24, 24);
  // rows 48 bytes apart: conflict-free
  wmma::fill_fragment(c, 0.0f);
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(c16, c, 16, wmma::mem_row_major);
  // one STS.64 per 8x8 block of the tile, each 2-way:
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 2-way bank conflict on shared store of 'c16' (4 wavefronts, ideal 2) [bankcheck-bank-conflict]
  // (one warning per place: 2-way bank conflict on shared store of 'c16' (4 wavefronts, ideal 2))
  // (one warning per place: 2-way bank conflict on shared store of 'c16' (4 wavefronts, ideal 2))
  // (one warning per place: 2-way bank conflict on shared store of 'c16' (4 wavefronts, ideal 2))
  wmma::store_matrix_sync(c24, c, 24, wmma::mem_row_major);
  // rows 96 bytes apart: conflict-free
  __syncthreads();
  out[threadIdx.x] = c16[threadIdx.x] + c24[threadIdx.x] + float(a16[threadIdx.x]) + float(a24[threadIdx.x]);
}

void run(float *out) { gemmTile<<<1, 32>>>(out); }

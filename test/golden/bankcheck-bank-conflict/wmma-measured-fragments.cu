// wmma fragments whose shared accesses sm_90 does not issue as LDSM.x4: bf16,
// tf32 and f64 operands, f64 accumulators, the 8x32 f32 accumulators (per
// lane LDS/STS, laid out as harness/forms/wmma_layouts.cu measured on an
// H100) and sub-byte operands (one LDSM.x1). Each verdict below is the
// wavefront count measured for the same load or store (docs/validation.md).
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;

__global__ void bf16Operands(float *out) {
  __shared__ __align__(256) __nv_bfloat16 s16[16 * 16];
  __shared__ __align__(256) __nv_bfloat16 s24[16 * 24];
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> b;
  wmma::load_matrix_sync(a, s16, 16);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared load of 's16' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  wmma::load_matrix_sync(b, s24, 24);
  // rows 48 bytes apart: each of the four 4-byte loads is conflict-free
  out[threadIdx.x] = float(a.x[0]) + float(b.x[0]);
}

__global__ void tf32Operands(float *out) {
  __shared__ __align__(256) float s20[8 * 20];
  __shared__ __align__(256) float s36[16 * 36];
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::col_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> b;
  wmma::load_matrix_sync(a, s20, 20);
  // lane (g, t) reads memory row t, element g: rows 80 bytes apart still meet
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 2-way bank conflict on shared load of 's20' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  wmma::load_matrix_sync(b, s36, 36);
  out[threadIdx.x] = a.x[0] + b.x[0];
}

__global__ void f64Fragments(double *out) {
  __shared__ __align__(256) double a4[8 * 4];
  __shared__ __align__(256) double a6[8 * 6];
  __shared__ __align__(256) double c8[8 * 8];
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> a;
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> a2;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> c;
  wmma::load_matrix_sync(a, a4, 4);
  wmma::load_matrix_sync(a2, a6, 6);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared load of 'a6' (4 wavefronts, ideal 2) [bankcheck-bank-conflict]
  wmma::fill_fragment(c, 0.0);
  wmma::store_matrix_sync(c8, c, 8, wmma::mem_col_major);
  // two 8-byte stores per lane at (2t, g) and (2t + 1, g), each 4-way
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 4-way bank conflict on shared store of 'c8' (8 wavefronts, ideal 2) [bankcheck-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = a.x[0] + a2.x[0] + c8[threadIdx.x];
}

__global__ void accumulators8x32(float *out) {
  __shared__ __align__(256) float c32[8 * 32];
  __shared__ __align__(256) float c36[8 * 36];
  __shared__ __align__(256) half h32[8 * 32];
  wmma::fragment<wmma::accumulator, 8, 32, 16, float> c;
  wmma::fragment<wmma::accumulator, 8, 32, 16, half> h;
  wmma::fill_fragment(c, 0.0f);
  wmma::fill_fragment(h, __float2half(0.0f));
  wmma::store_matrix_sync(c32, c, 32, wmma::mem_row_major);
  // lane (g, t) holds rows 2t and 2t + 1 of column g: 4-byte stores, 4-way
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 4-way bank conflict on shared store of 'c32' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  wmma::store_matrix_sync(c36, c, 36, wmma::mem_row_major);
  // rows 144 bytes apart: conflict-free (as measured)
  wmma::store_matrix_sync(h32, h, 32, wmma::mem_row_major);
  // f16: exchanged in registers, one 4-byte store per 8x8 block at (g, 2t); rows 64 bytes apart, 4-way
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 4-way bank conflict on shared store of 'h32' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  wmma::store_matrix_sync(c32, c, 8, wmma::mem_col_major);
  // column-major: the lane's two elements adjacent in memory, one 8-byte store at (g, 2t): clean
  __syncthreads();
  out[threadIdx.x] = c32[threadIdx.x] + c36[threadIdx.x] + __half2float(h32[threadIdx.x]);
}

__global__ void f16ColumnMajorAccumulators(float *out) {
  __shared__ __align__(256) half h16[16 * 16];
  __shared__ __align__(256) half h24[16 * 24];
  wmma::fragment<wmma::accumulator, 16, 16, 16, half> h;
  wmma::load_matrix_sync(h, h16, 16, wmma::mem_col_major);
  // as the row-major layout in memory: 4 4-byte loads at (g, 2t), columns 32 bytes apart, 2-way
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 2-way bank conflict on shared load of 'h16' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  wmma::store_matrix_sync(h24, h, 24, wmma::mem_col_major);
  // columns 48 bytes apart: clean
  __syncthreads();
  out[threadIdx.x] = __half2float(h16[threadIdx.x]) + __half2float(h24[threadIdx.x]);
}

__global__ void subByteOperands(int *out) {
  __shared__ __align__(256) unsigned u64[8 * 64 / 8];
  wmma::fragment<wmma::matrix_a, 8, 8, 32, wmma::experimental::precision::u4, wmma::row_major> a;
  wmma::load_matrix_sync(a, u64, 64);
  // one LDSM.x1: 8 rows of 16 bytes, 32 bytes apart
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 2-way bank conflict on shared load (LDSM.x1) of 'u64' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[threadIdx.x] = int(a.x[0]);
}

void run(float *f, double *d, int *i) {
  bf16Operands<<<1, 32>>>(f);
  tf32Operands<<<1, 32>>>(f);
  f64Fragments<<<1, 32>>>(d);
  accumulators8x32<<<1, 32>>>(f);
  f16ColumnMajorAccumulators<<<1, 32>>>(f);
  subByteOperands<<<1, 32>>>(i);
}

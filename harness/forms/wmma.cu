// ===- wmma.cu - Which shared instructions wmma and async copies become ---===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// ===----------------------------------------------------------------------===//
// One kernel per (fragment, layout, leading dimension) that loads or stores one
// wmma fragment at the start of a shared buffer, and kernels for the CUDA-level
// asynchronous copies. The SASS shows the instructions; Nsight Compute counts
// their wavefronts. Launched with one warp (the copies: 128 threads).
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_pipeline.h>
#include <mma.h>
#include <cstdio>

using namespace nvcuda;
namespace cg = cooperative_groups;

#define LOADK(NAME, USE, M, N, K, T, LAYOUT, LDM, BT)                                       \
  __global__ void NAME(float *out) {                                                        \
    __shared__ __align__(256) BT buf[16384 / sizeof(BT)];                                   \
    wmma::fragment<wmma::USE, M, N, K, T, wmma::LAYOUT> f;                                   \
    wmma::load_matrix_sync(f, buf, LDM);                                                    \
    float s = 0;                                                                            \
    for (int i = 0; i < f.num_elements; i++) s += float(f.x[i]);                            \
    out[threadIdx.x] = s;                                                                   \
  }
#define ACCLOADK(NAME, M, N, K, T, LDM, LAYOUT)                                             \
  __global__ void NAME(float *out) {                                                        \
    __shared__ __align__(256) T buf[16384 / sizeof(T)];                                     \
    wmma::fragment<wmma::accumulator, M, N, K, T> f;                                        \
    wmma::load_matrix_sync(f, buf, LDM, wmma::LAYOUT);                                      \
    float s = 0;                                                                            \
    for (int i = 0; i < f.num_elements; i++) s += float(f.x[i]);                            \
    out[threadIdx.x] = s;                                                                   \
  }
#define ACCSTOREK(NAME, M, N, K, T, LDM, LAYOUT)                                            \
  __global__ void NAME(float *out) {                                                        \
    __shared__ __align__(256) T buf[16384 / sizeof(T)];                                     \
    wmma::fragment<wmma::accumulator, M, N, K, T> f;                                        \
    wmma::fill_fragment(f, T(out[threadIdx.x]));                                            \
    wmma::store_matrix_sync(buf, f, LDM, wmma::LAYOUT);                                     \
  }

// half 16x16x16, A and B in both layouts, several leading dimensions (elements).
LOADK(wmma_h_a_row_ldm16, matrix_a, 16, 16, 16, half, row_major, 16, half)
LOADK(wmma_h_a_row_ldm24, matrix_a, 16, 16, 16, half, row_major, 24, half)
LOADK(wmma_h_a_row_ldm32, matrix_a, 16, 16, 16, half, row_major, 32, half)
LOADK(wmma_h_a_row_ldm40, matrix_a, 16, 16, 16, half, row_major, 40, half)
LOADK(wmma_h_a_row_ldm64, matrix_a, 16, 16, 16, half, row_major, 64, half)
LOADK(wmma_h_a_row_ldm72, matrix_a, 16, 16, 16, half, row_major, 72, half)
LOADK(wmma_h_a_col_ldm16, matrix_a, 16, 16, 16, half, col_major, 16, half)
LOADK(wmma_h_a_col_ldm64, matrix_a, 16, 16, 16, half, col_major, 64, half)
LOADK(wmma_h_b_col_ldm16, matrix_b, 16, 16, 16, half, col_major, 16, half)
LOADK(wmma_h_b_col_ldm64, matrix_b, 16, 16, 16, half, col_major, 64, half)
LOADK(wmma_h_b_col_ldm72, matrix_b, 16, 16, 16, half, col_major, 72, half)
LOADK(wmma_h_b_row_ldm16, matrix_b, 16, 16, 16, half, row_major, 16, half)
LOADK(wmma_h_b_row_ldm64, matrix_b, 16, 16, 16, half, row_major, 64, half)
// other shapes and types
LOADK(wmma_h32x8_a_row_ldm16, matrix_a, 32, 8, 16, half, row_major, 16, half)
LOADK(wmma_h8x32_b_row_ldm32, matrix_b, 8, 32, 16, half, row_major, 32, half)
LOADK(wmma_bf16_a_row_ldm16, matrix_a, 16, 16, 16, __nv_bfloat16, row_major, 16, __nv_bfloat16)
LOADK(wmma_bf16_a_row_ldm64, matrix_a, 16, 16, 16, __nv_bfloat16, row_major, 64, __nv_bfloat16)
LOADK(wmma_s8_a_row_ldm16, matrix_a, 16, 16, 16, signed char, row_major, 16, signed char)
LOADK(wmma_s8_a_row_ldm128, matrix_a, 16, 16, 16, signed char, row_major, 128, signed char)
LOADK(wmma_tf32_a_row_ldm8, matrix_a, 16, 16, 8, wmma::precision::tf32, row_major, 8, float)
LOADK(wmma_tf32_a_row_ldm32, matrix_a, 16, 16, 8, wmma::precision::tf32, row_major, 32, float)
LOADK(wmma_tf32_b_col_ldm32, matrix_b, 16, 16, 8, wmma::precision::tf32, col_major, 32, float)
LOADK(wmma_f64_a_row_ldm4, matrix_a, 8, 8, 4, double, row_major, 4, double)
LOADK(wmma_f64_a_row_ldm32, matrix_a, 8, 8, 4, double, row_major, 32, double)
// accumulators
ACCLOADK(wmma_acc_f32_load_row_ldm16, 16, 16, 16, float, 16, mem_row_major)
ACCLOADK(wmma_acc_f32_load_row_ldm32, 16, 16, 16, float, 32, mem_row_major)
ACCLOADK(wmma_acc_f32_load_col_ldm16, 16, 16, 16, float, 16, mem_col_major)
ACCSTOREK(wmma_acc_f32_store_row_ldm16, 16, 16, 16, float, 16, mem_row_major)
ACCSTOREK(wmma_acc_f32_store_row_ldm20, 16, 16, 16, float, 20, mem_row_major)
ACCSTOREK(wmma_acc_f32_store_row_ldm24, 16, 16, 16, float, 24, mem_row_major)
ACCSTOREK(wmma_acc_f32_store_row_ldm32, 16, 16, 16, float, 32, mem_row_major)
ACCSTOREK(wmma_acc_f32_store_col_ldm16, 16, 16, 16, float, 16, mem_col_major)
ACCSTOREK(wmma_acc_f16_store_row_ldm16, 16, 16, 16, half, 16, mem_row_major)
ACCSTOREK(wmma_acc_f16_store_row_ldm24, 16, 16, 16, half, 24, mem_row_major)

// CUDA-level asynchronous copies into shared memory (128 threads).
template <int N> __global__ void pipeline_memcpy(const float *g, float *out) {
  __shared__ __align__(128) float buf[4096];
  int t = threadIdx.x;
  __pipeline_memcpy_async(&buf[t * (N / 4)], &g[t * (N / 4)], N);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  out[t] = 0;
}
__global__ void pipeline_memcpy_padded(const float *g, float *out) {
  __shared__ __align__(128) float buf[4096];
  int t = threadIdx.x; // rows of 36 floats (144 bytes), 8 lanes of 16 bytes per row
  __pipeline_memcpy_async(&buf[(t / 8) * 36 + (t % 8) * 4], &g[t * 4], 16);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  out[t] = 0;
}
__global__ void cg_memcpy_async(const float *g, float *out) {
  __shared__ __align__(128) float buf[4096];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, buf, g, sizeof(float) * 1024);
  cg::wait(block);
  out[threadIdx.x] = 0;
}
__global__ void cuda_memcpy_async_barrier(const float *g, float *out) {
  __shared__ __align__(128) float buf[4096];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, buf, g, cuda::aligned_size_t<16>(sizeof(float) * 1024), bar);
  bar.arrive_and_wait();
  out[threadIdx.x] = 0;
}

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
  std::printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 2; } } while (0)

int main() {
  float *g, *out;
  CHECK(cudaMalloc(&g, 1 << 20));
  CHECK(cudaMalloc(&out, 4096));
  CHECK(cudaMemset(g, 0, 1 << 20));
  CHECK(cudaMemset(out, 0, 4096));
  void (*warp[])(float *) = {
      wmma_h_a_row_ldm16, wmma_h_a_row_ldm24, wmma_h_a_row_ldm32, wmma_h_a_row_ldm40, wmma_h_a_row_ldm64,
      wmma_h_a_row_ldm72, wmma_h_a_col_ldm16, wmma_h_a_col_ldm64, wmma_h_b_col_ldm16, wmma_h_b_col_ldm64,
      wmma_h_b_col_ldm72, wmma_h_b_row_ldm16, wmma_h_b_row_ldm64, wmma_h32x8_a_row_ldm16,
      wmma_h8x32_b_row_ldm32, wmma_bf16_a_row_ldm16, wmma_bf16_a_row_ldm64, wmma_s8_a_row_ldm16,
      wmma_s8_a_row_ldm128, wmma_tf32_a_row_ldm8, wmma_tf32_a_row_ldm32, wmma_tf32_b_col_ldm32,
      wmma_f64_a_row_ldm4, wmma_f64_a_row_ldm32, wmma_acc_f32_load_row_ldm16, wmma_acc_f32_load_row_ldm32,
      wmma_acc_f32_load_col_ldm16, wmma_acc_f32_store_row_ldm16, wmma_acc_f32_store_row_ldm20,
      wmma_acc_f32_store_row_ldm24, wmma_acc_f32_store_row_ldm32, wmma_acc_f32_store_col_ldm16,
      wmma_acc_f16_store_row_ldm16, wmma_acc_f16_store_row_ldm24};
  for (auto k : warp) {
    k<<<1, 32>>>(out);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
  }
  void (*block[])(const float *, float *) = {pipeline_memcpy<4>, pipeline_memcpy<8>, pipeline_memcpy<16>,
                                             pipeline_memcpy_padded, cg_memcpy_async,
                                             cuda_memcpy_async_barrier};
  for (auto k : block) {
    k<<<1, 128>>>(g, out);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
  }
  std::printf("launched %zu + %zu kernels\n", sizeof(warp) / sizeof(warp[0]), sizeof(block) / sizeof(block[0]));
  return 0;
}

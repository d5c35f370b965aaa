// ===- wmma_layouts.cu - Which shared cells each lane's wmma fragment holds -===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// ===----------------------------------------------------------------------===//
// The wmma fragments that sm_90 loads and stores with generic LD/ST (bf16,
// tf32, f64, sub-byte operands; f64 and tf32-shape accumulators; the f32
// accumulators of the 32x8 and 8x32 shapes), in two parts:
//
//  * map kernels: shared memory holds each cell's own index (a cell is one
//    element, or one 32-bit word for sub-byte types); a fragment is loaded and
//    each lane writes its fragment's raw storage out, which says which cell
//    every lane's every fragment element came from. For stores, each lane
//    fills its fragment with (lane << 8 | element) and the shared buffer is
//    written out after store_matrix_sync.
//  * measure kernels: one fragment load or store at the start of a shared
//    buffer, per leading dimension, for Nsight Compute to count wavefronts.
//
// `./wmma_layouts` prints one JSON object per map kernel on stdout.
// Launched with one warp.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>
#include <cstdio>

using namespace nvcuda;
namespace exp_ = nvcuda::wmma::experimental;

template <class Cell> __device__ Cell cellOf(int i) { return Cell(i); }

template <class Frag> __device__ void dumpWords(const Frag &f, unsigned *out) {
  constexpr int W = sizeof(f.x) / 4;
  const unsigned *w = reinterpret_cast<const unsigned *>(&f.x[0]);
  for (int i = 0; i < W; i++)
    out[threadIdx.x * W + i] = w[i];
}

/// Each storage element (each 32-bit word where elements are wider) holds
/// lane << 8 | its index; 16-bit elements are filled one by one.
template <class Frag> __device__ void fillWords(Frag &f) {
  if constexpr (sizeof(f.x[0]) == 2) {
    constexpr int E = sizeof(f.x) / 2;
    unsigned short *h = reinterpret_cast<unsigned short *>(&f.x[0]);
    for (int i = 0; i < E; i++)
      h[i] = (unsigned short)((threadIdx.x << 8) | unsigned(i));
  } else {
    constexpr int W = sizeof(f.x) / 4;
    unsigned *w = reinterpret_cast<unsigned *>(&f.x[0]);
    for (int i = 0; i < W; i++)
      w[i] = (threadIdx.x << 8) | unsigned(i);
  }
}

constexpr int BufBytes = 8192;

/// Uses every storage word of a loaded fragment, so that no load is dropped.
template <class Frag> __device__ void consume(const Frag &f, unsigned *out) {
  constexpr int W = sizeof(f.x) / 4;
  const unsigned *w = reinterpret_cast<const unsigned *>(&f.x[0]);
  unsigned s = 0;
  for (int i = 0; i < W; i++)
    s += w[i] * (i + 1);
  out[threadIdx.x] = s;
}

// An operand (matrix_a / matrix_b) load: Ptr is load_matrix_sync's pointer type.
#define MAP_OP(NAME, USE, M, N, K, T, LAYOUT, PTR, CELL, LDM)                                  \
  __global__ void NAME(unsigned *out) {                                                        \
    __shared__ __align__(256) CELL buf[BufBytes / sizeof(CELL)];                               \
    for (int i = threadIdx.x; i < int(BufBytes / sizeof(CELL)); i += 32)                      \
      buf[i] = cellOf<CELL>(i);                                                                \
    __syncwarp();                                                                              \
    wmma::fragment<wmma::USE, M, N, K, T, wmma::LAYOUT> f;                                      \
    wmma::load_matrix_sync(f, reinterpret_cast<PTR>(buf), LDM);                                \
    dumpWords(f, out);                                                                         \
  }
#define MAP_ACC_LOAD(NAME, M, N, K, T, LAYOUT, CELL, LDM)                                      \
  __global__ void NAME(unsigned *out) {                                                        \
    __shared__ __align__(256) CELL buf[BufBytes / sizeof(CELL)];                               \
    for (int i = threadIdx.x; i < int(BufBytes / sizeof(CELL)); i += 32)                      \
      buf[i] = cellOf<CELL>(i);                                                                \
    __syncwarp();                                                                              \
    wmma::fragment<wmma::accumulator, M, N, K, T> f;                                           \
    wmma::load_matrix_sync(f, reinterpret_cast<const T *>(buf), LDM, wmma::LAYOUT);            \
    dumpWords(f, out);                                                                         \
  }
#define MAP_ACC_STORE(NAME, M, N, K, T, LAYOUT, LDM)                                           \
  __global__ void NAME(unsigned *out) {                                                        \
    __shared__ __align__(256) unsigned buf[BufBytes / 4];                                      \
    for (int i = threadIdx.x; i < BufBytes / 4; i += 32)                                       \
      buf[i] = 0xffffffffu;                                                                    \
    __syncwarp();                                                                              \
    wmma::fragment<wmma::accumulator, M, N, K, T> f;                                           \
    fillWords(f);                                                                              \
    wmma::store_matrix_sync(reinterpret_cast<T *>(buf), f, LDM, wmma::LAYOUT);                 \
    __syncwarp();                                                                              \
    for (int i = threadIdx.x; i < BufBytes / 4; i += 32)                                       \
      out[i] = buf[i];                                                                         \
  }

// Measure kernels: the same operations alone.
#define MEASURE_OP(NAME, USE, M, N, K, T, LAYOUT, PTR, LDM)                                    \
  __global__ void NAME(unsigned *out) {                                                        \
    __shared__ __align__(256) unsigned buf[BufBytes / 4];                                      \
    wmma::fragment<wmma::USE, M, N, K, T, wmma::LAYOUT> f;                                      \
    wmma::load_matrix_sync(f, reinterpret_cast<PTR>(buf), LDM);                                \
    consume(f, out);                                                                           \
  }
#define MEASURE_ACC_LOAD(NAME, M, N, K, T, LAYOUT, LDM)                                        \
  __global__ void NAME(unsigned *out) {                                                        \
    __shared__ __align__(256) unsigned buf[BufBytes / 4];                                      \
    wmma::fragment<wmma::accumulator, M, N, K, T> f;                                           \
    wmma::load_matrix_sync(f, reinterpret_cast<const T *>(buf), LDM, wmma::LAYOUT);            \
    consume(f, out);                                                                           \
  }
#define MEASURE_ACC_STORE(NAME, M, N, K, T, LAYOUT, LDM)                                       \
  __global__ void NAME(unsigned *out) {                                                        \
    __shared__ __align__(256) unsigned buf[BufBytes / 4];                                      \
    wmma::fragment<wmma::accumulator, M, N, K, T> f;                                           \
    constexpr int W = sizeof(f.x) / 4;                                                         \
    unsigned *w = reinterpret_cast<unsigned *>(&f.x[0]);                                       \
    for (int i = 0; i < W; i++)                                                                \
      w[i] = out[threadIdx.x * W + i];                                                         \
    wmma::store_matrix_sync(reinterpret_cast<T *>(buf), f, LDM, wmma::LAYOUT);                 \
    __syncwarp();                                                                              \
    out[threadIdx.x] = buf[threadIdx.x * 7 % (BufBytes / 4)];                                  \
  }

using bf16 = __nv_bfloat16;
using half = __half;
using tf32 = wmma::precision::tf32;
using u4 = exp_::precision::u4;
using b1 = exp_::precision::b1;
typedef unsigned short u16;

// ---- map kernels: (name, use, M, N, K, type, layout, pointer, cell, ldm) ----
// The leading dimension is the tile's own width: cell index = row * ldm + column.
#define MAP_LIST(X)                                                                             \
  X(bf16_a_row, matrix_a, 16, 16, 16, bf16, row_major, const bf16 *, u16, 16)                   \
  X(bf16_a_col, matrix_a, 16, 16, 16, bf16, col_major, const bf16 *, u16, 16)                   \
  X(bf16_b_row, matrix_b, 16, 16, 16, bf16, row_major, const bf16 *, u16, 16)                   \
  X(bf16_b_col, matrix_b, 16, 16, 16, bf16, col_major, const bf16 *, u16, 16)                   \
  X(bf16_a_row_ldm24, matrix_a, 16, 16, 16, bf16, row_major, const bf16 *, u16, 24)             \
  X(bf16_a_col_ldm24, matrix_a, 16, 16, 16, bf16, col_major, const bf16 *, u16, 24)             \
  X(bf16_32x8_a_row, matrix_a, 32, 8, 16, bf16, row_major, const bf16 *, u16, 16)               \
  X(bf16_32x8_a_col, matrix_a, 32, 8, 16, bf16, col_major, const bf16 *, u16, 32)               \
  X(bf16_32x8_b_row, matrix_b, 32, 8, 16, bf16, row_major, const bf16 *, u16, 8)                \
  X(bf16_32x8_b_col, matrix_b, 32, 8, 16, bf16, col_major, const bf16 *, u16, 16)               \
  X(bf16_8x32_a_row, matrix_a, 8, 32, 16, bf16, row_major, const bf16 *, u16, 16)               \
  X(bf16_8x32_a_col, matrix_a, 8, 32, 16, bf16, col_major, const bf16 *, u16, 8)                \
  X(bf16_8x32_b_row, matrix_b, 8, 32, 16, bf16, row_major, const bf16 *, u16, 32)               \
  X(bf16_8x32_b_col, matrix_b, 8, 32, 16, bf16, col_major, const bf16 *, u16, 16)               \
  X(tf32_a_row, matrix_a, 16, 16, 8, tf32, row_major, const float *, unsigned, 8)               \
  X(tf32_a_col, matrix_a, 16, 16, 8, tf32, col_major, const float *, unsigned, 16)              \
  X(tf32_b_row, matrix_b, 16, 16, 8, tf32, row_major, const float *, unsigned, 16)              \
  X(tf32_b_col, matrix_b, 16, 16, 8, tf32, col_major, const float *, unsigned, 8)               \
  X(tf32_a_row_ldm12, matrix_a, 16, 16, 8, tf32, row_major, const float *, unsigned, 12)        \
  X(f64_a_row, matrix_a, 8, 8, 4, double, row_major, const double *, double, 4)                 \
  X(f64_a_col, matrix_a, 8, 8, 4, double, col_major, const double *, double, 8)                 \
  X(f64_b_row, matrix_b, 8, 8, 4, double, row_major, const double *, double, 8)                 \
  X(f64_b_col, matrix_b, 8, 8, 4, double, col_major, const double *, double, 4)                 \
  X(f64_a_row_ldm6, matrix_a, 8, 8, 4, double, row_major, const double *, double, 6)            \
  X(u4_a_row, matrix_a, 8, 8, 32, u4, row_major, const void *, unsigned, 32)                    \
  X(u4_b_col, matrix_b, 8, 8, 32, u4, col_major, const void *, unsigned, 32)                    \
  X(b1_a_row, matrix_a, 8, 8, 128, b1, row_major, const void *, unsigned, 128)                  \
  X(b1_b_col, matrix_b, 8, 8, 128, b1, col_major, const void *, unsigned, 128)

// ---- accumulator maps: (name, M, N, K, type, layout, cell, ldm) ----
#define ACC_LOAD_LIST(X)                                                                        \
  X(acc_f64_load_row, 8, 8, 4, double, mem_row_major, double, 8)                                \
  X(acc_f64_load_col, 8, 8, 4, double, mem_col_major, double, 8)                                \
  X(acc_tf32_load_row, 16, 16, 8, float, mem_row_major, unsigned, 16)                           \
  X(acc_tf32_load_col, 16, 16, 8, float, mem_col_major, unsigned, 16)                           \
  X(acc_f32_32x8_load_row, 32, 8, 16, float, mem_row_major, unsigned, 8)                        \
  X(acc_f32_32x8_load_col, 32, 8, 16, float, mem_col_major, unsigned, 32)                       \
  X(acc_f32_8x32_load_row, 8, 32, 16, float, mem_row_major, unsigned, 32)                       \
  X(acc_f32_16x16_load_row, 16, 16, 16, float, mem_row_major, unsigned, 16)                     \
  X(acc_i32_8x8x32_load_row, 8, 8, 32, int, mem_row_major, unsigned, 8)                        \
  X(acc_f32_8x32_load_col, 8, 32, 16, float, mem_col_major, unsigned, 8)                        \
  X(acc_f16_8x32_load_row, 8, 32, 16, half, mem_row_major, u16, 32)                             \
  X(acc_f16_8x32_load_col, 8, 32, 16, half, mem_col_major, u16, 8)                              \
  X(acc_i32_8x32_load_row, 8, 32, 16, int, mem_row_major, unsigned, 32)                         \
  X(acc_i32_8x32_load_col, 8, 32, 16, int, mem_col_major, unsigned, 8)                          \
  X(acc_f16_32x8_load_row, 32, 8, 16, half, mem_row_major, u16, 8)                              \
  X(acc_f16_16x16_load_row, 16, 16, 16, half, mem_row_major, u16, 16)                           \
  X(acc_i32_32x8_load_col, 32, 8, 16, int, mem_col_major, unsigned, 32)                         \
  X(acc_f16_16x16_load_col, 16, 16, 16, half, mem_col_major, u16, 16)                           \
  X(acc_f16_32x8_load_col, 32, 8, 16, half, mem_col_major, u16, 32)                             \
  X(acc_i32_8x8x32_load_col, 8, 8, 32, int, mem_col_major, unsigned, 8)
#define ACC_STORE_LIST(X)                                                                       \
  X(acc_f64_store_row, 8, 8, 4, double, mem_row_major, 8)                                       \
  X(acc_f64_store_col, 8, 8, 4, double, mem_col_major, 8)                                       \
  X(acc_tf32_store_row, 16, 16, 8, float, mem_row_major, 16)                                    \
  X(acc_tf32_store_col, 16, 16, 8, float, mem_col_major, 16)                                    \
  X(acc_f32_32x8_store_row, 32, 8, 16, float, mem_row_major, 8)                                 \
  X(acc_f32_8x32_store_row, 8, 32, 16, float, mem_row_major, 32)                                \
  X(acc_f32_16x16_store_row, 16, 16, 16, float, mem_row_major, 16)                              \
  X(acc_i32_8x8x32_store_row, 8, 8, 32, int, mem_row_major, 8)                                 \
  X(acc_f32_8x32_store_col, 8, 32, 16, float, mem_col_major, 8)                                 \
  X(acc_f16_8x32_store_row, 8, 32, 16, half, mem_row_major, 32)                                 \
  X(acc_f16_8x32_store_col, 8, 32, 16, half, mem_col_major, 8)                                  \
  X(acc_i32_8x32_store_row, 8, 32, 16, int, mem_row_major, 32)                                  \
  X(acc_i32_8x32_store_col, 8, 32, 16, int, mem_col_major, 8)                                   \
  X(acc_f16_32x8_store_col, 32, 8, 16, half, mem_col_major, 32)                                 \
  X(acc_f16_16x16_store_row, 16, 16, 16, half, mem_row_major, 16)                               \
  X(acc_i32_32x8_store_row, 32, 8, 16, int, mem_row_major, 8)                                  \
  X(acc_f16_16x16_store_col, 16, 16, 16, half, mem_col_major, 16)                               \
  X(acc_f16_32x8_store_row, 32, 8, 16, half, mem_row_major, 8)                                  \
  X(acc_i32_8x8x32_store_col, 8, 8, 32, int, mem_col_major, 8)

#define DEF_MAP(NAME, USE, M, N, K, T, L, PTR, CELL, LDM) MAP_OP(map_##NAME, USE, M, N, K, T, L, PTR, CELL, LDM)
#define DEF_ACC_LOAD(NAME, M, N, K, T, L, CELL, LDM) MAP_ACC_LOAD(map_##NAME, M, N, K, T, L, CELL, LDM)
#define DEF_ACC_STORE(NAME, M, N, K, T, L, LDM) MAP_ACC_STORE(map_##NAME, M, N, K, T, L, LDM)
MAP_LIST(DEF_MAP)
ACC_LOAD_LIST(DEF_ACC_LOAD)
ACC_STORE_LIST(DEF_ACC_STORE)

// ---- measure kernels: leading dimensions as code pads them ----
#define MEASURE_LIST(X)                                                                         \
  X(m_bf16_a_row_ldm16, matrix_a, 16, 16, 16, bf16, row_major, const bf16 *, 16)                \
  X(m_bf16_a_row_ldm24, matrix_a, 16, 16, 16, bf16, row_major, const bf16 *, 24)                \
  X(m_bf16_a_row_ldm64, matrix_a, 16, 16, 16, bf16, row_major, const bf16 *, 64)                \
  X(m_bf16_a_row_ldm72, matrix_a, 16, 16, 16, bf16, row_major, const bf16 *, 72)                \
  X(m_bf16_a_col_ldm16, matrix_a, 16, 16, 16, bf16, col_major, const bf16 *, 16)                \
  X(m_bf16_a_col_ldm24, matrix_a, 16, 16, 16, bf16, col_major, const bf16 *, 24)                \
  X(m_bf16_b_row_ldm16, matrix_b, 16, 16, 16, bf16, row_major, const bf16 *, 16)                \
  X(m_bf16_b_row_ldm72, matrix_b, 16, 16, 16, bf16, row_major, const bf16 *, 72)                \
  X(m_bf16_b_col_ldm16, matrix_b, 16, 16, 16, bf16, col_major, const bf16 *, 16)                \
  X(m_bf16_b_col_ldm24, matrix_b, 16, 16, 16, bf16, col_major, const bf16 *, 24)                \
  X(m_bf16_32x8_a_row_ldm16, matrix_a, 32, 8, 16, bf16, row_major, const bf16 *, 16)            \
  X(m_bf16_8x32_b_row_ldm32, matrix_b, 8, 32, 16, bf16, row_major, const bf16 *, 32)            \
  X(m_tf32_a_row_ldm8, matrix_a, 16, 16, 8, tf32, row_major, const float *, 8)                  \
  X(m_tf32_a_row_ldm12, matrix_a, 16, 16, 8, tf32, row_major, const float *, 12)                \
  X(m_tf32_a_row_ldm32, matrix_a, 16, 16, 8, tf32, row_major, const float *, 32)                \
  X(m_tf32_a_row_ldm36, matrix_a, 16, 16, 8, tf32, row_major, const float *, 36)                \
  X(m_tf32_a_col_ldm16, matrix_a, 16, 16, 8, tf32, col_major, const float *, 16)                \
  X(m_tf32_a_col_ldm20, matrix_a, 16, 16, 8, tf32, col_major, const float *, 20)                \
  X(m_tf32_b_row_ldm16, matrix_b, 16, 16, 8, tf32, row_major, const float *, 16)                \
  X(m_tf32_b_row_ldm20, matrix_b, 16, 16, 8, tf32, row_major, const float *, 20)                \
  X(m_tf32_b_col_ldm8, matrix_b, 16, 16, 8, tf32, col_major, const float *, 8)                  \
  X(m_tf32_b_col_ldm36, matrix_b, 16, 16, 8, tf32, col_major, const float *, 36)                \
  X(m_f64_a_row_ldm4, matrix_a, 8, 8, 4, double, row_major, const double *, 4)                  \
  X(m_f64_a_row_ldm6, matrix_a, 8, 8, 4, double, row_major, const double *, 6)                  \
  X(m_f64_a_row_ldm32, matrix_a, 8, 8, 4, double, row_major, const double *, 32)                \
  X(m_f64_a_col_ldm8, matrix_a, 8, 8, 4, double, col_major, const double *, 8)                  \
  X(m_f64_a_col_ldm10, matrix_a, 8, 8, 4, double, col_major, const double *, 10)                \
  X(m_f64_b_row_ldm8, matrix_b, 8, 8, 4, double, row_major, const double *, 8)                  \
  X(m_f64_b_row_ldm16, matrix_b, 8, 8, 4, double, row_major, const double *, 16)                \
  X(m_f64_b_col_ldm4, matrix_b, 8, 8, 4, double, col_major, const double *, 4)                  \
  X(m_u4_a_row_ldm32, matrix_a, 8, 8, 32, u4, row_major, const void *, 32)                      \
  X(m_u4_a_row_ldm64, matrix_a, 8, 8, 32, u4, row_major, const void *, 64)                      \
  X(m_u4_a_row_ldm256, matrix_a, 8, 8, 32, u4, row_major, const void *, 256)                    \
  X(m_b1_a_row_ldm128, matrix_a, 8, 8, 128, b1, row_major, const void *, 128)                   \
  X(m_b1_a_row_ldm1024, matrix_a, 8, 8, 128, b1, row_major, const void *, 1024)
#define MEASURE_ACC_LIST(X)                                                                     \
  X(m_acc_f64_load_row_ldm8, 8, 8, 4, double, mem_row_major, 8, L)                              \
  X(m_acc_f64_load_row_ldm10, 8, 8, 4, double, mem_row_major, 10, L)                            \
  X(m_acc_f64_load_col_ldm8, 8, 8, 4, double, mem_col_major, 8, L)                              \
  X(m_acc_f64_store_row_ldm8, 8, 8, 4, double, mem_row_major, 8, S)                             \
  X(m_acc_f64_store_row_ldm16, 8, 8, 4, double, mem_row_major, 16, S)                           \
  X(m_acc_f64_store_col_ldm8, 8, 8, 4, double, mem_col_major, 8, S)                             \
  X(m_acc_tf32_load_row_ldm16, 16, 16, 8, float, mem_row_major, 16, L)                          \
  X(m_acc_tf32_store_row_ldm16, 16, 16, 8, float, mem_row_major, 16, S)                         \
  X(m_acc_tf32_store_row_ldm20, 16, 16, 8, float, mem_row_major, 20, S)                         \
  X(m_acc_tf32_store_col_ldm16, 16, 16, 8, float, mem_col_major, 16, S)                         \
  X(m_acc_f32_32x8_load_row_ldm8, 32, 8, 16, float, mem_row_major, 8, L)                        \
  X(m_acc_f32_32x8_store_row_ldm8, 32, 8, 16, float, mem_row_major, 8, S)                       \
  X(m_acc_f32_32x8_store_row_ldm12, 32, 8, 16, float, mem_row_major, 12, S)                     \
  X(m_acc_f32_8x32_store_row_ldm32, 8, 32, 16, float, mem_row_major, 32, S)                     \
  X(m_acc_f32_8x32_store_row_ldm36, 8, 32, 16, float, mem_row_major, 36, S)                     \
  X(m_acc_i32_8x8x32_store_row_ldm8, 8, 8, 32, int, mem_row_major, 8, S)                       \
  X(m_acc_f32_8x32_load_row_ldm32, 8, 32, 16, float, mem_row_major, 32, L)                      \
  X(m_acc_f32_8x32_load_row_ldm36, 8, 32, 16, float, mem_row_major, 36, L)                      \
  X(m_acc_f32_8x32_load_col_ldm8, 8, 32, 16, float, mem_col_major, 8, L)                        \
  X(m_acc_f32_8x32_load_col_ldm12, 8, 32, 16, float, mem_col_major, 12, L)                      \
  X(m_acc_f32_8x32_store_col_ldm8, 8, 32, 16, float, mem_col_major, 8, S)                       \
  X(m_acc_f32_8x32_store_col_ldm12, 8, 32, 16, float, mem_col_major, 12, S)                     \
  X(m_acc_f16_8x32_load_row_ldm32, 8, 32, 16, half, mem_row_major, 32, L)                       \
  X(m_acc_f16_8x32_load_row_ldm40, 8, 32, 16, half, mem_row_major, 40, L)                       \
  X(m_acc_f16_8x32_load_col_ldm8, 8, 32, 16, half, mem_col_major, 8, L)                         \
  X(m_acc_f16_8x32_load_col_ldm16, 8, 32, 16, half, mem_col_major, 16, L)                       \
  X(m_acc_f16_8x32_store_row_ldm32, 8, 32, 16, half, mem_row_major, 32, S)                      \
  X(m_acc_f16_8x32_store_row_ldm40, 8, 32, 16, half, mem_row_major, 40, S)                      \
  X(m_acc_f16_8x32_store_col_ldm8, 8, 32, 16, half, mem_col_major, 8, S)                        \
  X(m_acc_f16_8x32_store_col_ldm16, 8, 32, 16, half, mem_col_major, 16, S)                      \
  X(m_acc_i32_8x32_load_row_ldm32, 8, 32, 16, int, mem_row_major, 32, L)                        \
  X(m_acc_i32_8x32_load_row_ldm36, 8, 32, 16, int, mem_row_major, 36, L)                        \
  X(m_acc_i32_8x32_load_col_ldm8, 8, 32, 16, int, mem_col_major, 8, L)                          \
  X(m_acc_i32_8x32_store_row_ldm32, 8, 32, 16, int, mem_row_major, 32, S)                       \
  X(m_acc_i32_8x32_store_row_ldm36, 8, 32, 16, int, mem_row_major, 36, S)                       \
  X(m_acc_i32_8x32_store_col_ldm8, 8, 32, 16, int, mem_col_major, 8, S)                         \
  X(m_acc_i32_8x32_store_col_ldm12, 8, 32, 16, int, mem_col_major, 12, S)                       \
  X(m_acc_f16_32x8_store_col_ldm32, 32, 8, 16, half, mem_col_major, 32, S)                      \
  X(m_acc_i32_32x8_store_row_ldm8, 32, 8, 16, int, mem_row_major, 8, S)                        \
  X(m_acc_f16_16x16_load_row_ldm16, 16, 16, 16, half, mem_row_major, 16, L)                     \
  X(m_acc_f16_16x16_store_row_ldm16, 16, 16, 16, half, mem_row_major, 16, S)                    \
  X(m_acc_f16_16x16_load_col_ldm16, 16, 16, 16, half, mem_col_major, 16, L)                     \
  X(m_acc_f16_16x16_load_col_ldm24, 16, 16, 16, half, mem_col_major, 24, L)                     \
  X(m_acc_f16_16x16_store_col_ldm16, 16, 16, 16, half, mem_col_major, 16, S)                    \
  X(m_acc_f16_16x16_store_col_ldm24, 16, 16, 16, half, mem_col_major, 24, S)                    \
  X(m_acc_f16_32x8_load_col_ldm32, 32, 8, 16, half, mem_col_major, 32, L)                       \
  X(m_acc_f16_32x8_load_row_ldm8, 32, 8, 16, half, mem_row_major, 8, L)                         \
  X(m_acc_f16_32x8_store_row_ldm16, 32, 8, 16, half, mem_row_major, 16, S)                      \
  X(m_acc_f32_32x8_load_col_ldm32, 32, 8, 16, float, mem_col_major, 32, L)                      \
  X(m_acc_f32_16x16_store_col_ldm20, 16, 16, 16, float, mem_col_major, 20, S)                   \
  X(m_acc_i32_16x16_store_col_ldm16, 16, 16, 16, int, mem_col_major, 16, S)                     \
  X(m_acc_i32_16x16_load_row_ldm20, 16, 16, 16, int, mem_row_major, 20, L)                      \
  X(m_acc_i32_8x8x32_load_col_ldm8, 8, 8, 32, int, mem_col_major, 8, L)                         \
  X(m_acc_i32_8x8x32_store_col_ldm12, 8, 8, 32, int, mem_col_major, 12, S)
#define DEF_MEASURE(NAME, USE, M, N, K, T, L, PTR, LDM) MEASURE_OP(NAME, USE, M, N, K, T, L, PTR, LDM)
#define DEF_MEASURE_ACC_L(NAME, M, N, K, T, LAYOUT, LDM) MEASURE_ACC_LOAD(NAME, M, N, K, T, LAYOUT, LDM)
#define DEF_MEASURE_ACC_S(NAME, M, N, K, T, LAYOUT, LDM) MEASURE_ACC_STORE(NAME, M, N, K, T, LAYOUT, LDM)
#define DEF_MEASURE_ACC(NAME, M, N, K, T, LAYOUT, LDM, KIND) DEF_MEASURE_ACC_##KIND(NAME, M, N, K, T, LAYOUT, LDM)
MEASURE_LIST(DEF_MEASURE)
MEASURE_ACC_LIST(DEF_MEASURE_ACC)

#define CHECK(x)                                                                                \
  do {                                                                                          \
    cudaError_t e_ = (x);                                                                       \
    if (e_ != cudaSuccess) {                                                                    \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));          \
      return 2;                                                                                 \
    }                                                                                           \
  } while (0)

static unsigned host[BufBytes / 4];

static int runMap(void (*k)(unsigned *), unsigned *dev, const char *name, const char *kind, int cell,
                  int ldm, const char *layout, int words) {
  CHECK(cudaMemset(dev, 0, BufBytes));
  k<<<1, 32>>>(dev);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(host, dev, BufBytes, cudaMemcpyDeviceToHost));
  std::printf("{\"name\": \"%s\", \"kind\": \"%s\", \"cell_bytes\": %d, \"ldm\": %d, \"layout\": \"%s\", "
              "\"words\": [",
              name, kind, cell, ldm, layout);
  for (int i = 0; i < words; i++)
    std::printf(i ? ", %u" : "%u", host[i]);
  std::printf("]}\n");
  return 0;
}

int main() {
  unsigned *dev;
  CHECK(cudaMalloc(&dev, BufBytes));
  int rc = 0;
  // Operand maps: 32 lanes x the fragment's storage words.
#define RUN_MAP(NAME, USE, M, N, K, T, L, PTR, CELL, LDM)                                       \
  {                                                                                             \
    wmma::fragment<wmma::USE, M, N, K, T, wmma::L> f_;                                          \
    rc |= runMap(map_##NAME, dev, #NAME, "load", int(sizeof(CELL)), LDM, #L,                    \
                 32 * int(sizeof(f_.x) / 4));                                                   \
  }
#define RUN_ACC_LOAD(NAME, M, N, K, T, L, CELL, LDM)                                            \
  {                                                                                             \
    wmma::fragment<wmma::accumulator, M, N, K, T> f_;                                           \
    rc |= runMap(map_##NAME, dev, #NAME, "load", int(sizeof(CELL)), LDM, #L,                    \
                 32 * int(sizeof(f_.x) / 4));                                                   \
  }
#define RUN_ACC_STORE(NAME, M, N, K, T, L, LDM)                                                 \
  rc |= runMap(map_##NAME, dev, #NAME, "store", int(sizeof(T)), LDM, #L, BufBytes / 4 / 4);
  MAP_LIST(RUN_MAP)
  ACC_LOAD_LIST(RUN_ACC_LOAD)
  ACC_STORE_LIST(RUN_ACC_STORE)
  // Measure kernels, in this order for the profiler.
  CHECK(cudaMemset(dev, 0, BufBytes));
#define RUN_MEASURE(NAME, ...)                                                                  \
  NAME<<<1, 32>>>(dev);                                                                         \
  CHECK(cudaGetLastError());                                                                    \
  CHECK(cudaDeviceSynchronize());
  MEASURE_LIST(RUN_MEASURE)
  MEASURE_ACC_LIST(RUN_MEASURE)
  return rc;
}

//===- WmmaLayouts.cpp - The table of measured wmma fragment layouts ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// Each row was read from harness/forms/wmma_layouts.cu's fragment maps and
/// SASS on an H100, and its wavefronts checked there (docs/validation.md,
/// "wmma fragments beyond f16"); test/cli/test_wmma_measured.py compares
/// bankcheck's count for each of its 89 measure kernels with the measured
/// one.
//===----------------------------------------------------------------------===//
#include "BankModel/WmmaLayouts.h"

#include <iterator>

namespace bankcheck::bank {

namespace {
constexpr QuadTerm G{1, 0, 0}, T{0, 1, 0}, T2{0, 2, 0}, T2p1{0, 2, 1};

/// Per 8x8 block, one access of two elements at (g, 2t).
constexpr LaneAccess Pair[] = {{2, G, T2}};
/// Per 8x8 block, one element at (2t, g) and one at (2t + 1, g).
constexpr LaneAccess Split[] = {{1, T2, G}, {1, T2p1, G}};
/// One element per lane at (g, t) in a block of 8 rows x 4 elements, or at
/// (t, g) in one of 4 rows x 8 elements.
constexpr LaneAccess OneAt_g_t[] = {{1, G, T}};
constexpr LaneAccess OneAt_t_g[] = {{1, T, G}};

template <std::size_t N> constexpr BlockLayout block(unsigned Rows, unsigned Cols, const LaneAccess (&A)[N]) {
  return {Rows, Cols, A, unsigned(N)};
}
constexpr BlockLayout PairBlock = block(8, 8, Pair);
constexpr BlockLayout SplitBlock = block(8, 8, Split);
constexpr BlockLayout AlongKBlock = block(8, 4, OneAt_g_t);
constexpr BlockLayout AcrossBlock = block(4, 8, OneAt_t_g);

constexpr int Any = -1;
/// A row matches a kind when every field is equal or Any (a shape of 0:
/// any shape); the first row that matches gives the layout.
struct Row {
  std::string_view Type;
  char Operand;
  unsigned M, N, K;
  int ColMajor;
  const BlockLayout *Layout;
};

constexpr Row Rows[] = {
    // bf16 operands, every shape and layout: per 8x8 block (8 memory rows of
    // 16 bytes) one 4-byte LDS per lane at (g, 2t); the transposed layouts
    // are loaded so and rearranged in registers.
    {"bf16", 'a', 0, 0, 0, Any, &PairBlock},
    {"bf16", 'b', 0, 0, 0, Any, &PairBlock},
    // tf32 and f64 operands: one element per lane and block, at (g, t) where
    // the memory rows run along K (matrix_a row-major, matrix_b
    // column-major), else at (t, g).
    {"tf32", 'a', 16, 16, 8, 0, &AlongKBlock},
    {"tf32", 'a', 16, 16, 8, 1, &AcrossBlock},
    {"tf32", 'b', 16, 16, 8, 0, &AcrossBlock},
    {"tf32", 'b', 16, 16, 8, 1, &AlongKBlock},
    {"f64", 'a', 8, 8, 4, 0, &AlongKBlock},
    {"f64", 'a', 8, 8, 4, 1, &AcrossBlock},
    {"f64", 'b', 8, 8, 4, 0, &AcrossBlock},
    {"f64", 'b', 8, 8, 4, 1, &AlongKBlock},
    // f16 accumulators, every shape and layout: per 8x8 block of memory one
    // 4-byte LDS/STS at (g, 2t) (the lanes' elements exchanged in registers,
    // MOVM, where the fragment holds them otherwise).
    {"f16", 'c', 0, 0, 0, Any, &PairBlock},
    // f32, i32 and f64 accumulators: a lane holds the elements (g, 2t) and
    // (g, 2t + 1) of each 8x8 block of the tile, (2t, g) and (2t + 1, g) in
    // the 8x32 shape; one access of both where they are adjacent in memory,
    // else one per element.
    {"f32", 'c', 8, 32, 16, 0, &SplitBlock},
    {"f32", 'c', 8, 32, 16, 1, &PairBlock},
    {"i32", 'c', 8, 32, 16, 0, &SplitBlock},
    {"i32", 'c', 8, 32, 16, 1, &PairBlock},
    {"f32", 'c', 0, 0, 0, 0, &PairBlock},
    {"f32", 'c', 0, 0, 0, 1, &SplitBlock},
    {"i32", 'c', 0, 0, 0, 0, &PairBlock},
    {"i32", 'c', 0, 0, 0, 1, &SplitBlock},
    {"f64", 'c', 0, 0, 0, 0, &PairBlock},
    {"f64", 'c', 0, 0, 0, 1, &SplitBlock},
};

bool matches(const Row &R, const WmmaKind &K) {
  return R.Type == K.Type && R.Operand == K.Operand && (!R.M || (R.M == K.M && R.N == K.N && R.K == K.K)) &&
         (R.ColMajor == Any || R.ColMajor == int(K.ColMajor));
}
} // namespace

const BlockLayout *wmmaBlockLayout(const WmmaKind &K) {
  for (const Row &R : Rows)
    if (matches(R, K))
      return R.Layout;
  return nullptr;
}

} // namespace bankcheck::bank

//===- WmmaLayouts.cpp - The table of measured wmma fragment layouts ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// Each row was read from harness/forms/wmma_layouts.cu's fragment maps and
/// SASS on an H100, and its wavefronts checked there (docs/validation.md,
/// "wmma fragments beyond f16"); test/cli/test_wmma_measured.py compares
/// bankcheck's count for each of its 51 measure kernels with the measured
/// one. "Along K": the memory rows run along K (matrix_a row-major,
/// matrix_b column-major).
//===----------------------------------------------------------------------===//
#include "BankModel/WmmaLayouts.h"

#include <iterator>

namespace bankcheck::bank {

namespace {
constexpr QuadTerm G{1, 0, 0}, T{0, 1, 0}, T2{0, 2, 0}, T2p1{0, 2, 1};

// bf16 operands, every layout and shape: per 8x8 block (8 memory rows of 16
// bytes) one 4-byte LDS per lane at (g, 2t); the transposed layouts are
// loaded so and rearranged in registers (4 LDS for a 16x16 tile either way).
constexpr LaneAccess Bf16[] = {{4, G, T2}};
// tf32 and f64 operands: one element per lane and block, at (g, t) where
// the memory rows run along K (8 rows x 4 elements), else at (t, g).
constexpr LaneAccess Tf32AlongK[] = {{4, G, T}};
constexpr LaneAccess Tf32Across[] = {{4, T, G}};
constexpr LaneAccess F64AlongK[] = {{8, G, T}};
constexpr LaneAccess F64Across[] = {{8, T, G}};
// f64 accumulators: row-major, 16 bytes at (g, 2t); column-major, 8 bytes
// at (2t, g) and at (2t + 1, g).
constexpr LaneAccess F64AccRow[] = {{16, G, T2}};
constexpr LaneAccess F64AccCol[] = {{8, T2, G}, {8, T2p1, G}};
// f32 accumulators of the 8x32 shape, row-major: per 8x8 block 4 bytes at
// (2t, g) and at (2t + 1, g) (the other shapes hold (g, 2t), Wmma.cpp).
constexpr LaneAccess F32Acc8x32Row[] = {{4, T2, G}, {4, T2p1, G}};

template <std::size_t N> constexpr BlockLayout block(unsigned Rows, unsigned Cols, const LaneAccess (&A)[N]) {
  return {Rows, Cols, A, unsigned(N)};
}
constexpr BlockLayout Bf16Block = block(8, 8, Bf16);
constexpr BlockLayout Tf32AlongKBlock = block(8, 4, Tf32AlongK);
constexpr BlockLayout Tf32AcrossBlock = block(4, 8, Tf32Across);
constexpr BlockLayout F64AlongKBlock = block(8, 4, F64AlongK);
constexpr BlockLayout F64AcrossBlock = block(4, 8, F64Across);
constexpr BlockLayout F64AccRowBlock = block(8, 8, F64AccRow);
constexpr BlockLayout F64AccColBlock = block(8, 8, F64AccCol);
constexpr BlockLayout F32Acc8x32RowBlock = block(8, 8, F32Acc8x32Row);
} // namespace

const BlockLayout *wmmaBlockLayout(const WmmaKind &K) {
  if (K.Operand == 'a' || K.Operand == 'b') {
    if (K.Store)
      return nullptr;
    const bool AlongK = (K.Operand == 'a') != K.ColMajor;
    if (K.Type == "bf16")
      return &Bf16Block;
    if (K.Type == "tf32" && K.M == 16 && K.N == 16 && K.K == 8)
      return AlongK ? &Tf32AlongKBlock : &Tf32AcrossBlock;
    if (K.Type == "f64" && K.M == 8 && K.N == 8 && K.K == 4)
      return AlongK ? &F64AlongKBlock : &F64AcrossBlock;
    return nullptr;
  }
  if (K.Type == "f64" && K.M == 8 && K.N == 8 && K.K == 4)
    return K.ColMajor ? &F64AccColBlock : &F64AccRowBlock;
  if (K.Type == "f32" && K.M == 8 && K.N == 32 && !K.ColMajor)
    return &F32Acc8x32RowBlock;
  return nullptr;
}

} // namespace bankcheck::bank

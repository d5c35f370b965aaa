//===- WmmaLayouts.h - Where a lane's wmma accesses lie (sm_90) -----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The wmma fragments whose shared accesses are LDS/STS, as data: per
/// fragment kind, a block of the tile in memory coordinates (memory rows,
/// elements along a row) repeated over the tile, and the accesses every lane
/// makes in each block, at a memory row and element affine in the lane's
/// group g = lane / 4 and thread t = lane % 4. Read from
/// harness/forms/wmma_layouts.cu on an H100 (fragment maps, SASS, wavefronts;
/// docs/validation.md). No Clang types.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_BANKMODEL_WMMALAYOUTS_H
#define BANKCHECK_BANKMODEL_WMMALAYOUTS_H

#include <string_view>

namespace bankcheck::bank {

/// G * (lane / 4) + T * (lane % 4) + C.
struct QuadTerm {
  int G = 0, T = 0, C = 0;
};

/// One access of a lane in a block: Elements adjacent elements from memory
/// row Row, element Col (its width is Elements times the element's size).
struct LaneAccess {
  unsigned Elements;
  QuadTerm Row, Col;
};

/// What one fragment load or store does: in each BlockRows x BlockCols
/// block of the tile (memory coordinates), the accesses Accesses.
struct BlockLayout {
  unsigned BlockRows, BlockCols;
  const LaneAccess *Accesses;
  unsigned NumAccesses;
};

/// A fragment kind: its element type ("bf16", "tf32", "f64", "f32", "f16",
/// "i32", ...), its use ('a', 'b', 'c'), its shape (M, N, K) and whether its
/// memory layout is column-major. A load and a store of one kind have the
/// same layout.
struct WmmaKind {
  std::string_view Type;
  char Operand;
  unsigned M, N, K;
  bool ColMajor;
};

/// The measured layout of a kind, or null: a kind sm_90 loads with LDSM
/// (f16, s8, u8 and sub-byte operands, Wmma.cpp), or one not measured (a
/// row of the table may say so).
const BlockLayout *wmmaBlockLayout(const WmmaKind &K);

} // namespace bankcheck::bank

#endif

//===- Range.h - Bounds of an Expr over the threads of a block -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Interval bounds of an expression: every value it takes, for every thread
/// of the block and every value of its unknowns, lies in [Lo, Hi]. A side
/// without a bound is open (an unknown without a limit reaches it, or a
/// bound would overflow 64 bits). Used to tell where C's unsigned arithmetic
/// wraps around; the bounds are sound, not tight.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_SYMBOLIC_RANGE_H
#define BANKCHECK_SYMBOLIC_RANGE_H

#include "Symbolic/Expr.h"

#include <cstdint>
#include <optional>
#include <unordered_map>

namespace bankcheck::symbolic {

class SymbolTable;

struct Interval {
  std::optional<std::int64_t> Lo, Hi; ///< nullopt: open on that side
  bool within(std::int64_t L, std::int64_t H) const { return Lo && Hi && *Lo >= L && *Hi <= H; }
  /// True when the lower bound is known and below V.
  bool mayBeBelow(std::int64_t V) const { return Lo && *Lo < V; }
};

/// Bounds of the thread coordinates (the block shape, or what CUDA allows).
struct RangeHints {
  Interval ThreadIdx[3] = {{0, 1023}, {0, 1023}, {0, 63}};
  Interval BlockDim[3] = {{1, 1024}, {1, 1024}, {1, 64}};
};

/// Bounds of trees already asked about, by node, for a caller that asks
/// about many expressions sharing subtrees under one table and one set of
/// hints (a kernel walk builds each index bottom-up and asks at each level).
/// Exact: a subtree's bounds are reused only where computing them again
/// would stay within the depth and node limits, as it did the first time.
class RangeMemo {
public:
  struct Entry {
    Expr Keep;        ///< holds the node, so that its address is not reused
    Interval Bounds;
    unsigned Depth;   ///< deepest node looked at, below this one
    unsigned Nodes;   ///< nodes counted
  };
  std::unordered_map<const void *, Entry> Known;
};

/// The rules rangeOf applies at each node, for callers that hold the
/// operands' bounds in another form (the atoms of Evaluate.cpp):
/// Bounds of `A O B` for operands within A and B; where B's bounds meet, B
/// is that constant (`& M`, `% M`, `>> K`).
Interval binaryBounds(Op O, const Interval &A, const Interval &B);
/// Bounds of one symbol: threadIdx and blockDim from H, blockIdx and gridDim
/// from CUDA's limits, the others from their facts (Min, Max).
Interval symbolBounds(SymbolId Id, const SymbolTable &T, const RangeHints &H);
/// The smallest interval holding A and B (a choice between them).
Interval hull(const Interval &A, const Interval &B);

/// Bounds of E. Other symbols: blockIdx in [0, 2^31 - 1], gridDim in
/// [1, 2^31 - 1], the rest from their facts (Min, Max). With a memo,
/// the same bounds, reusing and adding to it (only for the same T and H).
Interval rangeOf(const Expr &E, const SymbolTable &T, const RangeHints &H, RangeMemo *Memo = nullptr);

} // namespace bankcheck::symbolic

#endif

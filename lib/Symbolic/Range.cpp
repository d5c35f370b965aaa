//===- Range.cpp - Bounds of an Expr over the threads of a block ----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Symbolic/Range.h"
#include "Symbolic/Evaluate.h"
#include "Symbolic/SymbolTable.h"

#include <algorithm>

namespace bankcheck::symbolic {

namespace {
using Bound = std::optional<std::int64_t>;

/// Deeper operands are not looked at, nor more nodes than this in all
/// (shared subtrees count once per use): their bounds are open.
constexpr unsigned MaxRangeDepth = 64;
constexpr unsigned MaxRangeNodes = 4096;

Bound add(Bound A, Bound B) {
  std::int64_t R;
  if (!A || !B || __builtin_add_overflow(*A, *B, &R))
    return std::nullopt;
  return R;
}
Bound sub(Bound A, Bound B) {
  std::int64_t R;
  if (!A || !B || __builtin_sub_overflow(*A, *B, &R))
    return std::nullopt;
  return R;
}
Bound mul(std::int64_t A, Bound B) {
  std::int64_t R;
  if (!B || __builtin_mul_overflow(A, *B, &R))
    return std::nullopt;
  return R;
}

const Interval Open{};
const Interval Bool{0, 1};

bool nonNegative(const Interval &I) { return I.Lo && *I.Lo >= 0; }

Interval scale(const Interval &I, std::int64_t C) {
  if (C >= 0)
    return {mul(C, I.Lo), mul(C, I.Hi)};
  return {mul(C, I.Hi), mul(C, I.Lo)};
}

Interval product(const Interval &A, const Interval &B) {
  if (A.Lo && A.Hi && *A.Lo == *A.Hi)
    return scale(B, *A.Lo);
  if (B.Lo && B.Hi && *B.Lo == *B.Hi)
    return scale(A, *B.Lo);
  if (A.Lo && A.Hi && B.Lo && B.Hi) {
    std::int64_t Lo = INT64_MAX, Hi = INT64_MIN;
    for (std::int64_t X : {*A.Lo, *A.Hi})
      for (std::int64_t Y : {*B.Lo, *B.Hi}) {
        std::int64_t P;
        if (__builtin_mul_overflow(X, Y, &P))
          return Open;
        Lo = std::min(Lo, P);
        Hi = std::max(Hi, P);
      }
    return {Lo, Hi};
  }
  if (nonNegative(A) && nonNegative(B)) {
    Bound Lo = mul(*A.Lo, B.Lo);
    Bound Hi = A.Hi && B.Hi ? mul(*A.Hi, B.Hi) : std::nullopt;
    return {Lo, Hi};
  }
  return Open;
}

/// Smallest 2^k - 1 at least V (V >= 0).
std::int64_t fill(std::int64_t V) {
  std::int64_t M = 0;
  while (M < V)
    M = M * 2 + 1;
  return M;
}

/// One computation of rangeOf: the node count and, with a memo, the deepest
/// node looked at and whether a limit was reached.
struct RangeWalk {
  const SymbolTable &T;
  const RangeHints &H;
  RangeMemo *Memo;
  unsigned Nodes = 0;
  unsigned Deepest = 0;
  bool Limited = false;
};
Interval range(const Expr &E, RangeWalk &W, unsigned Depth);

} // namespace

Interval binaryBounds(Op O, const Interval &A, const Interval &B) {
  std::optional<std::int64_t> C;
  if (B.Lo && B.Hi && *B.Lo == *B.Hi)
    C = *B.Lo;
  switch (O) {
  case Op::Add: return {add(A.Lo, B.Lo), add(A.Hi, B.Hi)};
  case Op::Sub: return {sub(A.Lo, B.Hi), sub(A.Hi, B.Lo)};
  case Op::Mul: return product(A, B);
  case Op::Div:
    if (C && *C > 0)
      return {A.Lo ? Bound(*A.Lo / *C) : std::nullopt, A.Hi ? Bound(*A.Hi / *C) : std::nullopt};
    if (C && *C < 0 && *C != -1)
      return {A.Hi ? Bound(*A.Hi / *C) : std::nullopt, A.Lo ? Bound(*A.Lo / *C) : std::nullopt};
    if (nonNegative(A) && B.Lo && *B.Lo >= 1)
      return {0, A.Hi};
    return Open;
  case Op::Mod: {
    if (C && *C != 0 && *C != INT64_MIN) {
      std::int64_t M = (*C < 0 ? -*C : *C) - 1;
      if (nonNegative(A))
        return {0, A.Hi ? std::min(*A.Hi, M) : M};
      if (A.Hi && *A.Hi <= 0)
        return {-M, 0};
      return {-M, M};
    }
    if (nonNegative(A) && B.Lo && *B.Lo >= 1)
      return {0, B.Hi ? (A.Hi ? std::min(*A.Hi, *B.Hi - 1) : *B.Hi - 1) : A.Hi};
    return Open;
  }
  case Op::And:
    if (nonNegative(A) && nonNegative(B))
      return {0, A.Hi && B.Hi ? Bound(std::min(*A.Hi, *B.Hi)) : (A.Hi ? A.Hi : B.Hi)};
    if (nonNegative(A))
      return {0, A.Hi};
    if (nonNegative(B))
      return {0, B.Hi};
    return Open;
  case Op::Or:
  case Op::Xor:
    if (nonNegative(A) && nonNegative(B))
      return {0, A.Hi && B.Hi ? Bound(fill(std::max(*A.Hi, *B.Hi))) : std::nullopt};
    return Open;
  case Op::Shl:
    if (C && *C >= 0 && *C < 62)
      return scale(A, std::int64_t(1) << *C);
    return Open;
  case Op::Shr:
    if (C && *C >= 0 && *C < 63)
      return {A.Lo ? Bound(*A.Lo >> *C) : std::nullopt, A.Hi ? Bound(*A.Hi >> *C) : std::nullopt};
    if (nonNegative(A))
      return {0, A.Hi};
    return Open;
  case Op::Min:
    return {A.Lo && B.Lo ? Bound(std::min(*A.Lo, *B.Lo)) : std::nullopt,
            A.Hi && B.Hi ? Bound(std::min(*A.Hi, *B.Hi)) : (A.Hi ? A.Hi : B.Hi)};
  case Op::Max:
    return {A.Lo && B.Lo ? Bound(std::max(*A.Lo, *B.Lo)) : (A.Lo ? A.Lo : B.Lo),
            A.Hi && B.Hi ? Bound(std::max(*A.Hi, *B.Hi)) : std::nullopt};
  case Op::Lt: case Op::Le: case Op::Eq: case Op::Ne: case Op::LAnd: case Op::LOr:
    return Bool;
  default:
    return Open;
  }
}

Interval symbolBounds(SymbolId Id, const SymbolTable &T, const RangeHints &H) {
  const Symbol &S = T.get(Id);
  switch (S.Kind) {
  case SymbolKind::ThreadIdx: return H.ThreadIdx[S.Dim % 3];
  case SymbolKind::BlockDim: return H.BlockDim[S.Dim % 3];
  case SymbolKind::BlockIdx: return {0, INT32_MAX};
  case SymbolKind::GridDim: return {1, INT32_MAX};
  default: return {S.Min, S.Max};
  }
}

Interval hull(const Interval &A, const Interval &B) {
  return {A.Lo && B.Lo ? Bound(std::min(*A.Lo, *B.Lo)) : std::nullopt,
          A.Hi && B.Hi ? Bound(std::max(*A.Hi, *B.Hi)) : std::nullopt};
}

namespace {
Interval rangeNode(const Expr &E, RangeWalk &W, unsigned Depth) {
  switch (E.op()) {
  case Op::Const: return {E.constValue(), E.constValue()};
  case Op::Var: return symbolBounds(E.symbol(), W.T, W.H);
  case Op::LNot: return Bool;
  case Op::Apply: { // a function symbol's facts bound its results
    const Symbol &F = W.T.get(E.symbol());
    return {F.Min, F.Max};
  }
  case Op::Select:
    return hull(range(E.operand(1), W, Depth + 1), range(E.operand(2), W, Depth + 1));
  default:
    break;
  }
  if (E.operands().size() != 2)
    return Open;
  Interval A = range(E.operand(0), W, Depth + 1);
  Interval B = range(E.operand(1), W, Depth + 1);
  return binaryBounds(E.op(), A, B);
}

Interval range(const Expr &E, RangeWalk &W, unsigned Depth) {
  if (E.isNull())
    return Open;
  if (Depth > MaxRangeDepth || ++W.Nodes > MaxRangeNodes) {
    W.Limited = true;
    return Open;
  }
  W.Deepest = std::max(W.Deepest, Depth);
  // Leaves and nodes without a memo: computed.
  if (!W.Memo || E.operands().empty())
    return rangeNode(E, W, Depth);
  // This node was counted above; the entry's count includes it.
  if (auto It = W.Memo->Known.find(E.node()); It != W.Memo->Known.end()) {
    const RangeMemo::Entry &M = It->second;
    if (Depth + M.Depth <= MaxRangeDepth && W.Nodes - 1 + M.Nodes <= MaxRangeNodes) {
      W.Nodes += M.Nodes - 1;
      W.Deepest = std::max(W.Deepest, Depth + M.Depth);
      return M.Bounds;
    }
  }
  const unsigned NodesBefore = W.Nodes - 1, DeepestBefore = W.Deepest;
  const bool LimitedBefore = W.Limited;
  W.Deepest = Depth;
  W.Limited = false;
  Interval I = rangeNode(E, W, Depth);
  // Only the trees asked about are kept (a walk asks about each level of an
  // index as it builds it, so the next question finds its operands here).
  if (!W.Limited && Depth == 0)
    W.Memo->Known.insert_or_assign(E.node(), RangeMemo::Entry{E, I, W.Deepest - Depth, W.Nodes - NodesBefore});
  W.Deepest = std::max(W.Deepest, DeepestBefore);
  W.Limited |= LimitedBefore;
  return I;
}
} // namespace

Interval rangeOf(const Expr &E, const SymbolTable &T, const RangeHints &H, RangeMemo *Memo) {
  RangeWalk W{T, H, Memo};
  return range(E, W, 0);
}

} // namespace bankcheck::symbolic

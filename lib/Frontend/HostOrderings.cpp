//===- HostOrderings.cpp - What decided comparisons say of one another ----===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// HostValues::orderedTruth: a decided comparison of a value with a constant
/// bounds the value, and the bounds can decide another comparison of the same
/// value that no key names: under `if (n > 8)`, `n > 3` holds and `n == 4`
/// fails; under `assert(n == 16)`, `n < 32` holds. Only values compared as
/// mathematical integers are read: signed comparisons, and unsigned ones of an
/// unsigned value with a constant that is not negative.
//===----------------------------------------------------------------------===//
#include "Frontend/HostValues.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>

namespace bankcheck::frontend {

using namespace clang;

namespace {

/// `X op C`, with the constant on the right.
struct Comparison {
  const Expr *X;
  BinaryOperatorKind Op;
  std::int64_t C;
};

std::optional<std::int64_t> constantOf(const Expr *E, const ASTContext &Ctx) {
  Expr::EvalResult ER;
  if (E->isValueDependent() || !E->EvaluateAsInt(ER, Ctx) || !ER.Val.isInt() ||
      ER.Val.getInt().getSignificantBits() > 63)
    return std::nullopt;
  return ER.Val.getInt().getExtValue();
}

std::optional<Comparison> comparisonOf(const Expr *E, const ASTContext &Ctx) {
  const auto *B = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!B || !B->isComparisonOp() || !B->getLHS()->getType()->isIntegerType())
    return std::nullopt;
  const Expr *L = B->getLHS()->IgnoreParenImpCasts(), *R = B->getRHS()->IgnoreParenImpCasts();
  BinaryOperatorKind Op = B->getOpcode();
  std::optional<std::int64_t> C = constantOf(R, Ctx);
  if (!C) {
    if (!(C = constantOf(L, Ctx)))
      return std::nullopt;
    std::swap(L, R);
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  if (constantOf(L, Ctx) || !L->getType()->isIntegerType() || L->getType()->isBooleanType())
    return std::nullopt;
  // Compared as unsigned, a signed value or a negative constant wraps.
  if (B->getLHS()->getType()->isUnsignedIntegerType() && (L->getType()->isSignedIntegerType() || *C < 0))
    return std::nullopt;
  return Comparison{L, Op, *C};
}

BinaryOperatorKind negation(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT: return BO_GE;
  case BO_LE: return BO_GT;
  case BO_GT: return BO_LE;
  case BO_GE: return BO_LT;
  case BO_EQ: return BO_NE;
  default: return BO_EQ;
  }
}

llvm::FoldingSetNodeID profileOf(const Expr *E, const ASTContext &Ctx) {
  llvm::FoldingSetNodeID ID;
  E->Profile(ID, Ctx, false);
  return ID;
}

} // namespace

/// The values a comparison's truth leaves: [Lo, Hi] less Out.
struct HostValues::Range {
  std::int64_t Lo = std::numeric_limits<std::int64_t>::min(), Hi = std::numeric_limits<std::int64_t>::max();
  std::vector<std::int64_t> Out;
  bool has(std::int64_t V) const {
    return V >= Lo && V <= Hi && std::find(Out.begin(), Out.end(), V) == Out.end();
  }
  bool empty() const {
    if (Lo > Hi)
      return true;
    if (std::uint64_t(Hi) - std::uint64_t(Lo) >= Out.size())
      return false; // more values than Out takes away
    for (std::int64_t V = Lo;; ++V)
      if (has(V) || V == Hi)
        return !has(V);
  }
  void keep(BinaryOperatorKind Op, std::int64_t C) {
    switch (Op) {
    case BO_LT:
      if (C == std::numeric_limits<std::int64_t>::min())
        Lo = 1, Hi = 0;
      else
        Hi = std::min(Hi, C - 1);
      break;
    case BO_LE: Hi = std::min(Hi, C); break;
    case BO_GT:
      if (C == std::numeric_limits<std::int64_t>::max())
        Lo = 1, Hi = 0;
      else
        Lo = std::max(Lo, C + 1);
      break;
    case BO_GE: Lo = std::max(Lo, C); break;
    case BO_EQ: Lo = std::max(Lo, C), Hi = std::min(Hi, C); break;
    case BO_NE: Out.push_back(C); break;
    default: break;
    }
  }
};

/// The values the decided comparisons of X with constants leave it (none:
/// no decided comparison of X).
std::optional<HostValues::Range> HostValues::decidedRange(const Expr *X) {
  if (Decided.empty())
    return std::nullopt;
  const llvm::FoldingSetNodeID QValue = profileOf(X, Ctx);
  Range Known;
  bool Any = false;
  for (const auto &[Key, Holds] : Decided) {
    auto It = KeyExprs.find(Key);
    if (It == KeyExprs.end())
      continue;
    auto [Cached, New] = KeyComparisons.try_emplace(It->second.first);
    if (New)
      if (std::optional<Comparison> F = comparisonOf(It->second.first, Ctx))
        Cached->second = KeyComparison{profileOf(F->X, Ctx), F->Op, F->C};
    const std::optional<KeyComparison> &F = Cached->second;
    if (!F || F->Value != QValue)
      continue;
    bool WrittenHolds = Holds != It->second.second;
    Known.keep(WrittenHolds ? F->Op : negation(F->Op), F->C);
    Any = true;
  }
  return Any ? std::optional<Range>(std::move(Known)) : std::nullopt;
}

std::optional<std::int64_t> HostValues::decidedValue(const Expr *X) {
  std::optional<Range> Known = decidedRange(X->IgnoreParenImpCasts());
  if (!Known || Known->empty() || Known->Lo != Known->Hi)
    return std::nullopt;
  return Known->Lo;
}

HostValues::Truth HostValues::orderedTruth(const Expr *E) {
  std::optional<Comparison> Q = comparisonOf(E, Ctx);
  if (!Q)
    return Truth::Unknown;
  std::optional<Range> Found = decidedRange(Q->X);
  if (!Found || Found->empty())
    return Truth::Unknown;
  const Range &Known = *Found;
  Range Yes = Known, No = Known;
  Yes.keep(Q->Op, Q->C);
  No.keep(negation(Q->Op), Q->C);
  if (Yes.empty() != No.empty())
    return Yes.empty() ? Truth::False : Truth::True;
  return Truth::Unknown;
}

} // namespace bankcheck::frontend

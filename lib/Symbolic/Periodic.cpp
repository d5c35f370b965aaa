//===- Periodic.cpp - Symbols an expression sees only modulo a constant ---===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Symbolic/Periodic.h"
#include "Symbolic/SymbolTable.h"

#include <numeric>

namespace bankcheck::symbolic {

namespace {
bool mentions(const Expr &E, SymbolId X) {
  bool Found = false;
  forEachSymbol(E, [&](SymbolId Id) { Found |= Id == X; });
  return Found;
}

/// The coefficient c when E = c*X + (terms without X); nullopt otherwise.
std::optional<std::int64_t> coefficient(const Expr &E, SymbolId X) {
  if (!mentions(E, X))
    return 0;
  if (E.isVar())
    return 1;
  switch (E.op()) {
  case Op::Add:
  case Op::Sub: {
    auto L = coefficient(E.operand(0), X), R = coefficient(E.operand(1), X);
    if (!L || !R)
      return std::nullopt;
    std::int64_t V;
    if (E.op() == Op::Add ? __builtin_add_overflow(*L, *R, &V) : __builtin_sub_overflow(*L, *R, &V))
      return std::nullopt;
    return V;
  }
  case Op::Mul: {
    const Expr &A = E.operand(0), &B = E.operand(1);
    std::int64_t V;
    if (A.isConst())
      if (auto C = coefficient(B, X))
        return __builtin_mul_overflow(A.constValue(), *C, &V) ? std::nullopt : std::optional<std::int64_t>(V);
    if (B.isConst())
      if (auto C = coefficient(A, X))
        return __builtin_mul_overflow(B.constValue(), *C, &V) ? std::nullopt : std::optional<std::int64_t>(V);
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

/// Accumulates in P the period of E in X; false when X appears otherwise.
bool walk(const Expr &E, SymbolId X, const SymbolTable &T, const RangeHints &H, std::int64_t Limit,
          std::int64_t &P) {
  if (E.isNull() || !mentions(E, X))
    return true;
  if (E.isVar())
    return false; // X itself, outside a modulus
  if (E.op() == Op::Mod || E.op() == Op::And) {
    const Expr &L = E.operand(0), &R = E.operand(1);
    std::int64_t M = 0;
    if (R.isConst()) {
      std::int64_t C = R.constValue();
      // Periods past Limit are refused before any arithmetic on them.
      if (E.op() == Op::Mod && C > 0 && C <= Limit && rangeOf(L, T, H).Lo.value_or(-1) >= 0)
        M = C; // (v + c*m) % m == v % m for v >= 0
      if (E.op() == Op::And && C >= 0 && C < Limit && (C & (C + 1)) == 0)
        M = C + 1; // low bits of a two's complement sum: any sign
    }
    if (M > 0 && coefficient(L, X)) {
      P = std::lcm(P, M);
      return P <= Limit;
    }
  }
  for (const Expr &O : E.operands())
    if (!walk(O, X, T, H, Limit, P))
      return false;
  return true;
}
} // namespace

std::optional<std::int64_t> periodIn(const Expr &E, SymbolId X, const SymbolTable &T, const RangeHints &H,
                                     std::int64_t Limit) {
  std::int64_t P = 1;
  if (!walk(E, X, T, H, Limit, P))
    return std::nullopt;
  return P;
}

} // namespace bankcheck::symbolic

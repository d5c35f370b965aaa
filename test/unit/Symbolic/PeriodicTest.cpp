//===- PeriodicTest.cpp - Periods of expressions in one symbol ------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Symbolic/Evaluate.h"
#include "Symbolic/Periodic.h"
#include "Symbolic/SymbolTable.h"

#include <catch2/catch.hpp>

using namespace bankcheck::symbolic;

namespace {
Expr tx() { return Expr::var(SymbolTable::threadIdx(0)); }
Expr c(std::int64_t V) { return Expr::constant(V); }
SymbolId counter(SymbolTable &T, std::optional<std::int64_t> Min = 0) {
  Symbol S;
  S.Name = "k";
  S.Kind = SymbolKind::Uniform;
  S.Min = Min;
  return T.add(S);
}
} // namespace

TEST_CASE("a stage index k % 4 makes the address periodic in k", "[symbolic][periodic]") {
  SymbolTable T;
  SymbolId K = counter(T);
  Expr k = Expr::var(K);
  RangeHints H;
  // stage buffer (k + 3) % 4 of 8192 bytes, plus a lane's column
  Expr Addr = Expr::binary(Op::Mod, k + 3, c(4)) * 8192 + tx() * 16;
  REQUIRE(periodIn(Addr, K, T, H) == 4);
  // and the period is right: every value repeats
  for (std::int64_t V = 0; V < 12; ++V) {
    Env A, B;
    A.bind(K, V);
    B.bind(K, V + 4);
    A.bind(SymbolTable::threadIdx(0), 5);
    B.bind(SymbolTable::threadIdx(0), 5);
    CHECK(evaluate(Addr, A) == evaluate(Addr, B));
  }
  // k & 1 (ping-pong) and k % 3 together: lcm 6
  Expr Two = Expr::binary(Op::And, k * 5, c(1)) * 4096 + Expr::binary(Op::Mod, k * 2 + tx(), c(3)) * 16;
  CHECK(periodIn(Two, K, T, H) == 6);
  // an expression without k: period 1
  CHECK(periodIn(tx() * 4, K, T, H) == 1);
}

TEST_CASE("no period when the symbol appears outside a modulus", "[symbolic][periodic]") {
  SymbolTable T;
  SymbolId K = counter(T);
  Expr k = Expr::var(K);
  RangeHints H;
  CHECK_FALSE(periodIn(k * 4 + Expr::binary(Op::Mod, k, c(4)), K, T, H));
  CHECK_FALSE(periodIn(Expr::binary(Op::Mod, k * k, c(4)), K, T, H)); // not linear in k
  CHECK_FALSE(periodIn(Expr::binary(Op::Mod, k, Expr::var(counter(T))), K, T, H)); // modulus not constant
  CHECK_FALSE(periodIn(Expr::binary(Op::And, k, c(6)), K, T, H)); // not a low-bit mask
  // C's % keeps the sign: a possibly negative operand has no period
  SymbolId S = counter(T, std::nullopt);
  CHECK_FALSE(periodIn(Expr::binary(Op::Mod, Expr::var(S), c(4)), S, T, H));
  // ... but & of low bits does
  CHECK(periodIn(Expr::binary(Op::And, Expr::var(S), c(3)), S, T, H) == 4);
  // beyond the limit, and never an overflow on the way (a fuzzer's input)
  CHECK_FALSE(periodIn(Expr::binary(Op::Mod, k, c(100000)), K, T, H, 4096));
  CHECK_FALSE(periodIn(Expr::binary(Op::And, k, c(INT64_MAX)), K, T, H, 4096));
  CHECK_FALSE(periodIn(Expr::binary(Op::Mod, k, c(INT64_MAX)), K, T, H, 4096));
  CHECK_FALSE(periodIn(Expr::binary(Op::Mod, k * INT64_MAX * 4, c(8)), K, T, H, 4096));
}

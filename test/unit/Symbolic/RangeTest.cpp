//===- RangeTest.cpp - Bounds of symbolic expressions ---------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Symbolic/Evaluate.h"
#include "Symbolic/Range.h"
#include "Symbolic/SymbolTable.h"

#include <catch2/catch.hpp>

#include <random>

using namespace bankcheck::symbolic;

namespace {
Expr tx() { return Expr::var(SymbolTable::threadIdx(0)); }
Expr bdx() { return Expr::var(SymbolTable::blockDim(0)); }
Expr c(std::int64_t V) { return Expr::constant(V); }

/// threadIdx in [0, 31], blockDim in [32, 32] (a 32-thread block).
RangeHints warp() {
  RangeHints H;
  for (unsigned D = 0; D < 3; ++D) {
    H.ThreadIdx[D] = {0, D ? 0 : 31};
    H.BlockDim[D] = {D ? 1 : 32, D ? 1 : 32};
  }
  return H;
}

SymbolId uniform(SymbolTable &T, std::optional<std::int64_t> Min) {
  Symbol S;
  S.Name = "n";
  S.Kind = SymbolKind::Uniform;
  S.Min = Min;
  return T.add(S);
}
} // namespace

TEST_CASE("thread coordinates and constants are bounded by the block shape", "[symbolic][range]") {
  SymbolTable T;
  Interval I = rangeOf(tx() * 33 + c(5), T, warp());
  CHECK(I.Lo == 5);
  CHECK(I.Hi == 31 * 33 + 5);
}

TEST_CASE("a subtraction below zero is seen from the bounds", "[symbolic][range]") {
  SymbolTable T;
  Interval I = rangeOf(tx() - c(1), T, warp());
  CHECK(I.Lo == -1);
  CHECK(I.Hi == 30);
  CHECK_FALSE(I.within(0, 31));
  CHECK(rangeOf(tx() - c(1), T, warp()).mayBeBelow(0));
}

TEST_CASE("a value that depends on an unknown without bound has an open side", "[symbolic][range]") {
  SymbolTable T;
  Expr N = Expr::var(uniform(T, 0));
  Interval I = rangeOf(tx() + N * 32, T, warp());
  CHECK(I.Lo == 0);
  CHECK_FALSE(I.Hi);
  Interval J = rangeOf(tx() - N, T, warp());
  CHECK_FALSE(J.Lo);
  CHECK(J.Hi == 31);
}

TEST_CASE("remainder, division, masks and shifts narrow the bounds", "[symbolic][range]") {
  SymbolTable T;
  Expr N = Expr::var(uniform(T, std::nullopt));
  CHECK(rangeOf((tx() + N * 7) % c(32), T, warp()).Lo == -31);
  CHECK(rangeOf((tx() + c(3)) % c(32), T, warp()).within(0, 31));
  CHECK(rangeOf(N & c(15), T, warp()).within(0, 15));
  CHECK(rangeOf(tx() / c(8), T, warp()).within(0, 3));
  CHECK(rangeOf(tx() >> c(2), T, warp()).within(0, 7));
  CHECK(rangeOf(tx() << c(4), T, warp()).within(0, 31 * 16));
  CHECK(rangeOf(tx() ^ c(5), T, warp()).within(0, 31));
  // Non-negative operands without an upper bound: still non-negative.
  Expr M = Expr::var(uniform(T, 0));
  CHECK(rangeOf(M ^ c(2), T, warp()).Lo == 0);
  CHECK_FALSE(rangeOf(M | tx(), T, warp()).Hi);
  CHECK_FALSE(rangeOf(N ^ c(2), T, warp()).Lo);
  CHECK(rangeOf(Expr::binary(Op::Lt, tx(), N), T, warp()).within(0, 1));
  CHECK(rangeOf(Expr::select(Expr::binary(Op::Lt, tx(), c(4)), c(-3), tx()), T, warp()).Lo == -3);
}

TEST_CASE("the bounds hold for every thread of the block (property)", "[symbolic][range]") {
  SymbolTable T;
  std::vector<Expr> Cases = {tx() - c(1),          (tx() - c(17)) * c(3),     c(5) - tx() * 2,
                             (tx() * 5) % c(7),    tx() * tx() - c(100),      (c(0) - tx()) / c(4),
                             bdx() - tx() - c(1),  Expr::binary(Op::Min, tx(), c(9)) - c(4)};
  for (const Expr &E : Cases) {
    Interval I = rangeOf(E, T, warp());
    for (std::int64_t X = 0; X < 32; ++X) {
      Env Env;
      Env.bind(SymbolTable::threadIdx(0), X);
      Env.bind(SymbolTable::threadIdx(1), 0);
      Env.bind(SymbolTable::threadIdx(2), 0);
      Env.bind(SymbolTable::blockDim(0), 32);
      std::optional<std::int64_t> V = evaluate(E, Env);
      REQUIRE(V);
      if (I.Lo)
        CHECK(*V >= *I.Lo);
      if (I.Hi)
        CHECK(*V <= *I.Hi);
    }
  }
}

TEST_CASE("products that overflow 64 bits have open bounds, never wrong ones", "[symbolic][range]") {
  SymbolTable T;
  Interval I = rangeOf(tx() * c(INT64_MAX / 2), T, warp());
  CHECK(I.Lo == 0);
  CHECK_FALSE(I.Hi);
}

TEST_CASE("bounds of a deeply shared expression are found in bounded time", "[symbolic][range]") {
  // x = c ? x + 1 : x, sixty times: a small graph, a huge tree.
  SymbolTable T;
  Expr X = c(0);
  for (int I = 0; I < 60; ++I)
    X = Expr::select(Expr::binary(Op::Lt, tx(), c(I % 32)), X + c(1), X);
  Interval R = rangeOf(X, T, warp());
  if (R.Lo)
    CHECK(*R.Lo <= 0);
  if (R.Hi)
    CHECK(*R.Hi >= 60);
}

TEST_CASE("bounds through a memo are those computed afresh, limits included", "[symbolic][range]") {
  // Expressions built bottom-up as a walk builds them, each asked for with
  // and without one memo: shared subtrees, deep chains (past the depth limit
  // when asked inside a deeper tree) and large shared graphs (past the node
  // limit).
  SymbolTable T;
  SymbolId N = uniform(T, 0);
  std::mt19937_64 R(11);
  RangeMemo Memo;
  unsigned Asked = 0;
  for (int Round = 0; Round < 40; ++Round) {
    std::vector<Expr> Pool = {tx(), bdx(), Expr::var(N), c(3), c(-2), c(32)};
    for (int Step = 0; Step < 120; ++Step) {
      const Expr &A = Pool[R() % Pool.size()];
      const Expr &B = Pool[R() % Pool.size()];
      static const Op Ops[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Mod, Op::And, Op::Shl, Op::Min, Op::Lt};
      Expr E = R() % 9 == 0 ? Expr::select(Expr::binary(Op::Lt, A, B), A, B) : Expr::binary(Ops[R() % 9], A, B);
      // Now and then a long chain, so that later trees exceed the depth limit.
      if (R() % 10 == 0)
        for (int K = 0; K < 40; ++K)
          E = E + Expr::var(N);
      Pool.push_back(E);
      Interval Fresh = rangeOf(E, T, warp());
      Interval Memoized = rangeOf(E, T, warp(), &Memo);
      INFO(print(E, T));
      REQUIRE(Fresh.Lo == Memoized.Lo);
      REQUIRE(Fresh.Hi == Memoized.Hi);
      ++Asked;
    }
  }
  CHECK(Asked == 4800);
  CHECK(Memo.Known.size() > 1000); // the trees asked about
}

TEST_CASE("a symbol's upper bound and a function's result bounds are ranges", "[symbolic][range]") {
  SymbolTable T;
  auto Add = [&](const char *Name, SymbolKind K, std::optional<std::int64_t> Min, std::optional<std::int64_t> Max) {
    Symbol S;
    S.Name = Name;
    S.Kind = K;
    S.Min = Min;
    S.Max = Max;
    return T.add(S);
  };
  SymbolId M = Add("m", SymbolKind::Uniform, 0, 3);
  Interval I = rangeOf(Expr::var(M) * 32 + tx(), T, warp());
  CHECK(I.Lo == 0);
  CHECK(I.Hi == 3 * 32 + 31);
  // A load of a bool: its function symbol's facts bound every value it gives.
  SymbolId L = Add("load", SymbolKind::Function, 0, 1);
  Interval J = rangeOf(Expr::apply(L, c(0)) * 33, T, warp());
  CHECK(J.Lo == 0);
  CHECK(J.Hi == 33);
  // Without facts a result is open.
  SymbolId U = Add("load", SymbolKind::Function, std::nullopt, std::nullopt);
  CHECK_FALSE(rangeOf(Expr::apply(U, c(0)), T, warp()).Hi);
}

TEST_CASE("each operation's rule holds for every pair of operands in their bounds (property)",
          "[symbolic][range]") {
  // The atoms of Evaluate.cpp take these bounds for every value the analysis
  // enumerates: a bound that misses one operand pair would hide a conflict.
  const Op Ops[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Mod, Op::And, Op::Or,  Op::Xor,
                    Op::Shl, Op::Shr, Op::Min, Op::Max, Op::Lt,  Op::Le,  Op::Eq,  Op::Ne};
  std::mt19937 Rng(7);
  std::uniform_int_distribution<std::int64_t> Pick(-40, 40);
  for (int Round = 0; Round < 400; ++Round) {
    std::int64_t A0 = Pick(Rng), A1 = Pick(Rng), B0 = Pick(Rng), B1 = Pick(Rng);
    if (A0 > A1) std::swap(A0, A1);
    if (B0 > B1) std::swap(B0, B1);
    if (Round % 4 == 0) B1 = B0; // a constant right operand
    if (Round % 4 == 1) { A0 = std::abs(A0); A1 = std::max(A0, std::abs(A1)); } // >= 0
    const Interval A{A0, A1}, B{B0, B1};
    for (Op O : Ops) {
      Interval I = binaryBounds(O, A, B);
      for (std::int64_t X = A0; X <= A1; ++X)
        for (std::int64_t Y = B0; Y <= B1; ++Y) {
          std::optional<std::int64_t> V = applyBinary(O, X, Y);
          if (!V)
            continue; // division by zero, a negative shift: no value
          INFO("op " << int(O) << " on [" << A0 << ", " << A1 << "] and [" << B0 << ", " << B1 << "]: "
                     << X << ", " << Y << " -> " << *V);
          if (I.Lo)
            CHECK(*V >= *I.Lo);
          if (I.Hi)
            CHECK(*V <= *I.Hi);
        }
    }
  }
}

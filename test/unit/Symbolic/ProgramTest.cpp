//===- ProgramTest.cpp - Flattened evaluation equals the tree walk --------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Symbolic/Program.h"
#include "Symbolic/SymbolTable.h"

#include <catch2/catch.hpp>

#include <array>
#include <random>

using namespace bankcheck::symbolic;

namespace {
Expr c(std::int64_t V) { return Expr::constant(V); }
Expr v(unsigned I) { return Expr::var(SymbolTable::threadIdx(I % 3)); }

/// A random expression over three symbols, with every operator, selects,
/// unknown functions and operands that overflow, divide by zero or shift out.
Expr randomExpr(std::mt19937_64 &R, unsigned Depth) {
  std::uniform_int_distribution<int> Kind(0, Depth == 0 ? 1 : 5);
  static const std::int64_t Consts[] = {0, 1, -1, 2, 3, 7, 31, 32, 63, 64, -5, INT64_MAX, INT64_MIN};
  switch (Kind(R)) {
  case 0:
    return c(Consts[R() % (sizeof(Consts) / sizeof(*Consts))]);
  case 1:
    return v(R() % 3);
  case 2:
    return Expr::select(randomExpr(R, Depth - 1), randomExpr(R, Depth - 1), randomExpr(R, Depth - 1));
  case 3:
    return R() % 4 ? Expr::lnot(randomExpr(R, Depth - 1)) : Expr::apply(SymbolTable::threadIdx(0), randomExpr(R, Depth - 1));
  default: {
    static const Op Ops[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Mod, Op::And, Op::Or,  Op::Xor, Op::Shl,
                             Op::Shr, Op::Min, Op::Max, Op::Lt,  Op::Le,  Op::Eq,  Op::Ne,  Op::LAnd, Op::LOr};
    return Expr::binary(Ops[R() % (sizeof(Ops) / sizeof(*Ops))], randomExpr(R, Depth - 1), randomExpr(R, Depth - 1));
  }
  }
}
} // namespace

TEST_CASE("a flattened program gives the tree walk's value and failure on random expressions", "[symbolic]") {
  std::mt19937_64 R(20261202);
  unsigned Flattened = 0, Values = 0, Failures = 0;
  for (int N = 0; N < 4000; ++N) {
    Expr E = randomExpr(R, 1 + N % 7);
    Program P(E);
    Flattened += P.flattened();
    for (int K = 0; K < 4; ++K) {
      Env B;
      // Leave a symbol unbound now and then.
      for (unsigned I = 0; I < 3; ++I)
        if (K != 3 || I != 2)
          B.bind(SymbolTable::threadIdx(I), std::int64_t(R() % 70) - 5);
      EvalFailure W1 = EvalFailure::TooDeep, W2 = EvalFailure::TooDeep;
      auto A = evaluate(E, B, &W1);
      auto Got = P.run(B, &W2);
      REQUIRE(A.has_value() == Got.has_value());
      if (A) {
        REQUIRE(*A == *Got);
        ++Values;
      } else {
        ++Failures;
      }
      REQUIRE(W1 == W2);
    }
  }
  CHECK(Flattened == 4000);
  CHECK(Values > 1000);
  CHECK(Failures > 1000);
}

TEST_CASE("only the chosen operand of a select runs", "[symbolic]") {
  Env B;
  B.bind(SymbolTable::threadIdx(0), 0);
  Expr E = Expr::select(v(0), c(1) / v(0), c(5)); // the division by zero is not taken
  Program P(E);
  EvalFailure W;
  auto V = P.run(B, &W);
  REQUIRE(V);
  CHECK(*V == 5);
  CHECK(W == EvalFailure::None);
  B.bind(SymbolTable::threadIdx(0), 1);
  CHECK(*P.run(B) == 1);
}

TEST_CASE("a constant right operand is applied in place, with the tree walk's failures", "[symbolic]") {
  Env B;
  B.bind(SymbolTable::threadIdx(0), 6);
  B.bind(SymbolTable::threadIdx(1), 0);
  const struct {
    Expr E;
    std::optional<std::int64_t> Value;
    EvalFailure Why;
  } Cases[] = {
      {(v(0) * c(4)) + c(3), 27, EvalFailure::None},
      {Expr::binary(Op::Div, v(0), c(0)), std::nullopt, EvalFailure::DivByZero},
      {Expr::binary(Op::Shl, v(0), c(64)), std::nullopt, EvalFailure::BadShift},
      {Expr::binary(Op::Mul, v(0), c(INT64_MAX)), std::nullopt, EvalFailure::Overflow},
      // The left operand fails first.
      {Expr::binary(Op::Div, c(1) / v(1), c(0)), std::nullopt, EvalFailure::DivByZero},
      {Expr::binary(Op::Add, Expr::var(40), c(1)), std::nullopt, EvalFailure::Unbound},
  };
  for (const auto &C : Cases) {
    Program P(C.E);
    EvalFailure W = EvalFailure::None, T = EvalFailure::None;
    CHECK(P.run(B, &W) == C.Value);
    CHECK(W == C.Why);
    CHECK(evaluate(C.E, B, &T) == C.Value);
    CHECK(T == C.Why);
    std::array<const Env *, 2> Envs{&B, &B};
    std::array<std::optional<std::int64_t>, 2> Out;
    std::array<EvalFailure, 2> Why{};
    P.runLanes(Envs.data(), 2, Out.data(), Why.data());
    CHECK(Out[1] == C.Value);
    CHECK(Why[1] == C.Why);
  }
}

TEST_CASE("trees too deep or too large keep the tree walk with its answers", "[symbolic]") {
  Expr Deep = v(0);
  for (unsigned I = 0; I < MaxEvalDepth + 5; ++I)
    Deep = Expr::binary(Op::Xor, Deep, v(1));
  Program P(Deep);
  CHECK_FALSE(P.flattened());
  Env B;
  B.bind(SymbolTable::threadIdx(0), 1);
  B.bind(SymbolTable::threadIdx(1), 2);
  EvalFailure W;
  CHECK_FALSE(P.run(B, &W));
  CHECK(W == EvalFailure::TooDeep);
  // A shared subtree used twice per level doubles per level: 2^20 leaves.
  Expr Wide = v(0);
  for (unsigned I = 0; I < 20; ++I)
    Wide = Expr::binary(Op::Xor, Wide, Wide + v(1));
  Program Q(Wide);
  CHECK_FALSE(Q.flattened());
  Program Null{Expr()};
  CHECK_FALSE(Null.run(B, &W));
  CHECK(W == EvalFailure::Unbound);
}

TEST_CASE("a program run over a warp's environments at once gives each lane's run", "[symbolic]") {
  std::mt19937_64 R(20261203);
  unsigned Values = 0, Failures = 0;
  for (int N = 0; N < 3000; ++N) {
    Expr E = randomExpr(R, 1 + N % 7);
    Program P(E);
    std::array<Env, Program::MaxLanes> Envs;
    std::array<const Env *, Program::MaxLanes> Ptrs{};
    for (unsigned L = 0; L < Program::MaxLanes; ++L) {
      if (R() % 8 == 0)
        continue; // an inactive lane: left alone
      for (unsigned I = 0; I < 3; ++I)
        if (R() % 16 != 0) // now and then a symbol unbound in one lane only
          Envs[L].bind(SymbolTable::threadIdx(I), std::int64_t(R() % 70) - 5);
      Ptrs[L] = &Envs[L];
    }
    std::array<std::optional<std::int64_t>, Program::MaxLanes> Out;
    std::array<EvalFailure, Program::MaxLanes> Why;
    Out.fill(std::int64_t(-12345));
    Why.fill(EvalFailure::TooDeep);
    P.runLanes(Ptrs.data(), Program::MaxLanes, Out.data(), Why.data());
    for (unsigned L = 0; L < Program::MaxLanes; ++L) {
      if (!Ptrs[L]) {
        REQUIRE(Out[L] == std::optional<std::int64_t>(-12345));
        REQUIRE(Why[L] == EvalFailure::TooDeep);
        continue;
      }
      EvalFailure W = EvalFailure::TooDeep;
      auto Want = P.run(Envs[L], &W);
      REQUIRE(Want == Out[L]);
      REQUIRE(W == Why[L]);
      (Want ? Values : Failures)++;
    }
  }
  CHECK(Values > 10000);
  CHECK(Failures > 10000);
}

//===- ThreadAffineTest.cpp - Per-thread coefficients equal the program ---===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "BankModel/Analyzer.h"
#include "BankModel/ThreadAffine.h"
#include "Symbolic/Program.h"
#include "Symbolic/SymbolTable.h"

#include <catch2/catch.hpp>

#include <random>

using namespace bankcheck;
using namespace bankcheck::symbolic;

namespace {
Expr c(std::int64_t V) { return Expr::constant(V); }

/// Index-like expressions: mostly affine in threadIdx (sums, products and
/// shifts by constants or blockDim), with comparisons and logic for guards,
/// `/`, `%`, `&`, `>>` by constants (compiled as steps), and now and then
/// what the compiled form must refuse (^, min, select, products of two
/// thread terms, an unbound symbol) or what makes the program fail
/// (overflow, shifts of negative values).
Expr randomIndex(std::mt19937_64 &R, unsigned Depth, SymbolId Unbound) {
  static const std::int64_t Consts[] = {0, 1, -1, 2, 3, 4, 8, 16, 17, 32, 33, 64, 132, -5,
                                        INT64_MAX / 4, INT64_MIN / 2, 1 << 20};
  unsigned K = Depth == 0 ? R() % 3 : R() % 12;
  // Operands drawn in sequence: the order of evaluation of an operator's
  // operands is unspecified, and compilers differ.
  auto Sub = [&] { return randomIndex(R, Depth - 1, Unbound); };
  switch (K) {
  case 0:
    return c(Consts[R() % (sizeof(Consts) / sizeof(*Consts))]);
  case 1:
    return Expr::var(SymbolTable::threadIdx(R() % 3));
  case 2:
    return R() % 8 ? Expr::var(SymbolTable::blockDim(R() % 3)) : Expr::var(Unbound);
  case 3:
  case 4: {
    Expr L = Sub();
    return L + Sub();
  }
  case 5: {
    Expr L = Sub();
    return L - Sub();
  }
  case 6:
  case 7: {
    Expr L = Sub();
    return L * Sub();
  }
  case 8: {
    Expr L = Sub();
    return L << c(R() % 5);
  }
  case 9: {
    static const Op Cmp[] = {Op::Lt, Op::Le, Op::Eq, Op::Ne, Op::LAnd, Op::LOr};
    Op O = Cmp[R() % 6];
    Expr L = Sub();
    return Expr::binary(O, L, Sub());
  }
  case 10:
    return Expr::lnot(Sub());
  default: {
    static const Op Other[] = {Op::Div, Op::Mod, Op::And, Op::Xor, Op::Min, Op::Shr};
    if (R() % 5 == 0) {
      Expr C = Sub(), T = Sub();
      return Expr::select(C, T, Sub());
    }
    Op O = Other[R() % 6];
    Expr L = Sub();
    return Expr::binary(O, L, c(1 + R() % 33));
  }
  }
}

/// A uniform symbol that no environment binds.
SymbolId uniformSymbol(SymbolTable &T) {
  Symbol N;
  N.Name = "n";
  N.Kind = SymbolKind::Uniform;
  return T.add(N);
}

bank::BlockShape randomShape(std::mt19937_64 &R) {
  static const unsigned Xs[] = {1, 2, 3, 8, 16, 32, 48, 64, 96, 128, 256};
  static const unsigned Ys[] = {1, 1, 2, 3, 4, 8, 16};
  bank::BlockShape S{Xs[R() % 11], Ys[R() % 7], 1 + unsigned(R() % 3)};
  while (S.threads() > 1024)
    S.Y = 1;
  return S;
}
} // namespace

TEST_CASE("a compiled thread-affine expression gives the program's value on every thread", "[analysis][affine]") {
  std::mt19937_64 R(20261202);
  SymbolTable T;
  SymbolId Unbound = uniformSymbol(T);
  unsigned Compiled = 0, Refused = 0, TruthDecided = 0, Computed = 0;
  for (int I = 0; I < 3000; ++I) {
    Expr E = randomIndex(R, 1 + I % 5, Unbound);
    if (I % 3 == 0) {
      // A warp's and a lane's part, as kernels split a thread id.
      static const std::int64_t Ds[] = {32, 16, 8, 3, -4, 1};
      Expr D = c(Ds[R() % 6]);
      E = R() % 2 ? (E / D) * c(std::int64_t(R() % 200)) + (E % D) * c(4) : Expr::binary(Op::Lt, E / D, c(2));
    }
    bank::BlockShape S = randomShape(R);
    Env B;
    B.bind(SymbolTable::blockDim(0), S.X);
    B.bind(SymbolTable::blockDim(1), S.Y);
    B.bind(SymbolTable::blockDim(2), S.Z);
    std::optional<bank::ThreadAffine> A = bank::ThreadAffine::compile(E, S, B);
    if (!A) {
      ++Refused;
      continue;
    }
    ++Compiled;
    Computed += A->computes();
    Program P(E);
    for (unsigned Th = 0; Th < S.threads(); ++Th) {
      unsigned X = Th % S.X, Y = (Th / S.X) % S.Y, Z = Th / (S.X * S.Y);
      Env L = B;
      L.bind(SymbolTable::threadIdx(0), X);
      L.bind(SymbolTable::threadIdx(1), Y);
      L.bind(SymbolTable::threadIdx(2), Z);
      std::optional<std::int64_t> V = P.run(L);
      INFO(print(E, T) << " at (" << X << ", " << Y << ", " << Z << ")");
      REQUIRE(V.has_value()); // compile promises that the program never fails
      REQUIRE(*V == A->value(X, Y, Z));
    }
    // The warp-wide evaluation gives value() on each lane asked for.
    for (unsigned W = 0; W < S.warps(); ++W) {
      bank::WarpThreads Th = bank::WarpThreads::of(S, W);
      std::uint32_t Ask = Th.Present & std::uint32_t(R());
      std::array<std::int64_t, bank::WarpSize> Out;
      Out.fill(-7);
      A->warpValues(Th, Ask, Out.data());
      for (unsigned L = 0; L < bank::WarpSize; ++L) {
        unsigned Id = W * bank::WarpSize + L;
        REQUIRE(bool(Th.Present >> L & 1) == (Id < S.threads()));
        if (Ask >> L & 1)
          REQUIRE(Out[L] == A->value(Th.X[L], Th.Y[L], Th.Z[L]));
        else
          REQUIRE(Out[L] == -7);
      }
      // As a condition: where the lanes' box decides it, every lane agrees.
      bank::ThreadAffine::Truth U = A->truthOver(Th);
      if (U != bank::ThreadAffine::Truth::Mixed)
        ++TruthDecided;
      for (unsigned L = 0; L < bank::WarpSize; ++L)
        if (Th.Present >> L & 1) {
          if (U == bank::ThreadAffine::Truth::Always)
            REQUIRE(A->value(Th.X[L], Th.Y[L], Th.Z[L]) != 0);
          if (U == bank::ThreadAffine::Truth::Never)
            REQUIRE(A->value(Th.X[L], Th.Y[L], Th.Z[L]) == 0);
        }
    }
  }
  // Both kinds occur often enough for the test to mean something.
  CHECK(Compiled > 800);
  CHECK(Refused > 800);
  CHECK(TruthDecided > 1000);
  // Values that are not affine (`/`, `%`, `&`, `>>` by constants) too.
  CHECK(Computed > 200);
}

TEST_CASE("the thread-affine path gives evalWarp's verdicts, witnesses and bounds", "[analysis][affine]") {
  std::mt19937_64 R(7);
  SymbolTable T;
  SymbolId Unbound = uniformSymbol(T);
  static const unsigned Widths[] = {1, 2, 4, 8, 16};
  unsigned Compared = 0;
  const std::uint64_t ShiftsBefore = bank::detail::WarpShiftsTaken;
  const std::uint64_t MovedBefore = bank::detail::WarpsMovedWhole;
  const std::uint64_t AssumedBefore = bank::detail::GuardsAssumedFast;
  for (int I = 0; I < 1500; ++I) {
    bank::AccessQuery Q;
    Q.AccessBytes = Widths[R() % 5];
    Q.Shape = randomShape(R);
    if (R() % 2)
      Q.ArrayBytes = std::int64_t(R() % 20000);
    unsigned Instances = 1 + R() % 3;
    // Now and then an unrolled loop: every instance repeats the first one's
    // offset and guard, shifted by whole words or not.
    bool Unrolled = R() % 3 == 0;
    static const std::int64_t Steps[] = {4, 8, 128, 1024, 1, 2, 6, 64};
    std::int64_t Step = Steps[R() % 8];
    if (Unrolled)
      Instances += 2;
    for (unsigned K = 0; K < Instances; ++K) {
      if (Unrolled && K > 0) {
        bank::AccessInstance In = Q.Instances[0];
        In.ByteOffset = In.ByteOffset + c(std::int64_t(K) * Step);
        In.Label = "k = " + std::to_string(K);
        In.Multiplicity = 1 + K % 2;
        Q.Instances.push_back(In);
        continue;
      }
      bank::AccessInstance In;
      // Offsets built like array indexing: a row stride, a column, a loop step.
      Expr Row = randomIndex(R, 1 + R() % 2, Unbound);
      Expr Col = randomIndex(R, 1 + R() % 2, Unbound);
      std::int64_t Stride = std::int64_t(R() % 40);
      In.ByteOffset = (Row * c(Stride) + Col + c(std::int64_t(K) * 8)) * c(Q.AccessBytes);
      if (R() % 2)
        In.Guards.push_back({randomIndex(R, 2, Unbound), "g"});
      In.Label = "k = " + std::to_string(K);
      Q.Instances.push_back(In);
    }
    bank::detail::setThreadAffinePath(false);
    bank::AccessResult Slow = bank::analyzeAccess(Q, T);
    bank::detail::setThreadAffinePath(true);
    bank::AccessResult Fast = bank::analyzeAccess(Q, T);
    ++Compared;
    REQUIRE(int(Fast.St) == int(Slow.St));
    REQUIRE(Fast.WorstWavefronts == Slow.WorstWavefronts);
    REQUIRE(Fast.MeanWavefronts == Slow.MeanWavefronts);
    REQUIRE(Fast.Ideal == Slow.Ideal);
    REQUIRE(Fast.Reason == Slow.Reason);
    REQUIRE(Fast.Assumptions == Slow.Assumptions);
    REQUIRE(Fast.Misaligned == Slow.Misaligned);
    REQUIRE(Fast.Negative == Slow.Negative);
    REQUIRE(Fast.NeverExecuted == Slow.NeverExecuted);
    REQUIRE(Fast.Work == Slow.Work);
    REQUIRE(Fast.Worst.has_value() == Slow.Worst.has_value());
    if (Fast.Worst) {
      REQUIRE(Fast.Worst->Warp == Slow.Worst->Warp);
      REQUIRE(Fast.Worst->Label == Slow.Worst->Label);
      REQUIRE(Fast.Worst->Values == Slow.Worst->Values);
      for (unsigned L = 0; L < bank::WarpSize; ++L) {
        REQUIRE(Fast.Worst->Lanes[L].Active == Slow.Worst->Lanes[L].Active);
        REQUIRE(Fast.Worst->Lanes[L].Byte == Slow.Worst->Lanes[L].Byte);
      }
    }
    REQUIRE(Fast.Bounds.has_value() == Slow.Bounds.has_value());
    if (Fast.Bounds) {
      REQUIRE(Fast.Bounds->Warp == Slow.Bounds->Warp);
      REQUIRE(Fast.Bounds->Lane == Slow.Bounds->Lane);
      REQUIRE(Fast.Bounds->Byte == Slow.Bounds->Byte);
      REQUIRE(Fast.Bounds->Label == Slow.Bounds->Label);
    }
  }
  CHECK(Compared == 1500);
  // Later warps that are warp 0 moved (1-D blocks, rows of 32) took its
  // offsets moved often enough for the comparison to cover that path.
  CHECK(bank::detail::WarpShiftsTaken - ShiftsBefore > 500);
  // Moved warps (a later warp, a repeated instance) decided from their
  // extremes alone, also often enough.
  CHECK(bank::detail::WarpsMovedWhole - MovedBefore > 200);
  // Guards no lane can evaluate (an unbound symbol, no select) passed on the
  // fast path, as evalWarp keeps them, often enough too.
  CHECK(bank::detail::GuardsAssumedFast - AssumedBefore > 50);
}

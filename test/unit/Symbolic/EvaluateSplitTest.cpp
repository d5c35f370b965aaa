//===- EvaluateSplitTest.cpp - A warp's forms as a shared part and numbers -===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Symbolic/Evaluate.h"
#include "Symbolic/SymbolTable.h"
#include "WarpFixture.h"

#include <map>
#include <random>

#include <catch2/catch.hpp>

using namespace bankcheck::symbolic;

namespace {
/// Offsets as kernels write them: sums and constant multiples of threadIdx
/// terms and of subtrees without threadIdx (any operator over two unknowns,
/// a function and constants), and now and then any tree at all.
struct OffsetMaker {
  std::mt19937_64 R;
  SymbolId U0, U1, Fn;
  Expr constant() {
    switch (R() % 4) {
    case 0: return Expr::constant(std::int64_t(1) << (R() % 64 == 0 ? 62 : R() % 40));
    default: return Expr::constant(std::int64_t(R() % 70) - 3);
    }
  }
  Expr uniform(unsigned Depth) {
    if (Depth == 0 || R() % 4 == 0) {
      switch (R() % 4) {
      case 0: return Expr::var(U0);
      case 1: return Expr::var(U1);
      default: return constant();
      }
    }
    static const Op Ops[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Mod, Op::Shl, Op::Lt, Op::Add};
    switch (R() % 10) {
    case 0: return Expr::select(uniform(Depth - 1), uniform(Depth - 1), uniform(Depth - 1));
    case 1: return Expr::apply(Fn, uniform(Depth - 1));
    default: return Expr::binary(Ops[R() % 8], uniform(Depth - 1), uniform(Depth - 1));
    }
  }
  Expr any(unsigned Depth) {
    if (Depth == 0 || R() % 5 == 0)
      return R() % 2 ? Expr::var(SymbolTable::threadIdx(R() % 2)) : uniform(1);
    static const Op Ops[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Mod, Op::And, Op::Shl, Op::Lt};
    if (R() % 8 == 0)
      return Expr::select(any(Depth - 1), any(Depth - 1), any(Depth - 1));
    return Expr::binary(Ops[R() % 8], any(Depth - 1), any(Depth - 1));
  }
  Expr offset(unsigned Depth) {
    if (Depth == 0 || R() % 6 == 0) {
      switch (R() % 5) {
      case 0: return Expr::var(SymbolTable::threadIdx(0));
      case 1: return Expr::var(SymbolTable::threadIdx(1));
      case 2: return constant();
      case 3: return R() % 3 ? uniform(3) : any(3);
      default: return uniform(2);
      }
    }
    switch (R() % 6) {
    case 0: return offset(Depth - 1) - offset(Depth - 1);
    case 1: return offset(Depth - 1) * constant();
    case 2: return constant() * offset(Depth - 1);
    case 3: return Expr::binary(Op::Shl, offset(Depth - 1), Expr::constant(std::int64_t(R() % 8)));
    default: return offset(Depth - 1) + offset(Depth - 1);
    }
  }
};

struct Context {
  SymbolTable Atoms;
  AtomIdMap Ids;
  std::map<std::pair<const void *, unsigned>, AffineContext::Reused> Reuse;
  AffineContext Ctx;
  explicit Context(const SymbolTable &Base) : Atoms(&Base) {
    Ctx.Facts = Ctx.Atoms = &Atoms;
    Ctx.AtomIds = &Ids;
    Ctx.Reuse = &Reuse;
    Ctx.VaryingBelow = SymbolTable::threadIdx(2) + 1;
  }
};

bool same(const std::optional<Affine> &A, const std::optional<Affine> &B) {
  if (!A || !B)
    return !A && !B;
  return A->C == B->C && A->sameTerms(*B);
}
} // namespace

TEST_CASE("a warp's forms split into a shared part and numbers are each lane's own", "[symbolic]") {
  test::WarpFixture Fx(4); // some lanes not evaluated
  const SymbolTable &Base = Fx.Base;
  const std::array<Env, 32> &Envs = Fx.Envs;
  const std::array<const Env *, 32> &Lanes = Fx.Lanes;
  OffsetMaker M{std::mt19937_64(11), Fx.U0, Fx.U1, Fx.Fn};
  unsigned Split = 0, Refused = 0, WithTerms = 0, WithAtoms = 0;
  for (int Trial = 0; Trial < 4000; ++Trial) {
    const Expr E = M.offset(1 + Trial % 6);
    INFO("tree " << print(E, Base));
    // Each lane alone, in lane order, as the bank model did.
    Context A(Base);
    std::array<std::optional<Affine>, 32> One;
    bool AnyFails = false;
    for (unsigned L = 0; L < 32; ++L)
      if (Lanes[L]) {
        EvalFailure W = EvalFailure::None;
        One[L] = evaluateAffine(E, Envs[L], &W, &A.Ctx);
        AnyFails |= !One[L];
      }
    Context B(Base);
    std::array<std::optional<Affine>, 32> Out;
    if (evaluateAffineSplit(E, Lanes.data(), Out.data(), B.Ctx)) {
      ++Split;
      CHECK_FALSE(AnyFails);
      for (unsigned L = 0; L < 32; ++L) {
        INFO("lane " << L);
        const bool Same = Lanes[L] ? same(One[L], Out[L]) : !Out[L];
        CHECK(Same); // the same atoms, with the same ids
      }
      WithTerms += One[0] && !One[0]->isConstant();
    } else {
      ++Refused;
      // Refused: untouched, and the lanes one by one after it make the same
      // forms and atoms as without it.
      for (unsigned L = 0; L < 32; ++L) {
        INFO("lane " << L);
        CHECK(!Out[L]);
        if (Lanes[L]) {
          EvalFailure W = EvalFailure::None;
          CHECK(same(One[L], evaluateAffine(E, Envs[L], &W, &B.Ctx)));
        }
      }
    }
    CHECK(A.Atoms.size() == B.Atoms.size());
    WithAtoms += A.Atoms.size() > Base.size();
  }
  // Both outcomes are reached, with unknown terms and atoms among the forms split.
  CHECK(Split > 1000);
  CHECK(Refused > 500);
  CHECK(WithTerms > 500);
  CHECK(WithAtoms > 500);
}

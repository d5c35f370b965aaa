//===- EvaluateLanesTest.cpp - A warp's lanes at once, as each alone ------===//
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
/// Random trees over threadIdx.x/.y (bound per lane), two unknowns (free,
/// one known >= 0), a function, constants, and every operator kind.
struct TreeMaker {
  std::mt19937_64 R;
  SymbolId U0, U1, Fn;
  Expr leaf() {
    switch (R() % 6) {
    case 0: return Expr::var(SymbolTable::threadIdx(0));
    case 1: return Expr::var(SymbolTable::threadIdx(1));
    case 2: return Expr::var(U0);
    case 3: return Expr::var(U1);
    case 4: return Expr::constant(std::int64_t(R() % 70) - 3);
    default: return Expr::constant(std::int64_t(1) << (R() % 40));
    }
  }
  Expr tree(unsigned Depth) {
    if (Depth == 0 || R() % 5 == 0)
      return leaf();
    static const Op Ops[] = {Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Mod, Op::And, Op::Or, Op::Xor,
                             Op::Shl, Op::Shr, Op::Min, Op::Lt,  Op::Eq,  Op::LAnd, Op::Add, Op::Mul};
    switch (R() % 12) {
    case 0: return Expr::select(tree(Depth - 1), tree(Depth - 1), tree(Depth - 1));
    case 1: return Expr::lnot(tree(Depth - 1));
    case 2: return Expr::apply(Fn, tree(Depth - 1));
    default: return Expr::binary(Ops[R() % 16], tree(Depth - 1), tree(Depth - 1));
    }
  }
};

/// Forms equal but for the ids of atoms, which must correspond one to one.
struct AtomMatch {
  SymbolId First; ///< atoms are made from here on
  std::map<SymbolId, SymbolId> AB, BA;
  bool same(const std::optional<Affine> &A, const std::optional<Affine> &B) {
    if (!A || !B)
      return !A && !B;
    if (A->C != B->C || A->Terms.size() != B->Terms.size())
      return false;
    // Terms are sorted by id, which atoms made in another order change:
    // match them as sets.
    std::vector<std::pair<SymbolId, std::int64_t>> Bs(B->Terms.begin(), B->Terms.end());
    for (auto [S, C] : A->Terms) {
      auto It = std::find_if(Bs.begin(), Bs.end(), [&](const auto &T) { return T.second == C && map(S, T.first); });
      if (It == Bs.end())
        return false;
      Bs.erase(It);
    }
    return true;
  }
  bool map(SymbolId A, SymbolId B) {
    if (A < First || B < First)
      return A == B;
    auto I = AB.find(A), J = BA.find(B);
    if (I == AB.end() && J == BA.end()) {
      AB[A] = B;
      BA[B] = A;
      return true;
    }
    return I != AB.end() && I->second == B;
  }
};
} // namespace

TEST_CASE("the lanes evaluated at once get each lane's own form and failure", "[symbolic]") {
  test::WarpFixture Fx(0); // some lanes not evaluated
  const SymbolTable &Base = Fx.Base;
  const std::array<Env, 32> &Envs = Fx.Envs;
  const std::array<const Env *, 32> &Lanes = Fx.Lanes;
  TreeMaker M{std::mt19937_64(7), Fx.U0, Fx.U1, Fx.Fn};
  unsigned Failed = 0, Symbolic = 0, Atoms = 0;
  for (int Trial = 0; Trial < 3000; ++Trial) {
    const Expr E = M.tree(1 + Trial % 7);
    const bool WithReuse = Trial % 2;
    // Each evaluator with its own atoms, as two analyses would.
    SymbolTable TA(&Base), TB(&Base);
    AtomIdMap IdsA, IdsB;
    std::map<std::pair<const void *, unsigned>, AffineContext::Reused> ReuseA, ReuseB;
    AffineContext A, B;
    A.Facts = A.Atoms = &TA;
    A.AtomIds = &IdsA;
    B.Facts = B.Atoms = &TB;
    B.AtomIds = &IdsB;
    A.SelectAtoms = B.SelectAtoms = Trial % 3 == 0; // choices on unknown conditions as atoms
    if (WithReuse) {
      A.Reuse = &ReuseA;
      B.Reuse = &ReuseB;
      A.VaryingBelow = B.VaryingBelow = SymbolTable::threadIdx(2) + 1;
    }
    std::array<std::optional<Affine>, 32> Out;
    std::array<EvalFailure, 32> Why{};
    evaluateAffineLanes(E, Lanes.data(), Out.data(), Why.data(), &B);
    AtomMatch Match{SymbolId(Base.size()), {}, {}};
    for (unsigned L = 0; L < 32; ++L) {
      if (!Lanes[L])
        continue;
      EvalFailure W = EvalFailure::None;
      std::optional<Affine> One = evaluateAffine(E, Envs[L], &W, &A);
      INFO("tree " << print(E, Base) << ", lane " << L);
      CHECK(Match.same(One, Out[L]));
      CHECK(W == Why[L]);
      Failed += !One;
      Symbolic += One && !One->isConstant();
    }
    Atoms += TA.size() - Base.size();
    CHECK(TA.size() == TB.size()); // the same atoms, made in another order
  }
  // The trees reach every case: failures, unknown terms, atoms.
  CHECK(Failed > 1000);
  CHECK(Symbolic > 1000);
  CHECK(Atoms > 1000);
}

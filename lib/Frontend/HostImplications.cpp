//===- HostImplications.cpp - Assertions of closed branches, equal forms --===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Two ways a path of a host function is seen not to run, beyond a decided
/// condition's own value (HostConditions.cpp, feasible):
///
/// - An assertion in a branch that closed before the launch held on the
///   paths through that branch (cuda-convnet2's launchers: `if (colors > 3)
///   {...} else { assert(numGroups == 1); ... }`, launches later in `if
///   (colors > 3) ... else ...`). Where a path's decisions make every guard
///   of the assertion hold, the assertion is decided too (applyImplications).
/// - Two decided atoms that read the same value decided differently:
///   `numFiltersPerGroup % 64` with `int numFiltersPerGroup = numFilters /
///   numGroups` and `numGroups == 1` decided is `numFilters % 64`
///   (formsContradict). A local stands for its initialiser when neither it
///   nor what the initialiser reads is changed in its function.
//===----------------------------------------------------------------------===//
#include "Frontend/HostFacts.h"
#include "Frontend/HostValues.h"

namespace bankcheck::frontend {

using namespace clang;

bool HostValues::holdsUnder(const Expr *E, bool Holds, unsigned Depth) {
  E = plainCondition(E);
  if (Depth > MaxLogicDepth)
    return false;
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot)
    return holdsUnder(U->getSubExpr(), !Holds, Depth + 1);
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isLogicalOp()) {
    if (Holds != (B->getOpcode() == BO_LAnd))
      return false; // one side or the other: not known which
    return holdsUnder(B->getLHS(), Holds, Depth + 1) && holdsUnder(B->getRHS(), Holds, Depth + 1);
  }
  bool Constant;
  if (!E->isValueDependent() && E->EvaluateAsBooleanCondition(Constant, Ctx))
    return Constant == Holds;
  llvm::FoldingSetNodeID Key;
  bool Negated;
  if (!decisionKey(E, Key, Negated))
    return false;
  auto It = Decided.find(Key);
  return It != Decided.end() && It->second == (Holds != Negated);
}

void HostValues::applyImplications() {
  Contradicted = false;
  if (!Implied || !Deciding)
    return;
  const FunctionFacts &FF = *ImpliedFacts;
  auto GuardHolds = [&](const HostGuard &G) {
    if (FF.Once.count(G.Owner))
      if (auto It = Decided.find(identityKey(G.Owner)); It != Decided.end() && It->second == G.Holds)
        return true;
    return holdsUnder(G.Cond, G.Holds);
  };
  std::vector<bool> Applied(ImpliedCount, false);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (std::size_t I = 0; I < ImpliedCount; ++I) {
      const Implication &Imp = (*Implied)[I];
      if (Applied[I] || !std::all_of(Imp.Guards.begin(), Imp.Guards.end(), GuardHolds))
        continue;
      Applied[I] = true;
      Decisions D;
      D[identityKey(Imp.Fact.Owner)] = Imp.Fact.Holds;
      assume(Imp.Fact.Cond, Imp.Fact.Holds, D);
      for (const auto &[Key, Holds] : D) {
        auto [It, New] = Decided.emplace(Key, Holds);
        Changed |= New;
        Contradicted |= !New && It->second != Holds;
      }
    }
  }
}

bool HostValues::sameValueForm(const Expr *E, llvm::FoldingSetNodeID &Form, Chain C, unsigned Depth) {
  if (!E || Depth > MaxDepth || E->isValueDependent())
    return false;
  E = E->IgnoreParenImpCasts();
  auto Constant = [&](std::int64_t V) {
    Form.AddInteger(0u);
    Form.AddInteger(V);
    return true;
  };
  // Constants and variables' values, but not what the decisions make of
  // a whole expression (`x % 64` is 0 under `x % 64 == 0`): its form is
  // what another atom's is compared with.
  Expr::EvalResult ER;
  if (E->EvaluateAsInt(ER, Ctx) && ER.Val.isInt())
    return Constant(ER.Val.getInt().getExtValue());
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    Choices<std::int64_t> V = ints(E, C, Depth + 1);
    if (V.Values.size() == 1 && !V.RunTime)
      return Constant(V.Values.front());
    const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
    if (!VD || VD->getType()->isReferenceType() || !VD->getType()->isIntegralOrEnumerationType() ||
        !unchangedValue(DR))
      return false;
    // A value the decided comparisons fix (`n == 1`; HostOrderings.cpp).
    if (std::optional<std::int64_t> Fixed = decidedValue(DR))
      return Constant(*Fixed);
    // A local is its initialiser where nothing it reads changes.
    if (VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getInit() && unchangedValue(VD->getInit()))
      return sameValueForm(VD->getInit(), Form, C, Depth + 1);
    Form.AddInteger(1u);
    Form.AddPointer(VD->getCanonicalDecl());
    return true;
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B || B->isAssignmentOp() || B->isLogicalOp() || B->getOpcode() == BO_Comma)
    return false;
  llvm::FoldingSetNodeID L, R;
  if (!sameValueForm(B->getLHS(), L, C, Depth + 1) || !sameValueForm(B->getRHS(), R, C, Depth + 1))
    return false;
  auto Is = [](const llvm::FoldingSetNodeID &F, std::int64_t K) {
    llvm::FoldingSetNodeID C;
    C.AddInteger(0u);
    C.AddInteger(K);
    return F == C;
  };
  switch (B->getOpcode()) {
  case BO_Div: case BO_Mul: case BO_Add: case BO_Sub: case BO_Shl: case BO_Shr: {
    const std::int64_t Unit = B->getOpcode() == BO_Div || B->getOpcode() == BO_Mul ? 1 : 0;
    if (Is(R, Unit)) {
      Form.AddNodeID(L); // x / 1, x * 1, x + 0, x - 0, x << 0
      return true;
    }
    if ((B->getOpcode() == BO_Mul || B->getOpcode() == BO_Add) && Is(L, Unit)) {
      Form.AddNodeID(R);
      return true;
    }
    break;
  }
  default:
    break;
  }
  Form.AddInteger(2u);
  Form.AddInteger(unsigned(B->getOpcode()));
  Form.AddNodeID(L);
  Form.AddNodeID(R);
  return true;
}

bool HostValues::formsContradict(Chain C) {
  std::map<llvm::FoldingSetNodeID, bool> Truths;
  std::vector<std::pair<llvm::FoldingSetNodeID, bool>> Checked(Decided.begin(), Decided.end());
  for (const auto &[Key, Holds] : Checked) {
    auto It = KeyExprs.find(Key);
    if (It == KeyExprs.end())
      continue; // the decision of an if of its own
    llvm::FoldingSetNodeID Form;
    if (!sameValueForm(It->second.first, Form, C, 0))
      continue;
    bool AtomTrue = Holds != It->second.second;
    auto [At, New] = Truths.emplace(Form, AtomTrue);
    if (!New && At->second != AtomTrue)
      return true;
  }
  return false;
}

} // namespace bankcheck::frontend

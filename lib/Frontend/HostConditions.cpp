//===- HostConditions.cpp - The branch decisions that reach a launch -------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Host code sets a block's size in the branches of an `if` and launches
/// under conditions that pick the branch (cuda-convnet2's launchers: `int
/// bx, by;` set in `if (colors > 3) {...} else if (...) {...} else {...}`,
/// each kernel launched in a later `if (colors > 3)`). Read one write at a
/// time, the size is "not set on every path"; read per path, each launch has
/// the one or two shapes of the paths that reach it.
///
/// A condition over values nothing in its function changes (parameters and
/// locals assigned only by their initialiser outside every loop, constants)
/// has one truth for the whole call: it is a decision, keyed by its form
/// with `<=`, `>=`, `>`, `!=`, `== 0` and `!` turned into `<`, `==` and
/// plain atoms, so `colors <= 3` is `colors > 3` negated. Any other condition
/// of an `if` that no loop holds is a decision of that `if` alone: it runs at
/// most once a call. A function with a goto has none.
///
/// Decided `x % c == 0` (or `!= 0`) also says what x is modulo c (residueOf, read
/// by HostValues::ints for `%`), and onEachPath leaves out a path whose
/// decisions contradict what the values under them give (feasible).
//===----------------------------------------------------------------------===//
#include "Frontend/HostFacts.h"
#include "Frontend/HostValues.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

#include <algorithm>
#include <numeric>
#include <optional>
#include <set>

namespace bankcheck::frontend {

using namespace clang;

namespace {
const FunctionDecl *functionOf(const Decl *D) {
  return dyn_cast_or_null<FunctionDecl>(D->getParentFunctionOrMethod());
}

} // namespace

/// Per function, found once (a host function may launch thousands of times).
struct HostValues::ConditionFacts {
  std::map<const FunctionDecl *, FunctionFacts> Of;
  const FunctionFacts &of(const FunctionDecl *F) {
    auto It = Of.find(F);
    if (It == Of.end()) {
      It = Of.emplace(F, FunctionFacts()).first;
      It->second = factsOf(F->getBody());
    }
    return It->second;
  }
};

HostValues::HostValues(ASTContext &Ctx) : Ctx(Ctx), Facts(std::make_unique<ConditionFacts>()) {}
HostValues::~HostValues() = default;

bool HostValues::unchangedValue(const Expr *E) {
  if (!E)
    return false;
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, CXXBoolLiteralExpr, CharacterLiteral, UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return unchangedValue(S->getReplacement());
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    const ValueDecl *D = DR->getDecl();
    if (isa<EnumConstantDecl, NonTypeTemplateParmDecl>(D))
      return true;
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || VD->getType()->isReferenceType() || VD->getType().isVolatileQualified())
      return false;
    if (VD->isConstexpr() || (VD->getType().isConstQualified() && VD->getInit() && !VD->hasLocalStorage()))
      return true;
    const FunctionDecl *F = functionOf(VD);
    if (!VD->hasLocalStorage() || !F || !F->getBody())
      return false;
    const FunctionFacts &FF = Facts->of(F);
    if (FF.HasGoto || FF.InLoop.count(VD))
      return false; // set again at each iteration
    auto It = Unchanged.find(VD);
    if (It == Unchanged.end())
      It = Unchanged.emplace(VD, neverChanged(VD)).first;
    return It->second;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma && unchangedValue(B->getLHS()) &&
           unchangedValue(B->getRHS());
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return !U->isIncrementDecrementOp() && U->getOpcode() != UO_AddrOf && U->getOpcode() != UO_Deref &&
           unchangedValue(U->getSubExpr());
  if (const auto *C = dyn_cast<CastExpr>(E))
    return (C->getType()->isIntegralOrEnumerationType() || C->getType()->isBooleanType()) &&
           (isa<ImplicitCastExpr>(C) ? C->getCastKind() != CK_UserDefinedConversion : isa<ExplicitCastExpr>(C)) &&
           unchangedValue(C->getSubExpr());
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    return unchangedValue(CO->getCond()) && unchangedValue(CO->getTrueExpr()) && unchangedValue(CO->getFalseExpr());
  return false;
}

bool HostValues::decisionKey(const Expr *E, llvm::FoldingSetNodeID &Key, bool &Negated) {
  E = plainCondition(E);
  Negated = false;
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot) {
    if (!decisionKey(U->getSubExpr(), Key, Negated))
      return false;
    Negated = !Negated;
    return true;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isLogicalOp())
    return false; // truth() and assume() take them apart
  if (!unchangedValue(E))
    return false;
  Key.clear();
  Key.AddInteger(1u);
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (B && B->isComparisonOp()) {
    const Expr *L = B->getLHS()->IgnoreParenImpCasts(), *R = B->getRHS()->IgnoreParenImpCasts();
    auto Zero = [&](const Expr *X) {
      Expr::EvalResult ER;
      return !X->isValueDependent() && X->EvaluateAsInt(ER, Ctx) && ER.Val.isInt() && ER.Val.getInt() == 0;
    };
    BinaryOperatorKind Op = B->getOpcode();
    if ((Op == BO_EQ || Op == BO_NE) && (Zero(L) || Zero(R))) {
      // `x == 0`, `done == false`: the atom x, negated.
      if (!decisionKey(Zero(R) ? L : R, Key, Negated))
        return false;
      Negated = Negated != (Op == BO_EQ);
      return true;
    }
    switch (Op) { // to < and ==
    case BO_GT: std::swap(L, R); Op = BO_LT; break;
    case BO_LE: std::swap(L, R); Op = BO_LT; Negated = true; break;
    case BO_GE: Op = BO_LT; Negated = true; break;
    case BO_NE: Op = BO_EQ; Negated = true; break;
    default: break;
    }
    llvm::FoldingSetNodeID LK, RK;
    L->Profile(LK, Ctx, false);
    R->Profile(RK, Ctx, false);
    if (Op == BO_EQ && RK < LK)
      std::swap(LK, RK);
    Key.AddInteger(unsigned(Op));
    Key.AddNodeID(LK);
    Key.AddNodeID(RK);
  } else {
    E->Profile(Key, Ctx, false);
  }
  // (Not Clang's canonical profile: it names a parameter by its position,
  // and `n` of one function would be `filters` of another.)
  KeyExprs.emplace(Key, std::make_pair(E, Negated));
  return true;
}

namespace {
constexpr std::int64_t ResidueCap = std::int64_t(1) << 30;
std::int64_t mathMod(std::int64_t A, std::int64_t M) {
  std::int64_t R = A % M;
  return R < 0 ? R + M : R;
}
} // namespace

HostValues::Residue HostValues::residueOf(const Expr *E, Chain C, unsigned Depth) {
  E = E->IgnoreParenImpCasts();
  const Residue None;
  Expr::EvalResult ER;
  if (!E->isValueDependent() && E->EvaluateAsInt(ER, Ctx) && ER.Val.isInt()) {
    std::int64_t V = ER.Val.getInt().getExtValue();
    return V > -ResidueCap && V < ResidueCap ? Residue{V, 0} : None;
  }
  if (Depth > MaxDepth)
    return None;
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    // The decided atoms `v % c`: zero (v % c == 0) or not.
    std::vector<std::pair<std::int64_t, bool>> Facts;
    for (const auto &[Key, Holds] : Decided) {
      auto It = KeyExprs.find(Key);
      const auto *B = It == KeyExprs.end() ? nullptr : dyn_cast<BinaryOperator>(It->second.first);
      const auto *V = B && B->getOpcode() == BO_Rem ? dyn_cast<DeclRefExpr>(B->getLHS()->IgnoreParenImpCasts()) : nullptr;
      Expr::EvalResult M;
      if (!V || V->getDecl() != DR->getDecl() || B->getRHS()->isValueDependent() ||
          !B->getRHS()->EvaluateAsInt(M, Ctx) || !M.Val.isInt() || M.Val.getInt().getExtValue() <= 0 ||
          M.Val.getInt().getExtValue() > ResidueCap)
        continue;
      Facts.push_back({M.Val.getInt().getExtValue(), Holds == It->second.second});
    }
    std::sort(Facts.begin(), Facts.end());
    Residue Out;
    for (const auto &[Mod, Zero] : Facts)
      if (Zero && (Out.M = std::lcm(Out.M, Mod)) > ResidueCap)
        return None;
    // v % c != 0 where c is twice the modulus known: of the two residues
    // mod c, the one that is not 0 (v % 16 == 0, v % 32 != 0: v is 16 mod 32).
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const auto &[Mod, Zero] : Facts) {
        if (Zero || Mod != 2 * Out.M)
          continue;
        bool LowZero = mathMod(Out.R, Mod) == 0, HighZero = mathMod(Out.R + Out.M, Mod) == 0;
        if (LowZero == HighZero)
          continue;
        Out = {LowZero ? Out.R + Out.M : Out.R, Mod};
        Changed = true;
      }
    }
    return Out;
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B)
    return None;
  Residue L = residueOf(B->getLHS(), C, Depth + 1);
  auto Fits = [](std::int64_t V) { return V > -ResidueCap && V < ResidueCap; };
  switch (B->getOpcode()) {
  case BO_Add:
  case BO_Sub: {
    Residue R = residueOf(B->getRHS(), C, Depth + 1);
    std::int64_t Sum = B->getOpcode() == BO_Add ? L.R + R.R : L.R - R.R;
    if (L.M == 0 && R.M == 0)
      return Fits(Sum) ? Residue{Sum, 0} : None;
    std::int64_t M = std::gcd(L.M, R.M);
    return M > 1 ? Residue{mathMod(Sum, M), M} : None;
  }
  case BO_Mul: {
    Residue R = residueOf(B->getRHS(), C, Depth + 1);
    if (L.M == 0 && R.M == 0)
      return Fits(L.R) && Fits(R.R) && Fits(L.R * R.R) ? Residue{L.R * R.R, 0} : None;
    if (R.M == 0)
      std::swap(L, R); // L exact, if either is
    if (L.M == 0) {
      std::int64_t K = L.R < 0 ? -L.R : L.R;
      if (K == 0)
        return Residue{0, 0};
      if (R.M > ResidueCap / K)
        return None;
      return Residue{mathMod(R.R * L.R, R.M * K), R.M * K};
    }
    if (L.R == 0 && R.R == 0 && L.M <= ResidueCap / R.M)
      return Residue{0, L.M * R.M};
    return None;
  }
  case BO_Div: { // by each value the divisor takes (`x / colorsPerThread`)
    Choices<std::int64_t> By = ints(B->getRHS(), C, Depth + 1);
    std::optional<Residue> Out;
    for (std::int64_t K : By.Values) {
      Residue One = None;
      if (K > 0 && L.M == 0)
        One = {L.R / K, 0};
      else if (K > 0 && L.M % K == 0 && L.R % K == 0)
        One = {L.R / K, L.M / K};
      if (Out && (Out->R != One.R || Out->M != One.M))
        return None;
      Out = One;
    }
    return By.known() && Out ? *Out : None;
  }
  case BO_Rem: { // x % k is x mod k, whatever x's sign
    Residue R = residueOf(B->getRHS(), C, Depth + 1);
    if (R.M != 0 || R.R <= 0)
      return None;
    if (L.M == 0)
      return Residue{L.R % R.R, 0};
    return L.M % R.R == 0 && R.R > 1 ? Residue{mathMod(L.R, R.R), R.R} : None;
  }
  default:
    return None;
  }
}

bool HostValues::feasible(Chain C) {
  std::vector<std::pair<llvm::FoldingSetNodeID, bool>> Checked(Decided.begin(), Decided.end());
  for (const auto &[Key, Holds] : Checked) {
    auto It = KeyExprs.find(Key);
    if (It == KeyExprs.end())
      continue; // the decision of an if of its own
    Choices<std::int64_t> V = ints(It->second.first, C);
    if (!V.known())
      continue;
    bool AtomTrue = Holds != It->second.second, Contradicts = true;
    for (std::int64_t X : V.Values)
      Contradicts &= (X != 0) != AtomTrue;
    if (Contradicts)
      return false;
  }
  return true;
}

namespace {
/// E reads a local that is not a parameter (whose value its initialiser gives).
bool readsLocal(const Stmt *S) {
  if (const auto *DR = dyn_cast_or_null<DeclRefExpr>(S)) {
    const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
    return VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD);
  }
  for (const Stmt *Child : S->children())
    if (Child && readsLocal(Child))
      return true;
  return false;
}
} // namespace

HostValues::Truth HostValues::truth(const Expr *E, Chain C, unsigned Depth) {
  E = plainCondition(E);
  bool Constant;
  if (!E->isValueDependent() && E->EvaluateAsBooleanCondition(Constant, Ctx))
    return Constant ? Truth::True : Truth::False;
  if (!Deciding || LogicDepth > MaxLogicDepth)
    return Truth::Unknown; // (a long `&&` chain's deeper terms are not read)
  struct Deeper {
    unsigned &D;
    explicit Deeper(unsigned &D) : D(++D) {}
    ~Deeper() { --D; }
  } InLogic(LogicDepth);
  auto Not = [](Truth T) { return T == Truth::Unknown ? T : T == Truth::True ? Truth::False : Truth::True; };
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot)
    return Not(truth(U->getSubExpr(), C, Depth + 1));
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isLogicalOp()) {
    // Either side can decide it; what it needs is recorded only when neither does.
    std::size_t Before = Undecided.size();
    Truth L = truth(B->getLHS(), C, Depth + 1), R = truth(B->getRHS(), C, Depth + 1);
    Truth Decisive = B->getOpcode() == BO_LAnd ? Truth::False : Truth::True;
    Truth Out = L == Decisive || R == Decisive ? Decisive
                : L == Truth::Unknown || R == Truth::Unknown ? Truth::Unknown
                                                             : Not(Decisive);
    if (Out != Truth::Unknown)
      Undecided.resize(Before);
    return Out;
  }
  llvm::FoldingSetNodeID Key;
  bool Negated;
  if (!decisionKey(E, Key, Negated))
    return Truth::Unknown;
  if (auto It = Decided.find(Key); It != Decided.end())
    return It->second != Negated ? Truth::True : Truth::False;
  if (Truth T = orderedTruth(E); T != Truth::Unknown)
    return T;
  // The values of the locals it reads, under the decisions: `imgsPerThread
  // != 4` where `int imgsPerThread = numImages % 128 == 0 ? 4 : 2` and the
  // launch is in `if (numImages % 128 == 0)`.
  if (Nesting < MaxNesting && readsLocal(E)) {
    std::size_t Before = Undecided.size();
    ++Nesting;
    Choices<std::int64_t> V = ints(E, C, Depth + 1);
    --Nesting;
    bool AllTrue = V.known(), AllFalse = V.known();
    for (std::int64_t X : V.Values)
      (X ? AllFalse : AllTrue) = false;
    if (AllTrue || AllFalse) {
      Undecided.resize(Before);
      return AllTrue ? Truth::True : Truth::False;
    }
  }
  if (Undecided.size() < MaxUndecided && std::find(Undecided.begin(), Undecided.end(), Key) == Undecided.end())
    Undecided.push_back(Key);
  return Truth::Unknown;
}

HostValues::Truth HostValues::branchOf(const IfStmt *If, const FunctionDecl *F, Chain C, unsigned Depth) {
  if (!Deciding || !F || !F->getBody() || If->getConditionVariable())
    return Truth::Unknown;
  std::size_t Before = Undecided.size();
  Truth T = truth(If->getCond(), C, Depth + 1);
  if (T != Truth::Unknown || Undecided.size() != Before)
    return T;
  const FunctionFacts &FF = Facts->of(F);
  if (FF.HasGoto || !FF.Once.count(If))
    return Truth::Unknown; // may run more than once a call
  llvm::FoldingSetNodeID Key = identityKey(If);
  auto It = Decided.find(Key);
  if (It != Decided.end())
    return It->second ? Truth::True : Truth::False;
  if (Undecided.size() < MaxUndecided)
    Undecided.push_back(Key);
  return Truth::Unknown;
}

void HostValues::assume(const Expr *E, bool Holds, Decisions &D, unsigned Depth) {
  E = plainCondition(E);
  if (Depth > MaxLogicDepth)
    return; // deeper terms of a long `&&` chain: not read
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot)
    return assume(U->getSubExpr(), !Holds, D, Depth + 1);
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isLogicalOp()) {
    if (Holds == (B->getOpcode() == BO_LAnd)) { // both sides hold, or neither
      assume(B->getLHS(), Holds, D, Depth + 1);
      assume(B->getRHS(), Holds, D, Depth + 1);
    }
    return;
  }
  llvm::FoldingSetNodeID Key;
  bool Negated;
  if (decisionKey(E, Key, Negated))
    D[Key] = Holds != Negated;
}

const HostValues::Decisions &HostValues::decisionsAt(const CallExpr *Launch, const FunctionDecl *F) {
  static const Decisions None;
  Implied = nullptr;
  ImpliedCount = 0;
  ImpliedFacts = nullptr;
  if (!F || !F->getBody())
    return None;
  const FunctionFacts &FF = Facts->of(F);
  if (auto Before = FF.ImpliedBefore.find(Launch); Before != FF.ImpliedBefore.end() && !FF.HasGoto) {
    Implied = &FF.Implications;
    ImpliedCount = Before->second;
    ImpliedFacts = &FF;
  }
  auto At = FF.At.find(Launch);
  if (FF.HasGoto || At == FF.At.end())
    return None; // no condition around it
  auto &Cached = DecisionsOf[F];
  if (auto It = Cached.find(Launch); It != Cached.end())
    return It->second;
  Decisions &D = Cached[Launch];
  for (const HostGuard &G : At->second) {
    if (const auto *If = dyn_cast<IfStmt>(G.Owner); If && If->getConditionVariable())
      continue;
    if (FF.Once.count(G.Owner))
      D[identityKey(G.Owner)] = G.Holds;
    assume(G.Cond, G.Holds, D);
  }
  return D;
}

Choices<Dims> HostValues::onEachPath(const Decisions &Base, Chain C, llvm::function_ref<Choices<Dims>()> Ask) {
  decide(Base);
  Choices<Dims> First = Ask();
  if (Undecided.empty())
    return First;
  auto Split = [](std::vector<Decisions> &Todo, const Decisions &D, const llvm::FoldingSetNodeID &Key) {
    Todo.push_back(D);
    Todo.back()[Key] = false;
    Todo.push_back(D);
    Todo.back()[Key] = true; // asked first
  };
  std::vector<Decisions> Todo;
  Split(Todo, Base, Undecided.front());
  Choices<Dims> Out;
  bool Any = false;
  for (unsigned Asked = 1; !Todo.empty(); ++Asked) {
    if (Asked > MaxQuestions) {
      Any = false;
      break;
    }
    Decisions D = std::move(Todo.back());
    Todo.pop_back();
    decide(D);
    Choices<Dims> One = Ask();
    if (!Undecided.empty()) {
      Split(Todo, D, Undecided.front());
      continue;
    }
    if (Contradicted || !feasible(C) || formsContradict(C))
      continue; // a path that never runs
    Out = Any ? joinChoices(Out, One) : One;
    Any = true;
    if (!Out.known())
      break;
  }
  decide(Base);
  return Any && Out.known() ? Out : First;
}

} // namespace bankcheck::frontend

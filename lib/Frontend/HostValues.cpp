//===- HostValues.cpp - Values of host expressions at a launch ------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/HostValues.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {

template <class T> Choices<T> notKnown(std::string Why) {
  Choices<T> C;
  C.Why = std::move(Why);
  return C;
}
template <class T> Choices<T> one(T V) {
  Choices<T> C;
  C.Values.push_back(V);
  return C;
}
template <class T> void addValue(Choices<T> &C, const T &V) {
  if (std::find(C.Values.begin(), C.Values.end(), V) == C.Values.end())
    C.Values.push_back(V);
}
/// Too many values: not known.
template <class T> Choices<T> capped(Choices<T> C) {
  if (C.Values.size() > HostValues::MaxChoices) {
    C.Values.clear();
    C.Why = "it can take more than " + std::to_string(HostValues::MaxChoices) + " values";
  }
  return C;
}

const Expr *strip(const Expr *E) {
  for (;;) {
    const Expr *Before = E;
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *C = dyn_cast<ExprWithCleanups>(E))
      E = C->getSubExpr();
    else if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
      E = S->getReplacement();
    else if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
      E = D->getExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else if (const auto *Ca = dyn_cast<CastExpr>(E))
      E = Ca->getSubExpr();
    if (E == Before)
      return E;
  }
}

std::string name(const NamedDecl *D) { return "'" + D->getNameAsString() + "'"; }

} // namespace

const Expr *HostValues::argumentOf(const ParmVarDecl *P, Chain C, Chain &Outer, const FunctionDecl *&Unbound) {
  const auto *G = dyn_cast<FunctionDecl>(P->getDeclContext());
  if (!G)
    return nullptr;
  for (std::size_t I = 0; I < C.size(); ++I) {
    if (C[I].F->getCanonicalDecl() != G->getCanonicalDecl())
      continue;
    unsigned Index = P->getFunctionScopeIndex();
    const CallExpr *Call = C[I].Call;
    if (isa<CXXOperatorCallExpr>(Call) && isa<CXXMethodDecl>(G))
      ++Index;
    Outer = C.drop_front(I + 1);
    if (Index < Call->getNumArgs())
      return Call->getArg(Index);
    return P->hasDefaultArg() ? P->getDefaultArg() : nullptr;
  }
  Unbound = G;
  return nullptr;
}

Choices<std::int64_t> HostValues::ints(const Expr *E, Chain C) {
  Work = 0;
  Choosers.clear();
  return ints(E, C, 0);
}
Choices<Dims> HostValues::dims(const Expr *E, Chain C) {
  Work = 0;
  Choosers.clear();
  return dims(E, C, 0);
}
Choices<const FunctionDecl *> HostValues::kernels(const Expr *E, Chain C) {
  Work = 0;
  Choosers.clear();
  return kernels(E, C, 0);
}

Choices<std::int64_t> HostValues::ints(const Expr *E, Chain C, unsigned Depth) {
  using R = Choices<std::int64_t>;
  if (++Work > MaxWork)
    return notKnown<std::int64_t>("it takes too long to follow");
  if (!E || Depth > MaxDepth)
    return notKnown<std::int64_t>("it is computed too deeply");
  if (E->isValueDependent())
    return notKnown<std::int64_t>("it depends on a template parameter");
  Expr::EvalResult ER;
  if (E->EvaluateAsInt(ER, Ctx) && ER.Val.isInt())
    return one<std::int64_t>(ER.Val.getInt().getExtValue());
  E = strip(E);
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (auto Case = Cases.find(dyn_cast<VarDecl>(DR->getDecl())); Case != Cases.end()) {
      CasesRead = true;
      return one<std::int64_t>(Case->second); // the case of a switch on it that holds the launch
    }
    if (const auto *P = dyn_cast<ParmVarDecl>(DR->getDecl())) {
      Chain Outer;
      const FunctionDecl *Unbound = nullptr;
      const Expr *Arg = argumentOf(P, C, Outer, Unbound);
      if (Arg)
        return ints(Arg, Outer, Depth + 1);
      R Out = notKnown<std::int64_t>("it depends on " + name(P) + ", a parameter of " +
                                     (Unbound ? name(Unbound) : std::string("a function")));
      Out.Unbound = Unbound;
      return Out;
    }
    const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
    if (!VD)
      return notKnown<std::int64_t>("it depends on " + name(DR->getDecl()));
    if (!VD->hasLocalStorage()) {
      if (VD->getType().isConstQualified() && VD->getInit())
        return ints(VD->getInit(), C, Depth + 1);
      return notKnown<std::int64_t>("it depends on " + name(VD) + ", a variable set at run time");
    }
    if (auto P = Pinned.find(VD); P != Pinned.end()) {
      R Out = one<std::int64_t>(P->second);
      Out.RunTime = true;
      return Out;
    }
    if (const InitListExpr *Each = VD->isCXXForRangeDecl() ? rangeOf(VD) : nullptr) {
      // `for (int threads : {256, 128})`, or over a const table of sizes:
      // each element, chosen at run time (one per iteration).
      R Out;
      Out.RunTime = true;
      for (const Expr *Elt : Each->inits()) {
        R V = ints(Elt, C, Depth + 1);
        if (!V.known())
          return V;
        for (std::int64_t X : V.Values)
          addValue(Out, X);
      }
      if (Out.known())
        return capped(Out);
    }
    Choices<Dims> D = dimsOfLocal(VD, {}, DR, C, Depth + 1);
    R Out;
    Out.RunTime = D.RunTime;
    Out.Why = D.Why;
    Out.Unbound = D.Unbound;
    for (const Dims &V : D.Values)
      addValue(Out, V[0]);
    if (Out.Values.size() > 1 && !Choosers.count(VD))
      Choosers[VD] = Out.Values;
    return Out;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    R L = ints(B->getLHS(), C, Depth + 1);
    if (!L.known() && B->getOpcode() == BO_Rem && !Decided.empty()) {
      // `n % (32 * ipt)` where the decisions say n % 128 == 0 and ipt is 4:
      // 0; `(x / 4) % 8` where x is 16 mod 32: 4, or -4 if x is negative.
      R Rv = ints(B->getRHS(), C, Depth + 1);
      Residue Res = Rv.known() ? residueOf(B->getLHS(), C, Depth + 1) : Residue();
      R Out;
      Out.RunTime = Rv.RunTime;
      for (std::int64_t M : Rv.Values) {
        if (M <= 0 || Res.M == 0 || Res.M % M != 0) {
          Out.Values.clear();
          break;
        }
        std::int64_t Rest = Res.R % M;
        addValue(Out, Rest);
        if (Rest != 0) {
          addValue(Out, Rest - M);
          Out.RunTime = true;
        }
      }
      if (Out.known())
        return capped(Out);
    }
    if (!L.known())
      return L;
    R Rv = ints(B->getRHS(), C, Depth + 1);
    if (!Rv.known())
      return Rv;
    R Out;
    Out.RunTime = L.RunTime || Rv.RunTime;
    for (std::int64_t A : L.Values)
      for (std::int64_t Bv : Rv.Values) {
        std::optional<std::int64_t> V;
        switch (B->getOpcode()) {
        case BO_Add: V = A + Bv; break;
        case BO_Sub: V = A - Bv; break;
        case BO_Mul: V = A * Bv; break;
        case BO_Div: if (Bv) V = A / Bv; break;
        case BO_Rem: if (Bv) V = A % Bv; break;
        case BO_Shl: if (Bv >= 0 && Bv < 32) V = A << Bv; break;
        case BO_Shr: if (Bv >= 0 && Bv < 63) V = A >> Bv; break;
        case BO_LT: V = A < Bv; break;
        case BO_GT: V = A > Bv; break;
        case BO_LE: V = A <= Bv; break;
        case BO_GE: V = A >= Bv; break;
        case BO_EQ: V = A == Bv; break;
        case BO_NE: V = A != Bv; break;
        default: break;
        }
        if (!V)
          return notKnown<std::int64_t>("it is computed with an operator not followed");
        addValue(Out, *V);
      }
    return capped(Out);
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    if (const VarDecl *Table = readOnlyTable(AS)) {
      // `sizes[j]` of a table nothing writes (llm.c: `int block_sizes[] =
      // {32, ..., 1024}; for (j...) { int block_size = block_sizes[j]; ...}`):
      // the element the index picks, or each of them, chosen at run time.
      const auto *IL = cast<InitListExpr>(Table->getInit()->IgnoreImplicit());
      R Index = ints(AS->getIdx(), C, Depth + 1);
      R Out;
      Out.RunTime = !Index.known() || Index.RunTime;
      for (unsigned I = 0; I < IL->getNumInits(); ++I) {
        if (Index.known() && std::find(Index.Values.begin(), Index.Values.end(), std::int64_t(I)) == Index.Values.end())
          continue;
        R V = ints(IL->getInit(I), C, Depth + 1);
        if (!V.known())
          return V;
        Out.RunTime |= V.RunTime;
        for (std::int64_t X : V.Values)
          addValue(Out, X);
      }
      if (Out.known())
        return capped(Out);
    }
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    R Cond = ints(CO->getCond(), C, Depth + 1);
    if (Cond.known() && Cond.Values.size() == 1)
      return ints(Cond.Values[0] ? CO->getTrueExpr() : CO->getFalseExpr(), C, Depth + 1);
    if (Truth T = truth(CO->getCond(), C, Depth + 1); T != Truth::Unknown)
      return ints(T == Truth::True ? CO->getTrueExpr() : CO->getFalseExpr(), C, Depth + 1);
    R T = ints(CO->getTrueExpr(), C, Depth + 1);
    R F = ints(CO->getFalseExpr(), C, Depth + 1);
    return capped(joinChoices(T, F));
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Minus) {
    R V = ints(U->getSubExpr(), C, Depth + 1);
    for (std::int64_t &X : V.Values)
      X = -X;
    return V;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    // `b.x` of a dim3.
    llvm::StringRef M = ME->getMemberDecl()->getName();
    int Index = M == "x" ? 0 : M == "y" ? 1 : M == "z" ? 2 : -1;
    if (Index >= 0) {
      Choices<Dims> D = dims(ME->getBase(), C, Depth + 1);
      R Out;
      Out.RunTime = D.RunTime;
      Out.Why = D.Why;
      Out.Unbound = D.Unbound;
      for (const Dims &V : D.Values)
        addValue(Out, V[Index]);
      return Out;
    }
  }
  if (const auto *CE = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *Callee = CE->getDirectCallee())
      return notKnown<std::int64_t>("it is the result of " + name(Callee));
  return notKnown<std::int64_t>("it is computed at run time");
}

Choices<Dims> HostValues::dims(const Expr *E, Chain C, unsigned Depth) {
  return dimsOfPart(E, {}, C, Depth);
}

Choices<Dims> HostValues::dimsOfPart(const Expr *E, llvm::ArrayRef<std::string> Members, Chain C, unsigned Depth) {
  using R = Choices<Dims>;
  if (++Work > MaxWork)
    return notKnown<Dims>("it takes too long to follow");
  if (!E || Depth > MaxDepth)
    return notKnown<Dims>("it is computed too deeply");
  if (E->isValueDependent() || E->isTypeDependent())
    return notKnown<Dims>("it depends on a template parameter");
  if (Members.empty() && E->getType()->isIntegralOrEnumerationType()) {
    Choices<std::int64_t> I = ints(E, C, Depth + 1);
    R Out;
    Out.RunTime = I.RunTime;
    Out.Why = I.Why;
    Out.Unbound = I.Unbound;
    for (std::int64_t V : I.Values)
      addValue(Out, Dims{V, 1, 1});
    return Out;
  }
  E = E->IgnoreParens();
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    Choices<std::int64_t> Cond = ints(CO->getCond(), C, Depth + 1);
    if (Cond.known() && Cond.Values.size() == 1)
      return dimsOfPart(Cond.Values[0] ? CO->getTrueExpr() : CO->getFalseExpr(), Members, C, Depth + 1);
    if (Truth T = truth(CO->getCond(), C, Depth + 1); T != Truth::Unknown)
      return dimsOfPart(T == Truth::True ? CO->getTrueExpr() : CO->getFalseExpr(), Members, C, Depth + 1);
    return capped(joinChoices(dimsOfPart(CO->getTrueExpr(), Members, C, Depth + 1),
                              dimsOfPart(CO->getFalseExpr(), Members, C, Depth + 1)));
  }
  const Expr *S = strip(E);
  if (S != E)
    return dimsOfPart(S, Members, C, Depth + 1);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getConstructor()->isCopyOrMoveConstructor() && CE->getNumArgs() == 1)
      return dimsOfPart(CE->getArg(0), Members, C, Depth + 1);
    if (!Members.empty())
      return notKnown<Dims>("its member '" + Members.front() + "' is set by a constructor");
    // dim3(x, y, z): each argument's values, every combination.
    R Out;
    Out.Values.push_back(Dims{1, 1, 1});
    for (unsigned I = 0; I < CE->getNumArgs() && I < 3; ++I) {
      Choices<std::int64_t> A = ints(CE->getArg(I), C, Depth + 1);
      if (!A.known()) {
        R Bad;
        Bad.Why = A.Why;
        Bad.Unbound = A.Unbound;
        return Bad;
      }
      Out.RunTime |= A.RunTime;
      std::vector<Dims> Next;
      for (const Dims &D : Out.Values)
        for (std::int64_t V : A.Values) {
          Dims N = D;
          N[I] = V;
          if (std::find(Next.begin(), Next.end(), N) == Next.end())
            Next.push_back(N);
        }
      Out.Values = std::move(Next);
      if (Out.Values.size() > MaxChoices)
        return capped(Out);
    }
    return Out;
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    const RecordDecl *RD = E->getType()->getAsRecordDecl();
    if (!Members.empty()) {
      // The member's initialiser: `cudaLaunchConfig_t c = {grid, block}`.
      if (!RD)
        return notKnown<Dims>("it is an initialiser list not followed");
      unsigned Index = 0;
      for (const FieldDecl *FD : RD->fields()) {
        if (FD->getName() == Members.front()) {
          if (Index >= IL->getNumInits())
            return notKnown<Dims>("its member '" + Members.front() + "' is not initialised");
          return dimsOfPart(IL->getInit(Index), Members.drop_front(), C, Depth + 1);
        }
        ++Index;
      }
      return notKnown<Dims>("it has no member '" + Members.front() + "'");
    }
    // dim3{x, y, z}
    R Out;
    Dims D{1, 1, 1};
    for (unsigned I = 0; I < IL->getNumInits() && I < 3; ++I) {
      Choices<std::int64_t> A = ints(IL->getInit(I), C, Depth + 1);
      if (!A.known() || A.Values.size() != 1) {
        R Bad;
        Bad.Why = A.known() ? "its members are chosen at run time" : A.Why;
        Bad.Unbound = A.Unbound;
        return Bad;
      }
      D[I] = A.Values[0];
    }
    Out.Values.push_back(D);
    return Out;
  }
  if (isa<ImplicitValueInitExpr>(E) && !Members.empty())
    return notKnown<Dims>("it is not set");
  if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow()) {
    std::vector<std::string> Longer = {ME->getMemberDecl()->getNameAsString()};
    Longer.insert(Longer.end(), Members.begin(), Members.end());
    return dimsOfPart(ME->getBase(), Longer, C, Depth + 1);
  }
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *P = dyn_cast<ParmVarDecl>(DR->getDecl())) {
      Chain Outer;
      const FunctionDecl *Unbound = nullptr;
      if (const Expr *Arg = argumentOf(P, C, Outer, Unbound))
        return dimsOfPart(Arg, Members, Outer, Depth + 1);
      R Out = notKnown<Dims>("it depends on " + name(P) + ", a parameter of " +
                             (Unbound ? name(Unbound) : std::string("a function")));
      Out.Unbound = Unbound;
      return Out;
    }
    const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
    if (!VD)
      return notKnown<Dims>("it is " + name(DR->getDecl()));
    if (!VD->hasLocalStorage()) {
      if (VD->getInit() && VD->getType().isConstQualified())
        return dimsOfPart(VD->getInit(), Members, C, Depth + 1);
      return notKnown<Dims>("it depends on " + name(VD) + ", a variable set at run time");
    }
    return dimsOfLocal(VD, Members, DR, C, Depth + 1);
  }
  if (const auto *CE = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *Callee = CE->getDirectCallee())
      return notKnown<Dims>("it is the result of " + name(Callee));
  return notKnown<Dims>("it is computed at run time");
}

Choices<Dims> HostValues::dimsOfLocal(const VarDecl *VD, llvm::ArrayRef<std::string> Members, const Expr *Use,
                                      Chain C, unsigned Depth) {
  using R = Choices<Dims>;
  std::vector<Write> Writes;
  std::string Why;
  if (!writesOf(VD, Use, Writes, Why, C, Depth))
    return notKnown<Dims>(Why); // "'t' is changed at line 12"
  auto IsPrefix = [](llvm::ArrayRef<std::string> A, llvm::ArrayRef<std::string> B) {
    return A.size() <= B.size() && std::equal(A.begin(), A.end(), B.begin());
  };
  // The last write of the whole part on every path, then what follows it.
  std::optional<std::size_t> Start;
  for (std::size_t I = 0; I < Writes.size(); ++I)
    if (Writes[I].Unconditional && IsPrefix(Writes[I].Members, Members))
      Start = I;
  if (!Start)
    return notKnown<Dims>("it depends on " + name(VD) + ", which is not set on every path");
  const Write &First = Writes[*Start];
  R Cur = dimsOfPart(First.Value, llvm::ArrayRef<std::string>(Members).drop_front(First.Members.size()), C, Depth + 1);
  for (std::size_t I = *Start + 1; I < Writes.size() && Cur.known(); ++I) {
    const Write &W = Writes[I];
    R Next;
    if (IsPrefix(W.Members, Members)) {
      Next = dimsOfPart(W.Value, llvm::ArrayRef<std::string>(Members).drop_front(W.Members.size()), C, Depth + 1);
    } else if (IsPrefix(Members, W.Members)) {
      llvm::ArrayRef<std::string> Rest = llvm::ArrayRef<std::string>(W.Members).drop_front(Members.size());
      int Index = Rest.size() != 1 ? -1 : Rest[0] == "x" ? 0 : Rest[0] == "y" ? 1 : Rest[0] == "z" ? 2 : -1;
      if (Index < 0)
        return notKnown<Dims>("it depends on " + name(VD) + ", whose member '" + Rest.front() +
                              "' is assigned");
      Choices<std::int64_t> V = ints(W.Value, C, Depth + 1);
      if (!V.known()) {
        R Bad;
        Bad.Why = V.Why;
        Bad.Unbound = V.Unbound;
        return Bad;
      }
      Next.RunTime = Cur.RunTime || V.RunTime;
      for (const Dims &D : Cur.Values)
        for (std::int64_t X : V.Values) {
          Dims N = D;
          N[Index] = X;
          addValue(Next, N);
        }
    } else {
      continue; // another member (cfg.gridDim)
    }
    if (W.Unconditional) {
      Cur = Next;
    } else {
      Cur = joinChoices(Cur, Next);
    }
    Cur = capped(Cur);
  }
  return Cur;
}

Choices<const FunctionDecl *> HostValues::kernels(const Expr *E, Chain C, unsigned Depth) {
  using R = Choices<const FunctionDecl *>;
  if (++Work > MaxWork)
    return notKnown<const FunctionDecl *>("it takes too long to follow");
  if (!E || Depth > MaxDepth)
    return notKnown<const FunctionDecl *>("the kernel is computed too deeply");
  E = strip(E);
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && (U->getOpcode() == UO_AddrOf || U->getOpcode() == UO_Deref))
    return kernels(U->getSubExpr(), C, Depth + 1);
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    Choices<std::int64_t> Cond = ints(CO->getCond(), C, Depth + 1);
    if (Cond.known() && Cond.Values.size() == 1)
      return kernels(Cond.Values[0] ? CO->getTrueExpr() : CO->getFalseExpr(), C, Depth + 1);
    if (Truth T = truth(CO->getCond(), C, Depth + 1); T != Truth::Unknown)
      return kernels(T == Truth::True ? CO->getTrueExpr() : CO->getFalseExpr(), C, Depth + 1);
    return capped(joinChoices(kernels(CO->getTrueExpr(), C, Depth + 1), kernels(CO->getFalseExpr(), C, Depth + 1)));
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    // An entry of a table of kernels: the one indexed, or each.
    const auto *DR = dyn_cast<DeclRefExpr>(strip(AS->getBase()));
    const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    const auto *IL = VD && VD->getInit() ? dyn_cast<InitListExpr>(strip(VD->getInit())) : nullptr;
    if (!IL)
      return notKnown<const FunctionDecl *>("the kernel is taken from an array without an initialiser");
    Choices<std::int64_t> Index = ints(AS->getIdx(), C, Depth + 1);
    if (Index.known() && Index.Values.size() == 1 && Index.Values[0] >= 0 &&
        std::uint64_t(Index.Values[0]) < IL->getNumInits())
      return kernels(IL->getInit(unsigned(Index.Values[0])), C, Depth + 1);
    R Out;
    for (const Expr *Init : IL->inits()) {
      R K = kernels(Init, C, Depth + 1);
      Out = Out.known() ? joinChoices(Out, K) : K;
      if (!Out.known())
        return Out;
    }
    Out.RunTime = Out.Values.size() > 1;
    return Out;
  }
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DR->getDecl())) {
      if (FD->hasAttr<CUDAGlobalAttr>())
        return one<const FunctionDecl *>(FD);
      return notKnown<const FunctionDecl *>(name(FD) + " is not a __global__ function");
    }
    if (const auto *P = dyn_cast<ParmVarDecl>(DR->getDecl())) {
      Chain Outer;
      const FunctionDecl *Unbound = nullptr;
      if (const Expr *Arg = argumentOf(P, C, Outer, Unbound))
        return kernels(Arg, Outer, Depth + 1);
      R Out = notKnown<const FunctionDecl *>("the kernel is " + name(P) + ", a parameter");
      Out.Unbound = Unbound;
      return Out;
    }
    if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl())) {
      if (!VD->hasLocalStorage())
        return VD->getInit() ? kernels(VD->getInit(), C, Depth + 1)
                             : notKnown<const FunctionDecl *>("the kernel is " + name(VD));
      std::vector<Write> Writes;
      std::string Why;
      if (!writesOf(VD, DR, Writes, Why, C, Depth))
        return notKnown<const FunctionDecl *>("the kernel is " + Why);
      std::optional<std::size_t> Start;
      for (std::size_t I = 0; I < Writes.size(); ++I)
        if (Writes[I].Unconditional && Writes[I].Members.empty())
          Start = I;
      if (!Start)
        return notKnown<const FunctionDecl *>("the kernel is " + name(VD) + ", not set on every path");
      R Out = kernels(Writes[*Start].Value, C, Depth + 1);
      for (std::size_t I = *Start + 1; I < Writes.size() && Out.known(); ++I)
        Out = Writes[I].Unconditional ? kernels(Writes[I].Value, C, Depth + 1)
                                      : joinChoices(Out, kernels(Writes[I].Value, C, Depth + 1));
      return capped(Out);
    }
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return notKnown<const FunctionDecl *>("the kernel is the member " + name(ME->getMemberDecl()));
  return notKnown<const FunctionDecl *>("the kernel is computed at run time");
}

} // namespace bankcheck::frontend

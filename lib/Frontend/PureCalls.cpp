//===- PureCalls.cpp - Integer helpers walked once per argument values ----===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A swizzle or index helper (`swizzle(row, col)`) is called again at every
/// unrolled iteration, often with the same arguments. Where its body can only
/// compute an integer from its integer parameters (no loop, no memory, no
/// variable of its caller or outside it, no call but of such helpers), its
/// walk is a function of the argument values and the call depth alone: it is
/// walked once per (helper, depth, arguments) in a kernel's walk, and later
/// calls take its result and count its steps, as the walk would. A walk that
/// made a symbol, a remark or a decision is not kept (a second walk would
/// make its own), nor used where its steps would cross the walk's budget.
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {
bool integerType(QualType T) { return !T->isReferenceType() && isIntegral(T); }

/// Statements and expressions an integer helper may contain; Callee is asked
/// about each function called.
class PureBody {
public:
  PureBody(const FunctionDecl *F, llvm::function_ref<bool(const FunctionDecl *)> Callee)
      : F(F), Callee(Callee) {}

  bool stmt(const Stmt *S) {
    if (!S)
      return true;
    if (const auto *E = dyn_cast<clang::Expr>(S))
      return expr(E);
    if (isa<CompoundStmt, ReturnStmt, IfStmt, NullStmt>(S)) {
      if (const auto *I = dyn_cast<IfStmt>(S); I && (I->getConditionVariable() || I->isConsteval()))
        return false;
      return children(S);
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls()) {
        if (isa<StaticAssertDecl>(D))
          continue;
        const auto *VD = dyn_cast<VarDecl>(D);
        if (!VD || !VD->hasLocalStorage() || !integerType(VD->getType()) || VD->hasAttrs())
          return false;
        if (VD->getInit() && !expr(VD->getInit()))
          return false;
      }
      return true;
    }
    return false;
  }

private:
  const FunctionDecl *F;
  llvm::function_ref<bool(const FunctionDecl *)> Callee;

  bool children(const Stmt *S) {
    for (const Stmt *C : S->children())
      if (!stmt(C))
        return false;
    return true;
  }
  bool expr(const clang::Expr *E) {
    if (isa<IntegerLiteral, CharacterLiteral, CXXBoolLiteralExpr, UnaryExprOrTypeTraitExpr>(E))
      return true;
    if (isa<ParenExpr, ConstantExpr, SubstNonTypeTemplateParmExpr, BinaryOperator, ConditionalOperator>(E))
      return integerType(E->getType()) && children(E);
    if (const auto *U = dyn_cast<UnaryOperator>(E))
      return U->getOpcode() != UO_Deref && U->getOpcode() != UO_AddrOf && integerType(E->getType()) &&
             children(E);
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      if (!isa<ImplicitCastExpr, CStyleCastExpr, CXXStaticCastExpr, CXXFunctionalCastExpr>(C))
        return false;
      // Integer conversions, and the read of an integer variable.
      if (C->getCastKind() != CK_IntegralCast && C->getCastKind() != CK_LValueToRValue &&
          C->getCastKind() != CK_NoOp && C->getCastKind() != CK_IntegralToBoolean)
        return false;
      return integerType(E->getType()) && children(E);
    }
    if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
      if (isa<EnumConstantDecl>(DR->getDecl()))
        return true;
      const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
      if (!VD || !integerType(VD->getType()))
        return false;
      return VD->isConstexpr() || (VD->hasLocalStorage() && VD->getParentFunctionOrMethod() == F);
    }
    if (const auto *C = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *FD = C->getDirectCallee();
      const FunctionDecl *Def = nullptr;
      if (!FD || isa<CXXMethodDecl>(FD) || !FD->hasBody(Def) || !Def || !integerType(C->getType()))
        return false;
      return Callee(Def) && std::all_of(C->arg_begin(), C->arg_end(), [&](const clang::Expr *A) { return expr(A); });
    }
    return false;
  }
};
} // namespace

bool Walker::isPureHelper(const FunctionDecl *Def) {
  auto [It, New] = PureHelpers.try_emplace(Def, false); // false while being decided: no recursion
  if (!New)
    return It->second;
  bool Pure = !isa<CXXMethodDecl>(Def) && !Def->isVariadic() && integerType(Def->getReturnType()) &&
              std::all_of(Def->param_begin(), Def->param_end(),
                          [](const ParmVarDecl *P) { return integerType(P->getType()); }) &&
              PureBody(Def, [this](const FunctionDecl *G) { return isPureHelper(G); }).stmt(Def->getBody());
  PureHelpers[Def] = Pure;
  return Pure;
}

std::size_t Walker::PureKeyHash::operator()(const PureKey &K) const {
  std::size_t H = std::hash<const void *>()(K.FD) * 31 + K.Depth;
  for (const Value &V : K.Args)
    H = H * 1000003u + (V.K == Value::Int ? symbolic::hashValue(V.E) : 7u);
  return H;
}

bool Walker::PureKey::operator==(const PureKey &O) const {
  if (FD != O.FD || Depth != O.Depth || Args.size() != O.Args.size())
    return false;
  for (std::size_t I = 0; I < Args.size(); ++I)
    if (Args[I].K != O.Args[I].K || (Args[I].K == Value::Int && !Args[I].E.equals(O.Args[I].E)))
      return false;
  return true;
}

Value Walker::pureCall(const FunctionDecl *Def, const CallExpr *C, const std::vector<Value> &Args) {
  // Arguments: integers (not too large to compare) or unknown.
  for (const Value &V : Args)
    if ((V.K != Value::Int && V.K != Value::None) || (V.K == Value::Int && V.E.sizeExceeds(256)))
      return inlineCall(Def, C, Args);
  if (!isPureHelper(Def))
    return inlineCall(Def, C, Args);
  PureKey Key{Def, CallStack.size(), Args};
  if (auto It = PureResults.find(Key); It != PureResults.end()) {
    if (Result.Aborted.empty() && Steps + It->second.Steps <= MaxSteps) {
      Steps += It->second.Steps;
      return It->second.Result;
    }
    return inlineCall(Def, C, Args);
  }
  const std::uint64_t StepsBefore = Steps, DecideBefore = DecideWork;
  const std::size_t SymbolsBefore = Result.Symbols.size(), SkippedBefore = Result.Skipped.size();
  const bool WasAborted = !Result.Aborted.empty();
  Value R = inlineCall(Def, C, Args);
  if (!WasAborted && Result.Aborted.empty() && DecideWork == DecideBefore &&
      Result.Symbols.size() == SymbolsBefore && Result.Skipped.size() == SkippedBefore)
    PureResults.emplace(std::move(Key), PureResult{R, Steps - StepsBefore});
  return R;
}

} // namespace bankcheck::frontend

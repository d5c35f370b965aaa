//===- Variables.cpp - Reads and writes of variables ----------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The value a read of a variable gives (what the walk last stored, a kernel
/// parameter's symbol, a constant, or an unknown with its reason) and what a
/// write stores (bounded; for a variable outside any function, an unknown).
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;
using symbolic::SymbolKind;

Value Walker::lookupVar(const VarDecl *VD, const clang::Expr *Use) {
  if (writtenThroughAlias(VD))
    return isIntegral(VD->getType()) ? Value::integer(opaque(Use, true, aliasReason(VD))) : Value();
  auto It = Vars.find(VD);
  if (It != Vars.end())
    return It->second;
  // Constants (constexpr, const with constant initializer, template args).
  if (isIntegral(VD->getType()) && VD->getType().isConstQualified() && !isa<ParmVarDecl>(VD) &&
      VD->getInit() && !VD->getInit()->isValueDependent()) {
    if (const APValue *V = VD->evaluateValue())
      if (V->isInt())
        return Value::integer(Expr::constant(V->getInt().getExtValue()));
  }
  auto Entry = EntryValues.find(VD);
  if (Entry != EntryValues.end())
    return Entry->second;
  if (const auto *P = dyn_cast<ParmVarDecl>(VD)) {
    // A kernel parameter: warp-uniform; constant when the launch says so.
    if (P->getDeclContext() == &Kernel) {
      unsigned Index = P->getFunctionScopeIndex();
      auto C = Config.ConstantArgs.find(Index);
      if (C != Config.ConstantArgs.end() && isIntegral(VD->getType()))
        return Value::integer(Expr::constant(C->second));
      if (isIntegral(VD->getType())) {
        symbolic::Symbol S;
        S.Name = VD->getNameAsString();
        S.Kind = SymbolKind::Uniform;
        S.Reason = "kernel parameter '" + S.Name.str() + "'";
        if (VD->getType()->isUnsignedIntegerType())
          S.Min = 0;
        Value V = Value::integer(Expr::var(Result.Symbols.add(S)));
        EntryValues[VD] = V;
        return V;
      }
      if (VD->getType()->isPointerType() && !VD->getType()->getPointeeType().isNull())
        return Value::global(VD, Expr::constant(0), VD->getType()->getPointeeType());
    }
  }
  if (isIntegral(VD->getType())) {
    bool Global = VD->hasGlobalStorage();
    Value V = Value::integer(opaque(Use, !Global,
                                    Global ? "value of global '" + VD->getNameAsString() + "'"
                                           : "value of '" + VD->getNameAsString() +
                                                 "' is not known here"));
    if (Global)
      EntryValues[VD] = V;
    return V;
  }
  return Value();
}

bool Walker::hostMadeMember(const clang::Expr *E) {
  const clang::Expr *Whole = E->IgnoreParenImpCasts(), *M = Whole;
  for (const auto *ME = dyn_cast<MemberExpr>(M); ME && !ME->isArrow(); ME = dyn_cast<MemberExpr>(M))
    M = ME->getBase()->IgnoreParenImpCasts();
  const auto *DR = M != Whole ? dyn_cast<DeclRefExpr>(M) : nullptr;
  const auto *P = DR ? dyn_cast<ParmVarDecl>(DR->getDecl()) : nullptr;
  // (Not Vars: a helper's reference parameter bound to a member enters the
  // object there without writing it.)
  return P && P->getDeclContext() == &Kernel && !P->getType()->isReferenceType() && Kernel.getBody() &&
         !assignedIn(Kernel.getBody()).count(P) && !escapes(P);
}

// Values stored in variables stay bounded: an expression that uses a variable
// twice (a rotate, `(x << n) | (x >> (32 - n))`) doubles its tree at each
// statement, and every later walk over it would too.
void Walker::setVar(const VarDecl *VD, Value V) {
  if (VD->hasGlobalStorage()) {
    // Every thread of the grid writes the same variable: what a later read
    // gets depends on which write lands last, and may differ by lane.
    ++GlobalWrites;
    if (isIntegral(VD->getType()))
      V = Value::integer(opaque(nullptr, true, "value of '" + VD->getNameAsString() +
                                                   "', a variable every thread writes"));
    else
      V = Value();
    Vars[VD] = std::move(V);
    return;
  }
  Vars[VD] = bounded(std::move(V), [&] { return VD->getNameAsString(); });
}

} // namespace bankcheck::frontend

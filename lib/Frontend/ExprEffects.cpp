//===- ExprEffects.cpp - What evaluating an expression may do --------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Whether an expression can be evaluated again, or not at all, without
/// changing what the walk sees (effectFree: no assignment, call, shared or
/// volatile read), and whether it reads a variable that makes it no constant
/// expression (readsVariable).
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {
/// effectFree's LocalData scope: literals, locals held in registers (not
/// shared, static, parameters or references), elements and fields of local
/// arrays and objects, arithmetic and conversions.
bool localDataOnly(const clang::Expr *E) {
  E = E->IgnoreParens();
  if (E->containsErrors() || E->isValueDependent())
    return false;
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, CXXBoolLiteralExpr>(E))
    return true;
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DR->getDecl()))
      return true;
    const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
    return VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && !isShared(VD) &&
           !VD->getType()->isReferenceType();
  }
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    switch (CE->getCastKind()) {
    case CK_LValueToRValue: case CK_NoOp: case CK_IntegralCast: case CK_IntegralToFloating:
    case CK_FloatingToIntegral: case CK_FloatingCast: case CK_BitCast: case CK_IntegralToBoolean:
    case CK_FloatingToBoolean: case CK_ArrayToPointerDecay: case CK_PointerToIntegral:
      return localDataOnly(CE->getSubExpr());
    default:
      return false;
    }
  }
  if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
    // An element of a local array (not through a pointer).
    const clang::Expr *Base = A->getBase()->IgnoreParenImpCasts();
    return Base->getType()->isConstantArrayType() && localDataOnly(Base) && localDataOnly(A->getIdx());
  }
  if (const auto *M = dyn_cast<MemberExpr>(E))
    return !M->isArrow() && isa<FieldDecl>(M->getMemberDecl()) && localDataOnly(M->getBase());
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_Deref: {
      // *(T *)&local, *(T *)local_array: a local's bytes read as another type.
      const clang::Expr *P = U->getSubExpr()->IgnoreParenCasts();
      if (const auto *Addr = dyn_cast<UnaryOperator>(P); Addr && Addr->getOpcode() == UO_AddrOf)
        return localDataOnly(Addr->getSubExpr());
      return P->getType()->isConstantArrayType() && localDataOnly(P);
    }
    case UO_AddrOf: case UO_Plus: case UO_Minus: case UO_Not: case UO_LNot:
      return localDataOnly(U->getSubExpr());
    default:
      return false;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma && localDataOnly(B->getLHS()) &&
           localDataOnly(B->getRHS());
  return false;
}
} // namespace

bool Walker::effectFree(const clang::Expr *E, EffectScope Scope) {
  E = E->IgnoreParens();
  if (Scope == EffectScope::LocalData)
    return localDataOnly(E);
  if (!isIntegral(E->getType()) || E->containsErrors() || E->isValueDependent())
    return false;
  if (isa<IntegerLiteral, CharacterLiteral>(E))
    return true;
  if (isa<PseudoObjectExpr>(E))
    return builtinCoordinate(E).has_value();
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    return isa<EnumConstantDecl>(DR->getDecl());
  if (const auto *CE = dyn_cast<ImplicitCastExpr>(E)) {
    const clang::Expr *Sub = CE->getSubExpr()->IgnoreParens();
    switch (CE->getCastKind()) {
    case CK_LValueToRValue: {
      const auto *DR = dyn_cast<DeclRefExpr>(Sub);
      const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
      return VD && !isShared(VD) && isIntegral(VD->getType()) && !VD->getType()->isReferenceType() &&
             !VD->getType().isVolatileQualified();
    }
    case CK_IntegralCast:
    case CK_NoOp:
      return effectFree(Sub);
    default:
      return false;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E))
    return !B->isAssignmentOp() && B->getOpcode() != BO_Comma && effectFree(B->getLHS()) &&
           effectFree(B->getRHS());
  if (const auto *U = dyn_cast<UnaryOperator>(E))
    return (U->getOpcode() == UO_Plus || U->getOpcode() == UO_Minus || U->getOpcode() == UO_Not ||
            U->getOpcode() == UO_LNot) &&
           effectFree(U->getSubExpr());
  return false;
}

bool Walker::readsVariable(const clang::Expr *E) {
  // Reading a variable that is neither const nor constexpr (nor a
  // reference, which may name a constant) is never a constant expression:
  // Clang's evaluation would only fail, after setting itself up.
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && !VD->getType()->isReferenceType() && !VD->getType().isConstQualified() && !VD->isConstexpr();
}

} // namespace bankcheck::frontend

//===- GlobalPointers.cpp - Pointers into global memory -------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Follows pointers derived from a kernel's pointer parameters by pointer
/// arithmetic (`A + row * K + col`, `&A[i]`, casts, locals holding them) to a
/// byte offset from that parameter. Only the source of cp.async uses them: how
/// many contiguous runs a warp's source bytes form decides part of its cost
/// (docs/bank-model.md). Nothing is recorded while they are evaluated.
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;

std::int64_t pointeeBytes(QualType T, ASTContext &Ctx) {
  if (T.isNull() || T->isVoidType() || T->isIncompleteType() || T->isDependentType())
    return 1;
  return std::max<std::int64_t>(1, Ctx.getTypeSizeInChars(T).getQuantity());
}

namespace {
struct NoRecording {
  bool &Flag;
  bool Saved;
  explicit NoRecording(bool &F) : Flag(F), Saved(F) { Flag = false; }
  ~NoRecording() { Flag = Saved; }
};
} // namespace

Value Walker::globalPointer(const clang::Expr *E) {
  NoRecording Guard(Recording);
  E = E->IgnoreParens();
  QualType T = E->getType();
  QualType Pointee = T->isPointerType() ? T->getPointeeType() : QualType();
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    switch (CE->getCastKind()) {
    case CK_LValueToRValue:
      if (const auto *DR = dyn_cast<DeclRefExpr>(CE->getSubExpr()->IgnoreParens()))
        if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()); VD && VD->getType()->isPointerType()) {
          Value V = lookupVar(VD, E);
          return V.K == Value::Global ? V : Value();
        }
      return Value();
    case CK_BitCast:
    case CK_NoOp:
    case CK_AddressSpaceConversion: {
      Value V = globalPointer(CE->getSubExpr());
      if (V.K == Value::Global && !Pointee.isNull())
        V.P.Pointee = Pointee;
      return V;
    }
    default:
      return Value();
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub)
      return Value();
    bool LeftPtr = B->getLHS()->getType()->isPointerType();
    const clang::Expr *PE = LeftPtr ? B->getLHS() : B->getRHS();
    const clang::Expr *IE = LeftPtr ? B->getRHS() : B->getLHS();
    if (IE->getType()->isPointerType())
      return Value();
    Value V = globalPointer(PE);
    if (V.K != Value::Global)
      return Value();
    Expr Delta = intValue(IE) * pointeeBytes(V.P.Pointee, Ctx);
    V.P.Offset = B->getOpcode() == BO_Add ? V.P.Offset + Delta : V.P.Offset - Delta;
    return V;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() != UO_AddrOf)
      return Value();
    const clang::Expr *Sub = U->getSubExpr()->IgnoreParens();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Sub)) {
      Value V = globalPointer(AS->getBase());
      if (V.K != Value::Global)
        return Value();
      V.P.Offset = V.P.Offset + intValue(AS->getIdx()) * pointeeBytes(AS->getType(), Ctx);
      V.P.Pointee = AS->getType();
      return V;
    }
    return Value();
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    Expr C = intValue(CO->getCond());
    Value A = globalPointer(CO->getTrueExpr()), B = globalPointer(CO->getFalseExpr());
    if (A.K == Value::Global && B.K == Value::Global && A.P.GlobalBase == B.P.GlobalBase) {
      A.P.Offset = Expr::select(C, A.P.Offset, B.P.Offset);
      return A;
    }
    return Value();
  }
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()); VD && VD->getType()->isPointerType()) {
      Value V = lookupVar(VD, E);
      return V.K == Value::Global ? V : Value();
    }
  return Value();
}

} // namespace bankcheck::frontend

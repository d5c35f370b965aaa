//===- Assignments.cpp - Assignments and increments -----------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// `=`, `op=`, `++` and `--`: new values of locals (integers and shared
/// pointers), and stores (and the loads of `op=`) on shared locations.
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;

namespace {
/// The type `a op= b` computes in (the usual conversions of a and b).
QualType computationType(const BinaryOperator *B) {
  if (const auto *C = dyn_cast<CompoundAssignOperator>(B))
    return C->getComputationLHSType();
  return B->getType();
}
} // namespace

Value Walker::assign(const BinaryOperator *B) {
  const clang::Expr *LHS = B->getLHS()->IgnoreParens();
  bool Compound = B->isCompoundAssignmentOp();
  // A local variable.
  if (const auto *DR = dyn_cast<DeclRefExpr>(LHS))
    if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
      if (!isShared(VD) && !VD->getType()->isReferenceType()) {
        if (VD->getType()->isPointerType()) {
          if (!Compound) {
            auto P = pointer(B->getRHS());
            Value V = P ? Value::pointer(*P) : globalPointer(B->getRHS());
            setVar(VD, V);
            return V;
          }
          Expr I = intValue(B->getRHS());
          auto It = Vars.find(VD);
          if (It != Vars.end() && It->second.isPointerLike() &&
              (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign)) {
            Value P = It->second;
            std::int64_t Size = pointeeBytes(P.P.Pointee, Ctx);
            P.P.Offset = B->getOpcode() == BO_AddAssign ? P.P.Offset + I * Size : P.P.Offset - I * Size;
            setVar(VD, P);
            return P;
          }
          setVar(VD, Value());
          return Value();
        }
        Value R = rvalue(B->getRHS());
        Value New;
        if (!Compound) {
          New = R;
        } else {
          Value Old = lookupVar(VD, LHS);
          auto O = binaryOp(B->getOpcode());
          if (O && Old.K == Value::Int && R.K == Value::Int && isIntegral(VD->getType()))
            New = Value::integer(asType(VD->getType(), integerOp(*O, computationType(B), Old.E, R.E, B), B));
          else if (std::optional<Value> V = O ? windowArithmetic(*O, Old, R) : std::nullopt)
            New = *V;
          else
            New = Value::integer(opaque(B, true, "'" + sourceText(B) + "' is not modelled"));
        }
        if (New.K != Value::Int && New.K != Value::Window && isIntegral(VD->getType()))
          New = Value::integer(opaque(B, true, "'" + sourceText(B) + "' is not modelled"));
        setVar(VD, New);
        return New;
      }
  Value R = rvalue(B->getRHS());
  // A part of a local object (a struct member, an element of a local array).
  if (std::optional<LocalRef> L = localRef(LHS)) {
    Value New = R;
    if (Compound) {
      Value Old = readLocal(*L, LHS);
      auto O = binaryOp(B->getOpcode());
      New = O && Old.K == Value::Int && R.K == Value::Int && isIntegral(LHS->getType())
                ? Value::integer(asType(LHS->getType(), integerOp(*O, computationType(B), Old.E, R.E, B), B))
                : Value();
    }
    if (New.K != Value::Int && New.K != Value::Ptr && isIntegral(LHS->getType()))
      New = Value::integer(opaque(B, true, "'" + sourceText(B) + "' is not modelled"));
    writeLocal(*L, New);
    return New;
  }
  // A shared location: store (and load for op=).
  if (auto Loc = sharedLValue(LHS)) {
    if (Compound)
      record(*Loc, LHS, "load");
    record(*Loc, LHS, "store");
    return R;
  }
  return Value::integer(opaque(B, true, "assignment to memory"));
}

Value Walker::incDec(const UnaryOperator *U) {
  const clang::Expr *Sub = U->getSubExpr()->IgnoreParens();
  bool Inc = U->isIncrementOp();
  if (const auto *DR = dyn_cast<DeclRefExpr>(Sub))
    if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
      if (!isShared(VD)) {
        Value Old = lookupVar(VD, Sub);
        Value New;
        if (Old.K == Value::Int) {
          New = Value::integer(asType(VD->getType(), Inc ? Old.E + 1 : Old.E + (-1), U));
        } else if (Old.isPointerLike()) {
          New = Old;
          std::int64_t Size = pointeeBytes(Old.P.Pointee, Ctx);
          New.P.Offset = Old.P.Offset + (Inc ? Size : -Size);
        } else if (Old.K == Value::Window) {
          New = Old; // an integer address
          New.P.Offset = Old.P.Offset + (Inc ? 1 : -1);
        }
        setVar(VD, New);
        return U->isPrefix() ? New : Old;
      }
  if (std::optional<LocalRef> L = localRef(Sub)) {
    Value Old = readLocal(*L, Sub);
    Value New;
    if (Old.K == Value::Int) {
      New = Value::integer(asType(Sub->getType(), Inc ? Old.E + 1 : Old.E + (-1), U));
    } else if (Old.K == Value::Ptr) {
      SharedRef P = Old.P;
      std::int64_t Size = Ctx.getTypeSizeInChars(P.Pointee).getQuantity();
      P.Offset = P.Offset + (Inc ? Size : -Size);
      New = Value::pointer(P);
    }
    writeLocal(*L, New);
    return U->isPrefix() ? New : Old;
  }
  if (auto Loc = sharedLValue(Sub)) {
    record(*Loc, Sub, "load");
    record(*Loc, Sub, "store");
    return Value::integer(opaque(U, true, "value loaded from shared '" +
                                              Loc->Array->getNameAsString() + "'"));
  }
  return Value::integer(opaque(U, true, "increment of memory"));
}

} // namespace bankcheck::frontend

//===- ValueLowering.cpp - Rvalues to symbolic values ---------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Lowers rvalue expressions to symbolic values (integer arithmetic, casts,
/// conditionals, locals, constants) with one ConstStmtVisitor, and records
/// every shared access met on the way. Each expression node is evaluated
/// exactly once, so every access is recorded once per walk of its statement.
//===----------------------------------------------------------------------===//
#include "Frontend/StmtWalk.h"
#include "Frontend/WalkerState.h"

#include "clang/AST/StmtVisitor.h"

#include <algorithm>
#include <charconv>

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;
using symbolic::Op;
using symbolic::SymbolKind;

std::optional<Op> binaryOp(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add: case BO_AddAssign: return Op::Add;
  case BO_Sub: case BO_SubAssign: return Op::Sub;
  case BO_Mul: case BO_MulAssign: return Op::Mul;
  case BO_Div: case BO_DivAssign: return Op::Div;
  case BO_Rem: case BO_RemAssign: return Op::Mod;
  case BO_And: case BO_AndAssign: return Op::And;
  case BO_Or: case BO_OrAssign: return Op::Or;
  case BO_Xor: case BO_XorAssign: return Op::Xor;
  case BO_Shl: case BO_ShlAssign: return Op::Shl;
  case BO_Shr: case BO_ShrAssign: return Op::Shr;
  case BO_LT: case BO_GT: return Op::Lt;
  case BO_LE: case BO_GE: return Op::Le;
  case BO_EQ: return Op::Eq;
  case BO_NE: return Op::Ne;
  case BO_LAnd: return Op::LAnd;
  case BO_LOr: return Op::LOr;
  default: return std::nullopt;
  }
}

namespace {
/// The value of an rvalue whose type is neither a pointer nor an array (those
/// go to the pointer visitor). Walker::rvalue has already stripped parens,
/// folded Clang constants and read the builtin coordinates.
class RvalueVisitor : public ConstStmtVisitor<RvalueVisitor, Value> {
public:
  explicit RvalueVisitor(Walker &W) : W(W) {}

  Value VisitCastExpr(const CastExpr *CE);
  Value VisitBinaryOperator(const BinaryOperator *B);
  Value VisitUnaryOperator(const UnaryOperator *U);
  Value VisitConditionalOperator(const ConditionalOperator *CO);
  Value shortCircuit(const BinaryOperator *B);
  bool varyingOperand(const clang::Expr *E, const Value &V);
  Value VisitCallExpr(const CallExpr *C) { return W.call(C); }
  Value VisitLambdaExpr(const LambdaExpr *L) { return W.lambdaValue(L); }
  Value VisitCXXConstructExpr(const CXXConstructExpr *CC);

  // Wrappers: the value of the wrapped expression.
  Value VisitExprWithCleanups(const ExprWithCleanups *E) { return W.rvalue(E->getSubExpr()); }
  Value VisitMaterializeTemporaryExpr(const MaterializeTemporaryExpr *E) {
    return W.rvalue(E->getSubExpr());
  }
  Value VisitCXXBindTemporaryExpr(const CXXBindTemporaryExpr *E) { return W.rvalue(E->getSubExpr()); }
  Value VisitConstantExpr(const ConstantExpr *E) { return W.rvalue(E->getSubExpr()); }
  Value VisitCXXDefaultArgExpr(const CXXDefaultArgExpr *E) { return W.rvalue(E->getExpr()); }

  Value VisitCXXDefaultInitExpr(const CXXDefaultInitExpr *E) { return W.rvalue(E->getExpr()); }
  Value VisitInitListExpr(const InitListExpr *IL) {
    if (W.isLocalObjectType(IL->getType()))
      return W.initListObject(IL);
    return VisitStmt(IL);
  }
  Value VisitImplicitValueInitExpr(const ImplicitValueInitExpr *E) {
    if (W.isLocalObjectType(E->getType()))
      return Value::object(ObjectValue()); // zero, not followed part by part
    return notModelled(E);
  }

  // An lvalue read as a whole (a class-type object): a local object's
  // value; otherwise its shared uses are seen.
  Value VisitArraySubscriptExpr(const ArraySubscriptExpr *E) { return lvalueObject(E); }
  Value VisitMemberExpr(const MemberExpr *E) { return lvalueObject(E); }
  Value VisitDeclRefExpr(const DeclRefExpr *E) { return lvalueObject(E); }

  Value VisitStmt(const Stmt *S) {
    const auto *E = cast<clang::Expr>(S);
    W.evalChildren(E);
    return notModelled(E);
  }

private:
  Value lvalueObject(const clang::Expr *E) {
    if (E->isGLValue()) {
      if (std::optional<LocalRef> R = W.localRef(E)) {
        Value V = W.readLocal(*R, E);
        if (V.K != Value::None)
          return V;
        return notModelled(E);
      }
      W.sharedLValue(E);
    }
    return notModelled(E);
  }
  Value notModelled(const clang::Expr *E) {
    return Value::integer(W.opaque(E, true, "'" + W.sourceText(E) + "' is not modelled"));
  }
  /// The value read from lvalue L (Use: the read, for its type and place).
  Value loadedValue(const clang::Expr *Use, const clang::Expr *L);
  /// `c ? a : b`, each operand's value under its condition; Load: the
  /// operands are lvalues read (`int i = p ? x : y`, `p ? s[i] : t[j]`).
  Value conditional(const ConditionalOperator *CO, bool Load);

  Walker &W;
};

Value RvalueVisitor::loadedValue(const clang::Expr *E, const clang::Expr *L) {
  if (auto C = W.builtinCoordinate(L))
    return Value::integer(*C);
  // An assignment to a local integer, or its prefix increment, read as a
  // value (`while ((m = f()) < n)`, `a[i = j]`): the value it stored.
  auto LocalTarget = [&](const clang::Expr *T) {
    const auto *DR = dyn_cast<DeclRefExpr>(T->IgnoreParens());
    const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    return VD && !isShared(VD) && !VD->getType()->isReferenceType() && isIntegral(VD->getType());
  };
  if (const auto *B = dyn_cast<BinaryOperator>(L); B && B->isAssignmentOp() && LocalTarget(B->getLHS()))
    return W.rvalue(L);
  if (const auto *U = dyn_cast<UnaryOperator>(L);
      U && U->isPrefix() && U->isIncrementDecrementOp() && LocalTarget(U->getSubExpr()))
    return W.rvalue(L);
  // A variable read by value; a static data member named through an object
  // (`t.I` of a tile passed by reference) is the member, as `T::I` names it,
  // the object expression evaluated only for what it may record.
  auto ByValue = [&](const VarDecl *VD) {
    return VD && !isShared(VD) && !VD->getType()->isReferenceType() && !W.isLocalObjectType(VD->getType());
  };
  if (const auto *DR = dyn_cast<DeclRefExpr>(L); DR && ByValue(dyn_cast<VarDecl>(DR->getDecl())))
    return W.lookupVar(cast<VarDecl>(DR->getDecl()), E);
  if (const auto *ME = dyn_cast<MemberExpr>(L))
    if (const auto *VD = dyn_cast<VarDecl>(ME->getMemberDecl()); VD && VD->isStaticDataMember() && ByValue(VD)) {
      if (!isa<DeclRefExpr, CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
        W.evalChildren(ME);
      return W.lookupVar(VD, E);
    }
  // A const integer parameter by reference bound to a value at the call
  // (Walker::callArgs).
  if (const auto *DR = dyn_cast<DeclRefExpr>(L))
    if (const auto *P = dyn_cast<ParmVarDecl>(DR->getDecl()); P && P->getType()->isReferenceType())
      if (auto It = W.Vars.find(P); It != W.Vars.end() && It->second.K == Value::Int)
        return It->second;
  if (std::optional<LocalRef> R = W.localRef(L))
    return W.readLocal(*R, L);
  if (auto Loc = W.sharedLValue(L)) {
    W.record(*Loc, L, "load");
    // Lanes reading the same address read the same value.
    return Value::integer(W.memoryValue("shared '" + nameOf(Loc->Array) + "'", Loc->Offset, E->getType()));
  }
  // A conditional lvalue read (not one shared array's: that is one access,
  // above): each operand read where its condition holds.
  if (const auto *CO = dyn_cast<ConditionalOperator>(L); CO && CO->isGLValue())
    return conditional(CO, /*Load=*/true);
  // Global memory through a uniform base: a function of the index.
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(L)) {
    auto It = W.UniformBaseIndex.find(AS);
    if (It != W.UniformBaseIndex.end() && isIntegral(E->getType()))
      return Value::integer(W.memoryValue("'" + W.sourceText(L) + "'", It->second, E->getType()));
  }
  // Memory we do not model (local arrays, struct members, pointers).
  return Value::integer(W.opaque(E, true, "value loaded from '" + W.sourceText(L) + "'"));
}

Value RvalueVisitor::VisitCastExpr(const CastExpr *CE) {
  const clang::Expr *Sub = CE->getSubExpr();
  switch (CE->getCastKind()) {
  case CK_LValueToRValue:
    return loadedValue(CE, CE->getSubExpr()->IgnoreParens());
  case CK_IntegralCast:
  case CK_NoOp:
  case CK_IntegralToBoolean:
  case CK_BooleanToSignedIntegral: {
    Value V = W.rvalue(Sub);
    if (V.K == Value::Window && CE->getCastKind() != CK_IntegralToBoolean)
      return V; // a shared-window address, narrowed to 32 bits or not
    if (V.K == Value::Obj && CE->getCastKind() == CK_NoOp)
      return V;
    if (V.K != Value::Int)
      return Value::integer(W.opaque(CE, true, "unmodelled conversion"));
    if (CE->getCastKind() == CK_IntegralToBoolean)
      return Value::integer(Expr::binary(Op::Ne, V.E, Expr::constant(0)));
    if (CE->getCastKind() == CK_IntegralCast)
      return Value::integer(W.asType(CE->getType(), V.E, CE));
    return V;
  }
  case CK_PointerToBoolean: {
    Value V = W.rvalue(Sub);
    return Value::integer(W.opaque(CE, varyingOperand(Sub, V), "pointer tested as a boolean"));
  }
  case CK_UserDefinedConversion:
  case CK_ConstructorConversion: {
    // The conversion function or constructor call below already has the type.
    Value V = W.rvalue(Sub);
    if (V.K == Value::Obj || (V.K == Value::Int && isIntegral(CE->getType())))
      return V;
    return Value::integer(W.opaque(CE, V.K != Value::Int || W.isVarying(V.E),
                                   "conversion '" + W.sourceText(CE) + "' (floating point or unmodelled)"));
  }
  case CK_DerivedToBase:
  case CK_UncheckedDerivedToBase: {
    Value V = W.rvalue(Sub);
    if (V.K == Value::Obj && V.O->Group) // a cooperative group seen as its base class
      return V;
    return Value::integer(W.opaque(CE, V.K != Value::Int || W.isVarying(V.E),
                                   "conversion '" + W.sourceText(CE) + "' (floating point or unmodelled)"));
  }
  default: {
    Value V = W.rvalue(Sub);
    bool Varying = V.K != Value::Int || W.isVarying(V.E);
    return Value::integer(W.opaque(CE, Varying, "conversion '" + W.sourceText(CE) +
                                                    "' (floating point or unmodelled)"));
  }
  }
}

Value RvalueVisitor::VisitBinaryOperator(const BinaryOperator *B) {
  if (B->isAssignmentOp())
    return W.assign(B);
  if (B->getOpcode() == BO_Comma) {
    W.rvalue(B->getLHS());
    return W.rvalue(B->getRHS());
  }
  if ((B->getOpcode() == BO_LAnd || B->getOpcode() == BO_LOr) && !W.effectFree(B->getRHS()))
    return shortCircuit(B);
  Value L = W.rvalue(B->getLHS());
  Value R = W.rvalue(B->getRHS());
  auto O = binaryOp(B->getOpcode());
  if (O && (L.K == Value::Window || R.K == Value::Window))
    if (std::optional<Value> V = W.windowArithmetic(*O, L, R))
      return *V;
  if (O && L.K == Value::Int && R.K == Value::Int && isIntegral(B->getLHS()->getType()) &&
      isIntegral(B->getRHS()->getType())) {
    QualType T = B->getLHS()->getType();
    switch (B->getOpcode()) {
    case BO_GT: return Value::integer(W.integerOp(Op::Lt, T, R.E, L.E, B));
    case BO_GE: return Value::integer(W.integerOp(Op::Le, T, R.E, L.E, B));
    default: return Value::integer(W.asType(B->getType(), W.integerOp(*O, T, L.E, R.E, B), B));
    }
  }
  bool Varying = varyingOperand(B->getLHS(), L) || varyingOperand(B->getRHS(), R);
  return Value::integer(W.opaque(B, Varying, "'" + W.sourceText(B) + "' is not integer arithmetic"));
}

/// Whether an operand outside integer arithmetic may differ between threads:
/// an integer by its value; a pointer unless it is a null pointer constant or
/// a shared or global pointer at an offset the same in every thread (a
/// kernel's pointer parameter tested against nullptr is the same test in
/// every thread); anything else may.
bool RvalueVisitor::varyingOperand(const clang::Expr *E, const Value &V) {
  switch (V.K) {
  case Value::Int: return W.isVarying(V.E);
  case Value::Ptr: case Value::Global: case Value::Window:
    return V.P.Offset.isNull() || W.isVarying(V.P.Offset);
  default:
    if (!E->getType()->isPointerType())
      return true;
    if (E->isNullPointerConstant(W.Ctx, clang::Expr::NPC_ValueDependentIsNotNull))
      return false;
    // A pointer member of a kernel's by-value parameter (`params.finished`,
    // FasterTransformer's attention parameters).
    return !W.hostMadeMember(E);
  }
}

Value RvalueVisitor::VisitUnaryOperator(const UnaryOperator *U) {
  switch (U->getOpcode()) {
  case UO_PreInc: case UO_PreDec: case UO_PostInc: case UO_PostDec:
    return W.incDec(U);
  case UO_Plus:
    return W.rvalue(U->getSubExpr());
  case UO_Minus: {
    Value V = W.rvalue(U->getSubExpr());
    if (V.K == Value::Int && isIntegral(U->getType()))
      return Value::integer(W.asType(U->getType(), Expr::constant(0) - V.E, U));
    break;
  }
  case UO_Not: {
    Value V = W.rvalue(U->getSubExpr());
    if (V.K == Value::Int)
      return Value::integer(W.asType(U->getType(), V.E ^ Expr::constant(-1), U));
    break;
  }
  case UO_LNot: {
    Value V = W.rvalue(U->getSubExpr());
    if (V.K == Value::Int)
      return Value::integer(Expr::lnot(V.E));
    break;
  }
  default:
    W.evalChildren(U);
    break;
  }
  return notModelled(U);
}

Value RvalueVisitor::shortCircuit(const BinaryOperator *B) {
  // The right operand runs only where the left one does not decide: what it
  // assigns (`f && (m = x)`) holds there, the value before elsewhere.
  Expr L = W.intValue(B->getLHS());
  Expr Runs = B->getOpcode() == BO_LAnd ? L : Expr::lnot(L);
  const VarMap Before = W.Vars;
  W.Guards.push_back(W.makeGuard(Runs, B->getLHS()));
  if (B->getOpcode() == BO_LOr)
    W.Guards.back().Text = "!(" + W.Guards.back().Text.str() + ")";
  Expr R = W.intValue(B->getRHS());
  W.Guards.pop_back();
  VarMap After = std::move(W.Vars);
  W.Vars = Before;
  W.mergeBranches(Before, After, Before, Runs);
  return Value::integer(Expr::binary(B->getOpcode() == BO_LAnd ? Op::LAnd : Op::LOr, L, R));
}

Value RvalueVisitor::VisitConditionalOperator(const ConditionalOperator *CO) { return conditional(CO, false); }

Value RvalueVisitor::conditional(const ConditionalOperator *CO, bool Load) {
  auto Operand = [&](const clang::Expr *X) { return Load ? loadedValue(X, X->IgnoreParens()) : W.rvalue(X); };
  Expr C = W.intValue(CO->getCond());
  // Only one of the two runs: what each assigns is merged as an if's
  // branches are (`c ? (m = x) : 0`).
  const bool Effects = !W.effectFree(CO->getTrueExpr()) || !W.effectFree(CO->getFalseExpr());
  const VarMap Before = Effects ? W.Vars : VarMap();
  W.Guards.push_back(W.makeGuard(C, CO->getCond()));
  Value T = Operand(CO->getTrueExpr());
  VarMap Then;
  if (Effects) {
    Then = std::move(W.Vars);
    W.Vars = Before;
  }
  W.Guards.back() = W.makeGuard(Expr::lnot(C), CO->getCond());
  Value F = Operand(CO->getFalseExpr());
  W.Guards.pop_back();
  if (Effects) {
    VarMap Else = std::move(W.Vars);
    W.Vars = Before;
    W.mergeBranches(Before, Then, Else, C);
  }
  if (T.K == Value::Int && F.K == Value::Int)
    return Value::integer(Expr::select(C, T.E, F.E));
  if (T.K == Value::Window && F.K == Value::Window && T.P.Array == F.P.Array) {
    T.P.Offset = Expr::select(C, T.P.Offset, F.P.Offset);
    return T;
  }
  if (T.K == Value::Obj && F.K == Value::Obj)
    return mergeObjects(C, *T.O, *F.O);
  return Value::integer(W.opaque(CO, true, "conditional of non-integers"));
}

Value RvalueVisitor::VisitCXXConstructExpr(const CXXConstructExpr *CC) {
  // Copies of shared objects (float4, __half, a struct) are loads; local
  // objects are followed part by part.
  Value V = W.constructObject(CC);
  if (V.K == Value::Obj)
    return V;
  return Value::integer(W.opaque(CC, true, "constructed object"));
}
} // namespace

Value Walker::rvalue(const clang::Expr *E) {
  ++Steps;
  E = E->IgnoreParens();
  // Own recursion is bounded like the evaluator's: deeper operands are
  // opaque (unknown, with the reason), never a stack overflow.
  struct DepthGuard {
    unsigned &D;
    explicit DepthGuard(unsigned &D) : D(++D) {}
    ~DepthGuard() { --D; }
  } Guard(RvalueDepth);
  if (RvalueDepth > symbolic::MaxEvalDepth) {
    if (E->getType()->isPointerType() || E->getType()->isArrayType())
      return Value();
    return Value::integer(opaque(E, true, "the index expression is nested too deeply"));
  }
  if (E->containsErrors()) {
    notBuilt(E);
    return Value::integer(opaque(E, true, "Clang could not build '" + sourceText(E) + "'"));
  }
  if (E->isValueDependent() || E->isTypeDependent())
    return Value::integer(opaque(E, true, "dependent expression"));
  if (isIntegral(E->getType())) {
    Folded F = folded(E);
    if (F.K == Folded::Value)
      return Value::integer(Expr::constant(F.V));
  }
  if (auto C = builtinCoordinate(E))
    return Value::integer(*C);
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E))
    return rvalue(PO->getResultExpr());
  if (E->getType()->isPointerType() || E->getType()->isArrayType()) {
    if (auto P = pointer(E))
      return Value::pointer(*P);
    return E->getType()->isPointerType() ? globalPointer(E) : Value();
  }
  return RvalueVisitor(*this).Visit(E);
}

// Clang's constant evaluation of a subexpression does not depend on the walk:
// computed once per expression (loops re-walk their bodies, and a chain of n
// operators would otherwise be evaluated O(n^2) times). An operator whose
// operand does not fold does not fold either: Clang is not asked.
Walker::Folded Walker::folded(const clang::Expr *E, unsigned Depth) {
  auto It = ConstantCache.find(E);
  if (It != ConstantCache.end())
    return It->second;
  if (const auto *IL = dyn_cast<IntegerLiteral>(E)) {
    Folded F;
    llvm::APSInt V(IL->getValue(), IL->getType()->isUnsignedIntegerOrEnumerationType());
    F.K = V.isSignedIntN(64) ? Folded::Value : Folded::Wide;
    if (F.K == Folded::Value)
      F.V = V.getExtValue();
    ConstantCache.emplace(E, F);
    return F;
  }
  auto NotFolded = [&](const clang::Expr *Operand) {
    Operand = Operand->IgnoreParens();
    return Depth < 64 && isIntegral(Operand->getType()) && !Operand->isValueDependent() &&
           folded(Operand, Depth + 1).K == Folded::None;
  };
  bool OperandNotFolded = false;
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    switch (B->getOpcode()) {
    case BO_Mul: case BO_Div: case BO_Rem: case BO_Add: case BO_Sub: case BO_Shl: case BO_Shr:
    case BO_LT: case BO_GT: case BO_LE: case BO_GE: case BO_EQ: case BO_NE:
    case BO_And: case BO_Xor: case BO_Or:
      OperandNotFolded = NotFolded(B->getLHS()) || NotFolded(B->getRHS());
      break;
    default:
      break;
    }
  } else if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Plus || U->getOpcode() == UO_Minus || U->getOpcode() == UO_Not ||
        U->getOpcode() == UO_LNot)
      OperandNotFolded = NotFolded(U->getSubExpr());
  } else if (const auto *CE = dyn_cast<ImplicitCastExpr>(E)) {
    if (CE->getCastKind() == CK_IntegralCast)
      OperandNotFolded = NotFolded(CE->getSubExpr());
  }
  Folded F;
  clang::Expr::EvalResult R;
  if (!OperandNotFolded && !readsVariable(E) && !E->HasSideEffects(Ctx) && E->EvaluateAsInt(R, Ctx) &&
      R.Val.isInt()) {
    if (R.Val.getInt().isSignedIntN(64)) {
      F.K = Folded::Value;
      F.V = R.Val.getInt().getExtValue();
    } else {
      F.K = Folded::Wide;
    }
  }
  ConstantCache.emplace(E, F);
  return F;
}

Expr Walker::intValue(const clang::Expr *E) {
  Value V = rvalue(E);
  if (V.K == Value::Int)
    return V.E;
  return opaque(E, true, "'" + sourceText(E) + "' is not an integer the analysis models");
}

Expr Walker::opaque(const clang::Expr *E, bool LaneVarying, std::string Why, QualType T) {
  symbolic::Symbol S;
  if (T.isNull() && E)
    T = E->getType();
  boundByType(S, T);
  llvm::StringRef Text = E ? llvm::StringRef(sourceText(E)) : llvm::StringRef("value");
  std::string Stem = Text.size() > 40 ? Text.take_front(37).str() + "..." : Text.str();
  S.Name = symbolic::SymbolName(std::move(Stem), ++OpaqueCount);
  S.Kind = LaneVarying ? SymbolKind::LaneOpaque : SymbolKind::Uniform;
  S.Reason = std::move(Why);
  return Expr::var(Result.Symbols.add(std::move(S)));
}

Expr Walker::memoryValue(const std::string &What, Expr Address, QualType T) {
  symbolic::Symbol F;
  F.Name = symbolic::SymbolName("load", ++OpaqueCount);
  F.Kind = SymbolKind::Function;
  F.Reason = "value loaded from " + What;
  boundByType(F, T); // a function symbol's facts are its results'
  return Expr::apply(Result.Symbols.add(F), std::move(Address));
}

void Walker::notBuilt(const clang::Expr *E) {
  if (!NotBuilt.insert(E).second)
    return;
  ++Result.NotBuilt;
  const SourceManager &SM = Ctx.getSourceManager();
  Result.Skipped.push_back({toFileLoc(SM.getExpansionLoc(E->getBeginLoc()), SM),
                            "'" + sourceText(E) + "' is not analysed: Clang could not build it (it uses a "
                            "declaration Clang rejects), so the shared accesses it makes are not seen"});
}

void Walker::forgetSharedUses(const clang::Expr *E) {
  auto OnNode = [&](const Stmt *N) {
    if (const auto *DR = dyn_cast<DeclRefExpr>(N))
      if (isShared(dyn_cast<VarDecl>(DR->getDecl())))
        Result.SharedRefsSeen.erase(DR);
    return !isa<LambdaExpr>(N);
  };
  walkPreOrder(E, OnNode);
}

void Walker::evalChildren(const Stmt *S) {
  for (const Stmt *C : S->children())
    if (const auto *CE = dyn_cast_or_null<clang::Expr>(C)) {
      if (CE->isGLValue()) {
        // A shared lvalue used in a way we do not model: say so.
        if (auto L = sharedLValue(CE))
          Result.Skipped.push_back({toFileLoc(CE->getBeginLoc(), Ctx.getSourceManager()),
                                    "use of shared '" + L->Array->getNameAsString() +
                                        "' is not analysed here"});
      } else {
        rvalue(CE);
      }
    }
}

} // namespace bankcheck::frontend

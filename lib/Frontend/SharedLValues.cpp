//===- SharedLValues.cpp - Shared lvalues and pointers into shared memory -===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Two ConstStmtVisitors: one for lvalues (`s[i][j]`, `*p`, `s.f`, a
/// reference to shared memory) and one for pointer-valued expressions
/// (`&s[i]`, `s + k`, array decay, casts), each giving the shared variable
/// and the symbolic byte offset, or nothing when the expression is not in
/// shared memory (its subexpressions are still evaluated, so that accesses
/// inside them are recorded).
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtVisitor.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;
using symbolic::SymbolKind;

namespace {
/// `c ? a : b` as one shared location (Of: an operand's pointer or lvalue):
/// both operands in one array, at the selected offset. Otherwise (two
/// arrays, or maybe not shared) none: a read of it is each operand's read
/// (loadedValue), which sees the uses again; anything else through it (a
/// pointer or reference bound to it, a write) is not followed, and its uses
/// are forgotten so that coverage names them.
template <typename OfFn>
std::optional<SharedRef> oneLocation(Walker &W, const ConditionalOperator *CO, OfFn Of) {
  Expr C = W.intValue(CO->getCond());
  auto T = Of(CO->getTrueExpr());
  auto F = Of(CO->getFalseExpr());
  if (T && F && T->Array == F->Array) {
    T->Offset = Expr::select(C, T->Offset, F->Offset);
    return T;
  }
  if (T || F)
    W.forgetSharedUses(CO);
  return std::nullopt;
}

class PointerVisitor : public ConstStmtVisitor<PointerVisitor, std::optional<SharedRef>> {
public:
  explicit PointerVisitor(Walker &W) : W(W) {}

  std::optional<SharedRef> VisitCastExpr(const CastExpr *CE);
  std::optional<SharedRef> VisitUnaryOperator(const UnaryOperator *U);
  std::optional<SharedRef> VisitBinaryOperator(const BinaryOperator *B);
  std::optional<SharedRef> VisitCallExpr(const CallExpr *C) {
    Value V = W.call(C);
    if (V.K == Value::Ptr)
      return V.P;
    return std::nullopt;
  }
  std::optional<SharedRef> VisitCXXThisExpr(const CXXThisExpr *) { return W.thisShared(); }
  std::optional<SharedRef> VisitExprWithCleanups(const ExprWithCleanups *E) { return W.pointer(E->getSubExpr()); }
  std::optional<SharedRef> VisitConditionalOperator(const ConditionalOperator *CO) {
    return oneLocation(W, CO, [&](const clang::Expr *E) { return W.pointer(E); });
  }
  std::optional<SharedRef> VisitStmt(const Stmt *S) { return other(cast<clang::Expr>(S)); }

private:
  /// An array lvalue is its own first element's address; anything else is
  /// not a shared pointer.
  std::optional<SharedRef> other(const clang::Expr *E) {
    if (E->isGLValue() && E->getType()->isArrayType())
      return W.sharedLValue(E);
    W.evalChildren(E);
    return std::nullopt;
  }

  Walker &W;
};

std::optional<SharedRef> PointerVisitor::VisitCastExpr(const CastExpr *CE) {
  const clang::Expr *Sub = CE->getSubExpr();
  switch (CE->getCastKind()) {
  case CK_ArrayToPointerDecay: {
    auto L = W.sharedLValue(Sub);
    if (!L)
      return std::nullopt;
    const clang::ArrayType *AT = W.Ctx.getAsArrayType(L->Pointee);
    if (!AT)
      return std::nullopt;
    return SharedRef{L->Array, L->Offset, AT->getElementType()};
  }
  case CK_LValueToRValue: {
    const clang::Expr *L = Sub->IgnoreParens();
    if (const auto *DR = dyn_cast<DeclRefExpr>(L))
      if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl())) {
        auto It = W.Vars.find(VD);
        if (It != W.Vars.end() && It->second.K == Value::Ptr)
          return W.writtenThroughAlias(VD) ? W.movedUnseen(It->second.P, VD, L) : It->second.P;
        return std::nullopt;
      }
    if (std::optional<LocalRef> R = W.localRef(L)) { // a pointer kept in a local struct or array
      Value V = W.readLocal(*R, L);
      if (V.K == Value::Ptr)
        return V.P;
      return std::nullopt;
    }
    if (auto Loc = W.sharedLValue(L)) // a pointer stored in shared memory
      W.record(*Loc, L, "load");
    return std::nullopt;
  }
  case CK_UserDefinedConversion: // `operator T *()` (the SharedMemory<T> idiom)
  case CK_BitCast:
  case CK_NoOp:
  case CK_ReinterpretMemberPointer:
  case CK_AddressSpaceConversion: {
    auto P = W.pointer(Sub);
    if (P && CE->getType()->isPointerType())
      P->Pointee = CE->getType()->getPointeeType();
    return P;
  }
  default:
    W.rvalue(Sub);
    return std::nullopt;
  }
}

std::optional<SharedRef> PointerVisitor::VisitUnaryOperator(const UnaryOperator *U) {
  if (U->getOpcode() == UO_AddrOf) {
    auto L = W.sharedLValue(U->getSubExpr());
    if (L) {
      L->Pointee = U->getSubExpr()->getType();
      if (L->Facts) { // a pointer walks on from here: not a plain row access
        SharedRefFacts &F = L->setFacts();
        F.Invariant = Expr();
        F.StrideTokens.clear();
        F.StrideName.clear();
      }
    }
    return L;
  }
  if (U->isIncrementDecrementOp()) {
    W.incDec(U);
    if (const auto *DR = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens()))
      if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl())) {
        auto It = W.Vars.find(VD);
        if (It != W.Vars.end() && It->second.K == Value::Ptr) // pre/post differ; post is approximate
          return W.writtenThroughAlias(VD) ? W.movedUnseen(It->second.P, VD, U) : It->second.P;
      }
    return std::nullopt;
  }
  return other(U);
}

std::optional<SharedRef> PointerVisitor::VisitBinaryOperator(const BinaryOperator *B) {
  if (B->isAssignmentOp()) {
    Value V = W.assign(B);
    if (V.K == Value::Ptr)
      return V.P;
    return std::nullopt;
  }
  if (B->getOpcode() == BO_Comma) {
    W.rvalue(B->getLHS());
    return W.pointer(B->getRHS());
  }
  if (B->getOpcode() != BO_Add && B->getOpcode() != BO_Sub)
    return other(B);
  bool LeftPtr = B->getLHS()->getType()->isPointerType();
  const clang::Expr *PE = LeftPtr ? B->getLHS() : B->getRHS();
  const clang::Expr *IE = LeftPtr ? B->getRHS() : B->getLHS();
  if (IE->getType()->isPointerType()) { // p - q: not a pointer
    W.rvalue(PE);
    W.rvalue(IE);
    return std::nullopt;
  }
  auto P = W.pointer(PE);
  Expr I = W.intValue(IE);
  if (!P)
    return std::nullopt;
  I = W.sharedIndex(I);
  Expr Size = P->Pointee->isIncompleteType() || P->Pointee->isVoidType() ? Expr::constant(1)
                                                                        : W.sizeOf(P->Pointee, P->Array);
  Expr Delta = I * Size;
  P->Offset = B->getOpcode() == BO_Add ? P->Offset + Delta : P->Offset - Delta;
  return P;
}

class LValueVisitor : public ConstStmtVisitor<LValueVisitor, std::optional<SharedRef>> {
public:
  explicit LValueVisitor(Walker &W) : W(W) {}

  std::optional<SharedRef> VisitDeclRefExpr(const DeclRefExpr *DR);
  std::optional<SharedRef> VisitArraySubscriptExpr(const ArraySubscriptExpr *AS);
  std::optional<SharedRef> VisitUnaryOperator(const UnaryOperator *U) {
    if (U->getOpcode() == UO_Deref) {
      auto P = W.pointer(U->getSubExpr());
      if (P)
        P->Pointee = U->getType();
      return P;
    }
    W.evalChildren(U);
    return std::nullopt;
  }
  std::optional<SharedRef> VisitMemberExpr(const MemberExpr *ME);
  std::optional<SharedRef> VisitCastExpr(const CastExpr *CE) {
    if (CE->getCastKind() == CK_NoOp || CE->getCastKind() == CK_LValueBitCast ||
        CE->getCastKind() == CK_UncheckedDerivedToBase || CE->getCastKind() == CK_DerivedToBase) {
      auto L = W.sharedLValue(CE->getSubExpr());
      if (L)
        L->Pointee = CE->getType();
      return L;
    }
    W.rvalue(CE->getSubExpr());
    return std::nullopt;
  }
  std::optional<SharedRef> VisitMaterializeTemporaryExpr(const MaterializeTemporaryExpr *MT) {
    return W.sharedLValue(MT->getSubExpr());
  }
  std::optional<SharedRef> VisitConditionalOperator(const ConditionalOperator *CO) {
    return oneLocation(W, CO, [&](const clang::Expr *E) { return W.sharedLValue(E); });
  }
  std::optional<SharedRef> VisitBinaryOperator(const BinaryOperator *B) {
    if (B->isAssignmentOp()) { // (s[i] = x) as an lvalue: the store is recorded
      W.assign(B);
      return std::nullopt;
    }
    return VisitStmt(B);
  }
  std::optional<SharedRef> VisitCallExpr(const CallExpr *C) {
    // A call returning a reference to shared memory (`t.at(r, c)`, `buf[i]`).
    Value V = W.call(C);
    if (V.K == Value::Ptr && C->isGLValue()) {
      V.P.Pointee = C->getType();
      return V.P;
    }
    return std::nullopt;
  }
  std::optional<SharedRef> VisitStmt(const Stmt *S) {
    W.evalChildren(S);
    return std::nullopt;
  }

private:
  Walker &W;
};

std::optional<SharedRef> LValueVisitor::VisitDeclRefExpr(const DeclRefExpr *DR) {
  const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
  if (isShared(VD)) {
    W.Result.SharedRefsSeen.insert(DR);
    return SharedRef{VD, Expr::constant(0), VD->getType()};
  }
  if (VD && VD->getType()->isReferenceType()) {
    auto It = W.Vars.find(VD);
    if (It != W.Vars.end() && It->second.K == Value::Ptr)
      return It->second.P;
  }
  return std::nullopt;
}

std::optional<SharedRef> LValueVisitor::VisitArraySubscriptExpr(const ArraySubscriptExpr *AS) {
  auto P = W.pointer(AS->getBase());
  SharedRef Stride;
  std::optional<Expr> Linear;
  std::int64_t Region = -1;
  std::string Via;
  const VarDecl *Rep = nullptr;
  if (P && P->Array->hasExternalStorage()) {
    // extern __shared__: rows of a region carved by hand (no fix-it; notes only).
    if (std::optional<std::int64_t> Base = W.carvedBase(AS->getBase(), *P, Via, Rep)) {
      Linear = W.externRowIndex(AS, P->Array, *Base, Rep, Stride);
      // Through the array itself, only a row access is known to stay in region 0.
      if (Linear || !Via.empty())
        Region = *Base;
    }
  } else if (P && P->Offset.isConst(0))
    if (const auto *DR = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts()))
      if (DR->getDecl() == P->Array)
        Linear = W.linearizedIndex(AS, P->Array, Stride);
  if (!P && !isIntegral(AS->getType()) && W.effectFree(AS->getIdx()))
    return std::nullopt; // the index's value is read only for loads of integers
  Expr I = Linear ? *Linear : W.intValue(AS->getIdx());
  if (P)
    I = W.sharedIndex(I);
  if (!P) {
    // Remember the index of a load through a kernel parameter or a global,
    // or the address of one through a variable holding a pointer into
    // memory that is not shared (a helper's parameter bound to one, a
    // pointer the host captured in the kernel's closure).
    const clang::Expr *Base = AS->getBase()->IgnoreParenImpCasts();
    if (const auto *DR = dyn_cast<DeclRefExpr>(Base))
      if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl())) {
        auto It = W.Vars.find(VD);
        if ((isa<ParmVarDecl>(VD) && VD->getDeclContext() == &W.Kernel && It == W.Vars.end()) ||
            VD->hasGlobalStorage())
          W.UniformBaseIndex[AS] = I;
        else if (It != W.Vars.end() && It->second.K == Value::Global && isIntegral(AS->getType()) &&
                 !AS->getType()->isIncompleteType())
          W.UniformBaseIndex[AS] =
              It->second.P.Offset + I * Expr::constant(W.Ctx.getTypeSizeInChars(AS->getType()).getQuantity());
      }
    if (isa<MemberExpr>(Base) && Base->getType()->isPointerType() && W.hostMadeMember(Base))
      W.UniformBaseIndex[AS] = I; // through a pointer member of a by-value kernel parameter
    return std::nullopt;
  }
  if (AS->getType()->isIncompleteType())
    return std::nullopt;
  SharedRef R{P->Array, P->Offset + I * W.sizeOf(AS->getType(), P->Array), AS->getType()};
  if (Stride.Facts || Region != -1 || !Via.empty()) {
    SharedRefFacts &F = R.setFacts();
    F.Invariant = Stride.facts().Invariant;
    F.StrideTokens = Stride.facts().StrideTokens;
    F.StrideName = Stride.facts().StrideName;
    F.RegionBase = Region;
    F.RegionVia = Via;
  }
  return R;
}

std::optional<SharedRef> LValueVisitor::VisitMemberExpr(const MemberExpr *ME) {
  if (const auto *RF = dyn_cast<FieldDecl>(ME->getMemberDecl()); RF && RF->getType()->isReferenceType())
    return W.referenceMember(ME); // a member bound to shared storage
  std::optional<SharedRef> Base = ME->isArrow() ? W.pointer(ME->getBase()) : W.sharedLValue(ME->getBase());
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!Base || !FD)
    return std::nullopt;
  const ASTRecordLayout &Layout = W.Ctx.getASTRecordLayout(FD->getParent());
  std::int64_t Bits = Layout.getFieldOffset(FD->getFieldIndex());
  if (FD->isBitField() || Bits % 8)
    return std::nullopt;
  return SharedRef{Base->Array, Base->Offset + Bits / 8, ME->getType()};
}
} // namespace

SharedRef Walker::movedUnseen(const SharedRef &P, const VarDecl *VD, const clang::Expr *Use) {
  return SharedRef(P.Array, opaque(Use, true, aliasReason(VD)), P.Pointee);
}

std::optional<SharedRef> Walker::pointer(const clang::Expr *E) {
  ++Steps;
  if (E->containsErrors()) {
    notBuilt(E);
    return std::nullopt;
  }
  return PointerVisitor(*this).Visit(E->IgnoreParens());
}

std::optional<SharedRef> Walker::sharedLValue(const clang::Expr *E) {
  ++Steps;
  if (E->containsErrors()) {
    notBuilt(E);
    return std::nullopt;
  }
  return LValueVisitor(*this).Visit(E->IgnoreParens());
}

Expr Walker::sizeOf(QualType T, const VarDecl *A) {
  std::int64_t Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
  const auto *RowT = Ctx.getAsConstantArrayType(T);
  const auto *DeclT = A ? Ctx.getAsConstantArrayType(A->getType()) : nullptr;
  if (!RowT || !DeclT)
    return Expr::constant(Bytes);
  // Extents of the declaration, outermost first.
  std::vector<std::int64_t> Extents;
  QualType Elem = A->getType();
  while (const auto *CT = Ctx.getAsConstantArrayType(Elem)) {
    Extents.push_back(CT->getSize().getSExtValue());
    Elem = CT->getElementType();
  }
  unsigned RowRank = 0;
  QualType RowElem = T;
  while (const auto *CT = Ctx.getAsConstantArrayType(RowElem)) {
    ++RowRank;
    RowElem = CT->getElementType();
  }
  if (Extents.size() < 2 || RowRank == 0 || RowRank >= Extents.size() || !Ctx.hasSameType(RowElem, Elem))
    return Expr::constant(Bytes);
  auto It = Result.Layouts.find(A);
  if (It == Result.Layouts.end()) {
    ArrayLayout L;
    symbolic::Symbol S;
    S.Name = A->getNameAsString() + ".extent";
    S.Kind = SymbolKind::Layout;
    L.Inner = Result.Symbols.add(S);
    L.InnerExtent = Extents.back();
    L.Extents = Extents;
    L.ElementBytes = Ctx.getTypeSizeInChars(Elem).getQuantity();
    It = Result.Layouts.emplace(A, L).first;
  }
  // Row of rank k: extents[n-k .. n-2] * inner * element size.
  std::int64_t Middle = It->second.ElementBytes;
  for (std::size_t I = Extents.size() - RowRank; I + 1 < Extents.size(); ++I)
    Middle *= Extents[I];
  return Expr::var(It->second.Inner) * Middle;
}

} // namespace bankcheck::frontend

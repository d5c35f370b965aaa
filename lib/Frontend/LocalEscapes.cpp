//===- LocalEscapes.cpp - Locals the walk cannot follow -------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A local object whose address leaves the expressions the walk follows (its
/// address taken, an array decayed to a pointer other than to be indexed, a
/// non-const reference to it (also an aggregate's reference member or a
/// range-for's reference), a non-const member function called on it that
/// the walk does not go into or that returns a non-const reference or
/// pointer, a capture by reference of a lambda it does not go into or that
/// returns one, an assignment to a conditional lvalue that may be it)
/// may be changed where the walk does not see it: such
/// objects are not followed, such an integer is unknown (and may differ by
/// lane) at every read, and such a pointer points into its shared variable
/// at an offset not known, so that no stale value is ever read. The same
/// pass notes whether the body uses goto (KernelWalker.cpp).
//===----------------------------------------------------------------------===//
#include "Frontend/CooperativeGroups.h"
#include "Frontend/WalkerState.h"

#include "Frontend/StmtWalk.h"

#include "llvm/ADT/SmallPtrSet.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {
/// The local variable an lvalue is part of (`v`, `v.a`, `v.a[i]`), if any.
const VarDecl *rootOf(const clang::Expr *E) {
  for (;;) {
    E = E->IgnoreParens();
    if (const auto *CE = dyn_cast<ImplicitCastExpr>(E);
        CE && (CE->getCastKind() == CK_NoOp || CE->getCastKind() == CK_DerivedToBase ||
               CE->getCastKind() == CK_UncheckedDerivedToBase || CE->getCastKind() == CK_ArrayToPointerDecay)) {
      E = CE->getSubExpr();
    } else if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow()) {
      E = ME->getBase();
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const auto *D = dyn_cast<ImplicitCastExpr>(AS->getBase()->IgnoreParens());
      if (!D || D->getCastKind() != CK_ArrayToPointerDecay)
        return nullptr;
      E = D->getSubExpr();
    } else if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
      return VD && VD->hasLocalStorage() ? VD : nullptr;
    } else {
      return nullptr;
    }
  }
}

/// A member function the walk goes into with `this` bound: what it writes
/// into its object is seen there.
bool walkedMethod(const CXXMethodDecl *MD) {
  const FunctionDecl *Def = nullptr;
  return isWalkedMethod(MD, Def);
}

bool isNonConstReference(QualType T) {
  return T->isReferenceType() && !T.getNonReferenceType().isConstQualified();
}

/// A function whose result may alias its object or captures for writing
/// (`int &get()`, `T *data()`): the walk follows a returned shared lvalue,
/// not a part of a local, so what the caller writes through it is not seen.
bool returnsMutableAlias(const FunctionDecl *FD) {
  QualType T = FD->getReturnType();
  if (isNonConstReference(T))
    return true;
  return T->isPointerType() && !T->getPointeeType().isConstQualified();
}

/// One pre-order pass over a body (StmtWalk.h): the local objects that
/// escape, and whether it uses goto.
class EscapeFinder {
public:
  std::set<const VarDecl *> Escaping;
  std::set<const VarDecl *> WrittenUnseen;
  bool HasGoto = false;
  llvm::SmallPtrSet<const clang::Expr *, 16> Indexed; ///< decays that are the base of a subscript

  void run(const Stmt *S) {
    auto OnNode = [&](const Stmt *N) {
      node(N);
      return true;
    };
    auto OnVar = [&](const VarDecl *VD) {
      if (isNonConstReference(VD->getType()) && VD->getInit())
        escape(VD->getInit());
    };
    walkPreOrder(S, OnNode, OnVar);
  }

private:
  void escape(const clang::Expr *E) {
    if (!E)
      return;
    E = E->IgnoreParens();
    // An lvalue that is one of several (`c ? a : b`, `(x, a)`): each may be it.
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      escape(CO->getTrueExpr());
      escape(CO->getFalseExpr());
    } else if (const auto *BC = dyn_cast<BinaryConditionalOperator>(E)) {
      escape(BC->getCommon());
      escape(BC->getFalseExpr());
    } else if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == BO_Comma) {
      escape(BO->getRHS());
    } else if (const VarDecl *VD = rootOf(E)) {
      Escaping.insert(VD);
    }
  }
  /// Where an assignment's target is not one the walk assigns (a
  /// conditional lvalue), what it may write escapes.
  void assignedThrough(const clang::Expr *LHS) {
    const clang::Expr *L = LHS->IgnoreParens();
    if (isa<ConditionalOperator, BinaryConditionalOperator>(L) ||
        (isa<BinaryOperator>(L) && cast<BinaryOperator>(L)->getOpcode() == BO_Comma))
      escape(L);
  }
  /// Aggregate initialization binding a local to a reference member
  /// (`Acc a{m}` with `int &r`): the object writes it through the member.
  void aggregate(const InitListExpr *IL) {
    if (IL->isSyntacticForm() && IL->getSemanticForm())
      IL = IL->getSemanticForm();
    const RecordDecl *RD = IL->getType()->getAsRecordDecl();
    if (!RD || RD->isUnion())
      return;
    unsigned I = 0;
    if (const auto *CRD = dyn_cast<CXXRecordDecl>(RD))
      I = CRD->getNumBases();
    for (const FieldDecl *F : RD->fields()) {
      if (F->isUnnamedBitField())
        continue;
      if (I >= IL->getNumInits())
        break;
      if (isNonConstReference(F->getType()))
        escape(IL->getInit(I));
      ++I;
    }
  }
  void node(const Stmt *N) {
    if (isa<GotoStmt, IndirectGotoStmt>(N)) {
      HasGoto = true;
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(N)) {
      Indexed.insert(AS->getBase()->IgnoreParens());
    } else if (const auto *CE = dyn_cast<ImplicitCastExpr>(N)) {
      if (CE->getCastKind() == CK_ArrayToPointerDecay && !Indexed.count(CE))
        escape(CE->getSubExpr());
    } else if (const auto *U = dyn_cast<UnaryOperator>(N)) {
      if (U->getOpcode() == UO_AddrOf)
        escape(U->getSubExpr());
      else if (U->isIncrementDecrementOp())
        assignedThrough(U->getSubExpr());
    } else if (const auto *B = dyn_cast<BinaryOperator>(N)) {
      if (B->isAssignmentOp())
        assignedThrough(B->getLHS());
    } else if (const auto *FR = dyn_cast<CXXForRangeStmt>(N)) {
      // `for (int &e : a)`: the loop writes a's elements through e.
      if (const VarDecl *LV = FR->getLoopVariable(); LV && isNonConstReference(LV->getType()))
        escape(FR->getRangeInit());
    } else if (const auto *IL = dyn_cast<InitListExpr>(N)) {
      aggregate(IL);
    } else if (const auto *C = dyn_cast<CallExpr>(N)) {
      call(C);
    } else if (const auto *CC = dyn_cast<CXXConstructExpr>(N)) {
      construct(CC);
    } else if (const auto *L = dyn_cast<LambdaExpr>(N)) {
      lambda(L);
    } else if (const auto *G = dyn_cast<GCCAsmStmt>(N)) {
      for (const clang::Expr *Out : G->outputs())
        if (const VarDecl *VD = rootOf(Out))
          WrittenUnseen.insert(VD);
    }
  }
  void call(const CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    unsigned First = 0;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C)) {
      const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
      if (!MD || (!MD->isConst() && !MD->isStatic() && (!walkedMethod(MD) || returnsMutableAlias(MD))))
        escape(MC->getImplicitObjectArgument());
    } else if (const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD); MD && isa<CXXOperatorCallExpr>(C)) {
      First = 1; // the object is argument 0
      if (C->getNumArgs() && !MD->isConst() && !MD->isStatic() && !MD->isCopyAssignmentOperator() &&
          !MD->isMoveAssignmentOperator() && (!walkedMethod(MD) || returnsMutableAlias(MD)))
        escape(C->getArg(0));
    }
    // Through a pointer: the parameter types of the pointer's function type.
    const FunctionProtoType *Proto = nullptr;
    if (!FD && C->getCallee()) {
      QualType T = C->getCallee()->getType();
      if (T->isPointerType() || T->isReferenceType())
        T = T->getPointeeType();
      Proto = T->getAs<FunctionProtoType>();
    }
    for (unsigned I = First; I < C->getNumArgs(); ++I) {
      const clang::Expr *A = C->getArg(I);
      unsigned P = I - First;
      if (!FD && !Proto) {
        if (A->isGLValue())
          escape(A);
        continue;
      }
      if (FD ? P < FD->getNumParams() && isNonConstReference(FD->getParamDecl(P)->getType())
             : P >= Proto->getNumParams() ? A->isGLValue() : isNonConstReference(Proto->getParamType(P)))
        escape(A);
    }
  }
  void construct(const CXXConstructExpr *CC) {
    const CXXConstructorDecl *Ctor = CC->getConstructor();
    if (!Ctor || Ctor->isCopyOrMoveConstructor())
      return;
    for (unsigned I = 0; I < CC->getNumArgs() && I < Ctor->getNumParams(); ++I)
      if (isNonConstReference(Ctor->getParamDecl(I)->getType()))
        escape(CC->getArg(I));
  }
  void lambda(const LambdaExpr *L) {
    // A reference init-capture (`[&r = k]`) is an alias the walk does not
    // follow: what the lambda writes through it is not seen.
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable())
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar());
            VD && VD->isInitCapture() && VD->getType()->isReferenceType() && VD->getInit())
          escape(VD->getInit());
    // A lambda in device code is walked where it is called, and what it
    // writes into its by-reference captures is seen there.
    if (walkedMethod(L->getCallOperator()) && !returnsMutableAlias(L->getCallOperator())) {
      for (const LambdaCapture &C : L->captures())
        if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
          if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar()))
            WrittenUnseen.insert(VD);
      return;
    }
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar()))
          Escaping.insert(VD);
  }
};

BodyFacts bodyFactsOf(const Stmt *S) {
  EscapeFinder F;
  F.run(S);
  return {std::move(F.Escaping), std::move(F.WrittenUnseen), F.HasGoto};
}
} // namespace

const BodyFacts &Walker::bodyFacts(const FunctionDecl &F) {
  const FunctionDecl *Key = F.getCanonicalDecl();
  auto It = Bodies.find(Key);
  if (It == Bodies.end())
    It = Bodies.emplace(Key, bodyFactsOf(F.getBody())).first;
  return It->second;
}

bool Walker::hasGoto(const FunctionDecl &F) { return bodyFacts(F).HasGoto; }

std::string Walker::aliasReason(const VarDecl *VD) {
  return "'" + VD->getNameAsString() + "' may be written through a pointer or reference to it";
}

bool Walker::writtenThroughAlias(const VarDecl *VD) {
  auto [It, New] = AliasWritten.try_emplace(VD, false);
  if (!New)
    return It->second;
  if (VD->hasLocalStorage() && (isIntegral(VD->getType()) || VD->getType()->isPointerType()) &&
      isa_and_nonnull<FunctionDecl>(VD->getParentFunctionOrMethod()))
    It->second = escapes(VD); // escapes() does not touch AliasWritten: It stays valid
  return It->second;
}

bool Walker::escapes(const VarDecl *VD) {
  const DeclContext *DC = VD->getParentFunctionOrMethod();
  const auto *F = dyn_cast_or_null<FunctionDecl>(DC);
  if (!F)
    return true;
  // A cooperative group handed on by reference (`reduce(tile, v)`) keeps its
  // ranks: nothing but an assignment of another group changes them.
  if (isCooperativeGroupsType(VD->getType().getNonReferenceType()))
    return false;
  return bodyFacts(*F).Escaping.count(VD) != 0;
}

} // namespace bankcheck::frontend

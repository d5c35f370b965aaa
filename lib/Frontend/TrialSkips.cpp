//===- TrialSkips.cpp - Loops a uniformity trial need not walk ------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A symbolic loop's trial walk (symbolicLoop) runs its body once, not
/// recording, only to see whether the carried integers it checks stay
/// uniform. A loop nested in that body is passed over when its walk can
/// change nothing the check depends on: it only computes values and stores,
/// by name, to shared memory and to locals, it cannot leave the body early
/// or call a function with a body, and none of the variables it stores to
/// can reach a checked value (Relevance: through the values stored to them,
/// or the conditions under which those are stored). Its real walk, after the
/// trial, is the one that records: a GEMM's unrolled inner loops inside an
/// outer loop with such a counter were walked twice before.
//===----------------------------------------------------------------------===//
#include "Frontend/StmtWalk.h"
#include "Frontend/WalkerState.h"

#include "clang/AST/StmtVisitor.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {
/// The variable a store to E writes as assignedVars sees it, or null where
/// it writes through a pointer, a reference or `->`, which that set does not
/// name.
const VarDecl *plainTarget(const clang::Expr *E) {
  const VarDecl *VD = storedVariable(E);
  return VD && !VD->getType()->isReferenceType() ? VD : nullptr;
}

/// Whether L's walk can only compute values, store to the variables
/// assignedVars(L) names and leave at its own end: no return, goto, throw,
/// lambda, statement expression, asm, call of a function with a body (or
/// through a pointer), constructor with a body, address taken, nor a store
/// through a pointer or reference.
bool plainLoop(const Stmt *L, Walker &W) {
  bool Plain = true;
  auto Store = [&](const clang::Expr *E) {
    if (!plainTarget(E))
      Plain = false;
  };
  auto OnNode = [&](const Stmt *N) {
    if (!Plain)
      return false;
    if (isa<PseudoObjectExpr>(N)) {
      // threadIdx.x and the like (a property read through a call); any other
      // is not plain.
      Plain = W.builtinCoordinate(cast<PseudoObjectExpr>(N)).has_value();
      return false;
    }
    if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt, CXXThrowExpr, LambdaExpr, StmtExpr, BlockExpr, AsmStmt,
            CoroutineBodyStmt, CoreturnStmt, CoawaitExpr, CoyieldExpr, CXXNewExpr, CXXDeleteExpr>(N)) {
      Plain = false;
    } else if (const auto *C = dyn_cast<CallExpr>(N)) {
      const FunctionDecl *FD = C->getDirectCallee();
      if (!FD || FD->hasBody() || isa<CXXOperatorCallExpr, CXXMemberCallExpr>(C))
        Plain = false;
    } else if (const auto *CC = dyn_cast<CXXConstructExpr>(N)) {
      if (!CC->getConstructor() || CC->getConstructor()->hasBody())
        Plain = false;
    } else if (const auto *B = dyn_cast<BinaryOperator>(N)) {
      if (B->isAssignmentOp())
        Store(B->getLHS());
    } else if (const auto *U = dyn_cast<UnaryOperator>(N)) {
      if (U->getOpcode() == UO_AddrOf)
        Plain = false;
      else if (U->isIncrementDecrementOp())
        Store(U->getSubExpr());
    }
    return Plain;
  };
  walkPreOrder(L, OnNode);
  return Plain;
}

/// The variables E names.
void named(const Stmt *E, std::set<const VarDecl *> &Out) {
  auto OnNode = [&](const Stmt *X) {
    if (const auto *DR = dyn_cast<DeclRefExpr>(X))
      if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
        Out.insert(VD);
    return true;
  };
  walkPreOrder(E, OnNode);
}

/// The variables whose values a trial's statements may pass into the values
/// it checks (Checked) or into the conditions under which those are set: the
/// smallest set holding Checked and, for each store to one of its variables,
/// the variables the stored value and the enclosing conditions name, and the
/// variables of every condition around a break, continue or return. Not
/// known (Known false) where the statements can write a variable other than
/// by a store that names it (a call or constructor that may write through a
/// reference, a member or operator call, a lambda, asm, goto, an address
/// taken, a store through a pointer). One pass of the statements: visit();
/// repeated until the set stops growing.
class Relevance : public ConstStmtVisitor<Relevance> {
public:
  std::set<const VarDecl *> Vars;
  bool Known = true;
  bool Changed = false;

  void visit(const Stmt *S) {
    if (S && Known)
      Visit(S);
  }

  void VisitStmt(const Stmt *S) {
    for (const Stmt *C : S->children())
      visit(C);
  }
  void VisitLambdaExpr(const LambdaExpr *) { Known = false; }
  void VisitAsmStmt(const AsmStmt *) { Known = false; }
  void VisitGotoStmt(const GotoStmt *) { Known = false; }
  void VisitIndirectGotoStmt(const IndirectGotoStmt *) { Known = false; }
  void VisitStmtExpr(const StmtExpr *) { Known = false; }
  void VisitBlockExpr(const BlockExpr *) { Known = false; }
  void VisitCXXMemberCallExpr(const CXXMemberCallExpr *) { Known = false; }
  void VisitCXXOperatorCallExpr(const CXXOperatorCallExpr *) { Known = false; }
  void VisitCallExpr(const CallExpr *C) {
    const FunctionDecl *FD = C->getDirectCallee();
    if (!FD || writesThroughReference(FD)) {
      Known = false;
      return;
    }
    VisitStmt(C);
  }
  void VisitCXXConstructExpr(const CXXConstructExpr *C) {
    if (!C->getConstructor() || writesThroughReference(C->getConstructor())) {
      Known = false;
      return;
    }
    VisitStmt(C);
  }

  void VisitIfStmt(const IfStmt *I) {
    visit(I->getInit());
    visit(I->getConditionVariableDeclStmt());
    visit(I->getCond());
    Around A(*this, I, {I->getCond(), I->getConditionVariableDeclStmt()});
    visit(I->getThen());
    visit(I->getElse());
  }
  void VisitForStmt(const ForStmt *F) {
    visit(F->getInit());
    Around A(*this, F, {F->getInit(), F->getCond(), F->getInc()});
    visit(F->getCond());
    visit(F->getInc());
    visit(F->getBody());
  }
  void VisitWhileStmt(const WhileStmt *W) {
    Around A(*this, W, {W->getCond()});
    visit(W->getCond());
    visit(W->getBody());
  }
  void VisitDoStmt(const DoStmt *D) {
    Around A(*this, D, {D->getCond()});
    visit(D->getCond());
    visit(D->getBody());
  }
  void VisitCXXForRangeStmt(const CXXForRangeStmt *FR) {
    visit(FR->getInit());
    visit(FR->getRangeInit());
    Around A(*this, FR, {FR->getInit(), FR->getRangeInit()});
    visit(FR->getLoopVarStmt());
    visit(FR->getBody());
  }
  void VisitSwitchStmt(const SwitchStmt *SW) {
    visit(SW->getInit());
    visit(SW->getCond());
    Around A(*this, SW, {SW->getCond()});
    visit(SW->getBody());
  }
  void VisitAbstractConditionalOperator(const AbstractConditionalOperator *CO) {
    visit(CO->getCond());
    Around A(*this, CO, {CO->getCond()});
    visit(CO->getTrueExpr());
    visit(CO->getFalseExpr());
  }
  void VisitBinaryOperator(const BinaryOperator *B) {
    if (B->isLogicalOp()) {
      visit(B->getLHS());
      Around A(*this, B, {B->getLHS()});
      visit(B->getRHS());
      return;
    }
    if (B->isAssignmentOp())
      store(plainTarget(B->getLHS()), B); // the value, and for op= the old one
    VisitStmt(B);
  }
  void VisitUnaryOperator(const UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      store(plainTarget(U->getSubExpr()), U);
    else if (U->getOpcode() == UO_AddrOf)
      Known = false; // a write through the address is not seen
    VisitStmt(U);
  }
  void VisitDeclStmt(const DeclStmt *DS) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        store(VD, VD->getInit());
    VisitStmt(DS);
  }

private:
  /// The variables of the conditions around the statement being visited.
  std::set<const VarDecl *> Ctl;

  /// The conditions that decide whether (and how often) S's parts run, added
  /// to Ctl for the scope's life; around a jump they decide what runs after
  /// it too, so they reach the checked values wherever they are.
  struct Around {
    Relevance &R;
    std::set<const VarDecl *> Saved;
    Around(Relevance &R, const Stmt *S, std::initializer_list<const Stmt *> Conds) : R(R), Saved(R.Ctl) {
      for (const Stmt *X : Conds)
        if (X)
          named(X, R.Ctl);
      if (holdsJump(S))
        for (const VarDecl *V : R.Ctl)
          R.Changed |= R.Vars.insert(V).second;
    }
    ~Around() { R.Ctl = std::move(Saved); }
  };

  static bool writesThroughReference(const FunctionDecl *FD) {
    for (const ParmVarDecl *P : FD->parameters())
      if (P->getType()->isReferenceType() && !P->getType().getNonReferenceType().isConstQualified())
        return true;
    return false;
  }
  void store(const VarDecl *Target, const Stmt *Value) {
    if (!Target) {
      Known = false;
      return;
    }
    if (!Vars.count(Target))
      return;
    std::set<const VarDecl *> Add = Ctl;
    if (Value)
      named(Value, Add);
    for (const VarDecl *V : Add)
      Changed |= Vars.insert(V).second;
  }
};
} // namespace

bool Walker::trialSkips(const Stmt *L) {
  if (Trials.empty())
    return false;
  TrialScope &T = Trials.back();
  // Only the trial's own statements were read for what reaches the checked
  // values: a loop in a helper it calls (whose locals flow into the result)
  // is walked.
  if (CallStack.size() != T.CallDepth)
    return false;
  if (!T.Asked) {
    // Once per trial: the variables that can reach what it checks.
    Relevance R;
    R.Vars = T.Checked;
    do {
      R.Changed = false;
      R.visit(T.Cond);
      R.visit(T.Body);
      R.visit(T.Inc);
    } while (R.Known && R.Changed);
    for (const VarDecl *V : R.Vars)
      if (!isShared(V) && (!V->hasLocalStorage() || V->getType()->isReferenceType() || escapes(V)))
        R.Known = false; // written where no store names it
    T.Relevant = R.Known ? std::optional<std::set<const VarDecl *>>(std::move(R.Vars)) : std::nullopt;
    T.Asked = true;
  }
  if (!T.Relevant)
    return false;
  auto It = PlainLoops.find(L);
  if (It == PlainLoops.end())
    It = PlainLoops.try_emplace(L, plainLoop(L, *this)).first;
  if (!It->second)
    return false;
  // L stores only to shared memory and to variables nothing checked depends on.
  for (const VarDecl *V : assignedIn(L))
    if (T.Relevant->count(V))
      return false;
  return true;
}

} // namespace bankcheck::frontend

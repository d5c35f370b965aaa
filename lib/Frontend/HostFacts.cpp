//===- HostFacts.cpp - What one walk of a host function finds -------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// factsOf: one walk of a host function finds, for each call, the `if`s
/// around it and the early returns and assertions before it (`if (c)
/// return;`, a throw, a call that does not return, `assert(c)`, the same at
/// the top of a block or a `do { ... } while (0)`), the `if`s and
/// assertions no loop holds, the locals declared in a loop, and whether the
/// function has a goto.
//===----------------------------------------------------------------------===//
#include "Frontend/HostFacts.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"

#include <optional>

namespace bankcheck::frontend {

using namespace clang;

namespace {

/// S leaves the function: a return, a throw, a call that does not return,
/// or a block (or a comma's operand) that ends in one.
bool leavesFunction(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return !CS->body_empty() && leavesFunction(CS->body_back());
  if (const auto *E = dyn_cast_or_null<Expr>(S)) {
    E = E->IgnoreParenImpCasts();
    if (const auto *EC = dyn_cast<ExprWithCleanups>(E))
      E = EC->getSubExpr()->IgnoreParenImpCasts();
    if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->getOpcode() == BO_Comma)
      return leavesFunction(B->getLHS()) || leavesFunction(B->getRHS());
    if (const auto *C = dyn_cast<CallExpr>(E))
      return C->getDirectCallee() && C->getDirectCallee()->isNoReturn();
    return isa<CXXThrowExpr>(E);
  }
  return isa_and_nonnull<ReturnStmt>(S);
}

/// A statement that leaves the function unless its condition holds (or
/// fails): `assert(c)` as C++ libraries spell it, `(bool)(c) ? void(0) :
/// __assert_fail(...)`, or `(void)(!!(c) || (_wassert(...), 0))`.
std::optional<std::pair<const Expr *, bool>> assertion(const Stmt *S) {
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *EC = dyn_cast<ExprWithCleanups>(E))
    E = EC->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *V = dyn_cast<ExplicitCastExpr>(E); V && V->getType()->isVoidType())
    E = V->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    bool TrueLeaves = leavesFunction(CO->getTrueExpr()), FalseLeaves = leavesFunction(CO->getFalseExpr());
    if (TrueLeaves != FalseLeaves)
      return std::make_pair(CO->getCond(), FalseLeaves);
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isLogicalOp() && leavesFunction(B->getRHS()))
    return std::make_pair(B->getLHS(), B->getOpcode() == BO_LOr);
  return std::nullopt;
}

/// `do { ... } while (0)`: a block that runs once, as macros spell one.
bool runsOnce(const DoStmt *Do) {
  const Expr *C = Do->getCond()->IgnoreParenImpCasts();
  if (const auto *I = dyn_cast<IntegerLiteral>(C))
    return I->getValue() == 0;
  if (const auto *B = dyn_cast<CXXBoolLiteralExpr>(C))
    return !B->getValue();
  return false;
}

/// S holds a `break` or `continue` (any: one that leaves a `do { ... }
/// while (0)` early skips what follows it there).
bool breaksOrContinues(const Stmt *S) {
  if (!S || isa<LambdaExpr>(S))
    return false;
  if (isa<BreakStmt, ContinueStmt>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (breaksOrContinues(Child))
      return true;
  return false;
}

class FactsWalk {
public:
  explicit FactsWalk(FunctionFacts &Out) : Out(Out) {}

  void walk(const Stmt *S, bool InLoop) {
    if (!S || isa<LambdaExpr>(S))
      return; // a lambda's body runs where it is called
    if (isa<GotoStmt, IndirectGotoStmt, LabelStmt>(S))
      Out.HasGoto = true;
    if (const auto *C = dyn_cast<CallExpr>(S)) {
      if (!Stack.empty())
        Out.At[C] = Stack;
      if (!Out.Implications.empty())
        Out.ImpliedBefore[C] = Out.Implications.size();
    }
    if (const auto *Sw = dyn_cast<SwitchStmt>(S))
      return walkSwitch(Sw, InLoop);
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D)) {
          if (InLoop)
            Out.InLoop.insert(VD);
          walk(VD->getInit(), InLoop);
        }
      return;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (!InLoop)
        Out.Once.insert(If);
      walk(If->getInit(), InLoop);
      walk(If->getConditionVariableDeclStmt(), InLoop);
      walk(If->getCond(), InLoop);
      Stack.push_back({If, If->getCond(), true});
      walk(If->getThen(), InLoop);
      Stack.back().Holds = false;
      walk(If->getElse(), InLoop);
      Stack.pop_back();
      return;
    }
    if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      std::size_t Depth = Stack.size();
      for (const Stmt *Child : CS->body()) {
        walk(Child, InLoop);
        pushExits(Child, InLoop);
      }
      Stack.resize(Depth);
      return;
    }
    if (const auto *Do = dyn_cast<DoStmt>(S); Do && runsOnce(Do)) {
      const bool Leaves = breaksOrContinues(Do->getBody());
      MaySkip += Leaves;
      walk(Do->getBody(), InLoop); // a block, as a macro spells one
      MaySkip -= Leaves;
      return;
    }
    bool Loop = isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S);
    for (const Stmt *Child : S->children())
      walk(Child, InLoop || Loop);
  }

private:
  FunctionFacts &Out;
  FunctionFacts::Guards Stack;
  /// Inside a switch or a `do { ... } while (0)` that a `break` leaves:
  /// control may pass over a statement without any guard saying so.
  unsigned MaySkip = 0;

  /// A case label is entered from the switch itself: what the statements
  /// before it decided (`case 0: f(); assert(n == 4); break; case 1:`) does
  /// not hold after it. Within one case, they do.
  void walkSwitch(const SwitchStmt *Sw, bool InLoop) {
    walk(Sw->getInit(), InLoop);
    walk(Sw->getConditionVariableDeclStmt(), InLoop);
    walk(Sw->getCond(), InLoop);
    const std::size_t Depth = Stack.size();
    ++MaySkip;
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Sw->getBody())) {
      for (const Stmt *Child : CS->body()) {
        const Stmt *Inner = Child;
        while (const auto *SC = dyn_cast_or_null<SwitchCase>(Inner)) {
          Stack.resize(Depth);
          Inner = SC->getSubStmt();
        }
        walk(Inner, InLoop);
        pushExits(Inner, InLoop);
      }
    } else {
      walk(Sw->getBody(), InLoop);
    }
    --MaySkip;
    Stack.resize(Depth);
  }

  /// `if (c) return;` and `assert(c)` decide c for the statements after
  /// them, and so do those at the top of a block or of a `do { ... } while
  /// (0)` that nothing leaves early (OP_REQUIRES-style macros).
  void pushExits(const Stmt *S, bool InLoop) {
    if (auto A = assertion(S)) {
      if (!InLoop)
        Out.Once.insert(S);
      // (Where control may pass over it unguarded, its guards do not say
      // that it ran: not an implication.)
      if (!InLoop && !MaySkip)
        Out.Implications.push_back({Stack, {S, A->first, A->second}});
      Stack.push_back({S, A->first, A->second});
    } else if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (If->getConditionVariable())
        return;
      bool ThenLeaves = leavesFunction(If->getThen()), ElseLeaves = leavesFunction(If->getElse());
      if (ThenLeaves != ElseLeaves)
        Stack.push_back({If, If->getCond(), ElseLeaves});
    } else if (const auto *Do = dyn_cast<DoStmt>(S)) {
      if (runsOnce(Do) && !breaksOrContinues(Do->getBody()))
        pushExits(Do->getBody(), InLoop);
    } else if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *Child : CS->body())
        pushExits(Child, InLoop);
    }
  }
};

} // namespace

llvm::FoldingSetNodeID identityKey(const Stmt *Owner) {
  llvm::FoldingSetNodeID K;
  K.AddInteger(2u);
  K.AddPointer(Owner);
  return K;
}

FunctionFacts factsOf(const Stmt *Body) {
  FunctionFacts Out;
  FactsWalk(Out).walk(Body, false);
  return Out;
}

const Expr *plainCondition(const Expr *E) {
  for (;;) {
    E = E->IgnoreParenImpCasts();
    if (const auto *C = dyn_cast<ExplicitCastExpr>(E); C && C->getType()->isBooleanType())
      E = C->getSubExpr();
    else if (const auto *Call = dyn_cast<CallExpr>(E);
             Call && Call->getBuiltinCallee() == Builtin::BI__builtin_expect && Call->getNumArgs() == 2)
      E = Call->getArg(0);
    else
      return E;
  }
}

} // namespace bankcheck::frontend

//===- StmtWalk.h - A plain pre-order walk of a function body -------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The statements and expressions of a body, parents first, as a
/// RecursiveASTVisitor without implicit code reaches them, by a plain walk of
/// their children: the small passes over every kernel and loop body (which
/// variables a loop assigns, reads or lets escape) run on every kernel, and
/// the visitor's generality (written types, template arguments, attributes,
/// declarations of local classes) costs them more than their own work.
///
/// What the walk follows beyond Stmt::children(), as the visitor does: a
/// declaration statement's variables (\p OnVar, then their initializers); a
/// lambda's explicit captures (an init-capture as a variable) and its body;
/// a range-based for as written (init, loop variable, range, body); a
/// pseudo-object's syntactic form and its semantic expressions (an opaque
/// value by its source); an initializer list by its syntactic form; an array
/// initialization loop's common source. What it does not: types as written
/// (a variable-length bound, decltype), template arguments, attributes, the
/// members of a local class, a lambda's parameters.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_STMTWALK_H
#define BANKCHECK_FRONTEND_STMTWALK_H

#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"

namespace bankcheck::frontend {

/// Calls OnNode(S) for S and each node below it, parents first, descending
/// into a node's children unless OnNode returns false; OnVar(VD) for each
/// variable a declaration statement or an init-capture declares.
template <typename NodeFn, typename VarFn>
void walkPreOrder(const clang::Stmt *S, NodeFn &OnNode, VarFn &OnVar) {
  using namespace clang;
  if (!S)
    return;
  if (const auto *IL = dyn_cast<InitListExpr>(S); IL && IL->isSemanticForm() && IL->getSyntacticForm())
    S = IL->getSyntacticForm();
  if (!OnNode(S))
    return;
  auto Walk = [&](const Stmt *C) { walkPreOrder(C, OnNode, OnVar); };
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && !VD->isImplicit()) {
        OnVar(VD);
        if (!VD->isCXXForRangeDecl()) // its initializer is implicit
          Walk(VD->getInit());
      }
    return;
  }
  if (const auto *L = dyn_cast<LambdaExpr>(S)) {
    for (unsigned I = 0, N = L->capture_size(); I != N; ++I) {
      const LambdaCapture *C = L->capture_begin() + I;
      if (!C->isExplicit())
        continue;
      if (L->isInitCapture(C)) {
        if (const auto *VD = dyn_cast<VarDecl>(C->getCapturedVar())) {
          OnVar(VD);
          Walk(VD->getInit());
        }
      } else {
        Walk(L->capture_init_begin()[I]);
      }
    }
    Walk(L->getBody());
    return;
  }
  if (const auto *FR = dyn_cast<CXXForRangeStmt>(S)) {
    Walk(FR->getInit());
    Walk(FR->getLoopVarStmt());
    Walk(FR->getRangeInit());
    Walk(FR->getBody());
    return;
  }
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(S)) {
    Walk(PO->getSyntacticForm());
    for (const Expr *E : PO->semantics()) {
      if (const auto *OV = dyn_cast<OpaqueValueExpr>(E))
        E = OV->getSourceExpr();
      Walk(E);
    }
    return;
  }
  if (const auto *AL = dyn_cast<ArrayInitLoopExpr>(S))
    if (const OpaqueValueExpr *OV = AL->getCommonExpr())
      Walk(OV->getSourceExpr());
  for (const Stmt *C : S->children())
    Walk(C);
}

/// walkPreOrder without a callback for variables.
template <typename NodeFn> void walkPreOrder(const clang::Stmt *S, NodeFn &OnNode) {
  auto NoVar = [](const clang::VarDecl *) {};
  walkPreOrder(S, OnNode, NoVar);
}

/// The braced list a range-based for walks (`for (int s : {32, 16, 8})`:
/// its range is an std::initializer_list made from it), or nullptr.
inline const clang::InitListExpr *bracedRange(const clang::CXXForRangeStmt *FR) {
  using namespace clang;
  const clang::Expr *R = FR->getRangeInit();
  if (!R)
    return nullptr;
  R = R->IgnoreImplicit();
  if (const auto *IL = dyn_cast<CXXStdInitializerListExpr>(R))
    R = IL->getSubExpr()->IgnoreImplicit();
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(R))
    R = MT->getSubExpr()->IgnoreImplicit();
  return dyn_cast<InitListExpr>(R);
}

} // namespace bankcheck::frontend

#endif

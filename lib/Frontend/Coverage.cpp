//===- Coverage.cpp - Which uses of shared memory the walk evaluated ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/Coverage.h"
#include "Frontend/BodyParents.h"
#include "Frontend/StmtWalk.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ParentMap.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>

namespace bankcheck::frontend {

using namespace clang;

namespace {
/// The evaluated uses of __shared__ variables in a body, by the plain walk of
/// StmtWalk.h: not those inside sizeof, alignof, typeid, noexcept or a lambda
/// (its call operator is a function of its own).
void sharedUses(const Stmt *S, std::vector<const DeclRefExpr *> &Uses) {
  auto OnNode = [&](const Stmt *N) {
    if (isa<UnaryExprOrTypeTraitExpr, CXXTypeidExpr, CXXNoexceptExpr, LambdaExpr>(N))
      return false;
    if (const auto *DR = dyn_cast<DeclRefExpr>(N))
      if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()); VD && VD->hasAttr<CUDASharedAttr>())
        Uses.push_back(DR);
    return true;
  };
  walkPreOrder(S, OnNode);
}

/// The statement of which E is part, as the walk sees statements: a child
/// of a compound statement, a branch or body of a control statement, or a
/// statement that is not an expression. PM: the parents within the body of
/// the function that holds E (BodyParents.h).
const Stmt *statementOf(const Expr *E, const ParentMap &PM) {
  const Stmt *S = E;
  for (unsigned Depth = 0; Depth < 256; ++Depth) {
    if (!isa<Expr>(S))
      return S;
    const Stmt *PS = PM.getParent(S);
    if (!PS)
      return S;
    if (isa<CompoundStmt>(PS) || isa<SwitchCase>(PS) || isa<LabelStmt>(PS))
      return S;
    // The condition of a control statement belongs to it.
    if (const auto *I = dyn_cast<IfStmt>(PS); I && (I->getThen() == S || I->getElse() == S))
      return S;
    if (const auto *F = dyn_cast<ForStmt>(PS); F && F->getBody() == S)
      return S;
    if (const auto *W = dyn_cast<WhileStmt>(PS); W && W->getBody() == S)
      return S;
    if (const auto *D = dyn_cast<DoStmt>(PS); D && D->getBody() == S)
      return S;
    S = PS;
  }
  return nullptr;
}
} // namespace

SharedCoverage coverageOf(const FunctionDecl &Kernel, const std::vector<const KernelResult *> &Walks,
                          ASTContext &Ctx, std::vector<report::Note> &Remarks) {
  SharedCoverage C;
  std::set<const FunctionDecl *> Functions;
  std::string Aborted;
  unsigned NotBuilt = 0;
  for (const KernelResult *R : Walks) {
    NotBuilt = std::max(NotBuilt, R->NotBuilt);
    Functions.insert(R->Walked.begin(), R->Walked.end());
    if (!R->Aborted.empty())
      Aborted = R->Aborted;
  }
  // Seen or walked by any of the walks (asked of each: no union is built).
  auto seen = [&](const DeclRefExpr *DR) {
    return std::any_of(Walks.begin(), Walks.end(), [&](const KernelResult *R) { return R->SharedRefsSeen.count(DR); });
  };
  auto walked = [&](const Stmt *S) {
    return std::any_of(Walks.begin(), Walks.end(), [&](const KernelResult *R) { return R->WalkedStmts.count(S); });
  };
  std::set<const DeclRefExpr *> Uses;
  // The body that holds each use (none for a constructor's initializers,
  // which are no statement of a walk).
  std::map<const DeclRefExpr *, const Stmt *> BodyOf;
  for (const FunctionDecl *F : Functions) {
    if (!F->getBody())
      continue;
    std::vector<const DeclRefExpr *> U;
    sharedUses(F->getBody(), U);
    for (const DeclRefExpr *DR : U)
      BodyOf.try_emplace(DR, F->getBody());
    if (const auto *CD = dyn_cast<CXXConstructorDecl>(F))
      for (const CXXCtorInitializer *I : CD->inits())
        if (I->getInit())
          sharedUses(I->getInit(), U);
    Uses.insert(U.begin(), U.end());
  }
  BodyParents Parents;
  auto statementOfUse = [&](const DeclRefExpr *DR) -> const Stmt * {
    auto B = BodyOf.find(DR);
    return B == BodyOf.end() ? nullptr : statementOf(DR, *Parents.of(B->second));
  };
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Cut = 0;
  for (const DeclRefExpr *DR : Uses) {
    ++C.Seen;
    if (seen(DR)) {
      ++C.Analysed;
      continue;
    }
    const Stmt *S = statementOfUse(DR);
    bool Reached = S && walked(S);
    if (!Reached && Aborted.empty()) {
      ++C.NotReached;
      continue;
    }
    ++C.Unanalysed;
    if (!Reached) {
      ++Cut;
      continue;
    }
    Remarks.push_back({toFileLoc(SM.getExpansionLoc(DR->getBeginLoc()), SM),
                       "use of shared '" + DR->getDecl()->getNameAsString() +
                           "' is not analysed: the analysis does not model the expression it is part of"});
  }
  // Expressions Clang could not build: each is one use not analysed (its
  // remark was made by the walk).
  C.Seen += NotBuilt;
  C.Unanalysed += NotBuilt;
  if (Cut)
    Remarks.push_back({toFileLoc(Kernel.getLocation(), SM),
                       "kernel '" + Kernel.getNameAsString() + "': " + std::to_string(Cut) +
                           " uses of shared memory are not analysed: " + Aborted});
  return C;
}

} // namespace bankcheck::frontend

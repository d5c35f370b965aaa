//===- HostSwitches.cpp - The cases of a switch that hold a launch --------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// HostValues::casesAt: host code picks a template instance per block size
/// with a switch on the size it also builds the block from (cuda-samples'
/// reductions: `dim3 block(threads); switch (threads) { case 512:
/// reduce<512><<<grid, block>>>(); break; ...}`). Inside a case the switch's
/// variable has that case's value, or one of the values of the cases that
/// fall through to it; a `default` label says nothing. One walk of the
/// function finds it for every call.
//===----------------------------------------------------------------------===//
#include "Frontend/HostValues.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

#include <functional>

namespace bankcheck::frontend {

using namespace clang;

namespace {

/// S ends by leaving the switch (or the function): the next statement is
/// reached through its own labels only.
bool jumpsAway(const Stmt *S) {
  while (const auto *SC = dyn_cast_or_null<SwitchCase>(S))
    S = SC->getSubStmt();
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return !CS->body_empty() && jumpsAway(CS->body_back());
  return isa_and_nonnull<BreakStmt, ReturnStmt, ContinueStmt, GotoStmt, CXXThrowExpr>(S);
}

/// A switch's body as top-level statements (the body itself when it is not
/// a block).
std::vector<const Stmt *> topStatements(const SwitchStmt *Sw) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Sw->getBody()))
    return {CS->body_begin(), CS->body_end()};
  return {Sw->getBody()};
}

/// Every label of the switch at the top of its body (no case nested in a
/// block, as in Duff's device).
bool labelsAtTop(const SwitchStmt *Sw, const std::vector<const Stmt *> &Body) {
  unsigned Labels = 0, Top = 0;
  for (const SwitchCase *SC = Sw->getSwitchCaseList(); SC; SC = SC->getNextSwitchCase())
    ++Labels;
  for (const Stmt *S : Body)
    for (const Stmt *L = S; const auto *SC = dyn_cast_or_null<SwitchCase>(L); L = SC->getSubStmt())
      ++Top;
  return Labels == Top;
}

/// Each top-level statement S of a switch's body, its statement under its
/// labels (Inner), the case values that reach it (its own labels and those
/// falling through to it) and whether any other value may (a default, a
/// label not read, or code before the first label): Each(S, Inner,
/// Reaching, Any), until it returns false.
template <class Fn>
void forEachReached(const std::vector<const Stmt *> &Body, ASTContext &Ctx, Fn Each) {
  std::vector<std::int64_t> Reaching;
  bool Any = false;
  for (const Stmt *S : Body) {
    const Stmt *Inner = S;
    while (const auto *SC = dyn_cast_or_null<SwitchCase>(Inner)) {
      Expr::EvalResult ER;
      const auto *Case = dyn_cast<CaseStmt>(SC);
      if (Case && !Case->caseStmtIsGNURange() && Case->getLHS()->EvaluateAsInt(ER, Ctx))
        Reaching.push_back(ER.Val.getInt().getExtValue());
      else
        Any = true; // default: any other value
      Inner = SC->getSubStmt();
    }
    if (!Each(S, Inner, Reaching, Any))
      return;
    if (jumpsAway(Inner)) {
      Reaching.clear();
      Any = false;
    }
  }
}

class CaseWalk {
public:
  CaseWalk(ASTContext &Ctx, std::function<bool(const VarDecl *)> Unchanged,
           std::map<const CallExpr *, HostValues::CaseValues> &Out)
      : Ctx(Ctx), Unchanged(std::move(Unchanged)), Out(Out) {}

  void walk(const Stmt *S) {
    if (!S)
      return;
    if (const auto *C = dyn_cast<CallExpr>(S); C && !Active.empty())
      Out[C] = Active;
    if (isa<LambdaExpr>(S))
      return; // its body runs where it is called
    if (const auto *Sw = dyn_cast<SwitchStmt>(S)) {
      switchStmt(Sw);
      return;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          walk(VD->getInit());
      return;
    }
    for (const Stmt *Child : S->children())
      walk(Child);
  }

private:
  ASTContext &Ctx;
  std::function<bool(const VarDecl *)> Unchanged;
  std::map<const CallExpr *, HostValues::CaseValues> &Out;
  HostValues::CaseValues Active;

  void switchStmt(const SwitchStmt *Sw) {
    walk(Sw->getInit());
    walk(Sw->getConditionVariableDeclStmt());
    walk(Sw->getCond());
    const auto *DR = dyn_cast<DeclRefExpr>(Sw->getCond()->IgnoreParenImpCasts());
    const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    const std::vector<const Stmt *> Body = topStatements(Sw);
    // On an integer variable nothing changes, every label at the top.
    bool Narrows = VD && VD->hasLocalStorage() && VD->getType()->isIntegralOrEnumerationType() &&
                   labelsAtTop(Sw, Body) && Unchanged(VD) && !Active.count(VD);
    forEachReached(Body, Ctx, [&](const Stmt *, const Stmt *Inner, const std::vector<std::int64_t> &Reaching, bool Any) {
      bool Pins = Narrows && !Any && !Reaching.empty();
      if (Pins)
        Active[VD] = Reaching;
      walk(Inner);
      if (Pins)
        Active.erase(VD);
      return true;
    });
  }
};

} // namespace

bool HostValues::excludedByCase(const std::vector<const Stmt *> &Path, const Stmt *Ref) {
  if (Cases.empty())
    return false;
  for (std::size_t J = 0; J + 1 < Path.size(); ++J) {
    const auto *Sw = dyn_cast<SwitchStmt>(Path[J]);
    const auto *DR = Sw ? dyn_cast<DeclRefExpr>(Sw->getCond()->IgnoreParenImpCasts()) : nullptr;
    auto Case = DR ? Cases.find(dyn_cast<VarDecl>(DR->getDecl())) : Cases.end();
    if (Case == Cases.end() || Sw->getInit() || Sw->getConditionVariable())
      continue;
    // The statement of the switch's body that holds the write, and the
    // labels that reach it (its own and those falling through to it).
    const auto *Body = dyn_cast<CompoundStmt>(Sw->getBody());
    if (!Body || Path[J + 1] != Body)
      continue;
    const Stmt *Holder = J + 2 < Path.size() ? Path[J + 2] : Ref;
    const std::vector<const Stmt *> Top = topStatements(Sw);
    if (!labelsAtTop(Sw, Top))
      continue; // a label inside a block (Duff's device): not followed
    bool Excluded = false;
    forEachReached(Top, Ctx, [&](const Stmt *S, const Stmt *, const std::vector<std::int64_t> &Reaching, bool Any) {
      if (S != Holder)
        return true;
      Excluded = !Any && std::find(Reaching.begin(), Reaching.end(), Case->second) == Reaching.end();
      return false;
    });
    if (Excluded) {
      CasesRead = true;
      return true;
    }
  }
  return false;
}

const HostValues::CaseValues *HostValues::casesAt(const CallExpr *Launch, const FunctionDecl *F) {
  if (!F || !F->getBody())
    return nullptr;
  auto It = CasesOf.find(F);
  if (It == CasesOf.end()) {
    It = CasesOf.emplace(F, std::map<const CallExpr *, CaseValues>()).first;
    CaseWalk(Ctx, [this](const VarDecl *VD) { return neverChanged(VD); }, It->second).walk(F->getBody());
  }
  auto At = It->second.find(Launch);
  return At == It->second.end() ? nullptr : &At->second;
}

} // namespace bankcheck::frontend

//===- ParseErrors.cpp - Kernels a parse error does not reach -------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// When Clang reports errors in a file that nvcc compiles, the rest of the
/// file is still analysed: an error inside a function body makes that
/// function, and every kernel that calls it (directly or not), unanalysed
/// with a remark naming the error. An error outside every function body (a
/// type, a global) leaves nothing trustworthy: the file is not analysed.
//===----------------------------------------------------------------------===//
#include "Frontend/ParseErrors.h"
#include "Frontend/KernelWalker.h"

#include "clang/AST/RecursiveASTVisitor.h"

#include <set>

namespace bankcheck::frontend {

using namespace clang;

namespace {
/// Every function body in the translation unit, by its source range.
class BodyCollector : public RecursiveASTVisitor<BodyCollector> {
public:
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitImplicitCode() const { return false; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && FD->getBody())
      Bodies.push_back(FD);
    return true;
  }
  std::vector<const FunctionDecl *> Bodies;
};

/// The functions a body calls or constructs with.
class CalleeCollector : public RecursiveASTVisitor<CalleeCollector> {
public:
  bool VisitCallExpr(CallExpr *C) {
    if (const FunctionDecl *FD = C->getDirectCallee())
      Callees.insert(FD);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *CC) {
    if (const FunctionDecl *FD = CC->getConstructor())
      Callees.insert(FD);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    Callees.insert(L->getCallOperator());
    return true;
  }
  std::set<const FunctionDecl *> Callees;
};

bool contains(const SourceManager &SM, SourceRange R, SourceLocation L) {
  SourceLocation B = SM.getExpansionLoc(R.getBegin()), E = SM.getExpansionLoc(R.getEnd());
  return B.isValid() && E.isValid() && !SM.isBeforeInTranslationUnit(L, B) && !SM.isBeforeInTranslationUnit(E, L);
}

/// The pattern a function was instantiated from (its body's source).
const FunctionDecl *sourceOf(const FunctionDecl *FD) {
  if (const FunctionDecl *P = FD->getTemplateInstantiationPattern())
    FD = P;
  const FunctionDecl *Def = nullptr;
  if (FD->hasBody(Def) && Def)
    return Def;
  return FD;
}
} // namespace

bool ErrorScope::init(ASTContext &Ctx, const std::vector<ParseError> &Errors, std::string &Global) {
  bool Any = false;
  for (const ParseError &E : Errors)
    Any |= !E.Tolerated;
  if (!Any)
    return true; // nothing to place: no traversal of the translation unit
  const SourceManager &SM = Ctx.getSourceManager();
  BodyCollector B;
  B.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (const ParseError &E : Errors) {
    if (E.Tolerated)
      continue;
    SourceLocation L = SM.getExpansionLoc(E.Loc);
    const FunctionDecl *In = nullptr;
    for (const FunctionDecl *FD : B.Bodies)
      if (contains(SM, FD->getBody()->getSourceRange(), L) &&
          (!In || contains(SM, In->getBody()->getSourceRange(), SM.getExpansionLoc(FD->getBeginLoc()))))
        In = FD; // the innermost body (a lambda inside a function)
    if (!In) {
      Global = E.Message;
      return false;
    }
    Broken.emplace(In, E.Message);
  }
  return true;
}

std::optional<std::string> ErrorScope::reaches(const FunctionDecl &Kernel) const {
  if (Broken.empty())
    return std::nullopt;
  std::set<const FunctionDecl *> Seen;
  std::vector<const FunctionDecl *> Work = {&Kernel};
  while (!Work.empty()) {
    const FunctionDecl *F = sourceOf(Work.back());
    Work.pop_back();
    if (!Seen.insert(F).second)
      continue;
    auto It = Broken.find(F);
    if (It != Broken.end())
      return "'" + F->getNameAsString() + "' (" + It->second + ")";
    const FunctionDecl *Def = nullptr;
    if (!Work.empty() && Seen.size() > 4096)
      break;
    if (!F->hasBody(Def) || !Def || !Def->getBody())
      continue;
    CalleeCollector C;
    C.TraverseStmt(const_cast<Stmt *>(Def->getBody()));
    // Instantiated callees: their own instantiation's body is walked too.
    if (Def != F) {
      CalleeCollector CI;
      CI.TraverseStmt(const_cast<Stmt *>(F->getBody()));
      C.Callees.insert(CI.Callees.begin(), CI.Callees.end());
    }
    for (const FunctionDecl *G : C.Callees)
      Work.push_back(G);
  }
  return std::nullopt;
}

} // namespace bankcheck::frontend

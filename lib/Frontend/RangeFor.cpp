//===- RangeFor.cpp - Range-based for over a braced list, unrolled -------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// `for (int s : {32, 16, 8}) body`: one iteration per element, as an
/// unrolled loop's, the variable bound to the element and named in the
/// notes. Lanes that leave by a top-level `if (c) break;` sit out the later
/// iterations. Any other range-based for: its statements once.
//===----------------------------------------------------------------------===//
#include "Frontend/StmtWalk.h"
#include "Frontend/WalkerState.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;

namespace {
/// A body whose only ways out are top-level `if (c) break;` statements, and
/// that assigns no local declared outside it (after a lane breaks, the
/// others' values are not its own; memory it stores to is not a value the
/// walk keeps): Breaks tells whether there are any.
bool guardedBreaksOnly(const Stmt *Body, Walker &W, bool &Breaks) {
  Breaks = false;
  const auto *C = dyn_cast_or_null<CompoundStmt>(Body);
  if (!C)
    return !hasEarlyExit(Body);
  for (const Stmt *S : C->body()) {
    const auto *I = dyn_cast<IfStmt>(S);
    if (I && !I->getElse() && !I->getInit() && !I->getConditionVariable() && !I->isConsteval() &&
        isBreak(I->getThen())) {
      Breaks = true;
      if (hasEarlyExit(I->getCond()))
        return false;
      continue;
    }
    if (hasEarlyExit(S))
      return false;
  }
  if (!Breaks)
    return true;
  std::set<const VarDecl *> Inside;
  auto OnNode = [](const Stmt *) { return true; };
  auto OnVar = [&](const VarDecl *VD) { Inside.insert(VD); };
  walkPreOrder(Body, OnNode, OnVar);
  for (const VarDecl *V : W.assignedIn(Body))
    if (!Inside.count(V) && V->hasLocalStorage() && !V->hasAttr<CUDASharedAttr>())
      return false;
  return true;
}
} // namespace

void Walker::walkRangeFor(const CXXForRangeStmt *FR) {
  JumpScope Frame(*this, /*Switch=*/false); // its breaks are its own (see guardedBreaksOnly)
  const InitListExpr *List = bracedRange(FR);
  const VarDecl *V = FR->getLoopVariable();
  bool Breaks = false;
  if (!List || !V || !V->getType()->isIntegralOrEnumerationType() ||
      !guardedBreaksOnly(FR->getBody(), *this, Breaks)) {
    // Its statements once, the loop variable an element not followed: the
    // same for every lane where the range is a variable outside any function
    // (a __constant__, __device__ or __shared__ array), else lane by lane.
    const auto *RangeRef = FR->getRangeInit() ? dyn_cast<DeclRefExpr>(FR->getRangeInit()->IgnoreImplicit()) : nullptr;
    const auto *RangeVar = RangeRef ? dyn_cast<VarDecl>(RangeRef->getDecl()) : nullptr;
    const bool Uniform = RangeVar && RangeVar->hasGlobalStorage();
    for (const Stmt *C : FR->children()) {
      walkStmt(C);
      if (C == FR->getLoopVarStmt() && V && V->getType()->isIntegralOrEnumerationType())
        setVar(V, Value::integer(opaque(V->getInit(), !Uniform,
                                        "'" + nameOf(V) + "', an element of the range-based for at line " +
                                            std::to_string(lineOf(FR)) + ", is not followed")));
    }
    return;
  }
  if (FR->getInit())
    walkStmt(FR->getInit());
  // Each element in turn, as an unrolled loop's iterations; the lanes that
  // broke out (`if (c) break;`) sit out the later ones.
  const unsigned N = std::max(1u, List->getNumInits());
  const std::size_t GuardDepth = Guards.size();
  UnrollProduct *= N;
  bool AllLeft = false;
  for (const clang::Expr *E : List->inits()) {
    Value Element = rvalue(E);
    if (Element.K != Value::Int)
      Element = Value::integer(opaque(E, true, "element '" + sourceText(E) + "' of the list"));
    setVar(V, Element);
    Labels.push_back(nameOf(V) + " = " +
                     (Element.E.isConst() ? std::to_string(Element.E.constValue()) : sourceText(E)));
    std::vector<std::pair<Expr, const clang::Expr *>> Broke;
    LoopBreaks.push_back(&Broke);
    walkStmt(FR->getBody());
    LoopBreaks.pop_back();
    Labels.pop_back();
    for (const auto &[C, Src] : Broke) {
      if (C.isConst()) {
        AllLeft |= C.constValue() != 0;
        continue;
      }
      Guards.push_back(makeGuard(Expr::lnot(C), Src));
      Guards.back().Text = "!(" + Guards.back().Text.str() + ")";
    }
    if (AllLeft)
      break;
  }
  Guards.resize(GuardDepth);
  UnrollProduct /= N;
}

} // namespace bankcheck::frontend

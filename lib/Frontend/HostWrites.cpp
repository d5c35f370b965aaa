//===- HostWrites.cpp - The writes of a host local that reach a launch -----===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// HostValues::writesOf: every assignment of a local (or of one of its
/// members) before a use, in source order, each marked unconditional when it
/// runs on every path to the use; a change the reading does not follow
/// (op=, ++, the address taken, a non-const reference) makes it unknown. A
/// write in a branch the decisions rule out is left out, and one in branches
/// they all choose runs (HostConditions.cpp).
//===----------------------------------------------------------------------===//
#include "Frontend/HostValues.h"
#include "Frontend/StmtWalk.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {
std::string name(const NamedDecl *D) { return "'" + D->getNameAsString() + "'"; }

bool isControl(const Stmt *S) {
  if (const auto *B = dyn_cast<BinaryOperator>(S))
    return B->isLogicalOp();
  return isa<IfStmt, ForStmt, WhileStmt, DoStmt, SwitchStmt, SwitchCase, CXXForRangeStmt, AbstractConditionalOperator,
             LambdaExpr, CXXTryStmt, CXXCatchStmt, LabelStmt>(S);
}
/// A reference through which what it is bound to can be changed.
bool mutableReference(QualType T) { return T->isReferenceType() && !T.getNonReferenceType().isConstQualified(); }

bool isLoop(const Stmt *S) { return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S); }

bool isCast(const Stmt *S, CastKind K) {
  const auto *C = dyn_cast<ImplicitCastExpr>(S);
  return C && C->getCastKind() == K;
}

/// Up from an occurrence's reference while Through(parent) holds: the number
/// of O.Path's statements left above (the next parent is O.Path[result - 1]),
/// and in Child the last node passed (the reference itself if none).
template <class Occurrence, class Fn> std::size_t climb(const Occurrence &O, const Stmt *&Child, Fn Through) {
  Child = O.Ref;
  std::size_t I = O.Path.size();
  while (I > 0 && Through(O.Path[I - 1]))
    Child = O.Path[--I];
  return I;
}

/// Every reference to VD in S, each with the statements above it (from S);
/// Deep when one is more than MaxRefDepth statements down, which is not kept
/// (each reference keeps its path: every term of a chain of thousands of
/// `&&` would keep thousands).
constexpr std::size_t MaxRefDepth = 256;
template <class Occurrence>
void findRefs(const Stmt *S, const VarDecl *VD, std::vector<const Stmt *> &Stack, std::vector<Occurrence> &Out,
              bool &Deep) {
  if (!S)
    return;
  if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == VD) {
    if (Stack.size() > MaxRefDepth)
      Deep = true;
    else
      Out.push_back({DR, Stack});
  }
  Stack.push_back(S);
  for (const Stmt *C : S->children())
    findRefs(C, VD, Stack, Out, Deep);
  if (const auto *DS = dyn_cast<DeclStmt>(S)) // initialisers of other locals
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V && V != VD && V->getInit() &&
                                                 std::find(S->child_begin(), S->child_end(), V->getInit()) == S->child_end())
        findRefs(V->getInit(), VD, Stack, Out, Deep);
  Stack.pop_back();
}
} // namespace

const std::vector<HostValues::Occurrence> &HostValues::refsOf(const VarDecl *VD, const FunctionDecl *F) {
  auto Cached = RefsOf.find(VD);
  if (Cached == RefsOf.end()) {
    std::vector<const Stmt *> Stack;
    Cached = RefsOf.emplace(VD, std::vector<Occurrence>()).first;
    bool Deep = false;
    findRefs(F->getBody(), VD, Stack, Cached->second, Deep);
    if (Deep)
      TooDeep.insert(VD);
  }
  return Cached->second;
}

bool HostValues::writeAt(const Occurrence &O, std::vector<std::string> &Members, const Expr *&Value,
                         bool &Changed) {
  Value = nullptr;
  Changed = false;
  // Up from the reference through member accesses: `b.x`, `cfg.blockDim.x`.
  Members.clear();
  const Stmt *Child;
  std::size_t I = climb(O, Child, [&](const Stmt *P) {
    if (const auto *ME = dyn_cast<MemberExpr>(P); ME && !ME->isArrow()) {
      Members.push_back(ME->getMemberDecl()->getNameAsString());
      return true;
    }
    return isa<ParenExpr>(P) || isCast(P, CK_NoOp);
  });
  const Stmt *Parent = I > 0 ? O.Path[I - 1] : nullptr;
  auto Is = [&](const Expr *E) { return E && E->IgnoreParens() == Child; };
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(Parent)) {
    if (B->getOpcode() == BO_Assign && Is(B->getLHS()))
      Value = B->getRHS();
    else if (B->isCompoundAssignmentOp() && Is(B->getLHS()))
      Changed = true;
  } else if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(Parent)) {
    if (OC->getNumArgs() == 2 && Is(OC->getArg(0))) {
      if (OC->getOperator() == OO_Equal)
        Value = OC->getArg(1);
      else if (OC->isAssignmentOp())
        Changed = true;
    }
  } else if (const auto *U = dyn_cast_or_null<UnaryOperator>(Parent)) {
    if (U->isIncrementDecrementOp())
      Changed = true;
    else if (U->getOpcode() == UO_AddrOf) {
      // `&cfg` given to cudaLaunchKernelEx reads it; elsewhere it escapes.
      const Stmt *Call = nullptr;
      for (std::size_t J = I - 1; J > 0 && !Call; --J)
        if (isa<CallExpr>(O.Path[J - 1]))
          Call = O.Path[J - 1];
      const auto *CE = dyn_cast_or_null<CallExpr>(Call);
      const FunctionDecl *Callee = CE ? CE->getDirectCallee() : nullptr;
      if (!Callee || !Callee->getIdentifier() || !Callee->getName().starts_with("cudaLaunchKernelEx"))
        Changed = true;
    }
  } else if (const auto *DS = dyn_cast_or_null<DeclStmt>(Parent)) {
    // Bound to a non-const reference (`int &alias = n;`): changed through it.
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D);
          V && V->getInit() && V->getInit()->IgnoreParens() == Child && mutableReference(V->getType()))
        Changed = true;
  } else if (const auto *CE = dyn_cast_or_null<CallExpr>(Parent)) {
    // Passed by non-const reference: the callee may change it.
    const FunctionDecl *Callee = CE->getDirectCallee();
    for (unsigned A = 0; A < CE->getNumArgs(); ++A)
      if (Is(CE->getArg(A))) {
        unsigned PI = isa<CXXOperatorCallExpr>(CE) && isa<CXXMethodDecl>(Callee) ? A - 1 : A;
        if (!Callee || PI >= Callee->getNumParams())
          continue;
        if (mutableReference(Callee->getParamDecl(PI)->getType()))
          Changed = true;
      }
  }
  std::reverse(Members.begin(), Members.end());
  return Value || Changed;
}

bool HostValues::neverChanged(const VarDecl *VD) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!F || !F->getBody())
    return false;
  for (const Occurrence &O : refsOf(VD, F)) {
    std::vector<std::string> Members;
    const Expr *Value;
    bool Changed;
    if (writeAt(O, Members, Value, Changed))
      return false;
  }
  return !TooDeep.count(VD); // a reference not kept may write it
}

const VarDecl *HostValues::readOnlyTable(const ArraySubscriptExpr *AS) {
  const auto *DR = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
  const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!VD || !VD->getInit() || !Ctx.getAsConstantArrayType(VD->getType()) ||
      !isa<InitListExpr>(VD->getInit()->IgnoreImplicit()) ||
      !VD->getType()->getAsArrayTypeUnsafe()->getElementType()->isIntegerType())
    return nullptr;
  if (VD->getType().isConstQualified() || VD->isConstexpr())
    return VD;
  const auto *F = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!F || !F->getBody())
    return nullptr;
  const std::vector<Occurrence> &Refs = refsOf(VD, F); // (finds TooDeep too)
  if (TooDeep.count(VD))
    return nullptr; // a reference not kept may write it
  for (const Occurrence &O : Refs) {
    // Up through the decay to the subscript, which must be read: `sizes[j]`
    // as a value, or the array under sizeof.
    const Stmt *Child;
    std::size_t I =
        climb(O, Child, [](const Stmt *P) { return isa<ParenExpr>(P) || isCast(P, CK_ArrayToPointerDecay); });
    const Stmt *Parent = I > 0 ? O.Path[I - 1] : nullptr;
    if (isa_and_nonnull<UnaryExprOrTypeTraitExpr>(Parent))
      continue;
    const auto *Sub = dyn_cast_or_null<ArraySubscriptExpr>(Parent);
    if (!Sub || Sub->getBase()->IgnoreParens() != Child || I < 2 || !isCast(O.Path[I - 2], CK_LValueToRValue))
      return nullptr;
  }
  return VD;
}

const InitListExpr *HostValues::rangeOf(const VarDecl *VD) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!F || !F->getBody() || VD->getType()->isReferenceType() || !neverChanged(VD))
    return nullptr;
  const CXXForRangeStmt *Loop = nullptr;
  std::vector<const Stmt *> Work{F->getBody()};
  while (!Loop && !Work.empty()) {
    const Stmt *S = Work.back();
    Work.pop_back();
    if (const auto *FR = dyn_cast_or_null<CXXForRangeStmt>(S); FR && FR->getLoopVariable() == VD)
      Loop = FR;
    else if (S)
      Work.insert(Work.end(), S->child_begin(), S->child_end());
  }
  if (!Loop || !Loop->getRangeInit())
    return nullptr;
  if (const InitListExpr *IL = bracedRange(Loop))
    return IL;
  // A table nothing writes: `const int sizes[] = {...}`.
  const auto *DR = dyn_cast<DeclRefExpr>(Loop->getRangeInit()->IgnoreImplicit()->IgnoreParens());
  const auto *Table = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  if (!Table || !(Table->getType().isConstQualified() || Table->isConstexpr()) || !Table->getInit() ||
      !Ctx.getAsConstantArrayType(Table->getType()))
    return nullptr;
  return dyn_cast<InitListExpr>(Table->getInit()->IgnoreImplicit());
}

bool HostValues::writesOf(const VarDecl *VD, const Expr *Use, std::vector<Write> &Out, std::string &Why, Chain C,
                          unsigned Depth) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!F || !F->getBody()) {
    Why = name(VD) + " is not a local of a function with a body";
    return false;
  }
  const std::vector<Occurrence> &Refs = refsOf(VD, F);
  if (TooDeep.count(VD)) {
    Why = name(VD) + " is read too deep in an expression to be followed";
    return false;
  }
  const Occurrence *UseOcc = nullptr;
  for (const Occurrence &O : Refs)
    if (O.Ref == Use)
      UseOcc = &O;
  if (!UseOcc) {
    Why = "the use of " + name(VD) + " is not found in its function";
    return false;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return A.isValid() && B.isValid() && SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A), SM.getExpansionLoc(B));
  };
  if (VD->getInit()) {
    Write W;
    W.Value = VD->getInit();
    W.Unconditional = true;
    W.IsInit = true;
    Out.push_back(W);
  }
  for (const Occurrence &O : Refs) {
    if (&O == UseOcc)
      continue;
    std::vector<std::string> Members;
    const Expr *Value;
    bool Changed;
    if (!writeAt(O, Members, Value, Changed))
      continue; // a read
    if (excludedByCase(O.Path, O.Ref))
      continue; // in a case the launch's switch value never takes
    // Where the write is against the use: before it, or after it in a loop around both.
    std::size_t Common = 0;
    while (Common < O.Path.size() && Common < UseOcc->Path.size() && O.Path[Common] == UseOcc->Path[Common])
      ++Common;
    bool InLoop = false;
    for (std::size_t J = 0; J < Common; ++J)
      InLoop |= isLoop(O.Path[J]);
    bool After = !Before(O.Ref->getBeginLoc(), Use->getBeginLoc());
    if (After && !InLoop)
      continue;
    // The branches that hold it, under the decisions (HostConditions.cpp):
    // one they rule out never runs on the paths asked about.
    bool Excluded = false, Decided = true;
    for (std::size_t J = Common; J < O.Path.size() && !Excluded; ++J) {
      if (!isControl(O.Path[J]))
        continue;
      const auto *If = dyn_cast<IfStmt>(O.Path[J]);
      const Stmt *Next = J + 1 < O.Path.size() ? O.Path[J + 1] : O.Ref;
      bool Then = If && Next == If->getThen();
      Truth T = If && (Then || Next == If->getElse()) ? branchOf(If, F, C, Depth) : Truth::Unknown;
      Decided &= T != Truth::Unknown;
      Excluded = T != Truth::Unknown && (T == Truth::True) != Then;
    }
    if (Excluded)
      continue;
    if (Changed || After) {
      Why = name(VD) + (Changed ? " is changed" : " is assigned again later in a loop") + " at line " +
            std::to_string(SM.getExpansionLineNumber(O.Ref->getBeginLoc()));
      return false;
    }
    Write W;
    W.Members = std::move(Members);
    W.Value = Value;
    W.Unconditional = Common > 0 && isa<CompoundStmt>(O.Path[Common - 1]) && Decided;
    Out.push_back(W);
  }
  return true;
}

} // namespace bankcheck::frontend

//===- SwizzleFixes.cpp - XOR swizzle fix-its on shared tile indices ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Where no padding is proposed for a two-dimensional `__shared__` array, the
/// swizzle solver (lib/Fix/SwizzleSolver.h) may prove an XOR of the column by
/// the row. It becomes a fix-it when every access of the array is written
/// `Name[row][col]` in the file (each column index rewritten in place, the row
/// free of side effects); otherwise a note gives the exact expression for
/// each access it found.
//===----------------------------------------------------------------------===//
#include "Frontend/PaddingFixes.h"
#include "Fix/SwizzleSolver.h"

#include "clang/AST/Expr.h"
#include "clang/Lex/Lexer.h"

#include <set>

namespace bankcheck::frontend {

using namespace clang;

namespace {
/// The first `Decl[row][col]` inside E (E itself, under casts, `&` and
/// member calls included).
const ArraySubscriptExpr *tileSubscript(const Stmt *S, const VarDecl *Decl) {
  if (!S)
    return nullptr;
  if (const auto *Col = dyn_cast<ArraySubscriptExpr>(S)) {
    const auto *Row = dyn_cast<ArraySubscriptExpr>(Col->getBase()->IgnoreParenImpCasts());
    const auto *Ref = Row ? dyn_cast<DeclRefExpr>(Row->getBase()->IgnoreParenImpCasts()) : nullptr;
    if (Ref && Ref->getDecl()->getCanonicalDecl() == Decl->getCanonicalDecl())
      return Col;
  }
  for (const Stmt *Child : S->children())
    if (const ArraySubscriptExpr *Found = tileSubscript(Child, Decl))
      return Found;
  return nullptr;
}

/// Is V assigned, incremented or has its address taken anywhere in S?
bool modified(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  auto IsV = [&](const clang::Expr *E) {
    const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return R && R->getDecl() == V;
  };
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->isAssignmentOp() && IsV(B->getLHS()))
    return true;
  if (const auto *U = dyn_cast<UnaryOperator>(S);
      U && (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) && IsV(U->getSubExpr()))
    return true;
  for (const Stmt *Child : S->children())
    if (modified(Child, V))
      return true;
  return false;
}

/// An address operand that is exactly a local integer or pointer holding
/// `&Decl[row][col]` (through __cvta_generic_to_shared and casts) from its
/// initialiser, never changed after: the subscript there.
const ArraySubscriptExpr *viaLocal(const clang::Expr *Where, const VarDecl *Decl, const FunctionDecl *Func) {
  const auto *Ref = Where ? dyn_cast<DeclRefExpr>(Where->IgnoreParenImpCasts()) : nullptr;
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!V || !V->isLocalVarDecl() || !V->getInit() || !Func || modified(Func->getBody(), V))
    return nullptr;
  const clang::Expr *Init = V->getInit()->IgnoreParenCasts();
  if (const auto *Call = dyn_cast<CallExpr>(Init)) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || Callee->getName() != "__cvta_generic_to_shared" || Call->getNumArgs() != 1)
      return nullptr;
    Init = Call->getArg(0)->IgnoreParenCasts();
  }
  const auto *Addr = dyn_cast<UnaryOperator>(Init);
  if (!Addr || Addr->getOpcode() != UO_AddrOf)
    return nullptr;
  const auto *Col = dyn_cast<ArraySubscriptExpr>(Addr->getSubExpr()->IgnoreParens());
  return Col && tileSubscript(Col, Decl) == Col ? Col : nullptr;
}

std::string spelled(const clang::Expr *E, ASTContext &Ctx, CharSourceRange &R) {
  std::string Why;
  R = editableSpelling(E, Ctx, Why);
  if (!R.isValid())
    return "";
  return Lexer::getSourceText(R, Ctx.getSourceManager(), Ctx.getLangOpts()).str();
}
} // namespace

SwizzleFix swizzleFix(const fix::PaddingProblem &P, const std::vector<const AccessSite *> &Sites,
                      const VarDecl *Decl, ASTContext &Ctx) {
  SwizzleFix Out;
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Name = Decl->getNameAsString();
  fix::SwizzleOutcome O = fix::proposeSwizzle(P);
  if (!O.Proposal) {
    Out.WhyNot = O.WhyNot;
    return Out;
  }
  const fix::Swizzle &S = O.Proposal->S;
  std::int64_t Elem = P.Accesses.front().ElementBytes;
  std::string Unit = S.UnitBytes == Elem ? std::string("elements") : std::to_string(S.UnitBytes) + "-byte chunks";
  std::string Head = "swizzle the columns of '" + Name + "' by its rows (XOR of the " + Unit + " of each row with " +
                     "the row's bits " + std::to_string(S.Shift) + " to " + std::to_string(S.Shift + S.Bits - 1) +
                     "): " + std::to_string(O.Proposal->DegreeBefore) + "-way -> " +
                     std::to_string(O.Proposal->DegreeAfter) + "-way over all " + std::to_string(P.Accesses.size()) +
                     " accesses, no byte added";
  bool All = true;
  std::string Missing, Each;
  std::set<unsigned> SeenOffsets;
  std::set<std::string> SeenMissing;
  for (std::size_t SI = 0; SI < Sites.size(); ++SI) {
    const AccessSite *Site = Sites[SI];
    const ArraySubscriptExpr *Col = tileSubscript(Site->Where, Decl);
    // Inline PTX: the operand that is the address, `&Decl[row][col]` itself
    // (through __cvta_generic_to_shared) or a local made from it.
    if (!Col && Site->AsmAddress)
      Col = tileSubscript(Site->AsmAddress, Decl);
    if (!Col)
      Col = viaLocal(Site->AsmAddress ? Site->AsmAddress : Site->Where, Decl, Site->Func);
    CharSourceRange RowR, R;
    const clang::Expr *RowE = Col ? cast<ArraySubscriptExpr>(Col->getBase()->IgnoreParenImpCasts())->getIdx() : nullptr;
    std::string RowT = RowE ? spelled(RowE, Ctx, RowR) : "";
    std::string ColT = Col ? spelled(Col->getIdx(), Ctx, R) : "";
    std::string Where = Site->Loc.Path + ":" + std::to_string(Site->Loc.Line) + ":" + std::to_string(Site->Loc.Column);
    if (!Col || RowE->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false) || RowT.empty() || ColT.empty()) {
      All = false;
      if (Missing.empty())
        Missing = Where;
      // Still the exact rewrite, on the address's byte offset from the array.
      if (!Site->Where && SeenMissing.insert(Where).second)
        Each += "; at " + Where + " (inline PTX) the byte offset o of its address from the start of '" + Name +
                "' becomes '" +
                fix::swizzledOffsetText("o", P.Accesses[SI].InnerExtent * Elem, S) + "'";
      continue;
    }
    report::TextEdit E;
    E.Loc = toFileLoc(R.getBegin(), SM);
    E.Length = ColT.size();
    E.Expected = ColT;
    E.Text = fix::swizzledColumn(RowT, ColT, Elem, S);
    if (!SeenOffsets.insert(E.Loc.Offset).second)
      continue; // the same access in another instantiation or launch shape
    Out.Edits.push_back(E);
    Each += "; at " + Where + " '" + Name + "[" + RowT + "][" + ColT + "]' becomes '" + Name + "[" + RowT + "][" +
            E.Text + "]'";
  }
  if (All && !Out.Edits.empty()) {
    Out.Have = true;
    Out.Message = Head + "; every index of '" + Name + "' is rewritten" + Each;
  } else {
    Out.Edits.clear();
    Out.Message = Head + "; no fix-it: the access at " + Missing + " is not written '" + Name +
                  "[row][column]' in the file; apply the same XOR to every index of '" + Name + "'" + Each;
  }
  return Out;
}

namespace {
/// The first `Decl[index]` inside S.
const ArraySubscriptExpr *flatSubscript(const Stmt *S, const VarDecl *Decl) {
  if (!S)
    return nullptr;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
    const auto *Ref = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
    if (Ref && Ref->getDecl()->getCanonicalDecl() == Decl->getCanonicalDecl())
      return AS;
  }
  for (const Stmt *Child : S->children())
    if (const ArraySubscriptExpr *Found = flatSubscript(Child, Decl))
      return Found;
  return nullptr;
}

std::string operand(const std::string &T) {
  bool Simple = T.find_first_of(" +-*/%?:<>&|^") == std::string::npos;
  return Simple ? T : "(" + T + ")";
}
} // namespace

SwizzleFix rowSwizzleFix(const fix::PaddingProblem &P, const std::vector<const AccessSite *> &Sites,
                         const VarDecl *Decl, ASTContext &Ctx) {
  SwizzleFix Out;
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Name = Decl->getNameAsString();
  fix::SwizzleOutcome O = fix::proposeSwizzle(P);
  if (!O.Proposal) {
    Out.WhyNot = O.WhyNot;
    return Out;
  }
  const fix::Swizzle &S = O.Proposal->S;
  std::int64_t Elem = P.Accesses.front().ElementBytes;
  std::string Unit = S.UnitBytes == Elem ? std::string("elements") : std::to_string(S.UnitBytes) + "-byte chunks";
  std::string Head = "swizzle the rows of '" + Name + "' instead (XOR of the " + Unit + " of each row with the row's bits " +
                     std::to_string(S.Shift) + " to " + std::to_string(S.Shift + S.Bits - 1) + "): " +
                     std::to_string(O.Proposal->DegreeBefore) + "-way -> " + std::to_string(O.Proposal->DegreeAfter) +
                     "-way over all " + std::to_string(P.Accesses.size()) +
                     " accesses, no byte added and no change to the launch";
  bool All = true;
  std::string Missing, Each;
  std::set<unsigned> SeenOffsets;
  for (const AccessSite *Site : Sites) {
    const ArraySubscriptExpr *AS = flatSubscript(Site->Where, Decl);
    const clang::Expr *RowE = nullptr;
    std::vector<const clang::Expr *> Cols;
    std::string Stride, Why;
    std::string Where = Site->Loc.Path + ":" + std::to_string(Site->Loc.Line) + ":" + std::to_string(Site->Loc.Column);
    CharSourceRange IdxR = AS ? editableSpelling(AS->getIdx(), Ctx, Why) : CharSourceRange();
    bool Ok = AS && IdxR.isValid() && rowFormSpelling(AS, Ctx, RowE, Cols, Stride) && !RowE->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false);
    std::string RowT, ColT;
    if (Ok) {
      CharSourceRange R;
      RowT = spelled(RowE->IgnoreParens(), Ctx, R);
      for (const clang::Expr *C : Cols) {
        std::string T = spelled(C, Ctx, R);
        Ok &= !T.empty();
        ColT += (ColT.empty() ? "" : " + ") + T;
      }
      Ok &= !RowT.empty();
    }
    if (!Ok) {
      All = false;
      if (Missing.empty())
        Missing = Where;
      continue;
    }
    report::TextEdit E;
    E.Loc = toFileLoc(IdxR.getBegin(), SM);
    E.Expected = Lexer::getSourceText(IdxR, SM, Ctx.getLangOpts()).str();
    E.Length = E.Expected.size();
    E.Text = operand(RowT) + " * " + Stride + " + (" + fix::swizzledColumn(RowT, ColT.empty() ? "0" : ColT, Elem, S) + ")";
    if (!SeenOffsets.insert(E.Loc.Offset).second)
      continue;
    Out.Edits.push_back(E);
    Each += "; at " + Where + " '" + Name + "[" + E.Expected + "]' becomes '" + Name + "[" + E.Text + "]'";
  }
  if (All && !Out.Edits.empty()) {
    Out.Have = true;
    Out.Message = Head + "; every index of '" + Name + "' is rewritten" + Each;
  } else {
    Out.Edits.clear();
    Out.Message = Head + "; no fix-it: the access at " + Missing + " is not written '" + Name +
                  "[row * W + column]' in the file; apply the same XOR to every index of '" + Name + "'" + Each;
  }
  return Out;
}

} // namespace bankcheck::frontend

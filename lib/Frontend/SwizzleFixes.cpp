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

std::string spelled(const clang::Expr *E, ASTContext &Ctx, bool &InFile) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = E->getBeginLoc(), End = E->getEndLoc();
  InFile = B.isFileID() && End.isFileID();
  CharSourceRange R = CharSourceRange::getTokenRange(SM.getExpansionRange(E->getSourceRange()).getAsRange());
  return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
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
  for (const AccessSite *Site : Sites) {
    const ArraySubscriptExpr *Col = tileSubscript(Site->Where, Decl);
    bool RowInFile = false, ColInFile = false;
    const clang::Expr *RowE = Col ? cast<ArraySubscriptExpr>(Col->getBase()->IgnoreParenImpCasts())->getIdx() : nullptr;
    std::string RowT = RowE ? spelled(RowE, Ctx, RowInFile) : "";
    std::string ColT = Col ? spelled(Col->getIdx(), Ctx, ColInFile) : "";
    std::string Where = Site->Loc.Path + ":" + std::to_string(Site->Loc.Line) + ":" + std::to_string(Site->Loc.Column);
    if (!Col || !RowInFile || !ColInFile || RowE->HasSideEffects(Ctx) || RowT.empty() || ColT.empty()) {
      All = false;
      if (Missing.empty())
        Missing = Where;
      continue;
    }
    report::TextEdit E;
    CharSourceRange R = CharSourceRange::getTokenRange(Col->getIdx()->getSourceRange());
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

} // namespace bankcheck::frontend

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

#include <functional>
#include <optional>
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

namespace {
/// One access rewritten: the edit, and the subscript before and after for the note.
struct SiteRewrite {
  report::TextEdit Edit;
  std::string Before, After;
};
using Rewriter = std::function<std::optional<SiteRewrite>(const AccessSite &, const fix::Swizzle &)>;

/// The swizzle solver's proposal for Decl as a note and, when Rewrite gives
/// every access's edit, a fix-it. Lead names what is swizzled, Cost ends the
/// note's first part, Form is how an access must be written.
SwizzleFix buildSwizzleFix(const fix::PaddingProblem &P, const std::vector<const AccessSite *> &Sites,
                           const VarDecl *Decl, const std::string &Lead, const std::string &Cost,
                           const std::string &Form, const Rewriter &Rewrite) {
  SwizzleFix Out;
  std::string Name = Decl->getNameAsString();
  fix::SwizzleOutcome O = fix::proposeSwizzle(P);
  if (!O.Proposal) {
    Out.WhyNot = O.WhyNot;
    return Out;
  }
  const fix::Swizzle &S = O.Proposal->S;
  std::int64_t Elem = P.Accesses.front().ElementBytes;
  std::string Unit = S.UnitBytes == Elem ? std::string("elements") : std::to_string(S.UnitBytes) + "-byte chunks";
  std::string Head = Lead + " (XOR of the " + Unit + " of each row with the row's bits " + std::to_string(S.Shift) +
                     " to " + std::to_string(S.Shift + S.Bits - 1) + "): " +
                     std::to_string(O.Proposal->DegreeBefore) + "-way -> " + std::to_string(O.Proposal->DegreeAfter) +
                     "-way over all " + std::to_string(P.Accesses.size()) + " accesses, " + Cost;
  bool All = true;
  std::string Missing, Each;
  std::set<unsigned> SeenOffsets;
  std::set<std::string> SeenMissing;
  for (std::size_t SI = 0; SI < Sites.size(); ++SI) {
    const AccessSite *Site = Sites[SI];
    std::string Where = Site->Loc.Path + ":" + std::to_string(Site->Loc.Line) + ":" + std::to_string(Site->Loc.Column);
    std::optional<SiteRewrite> R = Rewrite(*Site, S);
    if (!R) {
      All = false;
      if (Missing.empty())
        Missing = Where;
      // Still the exact rewrite, on the address's byte offset from the array.
      if (!Site->Where && SeenMissing.insert(Where).second)
        Each += "; at " + Where + " (inline PTX) the byte offset o of its address from the start of '" + Name +
                "' becomes '" + fix::swizzledOffsetText("o", P.Accesses[SI].InnerExtent * Elem, S) + "'";
      continue;
    }
    if (!SeenOffsets.insert(R->Edit.Loc.Offset).second)
      continue; // the same access in another instantiation or launch shape
    Out.Edits.push_back(R->Edit);
    Each += "; at " + Where + " '" + Name + "[" + R->Before + "]' becomes '" + Name + "[" + R->After + "]'";
  }
  if (All && !Out.Edits.empty()) {
    Out.Have = true;
    Out.Message = Head + "; every index of '" + Name + "' is rewritten" + Each;
  } else {
    Out.Edits.clear();
    Out.Message = Head + "; no fix-it: the access at " + Missing + " is not written '" + Name + Form +
                  "' in the file; apply the same XOR to every index of '" + Name + "'" + Each;
  }
  return Out;
}
} // namespace

SwizzleFix swizzleFix(const fix::PaddingProblem &P, const std::vector<const AccessSite *> &Sites,
                      const VarDecl *Decl, ASTContext &Ctx) {
  std::int64_t Elem = P.Accesses.empty() ? 1 : P.Accesses.front().ElementBytes;
  auto Rewrite = [&](const AccessSite &Site, const fix::Swizzle &S) -> std::optional<SiteRewrite> {
    const ArraySubscriptExpr *Col = tileSubscript(Site.Where, Decl);
    // Inline PTX: the operand that is the address, `&Decl[row][col]` itself
    // (through __cvta_generic_to_shared) or a local made from it.
    if (!Col && Site.AsmAddress)
      Col = tileSubscript(Site.AsmAddress, Decl);
    if (!Col)
      Col = viaLocal(Site.AsmAddress ? Site.AsmAddress : Site.Where, Decl, Site.Func);
    if (!Col)
      return std::nullopt;
    CharSourceRange RowR, R;
    const clang::Expr *RowE = cast<ArraySubscriptExpr>(Col->getBase()->IgnoreParenImpCasts())->getIdx();
    std::string RowT = spelled(RowE, Ctx, RowR);
    std::string ColT = spelled(Col->getIdx(), Ctx, R);
    if (RowE->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false) || RowT.empty() || ColT.empty())
      return std::nullopt;
    SiteRewrite W;
    W.Edit.Loc = toFileLoc(R.getBegin(), Ctx.getSourceManager());
    W.Edit.Length = ColT.size();
    W.Edit.Expected = ColT;
    W.Edit.Text = fix::swizzledColumn(RowT, ColT, Elem, S);
    W.Before = RowT + "][" + ColT;
    W.After = RowT + "][" + W.Edit.Text;
    return W;
  };
  std::string Name = Decl->getNameAsString();
  return buildSwizzleFix(P, Sites, Decl, "swizzle the columns of '" + Name + "' by its rows", "no byte added",
                         "[row][column]", Rewrite);
}

SwizzleFix rowSwizzleFix(const fix::PaddingProblem &P, const std::vector<const AccessSite *> &Sites,
                         const VarDecl *Decl, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::int64_t Elem = P.Accesses.empty() ? 1 : P.Accesses.front().ElementBytes;
  auto Rewrite = [&](const AccessSite &Site, const fix::Swizzle &S) -> std::optional<SiteRewrite> {
    const ArraySubscriptExpr *AS = flatSubscript(Site.Where, Decl);
    const clang::Expr *RowE = nullptr;
    std::vector<const clang::Expr *> Cols;
    std::string Stride, Why;
    CharSourceRange IdxR = AS ? editableSpelling(AS->getIdx(), Ctx, Why) : CharSourceRange();
    if (!AS || !IdxR.isValid() || !rowFormSpelling(AS, Ctx, RowE, Cols, Stride) ||
        RowE->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
      return std::nullopt;
    CharSourceRange R;
    std::string RowT = spelled(RowE->IgnoreParens(), Ctx, R), ColT;
    for (const clang::Expr *C : Cols) {
      std::string T = spelled(C, Ctx, R);
      if (T.empty())
        return std::nullopt;
      ColT += (ColT.empty() ? "" : " + ") + T;
    }
    if (RowT.empty())
      return std::nullopt;
    SiteRewrite W;
    W.Edit.Loc = toFileLoc(IdxR.getBegin(), SM);
    W.Edit.Expected = Lexer::getSourceText(IdxR, SM, Ctx.getLangOpts()).str();
    W.Edit.Length = W.Edit.Expected.size();
    W.Edit.Text = operand(RowT) + " * " + Stride + " + (" +
                  fix::swizzledColumn(RowT, ColT.empty() ? "0" : ColT, Elem, S) + ")";
    W.Before = W.Edit.Expected;
    W.After = W.Edit.Text;
    return W;
  };
  std::string Name = Decl->getNameAsString();
  return buildSwizzleFix(P, Sites, Decl, "swizzle the rows of '" + Name + "' instead",
                         "no byte added and no change to the launch", "[row * W + column]", Rewrite);
}

} // namespace bankcheck::frontend

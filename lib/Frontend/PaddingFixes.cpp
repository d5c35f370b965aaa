//===- PaddingFixes.cpp - Padding fix-its on shared declarations ----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/PaddingFixes.h"
#include "Frontend/FindingBuilder.h"
#include "Fix/PaddingSolver.h"
#include "BankModel/AccessAnalysis.h"

#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"

#include <map>
#include <set>

namespace bankcheck::frontend {

using namespace clang;

fix::ArrayAccess solverAccess(const WalkRecord &W, const AccessSite &Site, const ArrayLayout &L) {
  fix::ArrayAccess A;
  A.Query = queryFor(W.Config, Site, W.Walk);
  A.Symbols = &W.Walk.Symbols;
  A.Inner = L.Inner;
  A.InnerExtent = L.InnerExtent;
  A.ElementBytes = L.ElementBytes;
  A.Where = Site.Loc.Path + ":" + std::to_string(Site.Loc.Line) + ":" + std::to_string(Site.Loc.Column);
  return A;
}

std::pair<std::string, unsigned> declKey(const VarDecl *VD, const SourceManager &SM) {
  report::FileLoc L = toFileLoc(VD->getLocation(), SM);
  return {L.Path, L.Offset};
}

namespace {

/// The size expression of the innermost array dimension as written.
const clang::Expr *innerSizeExpr(const VarDecl *VD) {
  const TypeSourceInfo *TSI = VD->getTypeSourceInfo();
  if (!TSI)
    return nullptr;
  TypeLoc TL = TSI->getTypeLoc();
  const clang::Expr *Size = nullptr;
  while (auto AL = TL.getAs<ArrayTypeLoc>()) {
    Size = AL.getSizeExpr();
    TL = AL.getElementLoc();
  }
  return Size;
}

std::int64_t staticBytes(const VarDecl *VD, ASTContext &Ctx) {
  if (VD->hasExternalStorage() || VD->getType()->isIncompleteType())
    return 0;
  return Ctx.getTypeSizeInChars(VD->getType()).getQuantity();
}
} // namespace

void addPaddingFixes(std::vector<WalkRecord> &Walks, std::vector<report::Finding> &Findings,
                     ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // One-dimensional arrays: padding does not apply; say what does.
  for (WalkRecord &W : Walks)
    for (std::size_t S = 0; S < W.Walk.Sites.size(); ++S) {
      report::Finding &F = Findings[W.FindingOfSite[S]];
      const VarDecl *A = W.Walk.Sites[S].Array;
      if (F.Status == "conflict" && !W.Walk.Layouts.count(A) && !A->hasExternalStorage())
        F.Notes.push_back({toFileLoc(A->getLocation(), SM),
                           "no padding fix-it: '" + A->getNameAsString() +
                               "' is not indexed through two or more declared dimensions; change the "
                               "index so that the lanes of a warp touch different banks (or "
                               "declare it two-dimensional and pad the rows)"});
    }
  // Arrays with a proven conflict, by declaration.
  std::set<std::pair<std::string, unsigned>> Conflicting;
  for (WalkRecord &W : Walks)
    for (std::size_t S = 0; S < W.Walk.Sites.size(); ++S)
      if (Findings[W.FindingOfSite[S]].Status == "conflict" &&
          W.Walk.Layouts.count(W.Walk.Sites[S].Array) && !W.Walk.Sites[S].Array->hasExternalStorage())
        Conflicting.insert(declKey(W.Walk.Sites[S].Array, SM));

  // The accesses of each array and each walk's static bytes, found once: a
  // file of many kernels costs linear time, not arrays x accesses.
  std::map<std::pair<std::string, unsigned>, std::vector<std::pair<std::size_t, std::size_t>>> SitesOf;
  std::vector<std::int64_t> KernelBytesOf(Walks.size(), 0);
  for (std::size_t WI = 0; WI < Walks.size(); ++WI) {
    std::set<const VarDecl *> Seen;
    for (std::size_t S = 0; S < Walks[WI].Walk.Sites.size(); ++S) {
      const VarDecl *A = Walks[WI].Walk.Sites[S].Array;
      if (Seen.insert(A).second)
        KernelBytesOf[WI] += staticBytes(A, Ctx);
    }
    std::map<const VarDecl *, std::pair<std::string, unsigned>> KeyOf;
    for (std::size_t S = 0; S < Walks[WI].Walk.Sites.size(); ++S) {
      const VarDecl *A = Walks[WI].Walk.Sites[S].Array;
      auto It = KeyOf.find(A);
      if (It == KeyOf.end())
        It = KeyOf.emplace(A, declKey(A, SM)).first;
      if (Conflicting.count(It->second))
        SitesOf[It->second].push_back({WI, S});
    }
  }

  for (const auto &Key : Conflicting) {
    fix::PaddingProblem P;
    std::vector<std::size_t> ArrayFindings;
    std::vector<std::size_t> FindingOfAccess; // parallel to P.Accesses
    const VarDecl *Decl = nullptr;
    bool AllLaidOut = true;
    std::string Linearized;                    // the row-length name, for 1-D arrays
    std::vector<report::TextEdit> StrideTokens; // its spellings in the accesses
    for (auto [WI, S] : SitesOf[Key]) {
      WalkRecord &W = Walks[WI];
      const std::int64_t KernelBytes = KernelBytesOf[WI];
      const AccessSite &Site = W.Walk.Sites[S];
      Decl = Site.Array;
      ArrayFindings.push_back(W.FindingOfSite[S]);
      auto L = W.Walk.Layouts.find(Site.Array);
      if (L == W.Walk.Layouts.end() || !Site.Unmodelled.empty()) {
        // An access the model does not see through (a flat pointer walk over
        // the whole array, say): padding cannot be proven safe for it.
        AllLaidOut = false;
        continue;
      }
      if (L->second.Linearized) {
        Linearized = L->second.StrideName;
        if (Site.StrideName != Linearized) {
          AllLaidOut = false; // s[tid] beside s[row * W + col]: padding would move only some
          continue;
        }
        StrideTokens.insert(StrideTokens.end(), Site.StrideTokens.begin(), Site.StrideTokens.end());
      }
      fix::ArrayAccess A = solverAccess(W, Site, L->second);
      A.OuterElements = 1;
      for (std::size_t I = 0; I + 1 < L->second.Extents.size(); ++I)
        A.OuterElements *= L->second.Extents[I];
      A.OtherStaticBytes = KernelBytes - staticBytes(Site.Array, Ctx);
      P.Accesses.push_back(A);
      FindingOfAccess.push_back(W.FindingOfSite[S]);
    }
    if (!Decl)
      continue;
    report::FileLoc DeclLoc = toFileLoc(Decl->getLocation(), SM);
    std::string Name = Decl->getNameAsString();
    fix::PaddingOutcome O;
    if (!AllLaidOut)
      O.WhyNot = Linearized.empty()
                     ? "an access of '" + Name + "' is not expressed through its declared dimensions"
                     : "an access of '" + Name + "' is not written as 'row * " + Linearized + " + column'";
    else
      O = fix::proposePadding(P);
    const clang::Expr *Size = innerSizeExpr(Decl);
    report::Note N;
    N.Loc = DeclLoc;
    report::TextEdit Edit;
    std::vector<report::TextEdit> Edits;
    bool HaveEdit = false;
    if (O.Proposal && Size && !Linearized.empty()) {
      // s[H * W] indexed s[row * W + col]: every W of the declaration and of
      // the indices becomes (W + pad).
      std::string Pad = std::to_string(O.Proposal->Pad);
      const auto *Mul = dyn_cast<BinaryOperator>(Size->IgnoreParenImpCasts());
      std::string WName;
      SourceRange Spelled;
      bool Found = Mul && Mul->getOpcode() == BO_Mul &&
                   ((namedConstant(Mul->getRHS(), Ctx, WName, Spelled) && WName == Linearized) ||
                    (namedConstant(Mul->getLHS(), Ctx, WName, Spelled) && WName == Linearized));
      if (Found) {
        report::TextEdit D;
        D.Loc = toFileLoc(Spelled.getBegin(), SM);
        StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(Spelled), SM, Ctx.getLangOpts());
        D.Length = Text.size();
        D.Expected = Text.str();
        Edits.push_back(D);
        Edits.insert(Edits.end(), StrideTokens.begin(), StrideTokens.end());
        for (report::TextEdit &E : Edits)
          E.Text = "(" + E.Expected + " + " + Pad + ")";
        HaveEdit = D.Loc.valid() && !Text.empty();
        Edit = Edits.front();
        N.ShowsFix = HaveEdit;
        N.Message = "pad the rows of '" + Name + "' by " + Pad + (O.Proposal->Pad == 1 ? " element" : " elements") +
                    ": every '" + Linearized + "' of its declaration and indices becomes '" + Edit.Text +
                    "': " + std::to_string(O.Proposal->DegreeBefore) + "-way -> " +
                    std::to_string(O.Proposal->DegreeAfter) + "-way over all " + std::to_string(P.Accesses.size()) +
                    " accesses, +" + std::to_string(O.Proposal->BytesAdded) + " bytes (" +
                    std::to_string(O.Proposal->NewStaticBytes) + " bytes of static shared memory)";
      } else {
        N.Message = "no padding fix-it for '" + Name + "': its size is not written as 'rows * " + Linearized +
                    "'; padding each row by " + Pad + " would take it from " +
                    std::to_string(O.Proposal->DegreeBefore) + "-way to " +
                    std::to_string(O.Proposal->DegreeAfter) + "-way";
      }
    } else if (O.Proposal && Size) {
      CharSourceRange R = SM.getExpansionRange(Size->getSourceRange());
      R = CharSourceRange::getTokenRange(R.getBegin(), R.getEnd());
      StringRef Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts());
      SourceLocation Begin = SM.getExpansionLoc(R.getBegin());
      std::string Pad = std::to_string(O.Proposal->Pad);
      Edit.Loc = toFileLoc(Begin, SM);
      Edit.Length = Text.size();
      Edit.Expected = Text.str();
      const auto *Lit = dyn_cast<IntegerLiteral>(Size->IgnoreParenImpCasts());
      bool Literal = !Text.empty() && Text.find_first_not_of("0123456789") == StringRef::npos;
      if (Lit && Literal && !Size->getBeginLoc().isMacroID()) {
        Edit.Text = std::to_string(Lit->getValue().getZExtValue() + O.Proposal->Pad);
      } else {
        bool Simple = !Text.empty() && Text.find_first_of(" +-*/%?:<>&|^") == StringRef::npos;
        Edit.Text = Simple ? Text.str() + " + " + Pad : "(" + Text.str() + ") + " + Pad;
      }
      HaveEdit = !Text.empty() && Edit.Loc.valid();
      Edits = {Edit};
      N.ShowsFix = HaveEdit;
      N.Message = "pad the innermost dimension of '" + Name + "' by " + Pad +
                  (O.Proposal->Pad == 1 ? " element" : " elements") + " ('" + Edit.Expected + "' -> '" +
                  Edit.Text + "'): " + std::to_string(O.Proposal->DegreeBefore) + "-way -> " +
                  std::to_string(O.Proposal->DegreeAfter) + "-way over all " +
                  std::to_string(P.Accesses.size()) + " accesses, +" + std::to_string(O.Proposal->BytesAdded) +
                  " bytes (" + std::to_string(O.Proposal->NewStaticBytes) + " bytes of static shared memory)";
    } else {
      N.Message = "no padding fix-it for '" + Name + "': " + (O.WhyNot.empty() ? "no size expression" : O.WhyNot);
    }
    // Without a padding, an XOR swizzle of the column by the row is the usual
    // remedy for a 2-D tile whose rows span whole bank periods.
    std::string Swizzle;
    if (!O.Proposal && !P.Accesses.empty()) {
      const fix::ArrayAccess &A = P.Accesses.front();
      bool Rows = A.ElementBytes == 4 && A.InnerExtent >= 32 && A.InnerExtent % 32 == 0;
      for (auto [WI, S] : SitesOf[Key]) {
        if (!Rows || !Swizzle.empty())
          break;
        WalkRecord &W = Walks[WI];
        const AccessSite &Site = W.Walk.Sites[S];
        if (Findings[W.FindingOfSite[S]].Status != "conflict")
          continue;
        const auto *Col = dyn_cast<ArraySubscriptExpr>(Site.Where->IgnoreParenImpCasts());
        const auto *Row = Col ? dyn_cast<ArraySubscriptExpr>(Col->getBase()->IgnoreParenImpCasts()) : nullptr;
        if (!Row || !isa<DeclRefExpr>(Row->getBase()->IgnoreParenImpCasts()))
          continue;
        auto Text = [&](const clang::Expr *E) {
          CharSourceRange R = CharSourceRange::getTokenRange(SM.getExpansionRange(E->getSourceRange()).getAsRange());
          return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
        };
        std::string R = Text(Row->getIdx()), C = Text(Col->getIdx());
        Swizzle = "consider an XOR swizzle instead, applied to every access of '" + Name +
                  "' alike: here '" + Name + "[" + R + "][" + C + "]' becomes '" + Name + "[" + R +
                  "][(" + C + ") ^ ((" + R + ") % 32)]'";
      }
    }
    report::Note SwizzleNote{DeclLoc, Swizzle};
    // The worst warp of each access of the array after the padding: for
    // --explain, and for the JSON report (replayed on a GPU by the harness).
    if (HaveEdit)
      for (std::size_t I = 0; I < P.Accesses.size(); ++I) {
        report::Finding &F = Findings[FindingOfAccess[I]];
        if (F.Status != "conflict" && F.Status != "clean" && F.Status != "possible")
          continue;
        bank::AccessQuery Q = P.Accesses[I].Query;
        for (auto &[Id, V] : Q.Bindings)
          if (Id == P.Accesses[I].Inner)
            V = P.Accesses[I].InnerExtent + O.Proposal->Pad;
        bank::AccessResult After = bank::analyzeAccess(Q, *P.Accesses[I].Symbols);
        if (!After.Worst)
          continue;
        std::array<std::optional<std::uint64_t>, 32> Lanes{};
        for (unsigned L = 0; L < bank::WarpSize; ++L)
          if (After.Worst->Lanes[L].Active)
            Lanes[L] = After.Worst->Lanes[L].Byte;
        F.AfterFixLanes = Lanes;
        F.AfterFixWavefronts = After.Worst->Wavefronts;
        F.AfterFixIdeal = After.Worst->Ideal;
      }
    for (std::size_t FI : ArrayFindings) {
      report::Finding &F = Findings[FI];
      if (!F.isDiagnostic())
        continue;
      F.Notes.push_back(N);
      if (!Swizzle.empty())
        F.Notes.push_back(SwizzleNote);
      if (HaveEdit && F.Status == "conflict")
        F.Fixes.insert(F.Fixes.end(), Edits.begin(), Edits.end());
    }
  }
  addExternPaddingNotes(Walks, Findings, Ctx);
}

} // namespace bankcheck::frontend

//===- PaddingFixes.cpp - Padding fix-its on shared declarations ----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/PaddingFixes.h"
#include "Frontend/FindingBuilder.h"
#include "Frontend/PaddingSafety.h"
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

/// Uses of the macro argument that begins at ArgSpelling, counted over every
/// macro-argument expansion of the translation unit: each use of the
/// parameter in a macro body (directly or passed on to another macro) is one.
unsigned argumentUses(SourceLocation ArgSpelling, const SourceManager &SM) {
  // An argument's expansion covers its tokens from the first: count those
  // whose spelled range holds ArgSpelling.
  unsigned Uses = 0;
  FileID File = SM.getFileID(ArgSpelling);
  unsigned At = SM.getFileOffset(ArgSpelling);
  for (unsigned I = 1, N = SM.local_sloc_entry_size(); I < N; ++I) {
    const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
    if (!E.isExpansion() || !E.getExpansion().isMacroArgExpansion())
      continue;
    SourceLocation S0 = E.getExpansion().getSpellingLoc();
    if (!S0.isFileID() || SM.getFileID(S0) != File || SM.getFileOffset(S0) > At)
      continue;
    unsigned Next = I + 1 < N ? SM.getLocalSLocEntry(I + 1).getOffset() : SM.getNextLocalOffset();
    if (At - SM.getFileOffset(S0) < Next - E.getOffset())
      ++Uses;
  }
  return Uses;
}

/// The text of the #define whose body holds Loc (with its continuation lines).
std::string definitionText(SourceLocation BodyToken, const SourceManager &SM) {
  SourceLocation L = SM.getSpellingLoc(BodyToken);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(SM.getFileID(L), &Invalid);
  if (Invalid)
    return "";
  std::size_t Off = SM.getFileOffset(L);
  std::size_t Begin = Buf.rfind('\n', Off);
  Begin = Begin == StringRef::npos ? 0 : Begin + 1;
  // Back over continued lines.
  while (Begin >= 2 && Buf[Begin - 2] == '\\') {
    std::size_t Prev = Buf.rfind('\n', Begin - 2);
    Begin = Prev == StringRef::npos ? 0 : Prev + 1;
  }
  std::size_t End = Off;
  while (End < Buf.size()) {
    std::size_t NL = Buf.find('\n', End);
    if (NL == StringRef::npos) {
      End = Buf.size();
      break;
    }
    End = NL;
    if (NL == 0 || (Buf[NL - 1] != '\\' && !(NL >= 2 && Buf[NL - 1] == '\r' && Buf[NL - 2] == '\\')))
      break;
    End = NL + 1;
  }
  return Buf.substr(Begin, End - Begin).str();
}
} // namespace

CharSourceRange editableSpelling(const clang::Expr *E, ASTContext &Ctx, std::string &Why) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = E->getBeginLoc(), End = E->getEndLoc();
  if (SM.isInSystemHeader(SM.getSpellingLoc(B))) {
    Why = "it is written in a system header";
    return {};
  }
  if (B.isFileID() && End.isFileID())
    return CharSourceRange::getTokenRange(B, End);
  std::string Macro = Lexer::getImmediateMacroName(B, SM, Ctx.getLangOpts()).str();
  if (!SM.isMacroArgExpansion(B) || !SM.isMacroArgExpansion(End)) {
    Why = "it is written inside the macro '" + Macro + "'";
    return {};
  }
  SourceLocation SB = SM.getSpellingLoc(B), SE = SM.getSpellingLoc(End);
  if (!SB.isFileID() || SM.getFileID(SB) != SM.getFileID(SE) || SM.isBeforeInTranslationUnit(SE, SB)) {
    Why = "it is assembled by the macro '" + Macro + "'";
    return {};
  }
  unsigned Uses = argumentUses(SB, SM);
  std::string Def = definitionText(SM.getImmediateMacroCallerLoc(B), SM);
  bool Pastes = Def.empty() || Def.find('#', Def.find("define") + 1) != std::string::npos;
  if (Uses != 1 || Pastes) {
    Why = "it is an argument of the macro '" + Macro + "', which " +
          (Uses != 1 ? "uses it " + std::to_string(Uses) + " times" : std::string("stringizes or pastes tokens"));
    return {};
  }
  return CharSourceRange::getTokenRange(SB, SE);
}

/// Where the innermost extent of VD is written in a file, as a token range
/// that can be edited without changing anything else: the size expression
/// itself, a macro name standing for it (`TILE`), or the argument of a
/// function-like macro that makes the declaration (`DECL_TILE(tile, 32)`)
/// when that argument has no other use in the macro. Else an invalid range
/// and the reason.
static CharSourceRange editableExtent(const VarDecl *VD, const clang::Expr *Size, ASTContext &Ctx,
                               std::string &Why) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = Size->getBeginLoc(), E = Size->getEndLoc();
  if (SM.isInSystemHeader(SM.getExpansionLoc(B)) || SM.isInSystemHeader(SM.getSpellingLoc(B))) {
    Why = "it is declared in a system header";
    return {};
  }
  if (B.isFileID() && E.isFileID())
    return CharSourceRange::getTokenRange(B, E);
  // The size is part of a macro expansion. The whole size spelled by one
  // object-like macro name written outside the declaration's own macro.
  CharSourceRange X = SM.getExpansionRange(Size->getSourceRange());
  SourceLocation NameAt = SM.getExpansionLoc(VD->getLocation());
  bool DeclInside = !SM.isBeforeInTranslationUnit(NameAt, X.getBegin()) &&
                    !SM.isBeforeInTranslationUnit(X.getEnd(), NameAt);
  if (!DeclInside && !VD->getLocation().isMacroID())
    return CharSourceRange::getTokenRange(X.getBegin(), X.getEnd());
  // Inside a macro that makes the declaration: only a macro argument can be
  // edited, and only one the macro body uses once.
  std::string Macro = Lexer::getImmediateMacroName(VD->getLocation().isMacroID() ? VD->getLocation() : B, SM,
                                                   Ctx.getLangOpts())
                          .str();
  if (!SM.isMacroArgExpansion(B) || !SM.isMacroArgExpansion(E)) {
    Why = "its innermost extent is written inside the macro '" + Macro + "'";
    return {};
  }
  SourceLocation SB = SM.getSpellingLoc(B), SE = SM.getSpellingLoc(E);
  if (!SB.isFileID() || SM.getFileID(SB) != SM.getFileID(SE) || SM.isBeforeInTranslationUnit(SE, SB)) {
    Why = "its innermost extent is assembled by the macro '" + Macro + "'";
    return {};
  }
  // Each use of the parameter in the body expands the argument once.
  unsigned Uses = argumentUses(SB, SM);
  std::string Def;
  if (const TypeSourceInfo *TSI = VD->getTypeSourceInfo())
    if (auto AL = TSI->getTypeLoc().getAs<ArrayTypeLoc>(); AL && AL.getLBracketLoc().isMacroID())
      Def = definitionText(AL.getLBracketLoc(), SM);
  bool Pastes = Def.empty() || Def.find('#', Def.find("define") + 1) != std::string::npos;
  if (Uses != 1 || Pastes) {
    Why = "its innermost extent is an argument of the macro '" + Macro + "', which " +
          (Uses != 1 ? "uses it " + std::to_string(Uses) + " times" : std::string("stringizes or pastes tokens")) +
          "; padding the argument would change more than this extent";
    return {};
  }
  return CharSourceRange::getTokenRange(SB, SE);
}

namespace {
std::int64_t staticBytes(const VarDecl *VD, ASTContext &Ctx) {
  if (VD->hasExternalStorage() || VD->getType()->isIncompleteType())
    return 0;
  return Ctx.getTypeSizeInChars(VD->getType()).getQuantity();
}
} // namespace

std::int64_t walkStaticBytes(const WalkRecord &W, ASTContext &Ctx) {
  if (W.StaticBytes >= 0)
    return W.StaticBytes;
  std::set<const VarDecl *> Seen;
  std::int64_t Bytes = 0;
  for (const AccessSite &S : W.Walk.Sites)
    if (Seen.insert(S.Array).second)
      Bytes += staticBytes(S.Array, Ctx);
  return Bytes;
}

void addPaddingFixes(llvm::MutableArrayRef<WalkRecord> Walks, report::FindingList &Findings,
                     ASTContext &Ctx, llvm::function_ref<bool(const VarDecl *)> Handles) {
  const SourceManager &SM = Ctx.getSourceManager();
  // One-dimensional arrays: padding does not apply; say what does.
  for (WalkRecord &W : Walks)
    for (std::size_t S = 0; S < W.Walk.Sites.size(); ++S) {
      report::Finding &F = Findings[W.FindingOfSite[S]];
      const VarDecl *A = W.Walk.Sites[S].Array;
      if (F.Status == "conflict" && !W.Walk.Layouts.count(A) && !A->hasExternalStorage() && Handles(A))
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
          W.Walk.Layouts.count(W.Walk.Sites[S].Array) && !W.Walk.Sites[S].Array->hasExternalStorage() &&
          Handles(W.Walk.Sites[S].Array))
        Conflicting.insert(declKey(W.Walk.Sites[S].Array, SM));

  // The accesses of each array and each walk's static bytes, found once: a
  // file of many kernels costs linear time, not arrays x accesses.
  std::map<std::pair<std::string, unsigned>, std::vector<std::pair<std::size_t, std::size_t>>> SitesOf;
  std::vector<std::int64_t> KernelBytesOf(Walks.size(), 0);
  for (std::size_t WI = 0; WI < Walks.size() && !Conflicting.empty(); ++WI) {
    KernelBytesOf[WI] = walkStaticBytes(Walks[WI], Ctx);
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
    std::vector<const AccessSite *> SiteOfAccess; // parallel to P.Accesses
    std::size_t Dims = 0;
    const VarDecl *Decl = nullptr;
    std::vector<const VarDecl *> Instances; // the declaration in each instantiation
    bool AllLaidOut = true;
    std::string Linearized;                    // the row-length name, for 1-D arrays
    std::vector<report::TextEdit> StrideTokens; // its spellings in the accesses
    for (auto [WI, S] : SitesOf[Key]) {
      WalkRecord &W = Walks[WI];
      const std::int64_t KernelBytes = KernelBytesOf[WI];
      const AccessSite &Site = W.Walk.Sites[S];
      Decl = Site.Array;
      if (Instances.empty() || Instances.back() != Decl)
        Instances.push_back(Decl);
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
      SiteOfAccess.push_back(&Site);
      Dims = L->second.Extents.size();
    }
    if (!Decl)
      continue;
    report::FileLoc DeclLoc = toFileLoc(Decl->getLocation(), SM);
    std::string Name = Decl->getNameAsString();
    fix::shareEvaluations(P); // the padding, per-extent and swizzle searches ask the same queries
    fix::PaddingOutcome O;
    if (!AllLaidOut)
      O.WhyNot = Linearized.empty()
                     ? "an access of '" + Name + "' is not expressed through its declared dimensions"
                     : "an access of '" + Name + "' is not written as 'row * " + Linearized + " + column'";
    else
      O = fix::proposePadding(P);
    const clang::Expr *Size = innerSizeExpr(Decl);
    // One template serving several extents, none padded well by one number:
    // a padding per instantiation, written as an expression of the extent.
    std::optional<fix::PerExtentProposal> PE;
    if (AllLaidOut && Linearized.empty() && Size && (!O.Proposal || O.Proposal->DegreeAfter > 1)) {
      std::string Why;
      PE = fix::proposePaddingPerExtent(P, Why);
      if (PE && O.Proposal && PE->DegreeAfter >= O.Proposal->DegreeAfter)
        PE.reset();
    }
    // A use that carries the row type to a type written with the extent
    // (`float (*t)[32]`): padded rows would not compile there.
    std::string Blocker;
    if (Linearized.empty() && Size && (O.Proposal || PE))
      Blocker = paddingBlocker(Instances, Ctx);
    report::Note N;
    N.Loc = DeclLoc;
    report::TextEdit Edit;
    std::vector<report::TextEdit> Edits;
    bool HaveEdit = false;
    std::string SizeWhy;
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
    } else if (!Blocker.empty()) {
      N.Message = "no padding fix-it for '" + Name + "': " + Blocker + "; padding its rows " +
                  (PE ? "per instantiation" : "by " + std::to_string(O.Proposal->Pad) +
                                                  (O.Proposal->Pad == 1 ? " element" : " elements")) +
                  " would take it from " + std::to_string(PE ? PE->DegreeBefore : O.Proposal->DegreeBefore) +
                  "-way to " + std::to_string(PE ? PE->DegreeAfter : O.Proposal->DegreeAfter) + "-way";
      O.Proposal.reset(); // a swizzle may still do
      PE.reset();
    } else if (O.Proposal && Size && !editableExtent(Decl, Size, Ctx, SizeWhy).isValid()) {
      N.Message = "no padding fix-it for '" + Name + "': " + SizeWhy + "; padding its rows by " +
                  std::to_string(O.Proposal->Pad) + (O.Proposal->Pad == 1 ? " element" : " elements") +
                  " would take it from " + std::to_string(O.Proposal->DegreeBefore) + "-way to " +
                  std::to_string(O.Proposal->DegreeAfter) + "-way";
    } else if (PE && editableExtent(Decl, Size, Ctx, SizeWhy).isValid()) {
      CharSourceRange R = editableExtent(Decl, Size, Ctx, SizeWhy);
      std::string Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
      bool Simple = !Text.empty() && Text.find_first_of(" +-*/%?:<>&|^") == std::string::npos;
      std::string T = Simple ? Text : "(" + Text + ")";
      std::string M = std::to_string(PE->Modulus);
      Edit.Loc = toFileLoc(R.getBegin(), SM);
      Edit.Length = Text.size();
      Edit.Expected = Text;
      Edit.Text = T + " + (" + T + " % " + M + " == 0)" + (PE->Pad == 1 ? "" : " * " + std::to_string(PE->Pad));
      HaveEdit = !Text.empty() && Edit.Loc.valid();
      Edits = {Edit};
      N.ShowsFix = HaveEdit;
      N.Message = "pad the innermost dimension of '" + Name + "' per instantiation, by " +
                  std::to_string(PE->Pad) + (PE->Pad == 1 ? " element" : " elements") +
                  " where its rows span whole bank periods ('" + Edit.Expected + "' -> '" + Edit.Text +
                  "'), proven for each of its " + std::to_string(PE->Extents) + " extents: " +
                  std::to_string(PE->DegreeBefore) + "-way -> " + std::to_string(PE->DegreeAfter) +
                  "-way over all " + std::to_string(P.Accesses.size()) + " accesses";
      O.Proposal.reset(); // no single padding: the after-fix lanes below are per extent
    } else if (O.Proposal && Size) {
      CharSourceRange R = editableExtent(Decl, Size, Ctx, SizeWhy);
      StringRef Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts());
      SourceLocation Begin = R.getBegin();
      std::string Pad = std::to_string(O.Proposal->Pad);
      Edit.Loc = toFileLoc(Begin, SM);
      Edit.Length = Text.size();
      Edit.Expected = Text.str();
      const auto *Lit = dyn_cast<IntegerLiteral>(Size->IgnoreParenImpCasts());
      bool Literal = !Text.empty() && Text.find_first_not_of("0123456789") == StringRef::npos;
      if (Lit && Literal) {
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
    // No padding: an XOR swizzle of the columns by the rows, proven like a
    // padding, on a two-dimensional array (SwizzleFixes.cpp).
    report::Note SwizzleNote;
    if (!O.Proposal && !HaveEdit && AllLaidOut && Linearized.empty() && Dims == 2) {
      SwizzleFix SF = swizzleFix(P, SiteOfAccess, Decl, Ctx);
      if (!SF.Message.empty()) {
        SwizzleNote = {DeclLoc, SF.Message};
        SwizzleNote.ShowsFix = SF.Have;
        if (SF.Have) {
          Edits = SF.Edits;
          HaveEdit = true;
        }
      }
    }
    // The worst warp of each access of the array after the padding: for
    // --explain, and for the JSON report (replayed on a GPU by the harness).
    if (HaveEdit && O.Proposal)
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
      if (!SwizzleNote.Message.empty())
        F.Notes.push_back(SwizzleNote);
      if (HaveEdit && F.Status == "conflict")
        F.Fixes.insert(F.Fixes.end(), Edits.begin(), Edits.end());
    }
  }
}

} // namespace bankcheck::frontend

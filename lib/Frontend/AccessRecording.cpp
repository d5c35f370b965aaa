//===- AccessRecording.cpp - One AccessSite per source access -------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Turns each shared load, store or atomic met by the walk into an instance
/// of its AccessSite: the byte offset, the guards in force and the loop
/// labels, deduplicated by their structure.
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

#include <algorithm>

namespace bankcheck::frontend {

using namespace clang;

namespace {
/// The width of the pieces a struct is copied in when the compiler cannot
/// copy it in one instruction: its alignment (at most 16 bytes), for a
/// struct whose size is larger than that (float3: 12 bytes in 4-byte pieces;
/// a 32-byte struct aligned to 16 in two 16-byte ones). 0 for other types.
unsigned pieceBytes(QualType T, const ASTContext &Ctx) {
  if (!T->isRecordType() || T->isUnionType())
    return 0;
  std::int64_t Size = Ctx.getTypeSizeInChars(T).getQuantity();
  std::int64_t Align = std::min<std::int64_t>(16, Ctx.getTypeAlignInChars(T).getQuantity());
  if (Align <= 0 || Size <= Align || Size % Align || Size / Align > 64 || (Align & (Align - 1)))
    return 0;
  return static_cast<unsigned>(Align);
}
} // namespace

void Walker::record(const SharedRef &L, const clang::Expr *Where, const char *Kind) {
  if (!Recording)
    return;
  auto Key = std::make_pair(Where, llvm::StringRef(Kind));
  auto It = SiteIndex.find(Key);
  if (It == SiteIndex.end()) {
    AccessSite S;
    S.Where = Where;
    SourceLocation Loc = Ctx.getSourceManager().getExpansionLoc(Where->getBeginLoc());
    S.Loc = toFileLoc(Loc, Ctx.getSourceManager());
    S.Array = L.Array;
    S.Kind = Kind;
    QualType T = L.Pointee;
    if (T->isIncompleteType() || T->isVoidType()) {
      S.Unmodelled = "the access has an incomplete type";
    } else {
      S.AccessBytes = static_cast<unsigned>(Ctx.getTypeSizeInChars(T).getQuantity());
      unsigned Piece = pieceBytes(T, Ctx);
      if (Piece && Piece < S.AccessBytes) {
        S.PiecesNote = "a " + std::to_string(S.AccessBytes) + "-byte copy of '" + T.getUnqualifiedType().getAsString() +
                       "', issued as " + std::to_string(S.AccessBytes / Piece) + " " + std::to_string(Piece) +
                       "-byte accesses (the widest its " + std::to_string(Ctx.getTypeAlignInChars(T).getQuantity()) +
                       "-byte alignment allows)";
        S.AccessBytes = Piece;
      } else if (!bank::isValidAccessWidth(S.AccessBytes)) {
        S.Unmodelled = "an access of " + std::to_string(S.AccessBytes) + " bytes ('" +
                       T.getAsString() + "') is split by the compiler into several "
                       "instructions; not modelled";
      }
    }
    S.Func = CallStack.empty() ? &Kernel : CallStack.back();
    S.StrideTokens = L.facts().StrideTokens;
    S.StrideName = L.facts().StrideName;
    S.RegionBase = L.facts().RegionBase;
    S.RegionVia = L.facts().RegionVia;
    It = SiteIndex.emplace(Key, Result.Sites.size()).first;
    Result.Sites.push_back(std::move(S));
  }
  AccessSite &S = Result.Sites[It->second];
  if (S.PiecesNote.empty() || !S.Unmodelled.empty()) {
    addInstance(S, L);
    return;
  }
  // A struct copy: one instance per piece, labelled with its bytes.
  unsigned Whole = static_cast<unsigned>(Ctx.getTypeSizeInChars(L.Pointee).getQuantity());
  for (unsigned At = 0; At < Whole; At += S.AccessBytes) {
    SharedRef Piece = L;
    Piece.Offset = L.Offset + symbolic::Expr::constant(At);
    Labels.push_back("bytes " + std::to_string(At) + "-" + std::to_string(At + S.AccessBytes - 1));
    addInstance(S, Piece);
    Labels.pop_back();
  }
}

void Walker::addInstance(AccessSite &S, const SharedRef &L) {
  for (const clang::Expr *C : CallSites)
    if (C) {
      report::FileLoc F = toFileLoc(Ctx.getSourceManager().getExpansionLoc(C->getBeginLoc()), Ctx.getSourceManager());
      if (F.valid())
        S.CallLines.insert({F.Path, F.Line});
    }
  const SharedRefFacts &LF = L.facts();
  if (!LF.Assumption.empty() &&
      std::find(S.Assumptions.begin(), S.Assumptions.end(), LF.Assumption) == S.Assumptions.end())
    S.Assumptions.push_back(LF.Assumption);
  if (S.RegionBase != LF.RegionBase || S.StrideName != LF.StrideName) {
    // One source access seen in two regions or row forms (a helper walked
    // with other pointers): it is in none of them.
    S.RegionBase = -1;
    S.StrideName.clear();
    S.StrideTokens.clear();
  }
  if (S.Unmodelled.empty() && !FlowUnmodelled.empty())
    S.Unmodelled = FlowUnmodelled;
  if (!S.Unmodelled.empty())
    return;
  if (S.Instances.size() >= 4096) {
    S.Unmodelled = "more than 4096 distinct loop instances";
    return;
  }
  bank::AccessInstance I;
  I.ByteOffset = L.Offset;
  I.Invariant = LF.Invariant;
  I.SourceOffset = LF.Source;
  I.Guards = Guards;
  // A loop's "not left at an earlier iteration" guard, where nothing else of
  // the instance changes across its iterations: the first has the most lanes.
  for (auto L = LeftGuards.rbegin(); L != LeftGuards.rend(); ++L) {
    auto Since = [&](const symbolic::Expr &E) {
      bool Found = false;
      if (!E.isNull() && E.minSymbol() != ~0u)
        symbolic::forEachSymbol(E, [&](symbolic::SymbolId Id) { Found = Found || Id >= L->Iteration; });
      return Found;
    };
    bool Changes = Since(I.ByteOffset) || Since(I.Invariant) || Since(I.SourceOffset);
    for (std::size_t K = 0; K < I.Guards.size() && !Changes; ++K)
      Changes = K != L->Index && K != L->LoopGuard && Since(I.Guards[K].Cond);
    if (!Changes && L->Index < I.Guards.size())
      I.Guards.erase(I.Guards.begin() + std::ptrdiff_t(L->Index));
  }
  std::string Label;
  for (const std::string &Part : Labels) {
    if (Part.empty())
      continue;
    if (!Label.empty())
      Label += ", ";
    Label += Part;
  }
  I.Label = Label;
  // Equal offsets under equal guards are one instance (counted again).
  std::size_t Hash = bank::hashGuards(symbolic::hashValue(I.ByteOffset), I.Guards);
  Hash = Hash * 31 + symbolic::hashValue(I.Invariant);
  Hash = Hash * 31 + symbolic::hashValue(I.SourceOffset);
  auto Same = [&I](const bank::AccessInstance &J) {
    return J.ByteOffset.equals(I.ByteOffset) && J.Invariant.equals(I.Invariant) &&
           J.SourceOffset.equals(I.SourceOffset) && bank::sameGuards(J.Guards, I.Guards);
  };
  for (auto [D, E] = S.InstanceIndex.equal_range(Hash); D != E; ++D)
    if (Same(S.Instances[D->second])) {
      ++S.Instances[D->second].Multiplicity;
      return;
    }
  S.InstanceIndex.emplace(Hash, S.Instances.size());
  S.Instances.push_back(std::move(I));
}

void Walker::recordAsm(const SharedRef &L, const clang::AsmStmt *A, unsigned Index, const char *Kind,
                       unsigned Bytes, bank::Form F, const std::string &Opcode, const clang::Expr *Address) {
  recordAt(L, A, Index, asmLocation(A), Kind, Bytes, F, Opcode);
  auto It = AsmSiteIndex.find(std::make_tuple(static_cast<const clang::Stmt *>(A), Index, L.Array));
  if (Recording && Address && It != AsmSiteIndex.end())
    Result.Sites[It->second].AsmAddress = Address;
}

void Walker::recordAt(const SharedRef &L, const clang::Stmt *Where, unsigned Index, SourceLocation At,
                      const char *Kind, unsigned Bytes, bank::Form F, const std::string &Opcode) {
  if (!Recording)
    return;
  // One site per shared variable: a helper's instruction called on two
  // arrays is two accesses, as for any other expression (record()).
  auto Key = std::make_tuple(Where, Index, L.Array);
  auto It = AsmSiteIndex.find(Key);
  if (It == AsmSiteIndex.end()) {
    AccessSite S;
    SourceLocation Loc = Ctx.getSourceManager().getExpansionLoc(At);
    S.Loc = toFileLoc(Loc, Ctx.getSourceManager());
    S.Array = L.Array;
    S.Kind = Kind;
    S.AccessBytes = Bytes;
    S.Form = F;
    S.Opcode = Opcode;
    S.Part = Index;
    S.ProfileLoc = PendingProfileLoc;
    S.Func = CallStack.empty() ? &Kernel : CallStack.back();
    It = AsmSiteIndex.emplace(Key, Result.Sites.size()).first;
    Result.Sites.push_back(std::move(S));
  }
  addInstance(Result.Sites[It->second], L);
}

} // namespace bankcheck::frontend

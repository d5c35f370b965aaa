//===- ExternPadding.cpp - Padding notes for extern __shared__ buffers ----===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// An `extern __shared__` buffer is sized at the launch and carved by hand, so
/// a padding of its rows cannot be written into its declaration: each region
/// (the buffer indexed `s[row * W + col]`, or a pointer carved from it at a
/// constant offset and indexed `p[row * W + col]`) gets the padding solver's
/// answer, in bytes. It is a fix-it when the region is the last one carved
/// and every launch of the kernel passes a constant size with a term that can
/// grow by the bytes added (fix/LaunchSizeEdit.h): the row length in every
/// index and each launch's size, edited together; else a note with the reason.
//===----------------------------------------------------------------------===//
#include "Frontend/PaddingFixes.h"
#include "Frontend/FindingBuilder.h"
#include "Frontend/LaunchSizes.h"
#include "Frontend/Project.h"
#include "Fix/PaddingSolver.h"
#include "BankModel/AccessAnalysis.h"
#include "Symbolic/Evaluate.h"

#include <algorithm>
#include <map>
#include <set>

namespace bankcheck::frontend {

using namespace clang;

namespace {

std::string where(const report::FileLoc &L) {
  return L.Path + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column);
}

std::string plural(std::int64_t N, const char *One, const char *Many) {
  return std::to_string(N) + " " + (N == 1 ? One : Many);
}

/// The bytes [first, last] any active lane of any instance reaches, or
/// nullopt when some offset or guard cannot be evaluated (a loop counter, a
/// block index, an unknown value), or the block shape is unknown. Layout
/// symbols keep their written values (Bindings).
std::optional<std::pair<std::int64_t, std::int64_t>> bytesReached(const bank::AccessQuery &Q) {
  if (!Q.Shape)
    return std::nullopt;
  std::optional<std::pair<std::int64_t, std::int64_t>> R;
  std::uint64_t Work = 0;
  for (const bank::AccessInstance &I : Q.Instances)
    for (unsigned T = 0; T < Q.Shape->threads(); ++T) {
      if (++Work > 2'000'000)
        return std::nullopt;
      symbolic::Env E;
      for (const auto &[Id, V] : Q.Bindings)
        E.bind(Id, V);
      bank::bindThread(E, *Q.Shape, T);
      bool Active = true;
      for (const bank::Guard &G : I.Guards) {
        std::optional<std::int64_t> V = symbolic::evaluate(G.Cond, E);
        if (!V)
          return std::nullopt;
        Active &= *V != 0;
      }
      if (!Active)
        continue;
      std::optional<std::int64_t> Off = symbolic::evaluate(I.ByteOffset, E);
      if (!Off)
        return std::nullopt;
      std::int64_t Last = *Off + Q.AccessBytes - 1;
      R = R ? std::make_pair(std::min(R->first, *Off), std::max(R->second, Last)) : std::make_pair(*Off, Last);
    }
  if (!R)
    return std::make_pair(std::int64_t(0), std::int64_t(-1)); // never executed: reaches nothing
  return R;
}

struct RegionSite {
  WalkRecord *Walk;
  std::size_t Site;
};

/// Does the file hold E's expected text at its place?
bool holds(const report::TextEdit &E, const SourceManager &SM) {
  auto F = SM.getFileManager().getOptionalFileRef(E.Loc.Path);
  if (!F || E.Expected.empty())
    return false;
  FileID ID = SM.translateFile(*F);
  bool Invalid = false;
  llvm::StringRef Buf = ID.isValid() ? SM.getBufferData(ID, &Invalid) : llvm::StringRef();
  return !Invalid && E.Loc.Offset + E.Expected.size() <= Buf.size() &&
         Buf.substr(E.Loc.Offset, E.Expected.size()) == E.Expected;
}

constexpr std::int64_t DefaultDynamicLimit = 48 * 1024; ///< without cudaFuncSetAttribute
constexpr std::int64_t BlockLimit = 227 * 1024;         ///< sm_90: shared memory per block

/// The edits that pad the rows of a region whose padding is proven: the row
/// length in every index and every launch's size, or the reason there are none.
struct SizeFix {
  std::vector<report::TextEdit> Edits;
  std::string Launches; ///< what each launch's size becomes, for the note
  std::string WhyNot;
  std::int64_t MaxBytes = BlockLimit; ///< the most any of the kernels may be given
  std::vector<report::FileLoc> Covered; ///< the launch sizes edited
  std::vector<std::string> Kernels;     ///< their keys, for the project's other files
};

/// OptInCache: the kernels' opt-in sizes, read on first use.
SizeFix launchSizeFix(const std::vector<RegionSite> &Sites, const fix::RowPadding &R, const LaunchMap &Launches,
                      ASTContext &Ctx, std::optional<std::map<const FunctionDecl *, std::int64_t>> &OptInCache) {
  const SourceManager &SM = Ctx.getSourceManager();
  SizeFix Out;
  std::set<std::pair<std::string, unsigned>> Seen;
  bool Literal = R.Stride.find_first_not_of("0123456789") == std::string::npos;
  std::set<const FunctionDecl *> Kernels;
  std::int64_t StaticBytes = 0;
  for (const RegionSite &RS : Sites) {
    const AccessSite &S = RS.Walk->Walk.Sites[RS.Site];
    Kernels.insert(RS.Walk->Kernel->getCanonicalDecl());
    if (S.StrideTokens.empty()) {
      Out.WhyNot = "the row length of the access at " + where(S.Loc) + " is not written in the file";
      return Out;
    }
    for (report::TextEdit T : S.StrideTokens) {
      if (!Seen.insert({T.Loc.Path, T.Loc.Offset}).second)
        continue;
      if (!holds(T, SM)) {
        Out.WhyNot = "the row length '" + R.Stride + "' of the access at " + where(S.Loc) +
                     " is not written in the file where it can be edited alone (it comes from a macro)";
        return Out;
      }
      T.Text = Literal ? std::to_string(R.RowElements + R.Pad) : "(" + T.Expected + " + " + std::to_string(R.Pad) + ")";
      Out.Edits.push_back(T);
    }
  }
  // The kernel's own static shared memory counts against the same limits.
  for (const RegionSite &RS : Sites)
    StaticBytes = std::max(StaticBytes, walkStaticBytes(*RS.Walk, Ctx));
  if (!OptInCache)
    OptInCache = optInSizes(Ctx);
  const std::map<const FunctionDecl *, std::int64_t> &OptIn = *OptInCache;
  for (const FunctionDecl *K : Kernels) {
    std::string Name = "'" + K->getNameAsString() + "'";
    auto It = Launches.find(K);
    if (It == Launches.end() || It->second.empty()) {
      Out.WhyNot = "no launch of " + Name + " is in the files analysed, so its dynamic size cannot be grown with the rows";
      return Out;
    }
    auto Opt = OptIn.find(K);
    Out.MaxBytes = std::min(Out.MaxBytes, (Opt == OptIn.end() ? DefaultDynamicLimit
                                           : Opt->second < 0  ? 0
                                                              : std::min(Opt->second, BlockLimit)) -
                                              StaticBytes);
    Out.Kernels.push_back(kernelKey(*K));
    for (const LaunchConfig &L : It->second) {
      const fix::LaunchSize &Size = L.DynamicSize;
      std::string Why;
      std::optional<fix::SizeEdit> E = fix::sizeEdit(Size, R, Why);
      if (!E) {
        Out.WhyNot = Why;
        return Out;
      }
      if (!Seen.insert({E->Edit.Loc.Path, E->Edit.Loc.Offset}).second) {
        // The same launch for another block shape, or a launch written once
        // in a template and instantiated with other values: one text for all.
        bool Same = std::any_of(Out.Edits.begin(), Out.Edits.end(), [&](const report::TextEdit &T) {
          return T.Loc.Path == E->Edit.Loc.Path && T.Loc.Offset == E->Edit.Loc.Offset && T.Text == E->Edit.Text;
        });
        if (!Same) {
          Out.WhyNot = "the " + Size.Where + " is written once for several sizes (a template instantiated with "
                       "other values), which one edit cannot grow alike";
          return Out;
        }
        continue;
      }
      if (Opt == OptIn.end() && StaticBytes + E->NewBytes > DefaultDynamicLimit) {
        Out.WhyNot = "the " + Size.Where + " would pass " + std::to_string(E->NewBytes) + " bytes" +
                     (StaticBytes ? " beside " + std::to_string(StaticBytes) + " static bytes" : "") + ", over the " +
                     std::to_string(DefaultDynamicLimit) + " bytes a kernel has without cudaFuncSetAttribute(" +
                     K->getNameAsString() + ", cudaFuncAttributeMaxDynamicSharedMemorySize, ...)";
        return Out;
      }
      if (Opt != OptIn.end() && (Opt->second < 0 || E->NewBytes > Opt->second)) {
        Out.WhyNot = "the " + Size.Where + " would pass " + std::to_string(E->NewBytes) + " bytes, " +
                     (Opt->second < 0 ? "and the size " + Name + " opts in to with cudaFuncSetAttribute is not a constant"
                                      : "over the " + std::to_string(Opt->second) + " bytes " + Name +
                                            " opts in to with cudaFuncSetAttribute");
        return Out;
      }
      if (StaticBytes + E->NewBytes > BlockLimit) {
        Out.WhyNot = "the " + Size.Where + " would pass " + std::to_string(E->NewBytes) + " bytes, over the " +
                     std::to_string(BlockLimit) + " bytes of shared memory a block can have on sm_90";
        return Out;
      }
      Out.Edits.push_back(E->Edit);
      Out.Covered.push_back(Size.Loc);
      Out.Launches += std::string(Out.Launches.empty() ? "" : ", ") + "the " + Size.Where + " from " +
                      std::to_string(E->OldBytes) + " to " + std::to_string(E->NewBytes) + " bytes ('" +
                      E->Edit.Expected + "' -> '" + E->Edit.Text + "')";
    }
  }
  return Out;
}
} // namespace

void addExternPaddingNotes(std::vector<WalkRecord> &Walks, report::FindingList &Findings,
                           ASTContext &Ctx, const LaunchMap &Launches, std::vector<fix::RowsFix> &RowsFixes) {
  const SourceManager &SM = Ctx.getSourceManager();
  // Every access of each extern buffer with a proven conflict, by region.
  struct Buffer {
    const VarDecl *Decl = nullptr;
    bool Conflict = false;
    std::map<std::int64_t, std::vector<RegionSite>> Regions;
    std::vector<RegionSite> Anywhere; ///< accesses that may reach any region
  };
  std::map<std::pair<std::string, unsigned>, Buffer> Buffers;
  std::optional<std::map<const FunctionDecl *, std::int64_t>> OptIn; // read once, when needed
  for (WalkRecord &W : Walks)
    for (std::size_t S = 0; S < W.Walk.Sites.size(); ++S) {
      const AccessSite &Site = W.Walk.Sites[S];
      if (!Site.Array->hasExternalStorage())
        continue;
      Buffer &B = Buffers[declKey(Site.Array, SM)];
      B.Decl = Site.Array;
      B.Conflict |= Findings[W.FindingOfSite[S]].Status == "conflict";
      if (Site.RegionBase >= 0)
        B.Regions[Site.RegionBase].push_back({&W, S});
      else
        B.Anywhere.push_back({&W, S});
    }

  for (auto &[Key, B] : Buffers) {
    if (!B.Conflict)
      continue;
    std::string Name = B.Decl->getNameAsString();
    report::FileLoc DeclLoc = toFileLoc(B.Decl->getLocation(), SM);
    auto AddNote = [&](const std::vector<RegionSite> &Sites, const std::string &Message,
                       const std::vector<report::TextEdit> &Edits = {}) {
      for (const RegionSite &RS : Sites) {
        report::Finding &F = Findings[RS.Walk->FindingOfSite[RS.Site]];
        if (!F.isDiagnostic())
          continue;
        report::Note N{DeclLoc, Message};
        N.ShowsFix = !Edits.empty();
        F.Notes.push_back(N);
        if (F.Status == "conflict")
          F.Fixes.insert(F.Fixes.end(), Edits.begin(), Edits.end());
      }
    };
    // An access that may reach any region blocks every suggestion: padding
    // would move bytes it reads.
    std::string Blocked;
    if (!B.Anywhere.empty()) {
      const AccessSite &S = B.Anywhere.front().Walk->Walk.Sites[B.Anywhere.front().Site];
      Blocked = "the access at " + where(S.Loc) + " is not known to stay in one region: it is neither '" +
                Name + "[row * W + column]' nor made through a pointer carved from '" + Name +
                "' at one constant offset and never reassigned";
      bool AnyConflict = false;
      for (const RegionSite &RS : B.Anywhere)
        AnyConflict |= Findings[RS.Walk->FindingOfSite[RS.Site]].Status == "conflict";
      if (AnyConflict)
        AddNote(B.Anywhere, "no padding suggestion for '" + Name + "': " + Blocked);
    }
    for (auto &[Base, Sites] : B.Regions) {
      bool Conflict = false;
      std::string Via;
      for (const RegionSite &RS : Sites) {
        Conflict |= Findings[RS.Walk->FindingOfSite[RS.Site]].Status == "conflict";
        const AccessSite &S = RS.Walk->Walk.Sites[RS.Site];
        if (Via.empty())
          Via = S.RegionVia;
      }
      if (!Conflict)
        continue;
      std::string What = Base == 0 && Via.empty()
                             ? "'" + Name + "'"
                             : "the region of '" + Name + "' at byte " + std::to_string(Base) +
                                   (Via.empty() ? "" : " (through '" + Via + "')");
      fix::PaddingProblem P;
      P.Dynamic = true;
      std::string WhyNot = Blocked, Stride;
      std::int64_t Rows = 0;
      bool RowsKnown = true;
      for (const RegionSite &RS : Sites) {
        WalkRecord &W = *RS.Walk;
        const AccessSite &Site = W.Walk.Sites[RS.Site];
        auto L = W.Walk.Regions.find({Site.Array, Base});
        if (!Site.Unmodelled.empty() || Site.StrideName.empty() || L == W.Walk.Regions.end() ||
            (!Stride.empty() && Site.StrideName != Stride)) {
          if (WhyNot.empty())
            WhyNot = "the access at " + where(Site.Loc) + " is not written as 'row * " +
                     (Stride.empty() ? std::string("W") : Stride) +
                     " + column' with one row length W (a named constant or a literal)";
          continue;
        }
        Stride = Site.StrideName;
        fix::ArrayAccess A = solverAccess(W, Site, L->second);
        A.OuterElements = 0;
        auto Reach = bytesReached(A.Query);
        if (Reach && Reach->first < Base)
          Reach.reset();
        if (Reach && Reach->second >= Reach->first)
          Rows = std::max(Rows, (Reach->second - Base) / (A.InnerExtent * A.ElementBytes) + 1);
        else if (!Reach)
          RowsKnown = false;
        if (!P.Accesses.empty() && (A.InnerExtent != P.Accesses.front().InnerExtent ||
                                    A.ElementBytes != P.Accesses.front().ElementBytes)) {
          if (WhyNot.empty())
            WhyNot = "the accesses of " + What + " disagree on the row length or the element type";
          continue;
        }
        P.Accesses.push_back(A);
      }
      // The rows must not be reached through another region: padding moves
      // bytes that such an access reads or writes.
      std::int64_t End = Base + Rows * (P.Accesses.empty() ? 0 : P.Accesses.front().InnerExtent *
                                                                   P.Accesses.front().ElementBytes);
      for (auto &[OtherBase, Others] : B.Regions)
        for (const RegionSite &RS : Others) {
          if (OtherBase == Base || !WhyNot.empty())
            continue;
          const AccessSite &S = RS.Walk->Walk.Sites[RS.Site];
          std::string Which = "the access at " + where(S.Loc) +
                              (S.RegionVia.empty() ? "" : " (through '" + S.RegionVia + "')");
          if (!RowsKnown) {
            WhyNot = "the rows its accesses reach are not known, so " + Which + " may reach into them";
            continue;
          }
          auto Reach = bytesReached(queryFor(RS.Walk->Config, S, RS.Walk->Walk));
          if (!Reach)
            WhyNot = "the bytes reached by " + Which + " are not known, so it may reach into its rows";
          else if (Reach->second >= Reach->first && Reach->first < End && Reach->second >= Base)
            WhyNot = Which + " reaches bytes " + std::to_string(Reach->first) + " to " +
                     std::to_string(Reach->second) + ", into its rows (bytes " + std::to_string(Base) + " to " +
                     std::to_string(End - 1) + ")";
        }
      fix::PaddingOutcome O;
      if (WhyNot.empty())
        O = fix::proposePadding(P);
      else
        O.WhyNot = WhyNot;
      std::string Message;
      SizeFix Fix;
      if (O.Proposal) {
        const fix::ArrayAccess &A = P.Accesses.front();
        const fix::PaddingProposal &Pr = *O.Proposal;
        std::int64_t RowBytes = A.InnerExtent * A.ElementBytes;
        bool Literal = Stride.find_first_not_of("0123456789") == std::string::npos;
        std::string NewStride = Literal ? std::to_string(A.InnerExtent + Pr.Pad)
                                        : Stride + " + " + std::to_string(Pr.Pad);
        Message = "pad the rows of " + What + " (row length '" + Stride + "' = " +
                  plural(RowBytes, "byte", "bytes") + ") by " + plural(Pr.PadBytes, "byte", "bytes") +
                  ", to a stride of " + std::to_string(RowBytes + Pr.PadBytes) + " bytes ('" + Stride +
                  "' -> '" + NewStride + "' in its indices): " + std::to_string(Pr.DegreeBefore) + "-way -> " + std::to_string(Pr.DegreeAfter) +
                  "-way over all " + plural(P.Accesses.size(), "access", "accesses") + "; ";
        // A fix-it when these are the last rows carved and every launch's
        // size can grow with them.
        for (auto &[OtherBase, Others] : B.Regions)
          if (OtherBase > Base && Fix.WhyNot.empty()) {
            const AccessSite &S = Others.front().Walk->Walk.Sites[Others.front().Site];
            Fix.WhyNot = "the region at byte " + std::to_string(OtherBase) +
                         (S.RegionVia.empty() ? "" : " (through '" + S.RegionVia + "')") +
                         " is carved after these rows, at an offset the fix-it does not move";
          }
        if (Fix.WhyNot.empty()) {
          fix::RowPadding R;
          R.Base = Base;
          R.RowBytes = RowBytes;
          R.PadBytes = Pr.PadBytes;
          R.RowElements = A.InnerExtent;
          R.Pad = Pr.Pad;
          R.Stride = Stride;
          Fix = launchSizeFix(Sites, R, Launches, Ctx, OptIn);
        }
        if (Fix.WhyNot.empty()) {
          fix::RowsFix X;
          X.Kernels = Fix.Kernels;
          X.Rows.Base = Base;
          X.Rows.RowBytes = RowBytes;
          X.Rows.PadBytes = Pr.PadBytes;
          X.Rows.RowElements = A.InnerExtent;
          X.Rows.Pad = Pr.Pad;
          X.Rows.Stride = Stride;
          X.MaxBytes = Fix.MaxBytes;
          X.Edits = Fix.Edits;
          X.Covered = Fix.Covered;
          X.NoteLoc = DeclLoc;
          X.What = What;
          RowsFixes.push_back(X);
          Message += "every '" + Stride + "' of its indices becomes '" +
                     (Literal ? NewStride : "(" + NewStride + ")") +
                     "' and the dynamic size of each launch grows with the rows: " + Fix.Launches;
        } else {
          Fix.Edits.clear();
          if (RowsKnown && Rows > 0)
            Message += "the dynamic shared memory of the launch grows by at least " +
                       plural(Rows * Pr.PadBytes, "byte", "bytes") + " (" + plural(Rows, "row", "rows") +
                       " reached by the accesses)";
          else
            Message += "the dynamic shared memory of the launch grows by " +
                       plural(Pr.PadBytes, "byte", "bytes") + " per row (the number of rows is not known here)";
          Message += ", and regions carved after this one move by as much; no fix-it: " + Fix.WhyNot;
        }
      } else {
        Message = "no padding suggestion for " + What + ": " + O.WhyNot;
      }
      AddNote(Sites, Message, Fix.Edits);
      // Rows of the buffer itself, from byte 0: an XOR swizzle within each
      // row needs no change to the launch, so it can be a fix-it.
      if (WhyNot.empty() && Fix.Edits.empty() && Base == 0 && Via.empty() && !P.Accesses.empty()) {
        std::vector<const AccessSite *> SiteOf;
        for (const RegionSite &RS : Sites)
          SiteOf.push_back(&RS.Walk->Walk.Sites[RS.Site]);
        if (SiteOf.size() == P.Accesses.size()) {
          SwizzleFix SF = rowSwizzleFix(P, SiteOf, SiteOf.front()->Array, Ctx);
          if (!SF.Message.empty())
            AddNote(Sites, SF.Message, SF.Have ? SF.Edits : std::vector<report::TextEdit>());
        }
      }
    }
  }
}

} // namespace bankcheck::frontend

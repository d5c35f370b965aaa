//===- DiagnosticGroups.cpp - What the text and clang-tidy forms print ----===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Report/DiagnosticGroups.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace bankcheck::report {

namespace {
bool sameLocation(const Finding &A, const Finding &B) {
  return A.Loc.Path == B.Loc.Path && A.Loc.Line == B.Loc.Line && A.Loc.Column == B.Loc.Column;
}

/// The finding a location's warning shows: errors first, then proven
/// conflicts, then the highest degree and wavefront count; the first of equals.
bool worse(const Finding &A, const Finding &B) {
  return std::make_tuple(A.AsError, A.Status == "conflict", A.Degree, A.WavefrontsWorst) >
         std::make_tuple(B.AsError, B.Status == "conflict", B.Degree, B.WavefrontsWorst);
}

std::string shapeText(const Finding &F) {
  if (!F.BlockDim)
    return "";
  return " with block (" + std::to_string((*F.BlockDim)[0]) + ", " + std::to_string((*F.BlockDim)[1]) + ", " +
         std::to_string((*F.BlockDim)[2]) + ")";
}

/// The other evaluations a location's warning stands for: other accesses of
/// the same statement at this place (the store of `a[i] += ...`; the worst of
/// each), and the other kernel instantiations and block shapes, a few named.
struct GroupNote {
  std::string Message;
  /// Another array's access: its own notes follow (where it is declared,
  /// why it is or is not padded), those not already printed for the line.
  const Finding *OtherArray = nullptr;
};

std::vector<GroupNote> groupNotes(const std::vector<const Finding *> &Group, const Finding &Shown) {
  constexpr unsigned Named = 4;
  std::vector<GroupNote> Out;
  std::map<std::string, const Finding *> OtherAccesses; // kind -> worst
  std::vector<std::string> Instances;
  std::set<std::string> Seen{Shown.Kernel + shapeText(Shown)};
  unsigned Evaluations = 0, SameParts = 0;
  for (const Finding *F : Group) {
    if (F == &Shown)
      continue;
    ++Evaluations;
    // Another instruction the statement issues here (a wmma store's parts).
    SameParts += F->Kind == Shown.Kind && F->Array == Shown.Array && F->Kernel == Shown.Kernel &&
                 F->BlockDim == Shown.BlockDim;
    if (F->Kind != Shown.Kind || F->Array != Shown.Array) {
      const Finding *&W = OtherAccesses[F->Kind + " " + F->Array];
      if (!W || worse(*F, *W))
        W = F;
    }
    std::string Instance = F->Kernel + shapeText(*F);
    if (Seen.insert(Instance).second)
      Instances.push_back("'" + F->Kernel + "'" + shapeText(*F));
  }
  for (const auto &[Key, F] : OtherAccesses)
    Out.push_back({"the same statement's " + F->Message + " here too", F->Array != Shown.Array ? F : nullptr});
  if (SameParts)
    Out.push_back({"and " + std::to_string(SameParts) + " more instruction" + (SameParts == 1 ? "" : "s") +
                  " of this statement here (the worst shown)"});
  if (!Instances.empty()) {
    std::string N = "also in " + std::to_string(Instances.size()) + " other kernel instantiation" +
                    (Instances.size() == 1 ? "" : "s") + " or block shape" + (Instances.size() == 1 ? "" : "s") +
                    ": ";
    for (std::size_t I = 0; I < Instances.size() && I < Named; ++I)
      N += (I ? ", " : "") + Instances[I];
    if (Instances.size() > Named)
      N += ", and " + std::to_string(Instances.size() - Named) + " more";
    Out.push_back({N + " (" + std::to_string(Evaluations + 1) + " evaluations, the worst shown)"});
  }
  return Out;
}

/// Notes of one line already printed: the key of each.
class LineNotes {
public:
  bool repeated(const FileLoc &At, const Note &N) {
    std::string Line = At.Path + ":" + std::to_string(At.Line);
    if (Line != Current) {
      Current = Line;
      Shown.clear();
    }
    std::string Key = N.Loc.valid() ? N.Loc.Path + ":" + std::to_string(N.Loc.Line) + ":" +
                                          std::to_string(N.Loc.Column) + ":" + N.Message
                                    : N.Message;
    return !Shown.insert(Key).second;
  }

private:
  std::string Current;
  std::set<std::string> Shown;
};

void addNotes(GroupedDiagnostic &D, const std::vector<Note> &Notes, const FileLoc &At, LineNotes &Seen) {
  for (const Note &N : Notes) {
    if (Seen.repeated(At, N))
      continue;
    Note Placed = N;
    if (!Placed.Loc.valid())
      Placed.Loc = At; // a note about the finding as a whole
    D.Notes.push_back(std::move(Placed));
  }
}
} // namespace

std::vector<GroupedDiagnostic> groupDiagnostics(const std::vector<Finding> &Findings, bool ShowUnknown) {
  std::vector<GroupedDiagnostic> Out;
  LineNotes Seen;
  for (std::size_t Begin = 0, End; Begin < Findings.size(); Begin = End) {
    End = Begin + 1;
    while (End < Findings.size() && sameLocation(Findings[Begin], Findings[End]))
      ++End;
    std::vector<const Finding *> Diagnostics, Bounds;
    const Finding *Unknown = nullptr;
    for (std::size_t I = Begin; I < End; ++I) {
      const Finding &F = Findings[I];
      if (F.isDiagnostic())
        Diagnostics.push_back(&F);
      else if (F.Status == "unknown" && !F.Disabled && !Unknown)
        Unknown = &F;
      if (F.hasBoundsDiagnostic())
        Bounds.push_back(&F);
    }
    if (!Diagnostics.empty()) {
      const Finding &F = **std::min_element(Diagnostics.begin(), Diagnostics.end(),
                                            [](const Finding *A, const Finding *B) { return worse(*A, *B); });
      GroupedDiagnostic D{&F, GroupedDiagnostic::BankConflict, F.AsError, {}};
      addNotes(D, F.Notes, F.Loc, Seen);
      for (const GroupNote &N : groupNotes(Diagnostics, F)) {
        D.Notes.push_back({F.Loc, N.Message});
        if (N.OtherArray)
          addNotes(D, N.OtherArray->Notes, F.Loc, Seen);
      }
      Out.push_back(std::move(D));
    } else if (Unknown && ShowUnknown) {
      Out.push_back({Unknown, GroupedDiagnostic::Remark, false, {}});
    }
    if (!Bounds.empty()) {
      const Finding &F = *Bounds.front();
      GroupedDiagnostic D{&F, GroupedDiagnostic::OutOfBounds, F.OutOfBounds->AsError, {}};
      addNotes(D, F.OutOfBounds->Notes, F.Loc, Seen);
      if (Bounds.size() > 1)
        D.Notes.push_back({F.Loc, "the same out-of-bounds access in " + std::to_string(Bounds.size() - 1) +
                                      " other evaluation" + (Bounds.size() == 2 ? "" : "s") +
                                      " of this place (kernel instantiations, block shapes, accesses of the "
                                      "statement)"});
      Out.push_back(std::move(D));
    }
  }
  return Out;
}

} // namespace bankcheck::report

//===- TextReporter.cpp - Clang-style text diagnostics --------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Report/Reporters.h"
#include "Report/BankMap.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace bankcheck::report {

namespace {
const char *Bold = "\033[1m", *Reset = "\033[0m", *Magenta = "\033[1;35m", *Red = "\033[1;31m", *Black = "\033[1;30m",
           *Green = "\033[1;32m", *Cyan = "\033[1;36m";

class Printer {
public:
  Printer(llvm::raw_ostream &OS, const TextOptions &O, const SourceReader &R)
      : OS(OS), Opts(O), Read(R) {}

  void diag(const FileLoc &Loc, const char *Level, const char *LevelColor, const std::string &Msg,
            const std::string &Check, bool Snippet, bool AsError = false) {
    if (Opts.Color) OS << Bold;
    if (Loc.valid())
      OS << Loc.Path << ":" << Loc.Line << ":" << Loc.Column << ": ";
    if (Opts.Color) OS << LevelColor;
    OS << Level << ": ";
    if (Opts.Color) OS << Reset << Bold;
    OS << Msg;
    if (!Check.empty())
      OS << " [" << Check << (AsError ? ",-warnings-as-errors" : "") << "]";
    if (Opts.Color) OS << Reset;
    OS << "\n";
    if (Snippet && Loc.valid())
      snippet(Loc);
  }

  std::string lineText(const FileLoc &Loc) {
    auto It = Cache.find(Loc.Path);
    if (It == Cache.end()) {
      std::string Text;
      if (!Read || !Read(Loc.Path, Text))
        Text.clear();
      It = Cache.emplace(Loc.Path, std::move(Text)).first;
    }
    const std::string &T = It->second;
    std::size_t Start = 0;
    for (unsigned L = 1; L < Loc.Line; ++L) {
      Start = T.find('\n', Start);
      if (Start == std::string::npos)
        return "";
      ++Start;
    }
    std::size_t End = T.find('\n', Start);
    std::string Line = T.substr(Start, End == std::string::npos ? std::string::npos : End - Start);
    if (!Line.empty() && Line.back() == '\r')
      Line.pop_back();
    return Line;
  }

  /// The source line and a caret (with tildes over Length characters); as
  /// clang, none for a line longer than MaxLineLength.
  void snippet(const FileLoc &Loc, unsigned Length = 1) {
    std::string Line = lineText(Loc);
    if (Line.empty() || Line.size() > MaxLineLength)
      return;
    std::string Num = std::to_string(Loc.Line);
    std::string Gutter(std::max<std::size_t>(5, Num.size() + 1), ' ');
    OS << std::string(Gutter.size() - Num.size(), ' ') << Num << " | " << Line << "\n";
    std::string Caret;
    for (unsigned C = 1; C < Loc.Column && C - 1 < Line.size(); ++C)
      Caret += Line[C - 1] == '\t' ? '\t' : ' ';
    OS << Gutter << " | " << Caret;
    if (Opts.Color) OS << Green;
    OS << "^" << std::string(Length > 1 ? Length - 1 : 0, '~');
    if (Opts.Color) OS << Reset;
    OS << "\n";
  }

  /// The edited line's snippet with the replacement text under the range.
  void fixIt(const TextEdit &E) {
    std::string Line = lineText(E.Loc);
    if (Line.size() > MaxLineLength)
      return;
    snippet(E.Loc, E.Length);
    std::string Pad;
    for (unsigned C = 1; C < E.Loc.Column && C - 1 < Line.size(); ++C)
      Pad += Line[C - 1] == '\t' ? '\t' : ' ';
    std::string Gutter(std::max<std::size_t>(5, std::to_string(E.Loc.Line).size() + 1), ' ');
    OS << Gutter << " | " << Pad;
    if (Opts.Color) OS << Green;
    OS << E.Text;
    if (Opts.Color) OS << Reset;
    OS << "\n";
  }

  /// clang's TextDiagnostic::MaxLineLengthToPrint.
  static constexpr std::size_t MaxLineLength = 4096;
  llvm::raw_ostream &OS;
  const TextOptions &Opts;
  const SourceReader &Read;
  std::map<std::string, std::string> Cache;
};
} // namespace

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

/// The other evaluations a location's warning stands for, in at most two notes:
/// other accesses of the same statement at this place (the store of `a[i] += ...`),
/// and the other kernel instantiations and block shapes, a few named.
std::vector<std::string> groupNotes(const std::vector<const Finding *> &Group, const Finding &Shown) {
  constexpr unsigned Named = 4;
  std::vector<std::string> Out;
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
    Out.push_back("the same statement's " + F->Message + " here too");
  if (SameParts)
    Out.push_back("and " + std::to_string(SameParts) + " more instruction" + (SameParts == 1 ? "" : "s") +
                  " of this statement here (the worst shown)");
  if (!Instances.empty()) {
    std::string N = "also in " + std::to_string(Instances.size()) + " other kernel instantiation" +
                    (Instances.size() == 1 ? "" : "s") + " or block shape" + (Instances.size() == 1 ? "" : "s") +
                    ": ";
    for (std::size_t I = 0; I < Instances.size() && I < Named; ++I)
      N += (I ? ", " : "") + Instances[I];
    if (Instances.size() > Named)
      N += ", and " + std::to_string(Instances.size() - Named) + " more";
    Out.push_back(N + " (" + std::to_string(Evaluations + 1) + " evaluations, the worst shown)");
  }
  return Out;
}
} // namespace

void writeText(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<Note> &Remarks, const TextOptions &Opts, const SourceReader &Read) {
  Printer P(OS, Opts, Read);
  // Warnings on one line: a note the previous warning of the line printed
  // (the declaration, the padding, the block shape) is not printed again.
  std::string NotesLine;
  std::set<std::string> NotesShown;
  auto Repeated = [&](const FileLoc &At, const Note &N) {
    std::string Line = At.Path + ":" + std::to_string(At.Line);
    if (Line != NotesLine) {
      NotesLine = Line;
      NotesShown.clear();
    }
    std::string Key = N.Loc.valid() ? N.Loc.Path + ":" + std::to_string(N.Loc.Line) + ":" +
                                          std::to_string(N.Loc.Column) + ":" + N.Message
                                    : N.Message;
    return !NotesShown.insert(Key).second;
  };
  // Findings come sorted by place: each run of one place gives at most one
  // warning (or remark) per check, whatever the instantiations, block shapes
  // and accesses of the statement there.
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
      P.diag(F.Loc, F.AsError ? "error" : "warning", F.AsError ? Red : Magenta, F.Message, F.CheckId, true,
             F.AsError);
      if (Opts.Explain && F.HasWorst) {
        OS << renderBankMap(F, Opts.Color);
        if (F.AfterFixLanes)
          OS << "after the suggested padding:\n" << renderBankMap(*F.AfterFixLanes, F.AccessBytes, Opts.Color);
      }
      for (const Note &N : F.Notes) {
        if (Repeated(F.Loc, N))
          continue;
        // A note about the finding as a whole is placed at the finding.
        P.diag(N.Loc.valid() ? N.Loc : F.Loc, "note", Black, N.Message, "", false);
        // Under the note on the declaration, the fix-it as clang shows one.
        for (const TextEdit &E : F.Fixes)
          if (N.ShowsFix)
            P.fixIt(E);
      }
      for (const std::string &N : groupNotes(Diagnostics, F))
        P.diag(F.Loc, "note", Black, N, "", false);
    } else if (Unknown && Opts.ShowUnknown) {
      P.diag(Unknown->Loc, "remark", Cyan, Unknown->Message, Unknown->CheckId, false);
    }
    if (!Bounds.empty()) {
      const Finding &F = *Bounds.front();
      const BoundsDiagnostic &B = *F.OutOfBounds;
      P.diag(F.Loc, B.AsError ? "error" : "warning", B.AsError ? Red : Magenta, B.Message, B.CheckId, true,
             B.AsError);
      for (const Note &N : B.Notes)
        if (!Repeated(F.Loc, N))
          P.diag(N.Loc.valid() ? N.Loc : F.Loc, "note", Black, N.Message, "", false);
      if (Bounds.size() > 1)
        P.diag(F.Loc, "note", Black,
               "the same out-of-bounds access in " + std::to_string(Bounds.size() - 1) +
                   " other evaluation" + (Bounds.size() == 2 ? "" : "s") +
                   " of this place (kernel instantiations, block shapes, accesses of the statement)",
               "", false);
    }
  }
  for (const Note &N : Remarks)
    P.diag(N.Loc, "remark", Cyan, N.Message, "", false);
}

Summary summarize(const std::vector<Finding> &Findings) {
  Summary S;
  for (const Finding &F : Findings) {
    if (F.OutOfBounds) {
      if (F.OutOfBounds->Suppressed) {
        ++S.Suppressed;
      } else {
        ++S.OutOfBounds;
        S.AsErrors += F.OutOfBounds->AsError;
      }
    }
    if (F.Suppressed) {
      ++S.Suppressed;
      continue;
    }
    if (F.BelowThreshold) {
      ++S.BelowThreshold;
      continue;
    }
    if (F.Disabled && (F.Status == "conflict" || F.Status == "possible")) {
      ++S.Disabled;
      continue;
    }
    S.AsErrors += F.AsError && F.isDiagnostic();
    if (F.Status == "conflict") ++S.Conflict;
    else if (F.Status == "possible") ++S.Possible;
    else if (F.Status == "unknown") ++S.Unknown;
    else ++S.Clean;
  }
  return S;
}

void sortFindings(std::vector<Finding> &Findings) {
  auto Key = [](const Finding &F) {
    return std::make_tuple(F.Loc.Path, F.Loc.Line, F.Loc.Column, F.Kind, F.Kernel,
                           F.BlockDim ? (*F.BlockDim)[0] : 0u, F.BlockDim ? (*F.BlockDim)[1] : 0u,
                           F.BlockDim ? (*F.BlockDim)[2] : 0u, F.BlockDimSource);
  };
  std::stable_sort(Findings.begin(), Findings.end(),
                   [&](const Finding &A, const Finding &B) { return Key(A) < Key(B); });
}

} // namespace bankcheck::report

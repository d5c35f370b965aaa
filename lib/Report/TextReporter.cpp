//===- TextReporter.cpp - Clang-style text diagnostics --------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Report/Reporters.h"
#include "Report/BankMap.h"
#include "Report/DiagnosticGroups.h"

#include <algorithm>
#include <array>
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
      CachedFile F;
      if (!Read || !Read(Loc.Path, F.Text))
        F.Text.clear();
      // Where each line starts, once per file: a report of many findings
      // in a large file stays linear.
      F.LineStarts.push_back(0);
      for (std::size_t P = F.Text.find('\n'); P != std::string::npos; P = F.Text.find('\n', P + 1))
        F.LineStarts.push_back(P + 1);
      It = Cache.emplace(Loc.Path, std::move(F)).first;
    }
    const CachedFile &F = It->second;
    if (Loc.Line > F.LineStarts.size())
      return "";
    const std::string &T = F.Text;
    std::size_t Start = F.LineStarts[Loc.Line ? Loc.Line - 1 : 0];
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
  struct CachedFile {
    std::string Text;
    std::vector<std::size_t> LineStarts;
  };
  std::map<std::string, CachedFile> Cache;
};
} // namespace

void writeText(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<Note> &Remarks, const TextOptions &Opts, const SourceReader &Read) {
  Printer P(OS, Opts, Read);
  for (const GroupedDiagnostic &D : groupDiagnostics(Findings, Opts.ShowUnknown)) {
    const Finding &F = *D.Shown;
    if (D.What == GroupedDiagnostic::Remark) {
      P.diag(F.Loc, "remark", Cyan, F.Message, F.CheckId, false);
      continue;
    }
    bool Bounds = D.What == GroupedDiagnostic::OutOfBounds;
    P.diag(F.Loc, D.AsError ? "error" : "warning", D.AsError ? Red : Magenta,
           Bounds ? F.OutOfBounds->Message : F.Message, Bounds ? F.OutOfBounds->CheckId : F.CheckId, true,
           D.AsError);
    if (!Bounds && Opts.Explain && F.HasWorst) {
      OS << renderBankMap(F, Opts.Color);
      if (F.AfterFixLanes)
        OS << "after the suggested padding:\n" << renderBankMap(*F.AfterFixLanes, F.AccessBytes, Opts.Color);
    }
    for (const Note &N : D.Notes) {
      P.diag(N.Loc, "note", Black, N.Message, "", false);
      // Under the note on the declaration, the fix-it as clang shows one.
      if (!Bounds && N.ShowsFix)
        for (const TextEdit &E : F.Fixes)
          P.fixIt(E);
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
  // Compared by reference (no copied strings per comparison), and the
  // findings moved once, in their sorted order.
  auto Key = [](const Finding &F) {
    static const std::array<unsigned, 3> None{0, 0, 0};
    return std::tie(F.Loc.Path, F.Loc.Line, F.Loc.Column, F.Kind, F.Kernel, F.BlockDim ? *F.BlockDim : None,
                    F.BlockDimSource);
  };
  std::vector<std::size_t> Order(Findings.size());
  for (std::size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(),
                   [&](std::size_t A, std::size_t B) { return Key(Findings[A]) < Key(Findings[B]); });
  std::vector<Finding> Sorted;
  Sorted.reserve(Findings.size());
  for (std::size_t I : Order)
    Sorted.push_back(std::move(Findings[I]));
  Findings = std::move(Sorted);
}

} // namespace bankcheck::report

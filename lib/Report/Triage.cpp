//===- Triage.cpp - Findings between the analysis and the reporters -------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Report/Triage.h"
#include "Report/Suppressions.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace bankcheck::report {

namespace {
std::string normalized(const std::string &Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, true);
  return std::string(Abs);
}

bool isConflictDiagnostic(const Finding &F) { return F.Status == "conflict" || F.Status == "possible"; }
} // namespace

bool filterHeaders(std::vector<Finding> &Findings, const std::vector<FileStatus> &Files,
                   const std::string &HeaderFilter, std::string &Error,
                   const std::string &ExcludeHeaderFilter) {
  llvm::Regex Filter(HeaderFilter), Exclude(ExcludeHeaderFilter);
  if (!Filter.isValid(Error) || (!ExcludeHeaderFilter.empty() && !Exclude.isValid(Error)))
    return false;
  std::set<std::string> Mains;
  for (const FileStatus &F : Files)
    Mains.insert(normalized(F.Path));
  std::map<std::string, std::size_t> Seen; // a header finding's key -> where it is kept
  // Kept in place (no second vector of findings); a file's findings share
  // its path, normalized once.
  std::size_t Kept = 0;
  std::string LastPath, Abs;
  bool InMain = false, First = true;
  for (Finding &F : Findings) {
    if (First || F.Loc.Path != LastPath) {
      First = false;
      LastPath = F.Loc.Path;
      Abs = normalized(F.Loc.Path);
      InMain = Mains.count(Abs);
    }
    if (!InMain && (!Filter.match(F.Loc.Path) || (!ExcludeHeaderFilter.empty() && Exclude.match(F.Loc.Path))))
      continue;
    // A header's finding comes once per including file: keep the first. In
    // one file, two sites of a header line with the same message (a helper
    // instantiated alike for two callers) are one finding: the kept one
    // gains the other's call sites.
    if (!InMain) {
      std::string Shape = F.BlockDim ? std::to_string((*F.BlockDim)[0]) + "," + std::to_string((*F.BlockDim)[1]) +
                                           "," + std::to_string((*F.BlockDim)[2])
                                     : std::string("-");
      std::string Key = Abs + ":" + std::to_string(F.Loc.Line) + ":" + std::to_string(F.Loc.Column) + ":" +
                        F.Kind + ":" + std::to_string(F.Part) + ":" + F.Kernel + ":" +
                        F.BlockDimSource.substr(0, F.BlockDimSource.find(" at ")) + ":" + Shape + ":" + F.Message;
      auto [At, New] = Seen.try_emplace(Key, Kept);
      if (!New) {
        std::vector<FileLoc> &Sites = Findings[At->second].CallSites;
        for (const FileLoc &L : F.CallSites) {
          auto Less = [](const FileLoc &A, const FileLoc &B) {
            return std::tie(A.Path, A.Line) < std::tie(B.Path, B.Line);
          };
          auto Pos = std::lower_bound(Sites.begin(), Sites.end(), L, Less);
          if (Pos == Sites.end() || Pos->Path != L.Path || Pos->Line != L.Line)
            Sites.insert(Pos, L);
        }
        continue;
      }
    }
    if (&Findings[Kept] != &F)
      Findings[Kept] = std::move(F);
    ++Kept;
  }
  Findings.erase(Findings.begin() + Kept, Findings.end());
  return true;
}

void markSuppressed(std::vector<Finding> &Findings, unsigned MinDegree, const SourceReader &Read) {
  std::map<std::string, std::string> Texts;
  for (Finding &F : Findings) {
    if (!isConflictDiagnostic(F) && !F.OutOfBounds)
      continue;
    auto It = Texts.find(F.Loc.Path);
    if (It == Texts.end()) {
      std::string Text;
      if (!Read || !Read(F.Loc.Path, Text))
        Text.clear();
      // A file without NOLINT suppresses nothing: not scanned once per finding.
      if (llvm::StringRef(Text).find("NOLINT") == llvm::StringRef::npos)
        Text.clear();
      It = Texts.emplace(F.Loc.Path, std::move(Text)).first;
    }
    if (isConflictDiagnostic(F)) {
      F.Suppressed = isSuppressed(It->second, F.Loc.Line, F.Loc.Column, F.CheckId);
      // Below the reporting threshold: kept in JSON, not printed.
      F.BelowThreshold = F.Degree < MinDegree;
    }
    if (F.OutOfBounds)
      F.OutOfBounds->Suppressed = isSuppressed(It->second, F.Loc.Line, F.Loc.Column, F.OutOfBounds->CheckId);
  }
}

int exitStatus(const Summary &S, const std::string &FailOn, bool Errors) {
  if (Errors)
    return 2;
  if (S.AsErrors)
    return 1; // --warnings-as-errors: whatever --fail-on says
  if (FailOn == "never")
    return 0;
  unsigned Failing = S.Conflict + S.OutOfBounds;
  if (FailOn == "possible")
    Failing += S.Possible;
  return Failing > 0 ? 1 : 0;
}

} // namespace bankcheck::report

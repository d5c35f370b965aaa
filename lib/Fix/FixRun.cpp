//===- FixRun.cpp - Which fix-its a run applies, and applying them --------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Fix/FixRun.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

namespace bankcheck::fix {

namespace {
std::string normalized(const std::string &Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, true);
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Abs, Real))
    return std::string(Real);
  return std::string(Abs);
}
} // namespace

std::vector<FileEdits> selectFixes(const std::vector<report::Finding> &Findings,
                                   const std::vector<report::FileStatus> &Files,
                                   std::vector<std::string> &Errors) {
  std::set<std::string> Analysed, Failed;
  for (const report::FileStatus &F : Files)
    (F.Ok ? Analysed : Failed).insert(normalized(F.Path));
  // Headers: those holding a reported finding or the declaration of a
  // reported finding's array (a padding edits the declaration).
  for (const report::Finding &F : Findings)
    if (F.isDiagnostic())
      for (const std::string &P : {F.Loc.Path, F.ArrayDecl.Path})
        if (!P.empty() && !Failed.count(normalized(P)))
          Analysed.insert(normalized(P));
  std::vector<report::TextEdit> All;
  std::set<std::string> Refused;
  for (const report::Finding &F : Findings) {
    if (F.Suppressed || F.BelowThreshold)
      continue;
    for (const report::TextEdit &E : F.Fixes) {
      if (Analysed.count(normalized(E.Loc.Path))) {
        All.push_back(E);
        continue;
      }
      std::string Why = Failed.count(normalized(E.Loc.Path)) ? "could not be analysed" : "was not analysed";
      if (Refused.insert(E.Loc.Path).second)
        Errors.push_back(E.Loc.Path + ": error: fix-its not applied: the file " + Why + " in this run");
    }
  }
  return mergeEdits(All, Errors);
}

unsigned applyFixes(const std::vector<FileEdits> &Edits, bool DryRun, llvm::raw_ostream &Diff,
                    llvm::raw_ostream &Log, std::vector<std::string> &Errors, const DiffWriter &DiffOf) {
  unsigned Applied = 0;
  for (const FileEdits &F : Edits) {
    auto Buf = llvm::MemoryBuffer::getFile(F.Path, /*IsText=*/false);
    if (!Buf) {
      Errors.push_back(F.Path + ": error: cannot read the file");
      continue;
    }
    std::string Old = (*Buf)->getBuffer().str(), New, Err;
    if (!applyEdits(Old, F, New, Err)) {
      Errors.push_back(Err);
      continue;
    }
    if (DryRun) {
      Diff << (DiffOf ? DiffOf(F.Path, Old, New) : unifiedDiff(F.Path, Old, New));
      Applied += F.Edits.size();
      continue;
    }
    if (!writeFileAtomically(F.Path, New, Err)) {
      Errors.push_back(Err);
      continue;
    }
    Log << "bankcheck: applied " << F.Edits.size() << " fix-it(s) to " << F.Path << "\n";
    Applied += F.Edits.size();
  }
  return Applied;
}

} // namespace bankcheck::fix

//===- ExportFixes.cpp - Diagnostics and fix-its in clang-tidy's YAML -----===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/ExportFixes.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

#include <set>
#include <tuple>

using clang::tooling::Diagnostic;
using clang::tooling::DiagnosticMessage;

namespace bankcheck::frontend {

namespace {
std::string absolute(const std::string &Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, true);
  return std::string(Abs);
}

DiagnosticMessage message(const std::string &Text, const report::FileLoc &Loc) {
  DiagnosticMessage M;
  M.Message = Text;
  M.FilePath = Loc.valid() ? absolute(Loc.Path) : std::string();
  M.FileOffset = Loc.valid() ? Loc.Offset : 0;
  return M;
}

/// A note about the finding as a whole (the block shape, the mean) is placed at the finding.
void addNotes(Diagnostic &D, const std::vector<report::Note> &Notes, const report::FileLoc &At) {
  for (const report::Note &N : Notes)
    D.Notes.push_back(message(N.Message, N.Loc.valid() ? N.Loc : At));
}

using EditKey = std::tuple<std::string, unsigned, unsigned, std::string>;
EditKey key(const std::string &AbsPath, const report::TextEdit &E) {
  return {AbsPath, E.Loc.Offset, E.Length, E.Text};
}
} // namespace

bool exportFixes(const std::string &Path, const std::string &MainSource,
                 const std::vector<report::Finding> &Findings, const std::vector<fix::FileEdits> &Edits,
                 std::string &Error) {
  // The edits that survived merging, each given to one diagnostic only.
  std::set<EditKey> Pending;
  for (const fix::FileEdits &F : Edits)
    for (const report::TextEdit &E : F.Edits)
      Pending.insert(key(absolute(F.Path), E));

  llvm::SmallString<256> BuildDir;
  llvm::sys::fs::current_path(BuildDir);
  clang::tooling::TranslationUnitDiagnostics TUD;
  TUD.MainSourceFile = MainSource.empty() ? std::string() : absolute(MainSource);
  for (const report::Finding &F : Findings) {
    if (F.isDiagnostic()) {
      Diagnostic D(F.CheckId, message(F.Message, F.Loc), {},
                   F.AsError ? Diagnostic::Error : Diagnostic::Warning, std::string(BuildDir));
      for (const report::TextEdit &E : F.Fixes) {
        std::string Abs = absolute(E.Loc.Path);
        if (!Pending.erase(key(Abs, E)))
          continue;
        llvm::Error Err =
            D.Message.Fix[Abs].add(clang::tooling::Replacement(Abs, E.Loc.Offset, E.Length, E.Text));
        if (Err)
          llvm::consumeError(std::move(Err)); // overlapping edits were refused by the merge already
      }
      addNotes(D, F.Notes, F.Loc);
      TUD.Diagnostics.push_back(std::move(D));
    }
    if (F.hasBoundsDiagnostic()) {
      const report::BoundsDiagnostic &B = *F.OutOfBounds;
      Diagnostic D(B.CheckId, message(B.Message, F.Loc), {}, B.AsError ? Diagnostic::Error : Diagnostic::Warning,
                   std::string(BuildDir));
      addNotes(D, B.Notes, F.Loc);
      TUD.Diagnostics.push_back(std::move(D));
    }
  }
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_TextWithCRLF);
  if (EC) {
    Error = Path + ": error: cannot write: " + EC.message();
    return false;
  }
  llvm::yaml::Output YAML(OS);
  YAML << TUD;
  return true;
}

} // namespace bankcheck::frontend

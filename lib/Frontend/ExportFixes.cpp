//===- ExportFixes.cpp - Fix-its in clang-apply-replacements YAML ---------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/ExportFixes.h"

#include "clang/Tooling/ReplacementsYaml.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

namespace bankcheck::frontend {

bool exportFixes(const std::string &Path, const std::string &MainSource,
                 const std::vector<fix::FileEdits> &Edits, std::string &Error) {
  clang::tooling::TranslationUnitReplacements TUR;
  TUR.MainSourceFile = MainSource;
  for (const fix::FileEdits &F : Edits) {
    llvm::SmallString<256> Abs(F.Path);
    llvm::sys::fs::make_absolute(Abs);
    for (const report::TextEdit &E : F.Edits)
      TUR.Replacements.emplace_back(Abs.str(), E.Loc.Offset, E.Length, E.Text);
  }
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_TextWithCRLF);
  if (EC) {
    Error = Path + ": error: cannot write: " + EC.message();
    return false;
  }
  llvm::yaml::Output YAML(OS);
  YAML << TUR;
  return true;
}

} // namespace bankcheck::frontend

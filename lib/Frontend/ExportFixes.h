//===- ExportFixes.h - Diagnostics and fix-its in clang-tidy's YAML -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// `--export-fixes`: the diagnostics of a run in the layout clang-tidy 19
/// writes (clang::tooling::TranslationUnitDiagnostics: MainSourceFile, then
/// Diagnostics with DiagnosticName, DiagnosticMessage {Message, FilePath,
/// FileOffset, Replacements}, Notes, Level, BuildDirectory), which review
/// bots read and clang-apply-replacements applies.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_EXPORTFIXES_H
#define BANKCHECK_FRONTEND_EXPORTFIXES_H

#include "Fix/ApplyEdits.h"
#include "Report/Finding.h"

#include <string>
#include <vector>

namespace bankcheck::frontend {

/// Writes every reported diagnostic of Findings (warnings, errors under
/// --warnings-as-errors; out-of-bounds ones too) with its notes. Each merged
/// edit of Edits rides, as a Replacement, on the first diagnostic whose
/// finding proposes it, as the clang-tidy plugin attaches it. Paths are
/// absolute. False with Error when the file cannot be written.
bool exportFixes(const std::string &Path, const std::string &MainSource,
                 const std::vector<report::Finding> &Findings, const std::vector<fix::FileEdits> &Edits,
                 std::string &Error);

} // namespace bankcheck::frontend

#endif

//===- ExportFixes.h - Fix-its in clang-apply-replacements YAML -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_EXPORTFIXES_H
#define BANKCHECK_FRONTEND_EXPORTFIXES_H

#include "Fix/ApplyEdits.h"

#include <string>
#include <vector>

namespace bankcheck::frontend {

/// Writes the edits as a clang::tooling::TranslationUnitReplacements YAML
/// document (the format of clang-tidy --export-fixes), readable by
/// clang-apply-replacements. False with Error when the file cannot be written.
bool exportFixes(const std::string &Path, const std::string &MainSource,
                 const std::vector<fix::FileEdits> &Edits, std::string &Error);

} // namespace bankcheck::frontend

#endif

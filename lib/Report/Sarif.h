//===- Sarif.h - SARIF 2.1.0 output of findings ----------------*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Findings as one SARIF 2.1.0 log (OASIS schema sarif-schema-2.1.0.json), in
/// the subset GitHub code scanning reads: one run, one rule per check id, one
/// result per diagnostic (and per undecided access), fixes from the fix-its.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_REPORT_SARIF_H
#define BANKCHECK_REPORT_SARIF_H

#include "Report/Finding.h"
#include "Report/Reporters.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace bankcheck::report {

struct SarifOptions {
  /// URIs of files under it are relative, uriBaseId SRCROOT (below).
  std::string BaseDir;
  /// Each rule's helpUri is HelpBase + "/<check id>.md" (the check's page of
  /// docs/checks); empty: no helpUri.
  std::string HelpBase;
  /// Undecided accesses (kind "review") are results only when asked.
  bool IncludeUnknown = false;
  /// Source text for partialFingerprints; without it they hash no line text.
  SourceReader Read;
};

/// Writes one SARIF log with a single run.
///
/// Files under BaseDir are named by a URI relative to it with uriBaseId
/// "SRCROOT", and run.originalUriBaseIds maps SRCROOT to BaseDir as a file://
/// URI; other files get an absolute file:// URI. An empty BaseDir makes every
/// URI absolute. Relative paths (in findings and in BaseDir) are taken from the
/// current directory. Files that failed become error notifications of
/// invocations[0], whose executionSuccessful is false when any file failed.
///
/// Regions use the 1-based line and column of FileLoc; columns are bytes, as
/// clang counts them, and so agree with SARIF's character columns on ASCII
/// lines.
///
/// Each result has partialFingerprints["bankcheckFingerprint/v1"]: a hash of
/// the rule, the file (as its URI names it), kernel, block shape, array,
/// access kind, message and the text of the source line (blanks collapsed),
/// with the rank among results of equal hash; no line or column number, so
/// it stays the same when lines above move.
void writeSarif(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                const std::vector<FileStatus> &Files, const std::string &Version, const SarifOptions &Opts);

} // namespace bankcheck::report

#endif

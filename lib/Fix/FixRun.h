//===- FixRun.h - Which fix-its a run applies, and applying them -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The one entry point between the findings of a run and the files on disk,
/// used by `--fix`, `--fix-dry-run` and `--export-fixes`:
///
///   selectFixes  the fix-its a user sees: those of findings that are neither
///                NOLINT-suppressed nor under the minimum degree (a fix-it whose
///                only findings are suppressed is dropped, as clang-tidy does),
///                and only in files this run analysed (an input analysed without
///                error, or a header holding a finding the run reports or the
///                declaration of its array); merged
///                (ApplyEdits.h)
///   applyFixes   each file's edits checked against its text and written
///                atomically, or shown as a unified diff
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FIX_FIXRUN_H
#define BANKCHECK_FIX_FIXRUN_H

#include "Fix/ApplyEdits.h"
#include "Report/Finding.h"

#include <functional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
}

namespace bankcheck::fix {

/// Findings must already be header-filtered and marked (report/Triage.h).
/// Errors gets one message per edit refused for its file or for a conflict.
std::vector<FileEdits> selectFixes(const std::vector<report::Finding> &Findings,
                                   const std::vector<report::FileStatus> &Files,
                                   std::vector<std::string> &Errors);

/// DryRun: prints a unified diff per file to Diff and writes nothing; else
/// writes each file atomically and logs "applied N fix-it(s) to FILE" to Log.
/// Returns the number of edits applied (or shown).
/// DiffOf (Path, Old, New) writes the diff; by default unifiedDiff.
using DiffWriter = std::function<std::string(const std::string &, const std::string &, const std::string &)>;
unsigned applyFixes(const std::vector<FileEdits> &Edits, bool DryRun, llvm::raw_ostream &Diff,
                    llvm::raw_ostream &Log, std::vector<std::string> &Errors, const DiffWriter &DiffOf = nullptr);

} // namespace bankcheck::fix

#endif

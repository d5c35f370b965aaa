//===- Triage.h - Findings between the analysis and the reporters -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// What the command does with the findings of a run before printing them,
/// and the exit status after: pure functions over Findings and file text
/// (read through a SourceReader), no Clang.
///
///   filterHeaders   findings in headers: only those --header-filter allows,
///                   each once even when several input files include it
///   markSuppressed  NOLINT comments (per check) and --min-degree
///   exitStatus      0 / 1 / 2 from the summary, --fail-on and errors
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_REPORT_TRIAGE_H
#define BANKCHECK_REPORT_TRIAGE_H

#include "Report/Finding.h"
#include "Report/Reporters.h"

#include <string>
#include <vector>

namespace bankcheck::report {

/// Keeps the findings located in a main file (one of Files) and, among the
/// others (headers), those whose path matches the HeaderFilter regex, each
/// header finding once; a header whose path matches ExcludeHeaderFilter
/// (when not empty) is left out. False with Error when a regex is invalid.
bool filterHeaders(std::vector<Finding> &Findings, const std::vector<FileStatus> &Files,
                   const std::string &HeaderFilter, std::string &Error,
                   const std::string &ExcludeHeaderFilter = "");

/// Sets Finding::Suppressed (conflicts and possible conflicts silenced by a
/// NOLINT for bankcheck-bank-conflict), OutOfBounds->Suppressed (NOLINT for
/// bankcheck-out-of-bounds) and BelowThreshold (a conflict's degree under
/// MinDegree). Files are read once each through Read.
void markSuppressed(std::vector<Finding> &Findings, unsigned MinDegree, const SourceReader &Read);

/// The command's exit status: 2 on a file or fix error; else 1 when the
/// summary holds what FailOn ("conflict", "possible", "never") fails on
/// (out-of-bounds accesses fail like conflicts), 0 otherwise.
int exitStatus(const Summary &S, const std::string &FailOn, bool Errors);

} // namespace bankcheck::report

#endif

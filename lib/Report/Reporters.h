//===- Reporters.h - Text and JSON output of findings ----------*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Formatting only: findings in, text out. The text form follows clang's
/// diagnostics (`file:line:col: warning: ... [check-id]`, source line, caret,
/// notes); the JSON form is documented in docs/json-format.md.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_REPORT_REPORTERS_H
#define BANKCHECK_REPORT_REPORTERS_H

#include "Report/Finding.h"

#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>
#include <vector>

namespace bankcheck::report {

struct TextOptions {
  bool Color = false;
  bool ShowUnknown = true; ///< print undecided accesses as remarks
  bool Explain = false;    ///< draw bank maps under each diagnostic
};

/// Reads a source file's text for snippets; returns false when unreadable.
using SourceReader = std::function<bool(const std::string &Path, std::string &Text)>;

/// Uses of __shared__ variables in the code the analysis went into
/// (syntactic: each use once, however often it runs).
struct SharedCoverage {
  unsigned Seen = 0;       ///< in the functions the walks went into
  unsigned Analysed = 0;   ///< evaluated: in the report, or in a remark saying why not
  unsigned Unanalysed = 0; ///< on a walked path but not evaluated, or cut by a budget
  unsigned NotReached = 0; ///< in code the walk found unreachable
  SharedCoverage &operator+=(const SharedCoverage &O) {
    Seen += O.Seen;
    Analysed += O.Analysed;
    Unanalysed += O.Unanalysed;
    NotReached += O.NotReached;
    return *this;
  }
};

void writeText(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<Note> &Remarks, const TextOptions &Opts,
               const SourceReader &Read);

void writeJson(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<FileStatus> &Files, const std::string &Version,
               const SharedCoverage &Coverage = {});

struct Summary {
  unsigned Conflict = 0, Possible = 0, Unknown = 0, Clean = 0;
  unsigned OutOfBounds = 0; ///< accesses with a bankcheck-out-of-bounds warning
  unsigned Suppressed = 0; ///< diagnostics silenced by NOLINT
  unsigned BelowThreshold = 0; ///< conflicts under the minimum degree reported
  unsigned Disabled = 0; ///< conflicts of a check --checks turned off
  unsigned AsErrors = 0; ///< diagnostics --warnings-as-errors made errors
};
Summary summarize(const std::vector<Finding> &Findings);

/// Sorts findings by file, line, column, kind, kernel, block shape; stable.
void sortFindings(std::vector<Finding> &Findings);

} // namespace bankcheck::report

#endif

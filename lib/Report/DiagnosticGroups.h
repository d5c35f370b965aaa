//===- DiagnosticGroups.h - What the text and clang-tidy forms print -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// From sorted findings to the diagnostics the text report prints and the
/// clang-tidy plugin emits, the same in both:
///   - one warning (or error) per check and source location, the worst of the
///     findings there (kernel instantiations, block shapes, the accesses of
///     its statement: the load and store of `s[i] += x`), with notes for the
///     others;
///   - every note placed: notes about the finding as a whole (block shape,
///     mean) at the finding;
///   - on one line, a note the previous diagnostic of the line had (the
///     declaration, the padding) is not repeated;
///   - one remark per location for undecided accesses (when shown).
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_REPORT_DIAGNOSTICGROUPS_H
#define BANKCHECK_REPORT_DIAGNOSTICGROUPS_H

#include "Report/Finding.h"

#include <string>
#include <vector>

namespace bankcheck::report {

struct GroupedDiagnostic {
  const Finding *Shown = nullptr; ///< the finding whose message is printed
  enum Kind { BankConflict, OutOfBounds, Remark } What = BankConflict;
  bool AsError = false;
  std::vector<Note> Notes; ///< each with a valid location when Shown has one
};

/// Findings must be sorted (sortFindings): the findings of one place are adjacent.
std::vector<GroupedDiagnostic> groupDiagnostics(const std::vector<Finding> &Findings, bool ShowUnknown);

} // namespace bankcheck::report

#endif

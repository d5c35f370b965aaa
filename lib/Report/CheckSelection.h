//===- CheckSelection.h - clang-tidy's check globs and line filter -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The selections a clang-tidy command line makes, read as clang-tidy 19
/// reads them, over bankcheck's findings (no Clang):
///
///   GlobList    `--checks` / `--warnings-as-errors`: comma- or newline-
///               separated globs ('*' only), '-' removes; the last glob that
///               matches a name decides
///   LineFilter  `--line-filter`: [{"name":"a.cu","lines":[[1,3],[5,7]]}];
///               a file matches a name it ends with; no "lines": every line
///   selectChecks  disabled checks and warnings-as-errors marked on findings
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_REPORT_CHECKSELECTION_H
#define BANKCHECK_REPORT_CHECKSELECTION_H

#include "Report/Finding.h"

#include <string>
#include <utility>
#include <vector>

namespace bankcheck::report {

/// Every check bankcheck reports, in the order --list-checks prints them.
const std::vector<std::string> &allChecks();

class GlobList {
public:
  explicit GlobList(const std::string &Globs);
  /// True when the last glob matching Name is positive.
  bool contains(const std::string &Name) const;
  /// The globs that match no check of allChecks() (for --verify-config).
  std::vector<std::string> unmatchedGlobs() const;

private:
  struct Item {
    bool Positive;
    std::string Glob;
  };
  std::vector<Item> Items;
};

/// Wildcards: `*` matches any text (also none); with AnyChar, `?` matches one
/// character; every other character matches only itself. One matcher for
/// check globs, NOLINT lists and .bankcheck.yaml kernel names.
bool wildcardMatch(const std::string &Glob, const std::string &Text, bool AnyChar);
/// clang-tidy's '*' glob.
inline bool tidyGlobMatch(const std::string &Glob, const std::string &Text) {
  return wildcardMatch(Glob, Text, false);
}

struct LineFilterEntry {
  std::string Name;
  std::vector<std::pair<unsigned, unsigned>> Lines; ///< inclusive; empty: every line
};

class LineFilter {
public:
  /// Parses clang-tidy's JSON form. False with Error on malformed input.
  bool parse(const std::string &Json, std::string &Error);
  bool empty() const { return Entries.empty(); }
  /// As clang-tidy: with no entries everything passes; else the first entry
  /// whose name ends Path decides.
  bool passes(const std::string &Path, unsigned Line) const;

private:
  std::vector<LineFilterEntry> Entries;
};

/// Drops findings (and remarks with a location) that the line filter does not pass.
void filterLines(std::vector<Finding> &Findings, std::vector<Note> &Remarks, const LineFilter &Filter);

/// Marks the checks that Enabled does not contain (bank-conflict findings:
/// Disabled; out-of-bounds diagnostics: removed) and the diagnostics of the
/// checks WarningsAsErrors contains (AsError).
void selectChecks(std::vector<Finding> &Findings, const GlobList &Enabled, const GlobList &WarningsAsErrors);

} // namespace bankcheck::report

#endif

//===- TidyOptions.h - clang-tidy's options, as bankcheck reads them -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The clang-tidy 19 options that have a meaning for bankcheck, spelled as
/// clang-tidy spells them (docs/integration.md has the table of every
/// clang-tidy option), and the `--config` / `--config-file` YAML in
/// clang-tidy's `.clang-tidy` format. resolveTidyOptions merges the
/// configuration and the command line (the command line wins; `--checks`
/// and `--warnings-as-errors` are appended to the configuration's lists).
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_TOOL_TIDYOPTIONS_H
#define BANKCHECK_TOOL_TIDYOPTIONS_H

#include "Report/CheckSelection.h"

#include "llvm/Support/CommandLine.h"

#include <optional>
#include <string>
#include <vector>

namespace bankcheck::tool {

/// The one category every bankcheck option is listed under in --help.
llvm::cl::OptionCategory &bankcheckCategory();

/// A `.clang-tidy`-format configuration (--config, --config-file).
struct TidyConfig {
  std::optional<std::string> Checks, WarningsAsErrors, HeaderFilterRegex, ExcludeHeaderFilterRegex;
  std::optional<bool> SystemHeaders, UseColor;
  std::vector<std::string> ExtraArgs, ExtraArgsBefore;
  std::vector<std::pair<std::string, std::string>> CheckOptions;
  std::string Source; ///< "--config" or the file's path, for messages
};

/// Parses a configuration in clang-tidy's YAML (or JSON) format. False with
/// Error ("SOURCE:LINE:COL: error: ...") on malformed text or unknown keys.
bool parseTidyConfig(const std::string &Text, const std::string &Source, TidyConfig &Out, std::string &Error);

/// What the clang-tidy options of one run resolve to.
struct TidySettings {
  std::string Checks = "bankcheck-*"; ///< the effective glob list
  std::string WarningsAsErrors;
  std::optional<std::string> HeaderFilter, ExcludeHeaderFilter;
  std::optional<bool> UseColor;
  bool SystemHeaders = true; ///< bankcheck reports every header by default
  std::vector<std::string> ExtraArgs, ExtraArgsBefore;
  std::optional<std::string> BlockDim;  ///< CheckOptions: <check>.BlockDim
  std::string BlockDimFrom;             ///< "option '<check>.BlockDim' of <config source>"
  std::optional<unsigned> MinDegree;    ///< CheckOptions: bankcheck-bank-conflict.MinDegree
  report::LineFilter Lines;
  bool ListChecks = false, VerifyConfig = false, AllowNoChecks = false, ExplainConfig = false;
  bool FixErrors = false, FixNotes = false;
  /// For --verify-config and --explain-config.
  std::vector<std::string> Problems;
  std::string ChecksFrom; ///< where the last word on the checks came from
};

/// Reads the clang-tidy options of the command line (and --config or
/// --config-file). False with Error on a usage error.
bool resolveTidyOptions(TidySettings &Out, std::string &Error);

/// The checks the settings enable, in allChecks() order.
std::vector<std::string> enabledChecks(const TidySettings &S);

} // namespace bankcheck::tool

#endif

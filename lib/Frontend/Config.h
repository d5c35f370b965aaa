//===- Config.h - .bankcheck.yaml, found upward like .clang-tidy -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Per-directory configuration. For each source file, the nearest
/// `.bankcheck.yaml` in its directory or a parent applies (the first one found;
/// files do not merge). Command-line options override it. Format:
///
///   BlockDim:                  # block shape for kernels with no launch or
///     - Kernel: 'transpose*'   # annotation in the file, by name glob
///       Dim: [32, 8]
///     - Kernel: '*'
///       Dim: [256]
///   MinDegree: 2               # report conflicts of at least this degree
///   FailOn: conflict           # exit 1 on: conflict | possible | never
///   HeaderFilter: '.*'         # which headers' findings are reported
///
/// Uses LLVM's YAML I/O only; no Clang types.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_CONFIG_H
#define BANKCHECK_FRONTEND_CONFIG_H

#include <optional>
#include <string>
#include <vector>

namespace bankcheck::frontend {

struct KernelBlockDim {
  std::string Kernel;          ///< glob over the kernel's name ('*', '?')
  std::vector<unsigned> Dim;   ///< 1 to 3 values
};

struct Config {
  std::vector<KernelBlockDim> BlockDim;
  unsigned MinDegree = 2;
  std::string FailOn = "conflict";
  std::string HeaderFilter = ".*";
  std::string Source; ///< the file it came from; empty for the defaults

  /// The block shape the config gives a kernel, if a pattern matches it.
  std::optional<std::vector<unsigned>> blockDimFor(const std::string &Kernel) const;
};

/// Parses one configuration file's text. False with Error ("FILE:LINE:COL:
/// error: ...") on malformed YAML or a bad value.
bool parseConfig(const std::string &Text, const std::string &Path, Config &Out, std::string &Error);

/// The configuration for a source file: the nearest .bankcheck.yaml upward
/// from its directory, or the defaults. False with Error when that file is
/// malformed.
bool configForFile(const std::string &SourcePath, Config &Out, std::string &Error);

/// YAML text of a configuration (for --dump-config).
std::string dumpConfig(const Config &C);

/// Glob match with '*' and '?', as NOLINT and clang-tidy check lists use.
bool globMatch(const std::string &Pattern, const std::string &Text);

} // namespace bankcheck::frontend

#endif

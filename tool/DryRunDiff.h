//===- DryRunDiff.h - The unified diff --fix-dry-run prints -----*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A unified diff with three lines of context around each change, and paths
/// `a/<path>`, `b/<path>` relative to the current directory when the file is
/// under it (so `git apply` or `patch -p1` applies it there), else absolute.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_TOOL_DRYRUNDIFF_H
#define BANKCHECK_TOOL_DRYRUNDIFF_H

#include <string>

namespace bankcheck::tool {

/// Path as the diff names it: relative to Cwd when under it, else as is.
std::string diffPath(const std::string &Path, const std::string &Cwd);

/// The diff from Old to New of the file at Path (its lines are changed in
/// place: padding edits never add or remove lines; a change of line count
/// gives one hunk over the whole file).
std::string contextDiff(const std::string &Path, const std::string &Old, const std::string &New,
                        unsigned Context = 3);

} // namespace bankcheck::tool

#endif

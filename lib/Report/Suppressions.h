//===- Suppressions.h - clang-tidy's NOLINT comments -----------*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Whether a diagnostic is silenced by a NOLINT comment, with the rules of
/// clang-tidy (clang-tools-extra/clang-tidy/NoLintDirectiveHandler.cpp, LLVM
/// 19), as a pure function over the file's text:
///
///   code;  // NOLINT                      every check, this line
///   code;  // NOLINT(check-a, bankcheck-*) the listed checks, this line
///   // NOLINTNEXTLINE(...)                the next line
///   // NOLINTBEGIN(...)  ...  // NOLINTEND(...)   the lines between
///
/// As in clang-tidy, the directive is found anywhere in the line's text, so
/// `/* NOLINT */` works as well as `// NOLINT`. The check list must follow the
/// directive immediately (`NOLINT (x)` is a bare NOLINT), closes on the same
/// line, and is a comma-separated list of globs where `*` matches any text;
/// `NOLINT()` silences nothing and negative globs (`-foo`) are ignored.
/// A NOLINTEND closes the innermost open NOLINTBEGIN only when their check
/// lists are the same (after trimming spaces); unmatched BEGINs and ENDs
/// silence nothing.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_REPORT_SUPPRESSIONS_H
#define BANKCHECK_REPORT_SUPPRESSIONS_H

#include "llvm/ADT/StringRef.h"

namespace bankcheck::report {

/// Whether a CheckId diagnostic at the start of Line (1-based) of FileText is
/// silenced. On the lines holding NOLINTBEGIN and NOLINTEND themselves, a
/// diagnostic is taken to lie before the comment: so it is silenced on the
/// NOLINTEND line and not on the NOLINTBEGIN line.
bool isSuppressed(llvm::StringRef FileText, unsigned Line, llvm::StringRef CheckId);

/// The same at Line:Column (1-based, in bytes, as clang counts columns), which
/// decides diagnostics on the NOLINTBEGIN and NOLINTEND lines by position
/// exactly as clang-tidy does: silenced only strictly between the two.
bool isSuppressed(llvm::StringRef FileText, unsigned Line, unsigned Column,
                  llvm::StringRef CheckId);

} // namespace bankcheck::report

#endif

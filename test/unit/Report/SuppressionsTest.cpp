//===- SuppressionsTest.cpp - clang-tidy's NOLINT comments -----------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
// The rules follow clang-tidy 19 (NoLintDirectiveHandler.cpp); the column
// form was also compared with clang-tidy 19 itself on generated files, with
// modernize-use-nullptr standing in for the check.
#include "Report/Suppressions.h"

#include <catch2/catch.hpp>

#include <string>

using bankcheck::report::isSuppressed;

namespace {
const char *Check = "bankcheck-bank-conflict";

/// Whether line 2 of "<Before>\n<Line>\n<After>\n" is silenced.
bool secondLineSilenced(const std::string &Before, const std::string &Line,
                        const std::string &After = "") {
  return isSuppressed(Before + "\n" + Line + "\n" + After + "\n", 2, Check);
}
bool silenced(const std::string &Line) { return secondLineSilenced("", Line); }
} // namespace

TEST_CASE("a line without NOLINT is not silenced", "[suppressions]") {
  CHECK_FALSE(silenced("  Out[i] = Tile[threadIdx.x][0];"));
  CHECK_FALSE(silenced("  Out[i] = Tile[threadIdx.x][0]; // bank conflict, on purpose"));
}

TEST_CASE("a bare NOLINT silences every check on its line", "[suppressions]") {
  CHECK(silenced("  x = Tile[threadIdx.x][0]; // NOLINT"));
  CHECK(silenced("  x = Tile[threadIdx.x][0]; // NOLINT: measured, the conflict is cheap here"));
  CHECK(isSuppressed("x; // NOLINT\n", 1, "any-other-check"));
}

TEST_CASE("a NOLINT silences only its own line", "[suppressions]") {
  std::string Text = "a; // NOLINT\nb;\n";
  CHECK(isSuppressed(Text, 1, Check));
  CHECK_FALSE(isSuppressed(Text, 2, Check));
}

TEST_CASE("a NOLINT check list silences the checks it names", "[suppressions]") {
  CHECK(silenced("x; // NOLINT(bankcheck-bank-conflict)"));
  CHECK(silenced("x; // NOLINT(google-explicit-constructor, bankcheck-bank-conflict)"));
  CHECK(silenced("x; // NOLINT(  bankcheck-bank-conflict  ,google-runtime-int)"));
  CHECK_FALSE(silenced("x; // NOLINT(google-explicit-constructor, google-runtime-int)"));
  CHECK_FALSE(silenced("x; // NOLINT(bankcheck-bank)"));
}

TEST_CASE("a star in a check name matches any text", "[suppressions]") {
  CHECK(silenced("x; // NOLINT(bankcheck-*)"));
  CHECK(silenced("x; // NOLINT(*-conflict)"));
  CHECK(silenced("x; // NOLINT(bank*-bank-*)"));
  CHECK(silenced("x; // NOLINT(*)"));
  CHECK_FALSE(silenced("x; // NOLINT(google-*)"));
  CHECK_FALSE(silenced("x; // NOLINT(*-conflicts)"));
}

TEST_CASE("an empty check list silences nothing", "[suppressions]") {
  CHECK_FALSE(silenced("x; // NOLINT()"));
}

TEST_CASE("a negative glob in a check list is ignored", "[suppressions]") {
  CHECK_FALSE(silenced("x; // NOLINT(-bankcheck-bank-conflict)"));
  CHECK(silenced("x; // NOLINT(bankcheck-*, -bankcheck-bank-conflict)"));
}

TEST_CASE("a check list must follow the directive without a space", "[suppressions]") {
  // "NOLINT (google-x)" is a bare NOLINT followed by text: every check.
  CHECK(silenced("x; // NOLINT (google-explicit-constructor)"));
}

TEST_CASE("a check list without its closing parenthesis makes a bare NOLINT", "[suppressions]") {
  CHECK(silenced("x; // NOLINT(google-explicit-constructor"));
}

TEST_CASE("NOLINT followed by other letters is no directive", "[suppressions]") {
  CHECK_FALSE(silenced("x; // NOLINTx"));
  CHECK_FALSE(silenced("x; // NOLINTNEXT"));
  CHECK(silenced("x; // NOLINT_because"));
}

TEST_CASE("a NOLINT inside a block comment silences its line", "[suppressions]") {
  CHECK(silenced("x = Tile[threadIdx.x][0]; /* NOLINT */"));
  CHECK(silenced("/* NOLINT(bankcheck-bank-conflict) */ x = Tile[threadIdx.x][0];"));
}

TEST_CASE("a NOLINTNEXTLINE silences the line after it", "[suppressions]") {
  CHECK(secondLineSilenced("// NOLINTNEXTLINE", "x;"));
  CHECK(secondLineSilenced("  // NOLINTNEXTLINE(bankcheck-*)", "x;"));
  CHECK(secondLineSilenced("/* NOLINTNEXTLINE(google-x, bankcheck-bank-conflict) */", "x;"));
  CHECK_FALSE(secondLineSilenced("// NOLINTNEXTLINE(google-*)", "x;"));
}

TEST_CASE("a NOLINTNEXTLINE reaches exactly one line", "[suppressions]") {
  std::string Text = "// NOLINTNEXTLINE\na;\nb;\n";
  CHECK(isSuppressed(Text, 2, Check));
  CHECK_FALSE(isSuppressed(Text, 3, Check));
  CHECK_FALSE(isSuppressed("// NOLINTNEXTLINE\n\nb;\n", 3, Check));
}

TEST_CASE("a NOLINTNEXTLINE does not silence its own line", "[suppressions]") {
  CHECK_FALSE(silenced("x; // NOLINTNEXTLINE"));
}

TEST_CASE("a NOLINT on the previous line does not reach the next", "[suppressions]") {
  CHECK_FALSE(secondLineSilenced("a; // NOLINT", "x;"));
}

TEST_CASE("a NOLINTBEGIN and NOLINTEND pair silences the lines between", "[suppressions]") {
  std::string Text = "a;\n// NOLINTBEGIN\nb;\nc;\n// NOLINTEND\nd;\n";
  CHECK_FALSE(isSuppressed(Text, 1, Check));
  CHECK(isSuppressed(Text, 3, Check));
  CHECK(isSuppressed(Text, 4, Check));
  CHECK_FALSE(isSuppressed(Text, 6, Check));
}

TEST_CASE("a NOLINTBEGIN check list decides which checks the block silences", "[suppressions]") {
  std::string Mine = "// NOLINTBEGIN(bankcheck-*)\nb;\n// NOLINTEND(bankcheck-*)\n";
  std::string Other = "// NOLINTBEGIN(google-*)\nb;\n// NOLINTEND(google-*)\n";
  CHECK(isSuppressed(Mine, 2, Check));
  CHECK_FALSE(isSuppressed(Other, 2, Check));
}

TEST_CASE("a NOLINTEND closes a block only with the same check list", "[suppressions]") {
  CHECK_FALSE(isSuppressed("// NOLINTBEGIN(bankcheck-*)\nb;\n// NOLINTEND\n", 2, Check));
  CHECK_FALSE(isSuppressed("// NOLINTBEGIN\nb;\n// NOLINTEND(bankcheck-*)\n", 2, Check));
  // Spaces around the names do not count.
  CHECK(isSuppressed("// NOLINTBEGIN(a, bankcheck-*)\nb;\n// NOLINTEND( a ,bankcheck-* )\n", 2, Check));
}

TEST_CASE("a NOLINTBEGIN without a NOLINTEND silences nothing", "[suppressions]") {
  CHECK_FALSE(isSuppressed("// NOLINTBEGIN\nb;\nc;\n", 2, Check));
  CHECK_FALSE(isSuppressed("b;\n// NOLINTEND\n", 1, Check));
}

TEST_CASE("nested NOLINTBEGIN blocks close innermost first", "[suppressions]") {
  std::string Text = "// NOLINTBEGIN(google-*)\n"     // 1
                     "a;\n"                           // 2
                     "// NOLINTBEGIN(bankcheck-*)\n"  // 3
                     "b;\n"                           // 4
                     "// NOLINTEND(bankcheck-*)\n"    // 5
                     "c;\n"                           // 6
                     "// NOLINTEND(google-*)\n";      // 7
  CHECK_FALSE(isSuppressed(Text, 2, Check));
  CHECK(isSuppressed(Text, 4, Check));
  CHECK_FALSE(isSuppressed(Text, 6, Check));
  CHECK(isSuppressed(Text, 6, "google-runtime-int"));
}

TEST_CASE("a NOLINTEND that closes the wrong block is ignored", "[suppressions]") {
  // The google END cannot close the inner bankcheck block, so both stay open.
  std::string Text = "// NOLINTBEGIN(google-*)\n// NOLINTBEGIN(bankcheck-*)\nb;\n"
                     "// NOLINTEND(google-*)\nc;\n";
  CHECK_FALSE(isSuppressed(Text, 3, Check));
}

TEST_CASE("a diagnostic line holding NOLINTEND is inside the block", "[suppressions]") {
  std::string Text = "// NOLINTBEGIN\nb;\nc; // NOLINTEND\nd;\n";
  CHECK(isSuppressed(Text, 3, Check));
  CHECK_FALSE(isSuppressed(Text, 4, Check));
}

TEST_CASE("a diagnostic line holding NOLINTBEGIN is outside the block", "[suppressions]") {
  std::string Text = "a; // NOLINTBEGIN\nb;\n// NOLINTEND\n";
  CHECK_FALSE(isSuppressed(Text, 1, Check));
  CHECK(isSuppressed(Text, 2, Check));
}

TEST_CASE("with a column, the block starts right after the NOLINTBEGIN text", "[suppressions]") {
  std::string Text = "/* NOLINTBEGIN */ x = Tile[threadIdx.x][0];\n// NOLINTEND\n";
  CHECK(isSuppressed(Text, 1, /*Column=*/19, Check));
  CHECK_FALSE(isSuppressed(Text, 1, /*Column=*/1, Check));
  CHECK_FALSE(isSuppressed(Text, 1, Check)); // the line-only form takes column 1
}

TEST_CASE("with a column, the block ends right before the NOLINTEND text", "[suppressions]") {
  std::string Text = "// NOLINTBEGIN\n/* NOLINTEND */ x = Tile[threadIdx.x][0];\n";
  CHECK(isSuppressed(Text, 2, /*Column=*/1, Check));
  CHECK_FALSE(isSuppressed(Text, 2, /*Column=*/17, Check));
}

TEST_CASE("line endings with a carriage return work", "[suppressions]") {
  std::string Text = "// NOLINTNEXTLINE(bankcheck-*)\r\na;\r\nb; // NOLINT\r\nc;\r\n";
  CHECK(isSuppressed(Text, 2, Check));
  CHECK(isSuppressed(Text, 3, Check));
  CHECK_FALSE(isSuppressed(Text, 4, Check));
}

TEST_CASE("lines outside the file are never silenced", "[suppressions]") {
  CHECK_FALSE(isSuppressed("a; // NOLINT\n", 0, Check));
  CHECK_FALSE(isSuppressed("a; // NOLINT\n", 5, Check));
  CHECK_FALSE(isSuppressed("", 1, Check));
}

TEST_CASE("the last line of a file without a final newline is read", "[suppressions]") {
  CHECK(isSuppressed("a;\nb; // NOLINT", 2, Check));
  CHECK(isSuppressed("// NOLINTNEXTLINE\nb;", 2, Check));
}

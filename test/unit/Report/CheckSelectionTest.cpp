//===- CheckSelectionTest.cpp - clang-tidy's check globs and line filter ---===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Report/CheckSelection.h"

#include <catch2/catch.hpp>

using namespace bankcheck::report;

namespace {
Finding conflictAt(const std::string &Path, unsigned Line, bool WithBounds = false) {
  Finding F;
  F.Loc.Path = Path;
  F.Loc.Line = Line;
  F.Loc.Column = 1;
  F.Status = "conflict";
  F.Degree = 2;
  if (WithBounds)
    F.OutOfBounds = BoundsDiagnostic{};
  return F;
}
} // namespace

TEST_CASE("the last glob that matches a check decides, as in clang-tidy", "[report][checks]") {
  GlobList L("-*,bankcheck-*,-bankcheck-out-of-bounds");
  CHECK(L.contains("bankcheck-bank-conflict"));
  CHECK_FALSE(L.contains("bankcheck-out-of-bounds"));
  CHECK_FALSE(L.contains("modernize-use-nullptr"));
  CHECK(GlobList("bankcheck-*").contains("bankcheck-out-of-bounds"));
  CHECK_FALSE(GlobList("").contains("bankcheck-bank-conflict"));
  CHECK_FALSE(GlobList("-*").contains("bankcheck-bank-conflict"));
}

TEST_CASE("globs are trimmed and separated by commas or newlines; only '*' is a wildcard", "[report][checks]") {
  GlobList L(" -* ,\n bankcheck-bank-conflict \n");
  CHECK(L.contains("bankcheck-bank-conflict"));
  CHECK_FALSE(L.contains("bankcheck-out-of-bounds"));
  CHECK_FALSE(GlobList("bankcheck-bank-conflic?").contains("bankcheck-bank-conflict"));
}

TEST_CASE("positive globs that match no bankcheck check are reported for --verify-config", "[report][checks]") {
  GlobList L("-*,clang-analyzer-*,bankcheck-*,-modernize-*,bankcheck-typo");
  CHECK(L.unmatchedGlobs() == std::vector<std::string>{"clang-analyzer-*", "bankcheck-typo"});
}

TEST_CASE("the line filter reads clang-tidy's JSON and matches file name suffixes", "[report][checks]") {
  LineFilter F;
  std::string Error;
  REQUIRE(F.parse(R"([{"name":"src/a.cu","lines":[[1,3],[10,10]]},{"name":"b.cuh"}])", Error));
  CHECK(F.passes("/work/src/a.cu", 2));
  CHECK(F.passes("src/a.cu", 10));
  CHECK_FALSE(F.passes("src/a.cu", 4));
  CHECK(F.passes("include/b.cuh", 400));
  CHECK_FALSE(F.passes("c.cu", 1));
  LineFilter None;
  CHECK(None.passes("c.cu", 1));
}

TEST_CASE("a malformed line filter is an error that says what is expected", "[report][checks]") {
  LineFilter F;
  std::string Error;
  CHECK_FALSE(F.parse("[{\"name\":", Error));
  CHECK(Error.find("invalid JSON") != std::string::npos);
  CHECK_FALSE(F.parse(R"({"name":"a.cu"})", Error));
  CHECK_FALSE(F.parse(R"([{"lines":[[1,2]]}])", Error));
  CHECK(Error.find("\"name\"") != std::string::npos);
  CHECK_FALSE(F.parse(R"([{"name":"a.cu","lines":[[1]]}])", Error));
  CHECK(Error.find("[first, last]") != std::string::npos);
}

TEST_CASE("the line filter drops findings and located remarks outside its lines", "[report][checks]") {
  LineFilter F;
  std::string Error;
  REQUIRE(F.parse(R"([{"name":"a.cu","lines":[[5,6]]}])", Error));
  std::vector<Finding> Findings = {conflictAt("a.cu", 4), conflictAt("a.cu", 5), conflictAt("b.cu", 5)};
  std::vector<Note> Remarks(2);
  Remarks[0].Loc.Path = "a.cu";
  Remarks[0].Loc.Line = 9;
  filterLines(Findings, Remarks, F);
  REQUIRE(Findings.size() == 1);
  CHECK(Findings[0].Loc.Line == 5);
  REQUIRE(Remarks.size() == 1); // the one without a location stays
  CHECK_FALSE(Remarks[0].Loc.valid());
}

TEST_CASE("a disabled check is not a diagnostic; warnings-as-errors marks the named check", "[report][checks]") {
  std::vector<Finding> Findings = {conflictAt("a.cu", 1, /*WithBounds=*/true)};
  selectChecks(Findings, GlobList("bankcheck-*,-bankcheck-out-of-bounds"), GlobList("bankcheck-bank-conflict"));
  CHECK(Findings[0].isDiagnostic());
  CHECK(Findings[0].AsError);
  CHECK_FALSE(Findings[0].OutOfBounds);

  Findings = {conflictAt("a.cu", 1, true)};
  selectChecks(Findings, GlobList("-*,bankcheck-out-of-bounds"), GlobList("bankcheck-out-of-bounds"));
  CHECK_FALSE(Findings[0].isDiagnostic());
  CHECK(Findings[0].Disabled);
  CHECK_FALSE(Findings[0].AsError);
  REQUIRE(Findings[0].OutOfBounds);
  CHECK(Findings[0].OutOfBounds->AsError);
}

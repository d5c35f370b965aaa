//===- FixRunTest.cpp - Which fix-its a run applies ------------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Fix/FixRun.h"

#include <catch2/catch.hpp>

using namespace bankcheck;

namespace {
report::Finding finding(const char *Path, const char *FixPath, unsigned Offset, const char *Text) {
  report::Finding F;
  F.Status = "conflict";
  F.Loc.Path = Path;
  report::TextEdit E;
  E.Loc.Path = FixPath;
  E.Loc.Line = 1;
  E.Loc.Offset = Offset;
  E.Length = 2;
  E.Text = Text;
  E.Expected = "32";
  F.Fixes.push_back(E);
  return F;
}
} // namespace

TEST_CASE("a fix-it whose only findings are NOLINT-suppressed is not applied", "[fix]") {
  std::vector<report::FileStatus> Files{{"/src/a.cu", true, ""}};
  auto F = finding("/src/a.cu", "/src/a.cu", 10, "33");
  F.Suppressed = true;
  std::vector<std::string> Errors;
  CHECK(fix::selectFixes({F}, Files, Errors).empty());
  CHECK(Errors.empty());
  // One reported finding of the same array is enough (as clang-tidy applies it).
  auto G = finding("/src/a.cu", "/src/a.cu", 10, "33");
  auto M = fix::selectFixes({F, G}, Files, Errors);
  REQUIRE(M.size() == 1);
  CHECK(M[0].Edits.size() == 1);
}
TEST_CASE("fix-its under the minimum degree are not applied", "[fix]") {
  std::vector<report::FileStatus> Files{{"/src/a.cu", true, ""}};
  auto F = finding("/src/a.cu", "/src/a.cu", 10, "33");
  F.BelowThreshold = true;
  std::vector<std::string> Errors;
  CHECK(fix::selectFixes({F}, Files, Errors).empty());
}
TEST_CASE("a file not analysed in this run is never edited", "[fix]") {
  std::vector<report::FileStatus> Files{{"/src/a.cu", true, ""}, {"/src/b.cu", false, "parse error"}};
  std::vector<std::string> Errors;
  auto M = fix::selectFixes({finding("/src/a.cu", "/src/other.cuh", 10, "33"),
                             finding("/src/a.cu", "/src/b.cu", 10, "33"),
                             finding("/src/a.cu", "/src/a.cu", 10, "33")},
                            Files, Errors);
  REQUIRE(M.size() == 1);
  CHECK(M[0].Path == "/src/a.cu");
  REQUIRE(Errors.size() == 2);
  CHECK(Errors[0] == "/src/other.cuh: error: fix-its not applied: the file was not analysed in this run");
  CHECK(Errors[1] == "/src/b.cu: error: fix-its not applied: the file could not be analysed in this run");
}
TEST_CASE("a header holding a reported finding may be edited", "[fix]") {
  std::vector<report::FileStatus> Files{{"/src/a.cu", true, ""}};
  std::vector<std::string> Errors;
  auto M = fix::selectFixes({finding("/src/tile.cuh", "/src/tile.cuh", 10, "33")}, Files, Errors);
  REQUIRE(M.size() == 1);
  CHECK(Errors.empty());
}
TEST_CASE("a header declaring the array of a reported finding may be edited", "[fix]") {
  std::vector<report::FileStatus> Files{{"/src/a.cu", true, ""}};
  auto F = finding("/src/a.cu", "/src/tiles.cuh", 10, "33");
  F.ArrayDecl.Path = "/src/tiles.cuh";
  std::vector<std::string> Errors;
  auto M = fix::selectFixes({F}, Files, Errors);
  REQUIRE(M.size() == 1);
  CHECK(M[0].Path == "/src/tiles.cuh");
  CHECK(Errors.empty());
}

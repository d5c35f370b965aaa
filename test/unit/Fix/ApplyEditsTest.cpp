//===- ApplyEditsTest.cpp - Merging and applying fix-its -------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Fix/ApplyEdits.h"

#include <catch2/catch.hpp>

using namespace bankcheck;

namespace {
report::TextEdit edit(const char *Path, unsigned Offset, unsigned Len, const char *Text, const char *Expected) {
  report::TextEdit E;
  E.Loc.Path = Path;
  E.Loc.Line = 1;
  E.Loc.Column = Offset + 1;
  E.Loc.Offset = Offset;
  E.Length = Len;
  E.Text = Text;
  E.Expected = Expected;
  return E;
}
} // namespace

TEST_CASE("the same fix-it from several accesses is applied once", "[fix]") {
  std::vector<std::string> Errors;
  auto M = fix::mergeEdits({edit("a.cu", 10, 2, "33", "32"), edit("a.cu", 10, 2, "33", "32")}, Errors);
  REQUIRE(M.size() == 1);
  CHECK(M[0].Edits.size() == 1);
  CHECK(Errors.empty());
}
TEST_CASE("different fix-its of one range are both refused", "[fix]") {
  std::vector<std::string> Errors;
  auto M = fix::mergeEdits({edit("a.cu", 10, 2, "33", "32"), edit("a.cu", 10, 2, "34", "32")}, Errors);
  CHECK(M.empty());
  CHECK(Errors.size() == 1);
}
TEST_CASE("bytes outside the edits survive, CRLF and BOM included", "[fix]") {
  std::string Text = "\xEF\xBB\xBF// h\xC3\xA9\r\nfloat t[32][32];\r\n\t// tab\r\n";
  unsigned Off = Text.find("][32]") + 2;
  fix::FileEdits F{"a.cu", {edit("a.cu", Off, 2, "33", "32")}};
  std::string Out, Err;
  REQUIRE(fix::applyEdits(Text, F, Out, Err));
  std::string Want = Text;
  Want.replace(Off, 2, "33");
  CHECK(Out == Want);
}
TEST_CASE("a file changed since the analysis is not edited", "[fix]") {
  fix::FileEdits F{"a.cu", {edit("a.cu", 8, 2, "33", "32")}};
  std::string Out, Err;
  CHECK_FALSE(fix::applyEdits("float t[64][64];", F, Out, Err));
  CHECK(Err.find("changed since it was analysed") != std::string::npos);
  CHECK_FALSE(fix::applyEdits("short", F, Out, Err));
}
TEST_CASE("the diff of a one-line edit is one hunk", "[fix]") {
  std::string D = fix::unifiedDiff("a.cu", "a\nfloat t[32][32];\nb\n", "a\nfloat t[32][33];\nb\n");
  CHECK(D == "--- a.cu\n+++ a.cu\n@@ -2,1 +2,1 @@\n-float t[32][32];\n+float t[32][33];\n");
}

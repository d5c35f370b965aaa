//===- LaunchSizeEditTest.cpp - Edits of a launch's dynamic size ----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Fix/LaunchSizeEdit.h"

#include <catch2/catch.hpp>

using namespace bankcheck;
using namespace bankcheck::fix;

namespace {
report::FileLoc at(unsigned Offset) { return {"k.cu", 40, Offset + 1, Offset}; }

SizeTerm term(const char *Text, std::int64_t Value, std::int64_t Coef, bool Named, unsigned Offset) {
  SizeTerm T;
  T.Loc = at(Offset);
  T.Text = Text;
  T.Value = Value;
  T.Coef = Coef;
  T.Named = Named;
  return T;
}

/// 32 rows of 32 floats from byte Base, padded by one float.
RowPadding rows(std::int64_t Base = 0, const char *Stride = "TILE") {
  RowPadding R;
  R.Base = Base;
  R.RowBytes = 128;
  R.PadBytes = 4;
  R.RowElements = 32;
  R.Pad = 1;
  R.Stride = Stride;
  return R;
}
} // namespace

TEST_CASE("the stride named in the size grows like the rows", "[fix][launchsize]") {
  // TILE * TILE * sizeof(float): each TILE has coefficient TILE * 4 = 128.
  LaunchSize L;
  L.Where = "launch at k.cu:40";
  L.Loc = at(10);
  L.Text = "TILE * TILE * sizeof(float)";
  L.Bytes = 4096;
  L.Terms = {term("TILE", 32, 128, true, 10), term("TILE", 32, 128, true, 17)};
  std::string Why;
  auto E = sizeEdit(L, rows(), Why);
  REQUIRE(E);
  CHECK(E->Edit.Loc.Offset == 10);
  CHECK(E->Edit.Expected == "TILE");
  CHECK(E->Edit.Text == "(TILE + 1)");
  CHECK(E->Rows == 32);
  CHECK(E->NewBytes == 4224);
}

TEST_CASE("a literal size is replaced by the padded size, its suffix kept", "[fix][launchsize]") {
  LaunchSize L;
  L.Where = "launch at k.cu:40";
  L.Loc = at(3);
  L.Text = "4096u";
  L.Bytes = 4096;
  L.Terms = {term("4096u", 4096, 1, false, 3)};
  std::string Why;
  auto E = sizeEdit(L, rows(0, "32"), Why);
  REQUIRE(E);
  CHECK(E->Edit.Text == "4224u");
}

TEST_CASE("a literal factor equal to the row length is grown", "[fix][launchsize]") {
  // 128 + 32 * 32 * 4 for the region at byte 128: the second 32 has coefficient 128.
  LaunchSize L;
  L.Where = "launch at k.cu:40";
  L.Loc = at(0);
  L.Text = "128 + 32 * 32 * 4";
  L.Bytes = 4224;
  L.Terms = {term("128", 128, 1, false, 0), term("32", 32, 128, false, 6), term("32", 32, 128, false, 11)};
  std::string Why;
  auto E = sizeEdit(L, rows(128, "W"), Why);
  REQUIRE(E);
  CHECK(E->Edit.Loc.Offset == 6);
  CHECK(E->Edit.Text == "33");
  CHECK(E->NewBytes == 128 + 32 * 132);
}

TEST_CASE("a size that cannot hold the padded rows exactly is refused with the reason", "[fix][launchsize]") {
  std::string Why;
  LaunchSize L;
  L.Where = "launch at k.cu:40";
  L.Loc = at(0);
  L.Text = "bytes";
  SECTION("not a constant") {
    L.Why = "a value known only at run time";
    CHECK_FALSE(sizeEdit(L, rows(), Why));
    CHECK(Why == "the launch at k.cu:40 passes 'bytes', a value known only at run time");
  }
  SECTION("not whole rows") {
    L.Bytes = 4100;
    CHECK_FALSE(sizeEdit(L, rows(), Why));
    CHECK(Why == "the launch at k.cu:40 passes 4100 bytes, not a whole number of rows of 128 bytes after byte 0");
  }
  SECTION("no term is the row length") {
    // N * sizeof(float) with N = 1024: N's coefficient 4 does not grow 32 rows.
    L.Text = "N * sizeof(float)";
    L.Bytes = 4096;
    L.Terms = {term("N", 1024, 4, true, 0)};
    CHECK_FALSE(sizeEdit(L, rows(), Why));
    CHECK(Why.find("in which no term is the row length 'TILE'") != std::string::npos);
  }
  SECTION("no size written") {
    L.Loc = report::FileLoc();
    CHECK_FALSE(sizeEdit(L, rows(), Why));
    CHECK(Why == "the launch at k.cu:40 passes no dynamic shared-memory size");
  }
}

namespace {
/// A finding holding the fix-it of X, and X itself (kernel "k", one launch in a.cu).
struct Project {
  RowsFix X;
  std::vector<report::Finding> Findings;
  std::map<std::string, std::vector<LaunchSize>> Here, There;
  std::vector<RowsFix> Fixes;
  Project() {
    X.Kernels = {"c:@F@k"};
    X.Rows = rows();
    X.MaxBytes = 48 * 1024;
    report::TextEdit Index;
    Index.Loc = {"a.cu", 5, 20, 100};
    Index.Length = 4;
    Index.Expected = "TILE";
    Index.Text = "(TILE + 1)";
    X.Edits = {Index};
    X.Covered = {at(10)};
    X.NoteLoc = {"a.cu", 4, 27, 80};
    X.What = "'smem'";
    report::Finding F;
    F.Fixes = X.Edits;
    report::Note N{X.NoteLoc, "pad the rows of 'smem'"};
    N.ShowsFix = true;
    F.Notes = {N};
    Findings = {F};
    Fixes = {X};
  }
  LaunchSize launch(std::optional<std::int64_t> Bytes) {
    LaunchSize L;
    L.Where = "launch at b.cu:3";
    L.Loc = {"b.cu", 3, 40, 60};
    L.Text = Bytes ? "4096" : "n";
    L.Bytes = Bytes;
    if (Bytes)
      L.Terms = {SizeTerm{L.Loc, "4096", 4096, 1, false}};
    else
      L.Why = "a value known only at run time";
    return L;
  }
  void run(bool ThereAnalysed) {
    extendRowsFixes(Findings, {{true, &Here, &Fixes}, {ThereAnalysed, &There, nullptr}});
  }
};
} // namespace

TEST_CASE("a fixed kernel's launches in other files grow with its rows, or the fix-it goes", "[fix][launchsize]") {
  Project P;
  SECTION("a constant size in an analysed file is grown") {
    P.There["c:@F@k"] = {P.launch(4096)};
    P.run(true);
    REQUIRE(P.Findings[0].Fixes.size() == 2);
    CHECK(P.Findings[0].Fixes[1].Loc.Path == "b.cu");
    CHECK(P.Findings[0].Fixes[1].Text == "4224");
    CHECK(P.Findings[0].Notes.back().Message ==
          "the kernel's launches in the other files grow with the rows of 'smem' too: the launch at b.cu:3 from "
          "4096 to 4224 bytes ('4096' -> '4224')");
  }
  SECTION("a run-time size drops the fix-it, naming the launch") {
    P.There["c:@F@k"] = {P.launch(std::nullopt)};
    P.run(true);
    CHECK(P.Findings[0].Fixes.empty());
    CHECK_FALSE(P.Findings[0].Notes.front().ShowsFix);
    CHECK(P.Findings[0].Notes.back().Message ==
          "no fix-it for the rows of 'smem' after all: the launch at b.cu:3 passes 'n', a value known only at run time");
  }
  SECTION("a launch in a file the run does not analyse drops the fix-it") {
    P.There["c:@F@k"] = {P.launch(4096)};
    P.run(false);
    CHECK(P.Findings[0].Fixes.empty());
    CHECK(P.Findings[0].Notes.back().Message.find("in a file this run does not analyse") != std::string::npos);
  }
  SECTION("other kernels' launches play no part") {
    P.There["c:@F@other"] = {P.launch(std::nullopt)};
    P.run(true);
    CHECK(P.Findings[0].Fixes.size() == 1);
    CHECK(P.Findings[0].Notes.size() == 1);
  }
}

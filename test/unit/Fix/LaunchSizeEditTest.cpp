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

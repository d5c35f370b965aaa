//===- SwizzleSolverTest.cpp - XOR swizzle proposals ------------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Fix/SwizzleSolver.h"
#include "Symbolic/Evaluate.h"

#include <catch2/catch.hpp>

#include <set>

using namespace bankcheck;
using namespace bankcheck::symbolic;

namespace {
Expr tx() { return Expr::var(SymbolTable::threadIdx(0)); }
Expr ty() { return Expr::var(SymbolTable::threadIdx(1)); }
Expr c(std::int64_t V) { return Expr::constant(V); }

struct Tile {
  SymbolTable T;
  SymbolId Inner;
  std::int64_t Extent, Outer, Elem;
  Tile(std::int64_t Outer, std::int64_t Extent, std::int64_t Elem) : Extent(Extent), Outer(Outer), Elem(Elem) {
    Symbol S;
    S.Name = "tile.extent";
    S.Kind = SymbolKind::Layout;
    Inner = T.add(S);
  }
  fix::ArrayAccess access(Expr Row, Expr Col, unsigned Width, bank::BlockShape Shape, const char *Where = "t.cu:1:1") {
    fix::ArrayAccess A;
    A.Query.AccessBytes = Width;
    A.Query.Shape = Shape;
    bank::AccessInstance I;
    I.ByteOffset = Row * Expr::var(Inner) * Elem + Col * Elem;
    A.Query.Instances.push_back(I);
    A.Query.Bindings.push_back({Inner, Extent});
    A.Symbols = &T;
    A.Inner = Inner;
    A.InnerExtent = Extent;
    A.ElementBytes = Elem;
    A.OuterElements = Outer;
    A.Where = Where;
    return A;
  }
};
} // namespace

TEST_CASE("the swizzled offset permutes the units of each row and keeps the rest", "[fix][swizzle]") {
  for (std::int64_t U : {4, 16})
    for (unsigned Bits = 1; Bits <= 3; ++Bits)
      for (unsigned Shift = 0; Shift <= 2; ++Shift) {
        fix::Swizzle S{U, Bits, Shift};
        std::int64_t RowBytes = 128;
        // Offsets of 4-byte elements of 16 rows: a bijection within each row.
        for (std::int64_t Row = 0; Row < 16; ++Row) {
          std::set<std::int64_t> Seen;
          for (std::int64_t B = Row * RowBytes; B < (Row + 1) * RowBytes; B += 4) {
            auto V = evaluate(fix::swizzledOffset(c(B), RowBytes, S), Env());
            REQUIRE(V);
            CHECK(*V / RowBytes == Row);
            CHECK(*V % 4 == 0);
            CHECK(*V % U == B % U); // the offset inside a unit is kept
            Seen.insert(*V);
          }
          CHECK(Seen.size() == std::size_t(RowBytes / 4));
        }
      }
}
TEST_CASE("the rewritten column is the offset's column", "[fix][swizzle]") {
  CHECK(fix::swizzledColumn("threadIdx.x", "threadIdx.y + j", 4, {4, 5, 0}) ==
        "(threadIdx.y + j) ^ ((threadIdx.x) & 31)");
  CHECK(fix::swizzledColumn("r", "c", 2, {16, 3, 1}) == "(c) ^ ((((r) >> 1) & 7) << 3)");
}
TEST_CASE("a column walk of a 32-float tile is swizzled by the row's low five bits", "[fix][swizzle]") {
  Tile T(32, 32, 4);
  fix::PaddingProblem P;
  P.Accesses.push_back(T.access(tx(), ty(), 4, {32, 8, 1})); // column read
  P.Accesses.push_back(T.access(ty(), tx(), 4, {32, 8, 1})); // row write
  auto O = fix::proposeSwizzle(P);
  REQUIRE(O.Proposal);
  CHECK(O.Proposal->S.UnitBytes == 4);
  CHECK(O.Proposal->S.Bits == 5);
  CHECK(O.Proposal->S.Shift == 0);
  CHECK(O.Proposal->DegreeBefore == 32);
  CHECK(O.Proposal->DegreeAfter == 1);
}
TEST_CASE("a warp-uniform column is not a conflict a swizzle needs to touch", "[fix][swizzle]") {
  // tile[k][tx]: every lane in one row, consecutive words: no conflict.
  Tile T(32, 32, 4);
  fix::PaddingProblem P;
  P.Accesses.push_back(T.access(c(3), tx(), 4, {32, 1, 1}));
  auto O = fix::proposeSwizzle(P);
  CHECK_FALSE(O.Proposal);
  CHECK(O.WhyNot == "no conflict to remove");
}
TEST_CASE("a lane-uniform row read by every lane is not helped by swizzling", "[fix][swizzle]") {
  // Every lane reads tile[tx][0] after a swizzle keyed on... the row: fixed.
  // But tile[0][32 * tx / 32]: all lanes in one row, one word: a broadcast.
  Tile T(32, 32, 4);
  fix::PaddingProblem P;
  P.Accesses.push_back(T.access(c(0), c(5), 4, {32, 1, 1}));
  CHECK_FALSE(fix::proposeSwizzle(P).Proposal);
}
TEST_CASE("16-byte accesses are swizzled by whole chunks and stay contiguous", "[fix][swizzle]") {
  // ldmatrix-like: lane l gives row l of a tile of 64 halves (128-byte rows),
  // 16 bytes each at column 0: 8 lanes per phase on one bank group.
  Tile T(64, 64, 2);
  fix::PaddingProblem P;
  P.Accesses.push_back(T.access(tx(), c(0), 16, {32, 1, 1}));
  // and the row-wise 16-byte writes (cp.async-like): lane l writes chunk l % 8 of row l / 8.
  P.Accesses.push_back(T.access(tx() / c(8), (tx() % c(8)) * c(8), 16, {32, 1, 1}));
  auto O = fix::proposeSwizzle(P);
  REQUIRE(O.Proposal);
  CHECK(O.Proposal->S.UnitBytes == 16);
  CHECK(O.Proposal->S.Bits == 3);
  CHECK(O.Proposal->DegreeAfter == 1);
}
TEST_CASE("a swizzle whose segment does not divide the row is never proposed", "[fix][swizzle]") {
  // 33-float rows: no power-of-two segment of units divides the row.
  Tile T(32, 33, 4);
  fix::PaddingProblem P;
  P.Accesses.push_back(T.access(tx() * c(2), c(0), 4, {32, 1, 1})); // stride 66 words: 2-way
  auto O = fix::proposeSwizzle(P);
  CHECK_FALSE(O.Proposal);
}
TEST_CASE("swizzles that help one access and hurt another are refused", "[fix][swizzle]") {
  // A column walk beside a diagonal read tile[tx][tx] (lane l at word 33 l:
  // bank l, conflict-free as written). The swizzle that fixes the walk,
  // c ^ (r & 31), maps the diagonal to column 0 of every row: 32-way. Only
  // a partial swizzle that keeps the diagonal a bijection may be proposed
  // (one whose bits do not overlap, c ^ ((r >> 3) & 7): the walk 32-way ->
  // 4-way, the diagonal still a bijection of the banks).
  Tile T(32, 32, 4);
  fix::PaddingProblem P;
  P.Accesses.push_back(T.access(tx(), c(0), 4, {32, 1, 1}));
  P.Accesses.push_back(T.access(tx(), tx(), 4, {32, 1, 1}));
  auto O = fix::proposeSwizzle(P);
  REQUIRE(O.Proposal);
  CHECK(O.Proposal->DegreeAfter > 1);
  CHECK(O.Proposal->DegreeAfter < 32);
}

TEST_CASE("the swizzle of a byte offset as text equals the swizzle of the tile's units", "[fix][swizzle]") {
  fix::Swizzle S{16, 3, 1}; // 16-byte chunks, row bits 1 to 3
  CHECK(fix::swizzledOffsetText("o", 128, S) == "o ^ ((((o / 128) >> 1) & 7) << 4)");
  CHECK(fix::swizzledOffsetText("o", 128, fix::Swizzle{4, 5, 0}) == "o ^ (((o / 128) & 31) << 2)");
  // The text's arithmetic, done here, against swizzledOffset evaluated.
  for (std::int64_t O = 0; O < 128 * 64; O += 2) {
    std::int64_t Text = O ^ ((((O / 128) >> 1) & 7) << 4);
    std::optional<std::int64_t> Model =
        symbolic::evaluate(fix::swizzledOffset(symbolic::Expr::constant(O), 128, S), symbolic::Env());
    REQUIRE(Model);
    CHECK(*Model == Text);
  }
}

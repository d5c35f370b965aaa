//===- PaddingSolverTest.cpp - Padding proposals ---------------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Fix/AccessEvaluation.h"
#include "Fix/PaddingSolver.h"

#include <catch2/catch.hpp>

using namespace bankcheck;
using namespace bankcheck::symbolic;

namespace {
Expr tx() { return Expr::var(SymbolTable::threadIdx(0)); }
Expr ty() { return Expr::var(SymbolTable::threadIdx(1)); }
Expr mod(Expr E, std::int64_t M) { return Expr::binary(Op::Mod, E, Expr::constant(M)); }

/// One access Array[Row][Col] of a 2-D array with Outer rows of Inner elements.
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
  fix::ArrayAccess access(Expr Row, Expr Col, unsigned Width, bank::BlockShape Shape,
                          const char *Where = "t.cu:1:1") {
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

TEST_CASE("a float column walk of a 32-wide tile is fixed by one element of padding", "[fix]") {
  Tile T(32, 32, 4);
  fix::PaddingProblem P;
  P.Accesses.push_back(T.access(tx(), ty(), 4, {32, 8, 1}));  // column read
  P.Accesses.push_back(T.access(ty(), tx(), 4, {32, 8, 1}));  // row write
  auto O = fix::proposePadding(P);
  REQUIRE(O.Proposal);
  CHECK(O.Proposal->Pad == 1);
  CHECK(O.Proposal->DegreeBefore == 32);
  CHECK(O.Proposal->DegreeAfter == 1);
  CHECK(O.Proposal->BytesAdded == 128);
}
TEST_CASE("a half column walk needs two halves of padding, not one", "[fix]") {
  Tile T(32, 64, 2);
  fix::PaddingProblem P;
  P.Accesses.push_back(T.access(tx(), Expr::constant(0), 2, {32, 1, 1}));
  auto O = fix::proposePadding(P);
  REQUIRE(O.Proposal);
  CHECK(O.Proposal->Pad == 2);
  CHECK(O.Proposal->DegreeAfter == 1);
}
TEST_CASE("a float tile read as float4 is padded by whole float4s to stay aligned", "[fix]") {
  Tile T(64, 32, 4);
  fix::PaddingProblem P;
  P.Accesses.push_back(T.access(tx(), Expr::constant(0), 16, {32, 1, 1}));
  auto O = fix::proposePadding(P);
  REQUIRE(O.Proposal);
  CHECK(O.Proposal->Pad % 4 == 0);
  CHECK(O.Proposal->DegreeAfter == 1);
}
TEST_CASE("with 16-wide blocks the row stride must become 16 mod 32", "[fix]") {
  // Bt[tx][ty] stored by 16x16 threads: a warp covers two values of ty.
  Tile T(16, 16, 4);
  fix::PaddingProblem P;
  P.Accesses.push_back(T.access(tx(), ty(), 4, {16, 16, 1}));
  auto O = fix::proposePadding(P);
  REQUIRE(O.Proposal);
  CHECK(O.Proposal->Pad == 2); // stride 17 still collides across the half-warps
  CHECK(O.Proposal->DegreeAfter == 1);
}
TEST_CASE("padding that would pass the static shared memory limit is refused", "[fix]") {
  Tile T(32, 32, 4);
  fix::PaddingProblem P;
  auto A = T.access(tx(), ty(), 4, {32, 8, 1});
  A.OtherStaticBytes = 48 * 1024 - 4096;
  P.Accesses.push_back(A);
  auto O = fix::proposePadding(P);
  CHECK_FALSE(O.Proposal);
  CHECK(O.WhyNot.find("limit") != std::string::npos);
}
TEST_CASE("padding never raises any access's wavefronts", "[fix][property]") {
  for (std::int64_t Extent = 1; Extent <= 64; ++Extent) {
    Tile T(32, Extent, 4);
    fix::PaddingProblem P;
    P.Accesses.push_back(T.access(tx(), Expr::constant(0), 4, {32, 1, 1}));
    P.Accesses.push_back(T.access(Expr::constant(0), tx(), 4, {32, 1, 1}));
    auto O = fix::proposePadding(P);
    if (!O.Proposal)
      continue;
    CHECK(O.Proposal->DegreeAfter < O.Proposal->DegreeBefore);
    CHECK(O.Proposal->DegreeAfter == 1);
  }
}
TEST_CASE("no proposal when there is no conflict", "[fix]") {
  Tile T(32, 33, 4);
  fix::PaddingProblem P;
  P.Accesses.push_back(T.access(tx(), Expr::constant(0), 4, {32, 1, 1}));
  CHECK_FALSE(fix::proposePadding(P).Proposal);
}

// Rows of an extern __shared__ buffer carved by hand: padding is counted in bytes.
TEST_CASE("a column walk down 128-byte char rows is fixed by 4 bytes, not 1", "[fix]") {
  // smem[threadIdx.x * 128 + 0] on an extern char buffer: padding by 1, 2 or
  // 3 bytes only halves or quarters the conflict (lanes still share words'
  // banks); 4 bytes gives every lane its own bank.
  Tile T(0, 128, 1);
  fix::PaddingProblem P;
  P.Dynamic = true;
  P.Accesses.push_back(T.access(tx(), Expr::constant(0), 1, {32, 1, 1}));
  auto O = fix::proposePadding(P);
  REQUIRE(O.Proposal);
  CHECK(O.Proposal->DegreeBefore == 32);
  CHECK(O.Proposal->DegreeAfter == 1);
  CHECK(O.Proposal->PadBytes == 4);
  CHECK(O.Proposal->BytesAdded == 0); // row count unknown
}
TEST_CASE("a float region read as float4 is padded by 16 bytes to keep the reads aligned", "[fix]") {
  Tile T(32, 32, 4);
  fix::PaddingProblem P;
  P.Dynamic = true;
  P.Accesses.push_back(T.access(tx(), ty(), 4, {32, 8, 1}));                // a[tx * W + ty]
  P.Accesses.push_back(T.access(tx(), Expr::constant(0), 16, {32, 1, 1}));  // float4 at a[tx * W]
  auto O = fix::proposePadding(P);
  REQUIRE(O.Proposal);
  CHECK(O.Proposal->Pad == 4);
  CHECK(O.Proposal->PadBytes == 16);
  CHECK(O.Proposal->BytesAdded == 32 * 16);
}
TEST_CASE("a float4 region pads by whole float4s: 16 bytes per row", "[fix]") {
  Tile T(32, 8, 16); // rows of 8 float4s = 128 bytes
  fix::PaddingProblem P;
  P.Dynamic = true;
  P.Accesses.push_back(T.access(tx(), Expr::constant(0), 16, {32, 1, 1}));
  auto O = fix::proposePadding(P);
  REQUIRE(O.Proposal);
  CHECK(O.Proposal->Pad == 1);
  CHECK(O.Proposal->PadBytes == 16);
  CHECK(O.Proposal->DegreeAfter < O.Proposal->DegreeBefore);
}
TEST_CASE("dynamic rows are not held to the 48 KiB static limit", "[fix]") {
  Tile T(1024, 32, 4); // 128 KiB of dynamic shared memory
  fix::PaddingProblem P;
  P.Accesses.push_back(T.access(tx(), ty(), 4, {32, 8, 1}));
  CHECK_FALSE(fix::proposePadding(P).Proposal); // as a static array: over the limit
  P.Dynamic = true;
  auto O = fix::proposePadding(P);
  REQUIRE(O.Proposal);
  CHECK(O.Proposal->PadBytes == 4);
  CHECK(O.Proposal->BytesAdded == 1024 * 4);
}
TEST_CASE("no byte padding is proposed for a conflict-free walk along a char row", "[fix]") {
  Tile T(0, 32, 1);
  fix::PaddingProblem P;
  P.Dynamic = true;
  // Each lane reads its own byte of one row: 4 lanes per word, conflict-free.
  P.Accesses.push_back(T.access(Expr::constant(0), tx(), 1, {32, 1, 1}));
  auto O = fix::proposePadding(P);
  CHECK_FALSE(O.Proposal);
  CHECK(O.WhyNot == "no conflict to remove");
}

// The reason given without a proposal is that of the best candidate.
TEST_CASE("the reason names what ruled out the aligned padding, not the last one tried", "[fix]") {
  // A float column walk of a 32-float tile, beside a float4 store whose
  // 8-lane phases write the first half of one row and the second half of the
  // next (banks 0-15 and 16-31). Pads of 1-3 floats misalign the store; every
  // aligned pad that helps the column walk shifts the next row's half onto
  // banks of the first (4 floats: the walk 32-way -> 4-way, the store 4 -> 8
  // wavefronts). The reason is the store's, not an alignment.
  Tile T(32, 32, 4);
  fix::PaddingProblem P;
  P.Accesses.push_back(T.access(tx(), Expr::constant(0), 4, {32, 1, 1}));
  Expr L = tx();
  Expr Row = L / Expr::constant(4);
  Expr Col = (L % Expr::constant(4)) * Expr::constant(4) + (Row % Expr::constant(2)) * Expr::constant(16);
  auto Store = T.access(Row, Col, 16, {32, 1, 1});
  Store.Where = "t.cu:9:5";
  P.Accesses.push_back(Store);
  auto O = fix::proposePadding(P);
  REQUIRE_FALSE(O.Proposal);
  CHECK(O.WhyNot == "padding by 4 elements would lower the conflict to 4-way but would make the access at "
                    "t.cu:9:5 worse (4 -> 8 wavefronts in its worst warp)");
}
TEST_CASE("a padding over the static limit is named with the degree it would reach", "[fix]") {
  Tile T(32, 32, 4);
  fix::PaddingProblem P;
  auto A = T.access(tx(), ty(), 4, {32, 8, 1});
  A.OtherStaticBytes = 48 * 1024 - 4096;
  P.Accesses.push_back(A);
  auto O = fix::proposePadding(P);
  REQUIRE_FALSE(O.Proposal);
  CHECK(O.WhyNot == "padding by 1 element would lower the conflict to 1-way but would take the kernel's "
                    "static shared memory to 49280 bytes, over the 49152-byte limit");
}
TEST_CASE("misalignment is the reason only when every helping padding misaligns", "[fix]") {
  // float2 column walk of a 32-float tile: only odd paddings would spread
  // the rows... of which none keeps the 8-byte reads aligned; even ones do.
  Tile T(32, 32, 4);
  fix::PaddingProblem P;
  P.Accesses.push_back(T.access(tx(), Expr::constant(0), 8, {32, 1, 1}));
  auto O = fix::proposePadding(P);
  REQUIRE(O.Proposal);
  CHECK(O.Proposal->Pad % 2 == 0);
}
TEST_CASE("a tile written by cp.async in 128-byte rows is not padded for its ldmatrix reads", "[fix]") {
  // ldmatrix rows (16 bytes per lane address, 128-byte rows): 8-way; +8
  // halves would fix them, but the cp.async writes of whole rows would land
  // in 144-byte rows, measured 2.6x their ideal with several warps.
  Tile T(64, 64, 2);
  fix::PaddingProblem P;
  auto Read = T.access(tx() % Expr::constant(16), (tx() / Expr::constant(16)) * Expr::constant(8), 16, {32, 1, 1});
  Read.Query.F = bank::Form::LDSM_X4;
  P.Accesses.push_back(Read);
  auto Copy = T.access(tx() / Expr::constant(8), (tx() % Expr::constant(8)) * Expr::constant(8), 16, {32, 1, 1});
  Copy.Query.F = bank::Form::LDGSTS;
  Copy.Where = "t.cu:7:3";
  P.Accesses.push_back(Copy);
  auto O = fix::proposePadding(P);
  REQUIRE_FALSE(O.Proposal);
  CHECK(O.WhyNot.find("would move the cp.async writes at t.cu:7:3 off whole 128-byte rows") != std::string::npos);
  // Without the copy the same reads are padded by 16 bytes.
  P.Accesses.pop_back();
  auto Q = fix::proposePadding(P);
  REQUIRE(Q.Proposal);
  CHECK(Q.Proposal->PadBytes == 16);
}
TEST_CASE("a padding that trades one access's conflict for another's is named as such", "[fix]") {
  // 32-byte rows of halves (LeetCUDA's s_a[128][16]): ldmatrix rows r and
  // r + 4 share banks (2-way); +8 halves fixes them but splits the 16-byte
  // stores of two lanes per row across the banks of the next rows.
  Tile T(128, 16, 2);
  fix::PaddingProblem P;
  auto Read = T.access(tx() % Expr::constant(16), (tx() / Expr::constant(16)) * Expr::constant(8), 16, {256, 1, 1},
                       "t.cu:5:7");
  Read.Query.F = bank::Form::LDSM_X4;
  P.Accesses.push_back(Read);
  P.Accesses.push_back(T.access(tx() / Expr::constant(2), (tx() % Expr::constant(2)) * Expr::constant(8), 16,
                                {256, 1, 1}, "t.cu:9:5"));
  auto O = fix::proposePadding(P);
  REQUIRE_FALSE(O.Proposal);
  CHECK(O.WhyNot.find("would take the access at t.cu:5:7 from 8 to 4 wavefronts but would make the access at "
                      "t.cu:9:5 worse") != std::string::npos);
}
TEST_CASE("one template serving two extents is padded per instantiation", "[fix]") {
  // TILE = 32 needs +1; TILE = 31 is clean and +1 would make it 32 (32-way).
  // No single padding reaches 1-way for both; TILE + (TILE % 32 == 0) does.
  Tile T32(32, 32, 4), T31(31, 31, 4);
  fix::PaddingProblem P;
  P.Accesses.push_back(T32.access(tx(), Expr::constant(0), 4, {32, 1, 1}));
  P.Accesses.push_back(T31.access(tx(), Expr::constant(0), 4, {32, 1, 1}));
  auto O = fix::proposePadding(P);
  CHECK((!O.Proposal || O.Proposal->DegreeAfter > 1));
  std::string Why;
  auto E = fix::proposePaddingPerExtent(P, Why);
  REQUIRE(E);
  CHECK(E->Pad == 1);
  CHECK(E->Modulus == 32);
  CHECK(E->DegreeBefore == 32);
  CHECK(E->DegreeAfter == 1);
  CHECK(E->Extents == 2);
}
TEST_CASE("no per-instantiation padding when the padded extents are not the whole-period ones", "[fix]") {
  // TILE = 16 with 16-wide blocks needs +2 (rows 64 bytes): not a whole bank period.
  Tile T16(16, 16, 4), T32(32, 32, 4);
  fix::PaddingProblem P;
  P.Accesses.push_back(T16.access(tx(), ty(), 4, {16, 16, 1}));
  P.Accesses.push_back(T32.access(tx(), Expr::constant(0), 4, {32, 1, 1}));
  std::string Why;
  CHECK_FALSE(fix::proposePaddingPerExtent(P, Why));
  CHECK_FALSE(Why.empty());
}

namespace {
/// The padding every access's evaluation at every candidate would choose (the
/// search before it passed over paddings on the improvable accesses alone):
/// the smallest padding of one bank period with the lowest worst degree that
/// makes no access worse (worst or mean wavefronts). Problems here have no
/// static limit, alignment or cp.async constraint to meet.
std::pair<std::int64_t, unsigned> everyAccessEveryPadding(const fix::PaddingProblem &P, const SymbolTable &T) {
  auto Eval = [&](std::int64_t Pad) {
    std::vector<bank::AccessResult> R;
    for (const fix::ArrayAccess &A : P.Accesses) {
      bank::AccessQuery Q = A.Query;
      for (auto &[Id, V] : Q.Bindings)
        if (Id == A.Inner)
          V = A.InnerExtent + Pad;
      R.push_back(bank::analyzeAccess(Q, T));
    }
    return R;
  };
  std::vector<bank::AccessResult> Before = Eval(0);
  unsigned MaxBefore = 0;
  for (const auto &R : Before)
    MaxBefore = std::max(MaxBefore, R.Degree);
  std::int64_t BestPad = 0;
  unsigned Best = MaxBefore;
  for (std::int64_t Pad = 1; Pad <= 128 / P.Accesses.front().ElementBytes && Best > 1; ++Pad) {
    std::vector<bank::AccessResult> R = Eval(Pad);
    unsigned Max = 0;
    bool Worse = false;
    for (std::size_t I = 0; I < R.size(); ++I) {
      Max = std::max(Max, R[I].Degree);
      Worse |= R[I].WorstWavefronts > Before[I].WorstWavefronts ||
               R[I].MeanWavefronts > Before[I].MeanWavefronts + 1e-9;
    }
    if (!Worse && Max < Best) {
      Best = Max;
      BestPad = Pad;
    }
  }
  return {BestPad, Best};
}
} // namespace

TEST_CASE("the padding search chooses what evaluating every access at every padding chooses", "[fix][property]") {
  // Mixes of conflicting column walks and clean row walks, under block
  // shapes whose warps span one, two or four rows: the row walks are the
  // accesses a padding can only make worse, which the search passes over.
  const bank::BlockShape Shapes[] = {{32, 8, 1}, {16, 16, 1}, {8, 32, 1}, {64, 4, 1}};
  unsigned Compared = 0;
  for (std::int64_t Elem : {4, 8})
    for (std::int64_t Extent : {2, 4, 6, 8, 16, 24, 32, 48, 64})
      for (const bank::BlockShape &S : Shapes)
        for (unsigned Mix = 0; Mix < 4; ++Mix) {
          Tile T(64, Extent, Elem);
          fix::PaddingProblem P;
          P.Accesses.push_back(T.access(tx(), mod(ty(), Extent), unsigned(Elem), S)); // column walk
          if (Mix & 1)
            P.Accesses.push_back(T.access(ty(), mod(tx(), Extent), unsigned(Elem), S)); // row walk
          if (Mix & 2)
            P.Accesses.push_back(T.access(mod(tx(), 8), mod(ty(), Extent), unsigned(Elem), S)); // short column
          auto [Pad, Degree] = everyAccessEveryPadding(P, T.T);
          auto O = fix::proposePadding(P);
          INFO("elem " << Elem << " extent " << Extent << " block " << S.X << "x" << S.Y << " mix " << Mix);
          if (Pad == 0) {
            CHECK_FALSE(O.Proposal);
            continue;
          }
          REQUIRE(O.Proposal);
          CHECK(O.Proposal->Pad == Pad);
          CHECK(O.Proposal->DegreeAfter == Degree);
          ++Compared;
        }
  CHECK(Compared > 20);
}

TEST_CASE("a padding that leaves the worst instance's warp as it was is told from that instance", "[fix]") {
  // T[2 * tx][j] for j = 0..3 (an unrolled loop: four instances): even rows
  // of a 32-wide tile are all in bank j (32-way). A padding by p puts row 2tx
  // at bank 2tx*p mod 32: 16 keeps the 32-way conflict, odd paddings make it
  // 2-way (rows tx and tx + 16), none makes it 1-way.
  Tile T(64, 32, 4);
  fix::PaddingProblem P;
  fix::ArrayAccess A = T.access(tx() * 2, Expr::constant(0), 4, {32, 1, 1});
  for (int J = 1; J < 4; ++J) {
    bank::AccessInstance I = A.Query.Instances.front();
    I.ByteOffset = I.ByteOffset + Expr::constant(4 * J);
    A.Query.Instances.push_back(I);
  }
  P.Accesses.push_back(A);
  fix::detail::Evaluation Before = fix::detail::evaluateAccesses(P, 0, "");
  REQUIRE(Before.Ok);
  CHECK(Before.Worst[0] == 32);
  REQUIRE(Before.WorstInstance[0]);
  std::uint64_t Work = 0;
  bool Whole = true;
  CHECK(fix::detail::keepsWorst(P, 16, {0}, Before, Work, Whole));
  CHECK(Work == 32); // one instance's warp, not four
  CHECK_FALSE(Whole);
  CHECK_FALSE(fix::detail::keepsWorst(P, 1, {0}, Before, Work, Whole));
  CHECK_FALSE(fix::detail::keepsWorst(P, 2, {0}, Before, Work, Whole)); // 16-way: lowered
  auto O = fix::proposePadding(P);
  REQUIRE(O.Proposal);
  CHECK(O.Proposal->Pad == 1);
  CHECK(O.Proposal->DegreeBefore == 32);
  CHECK(O.Proposal->DegreeAfter == 2);
}

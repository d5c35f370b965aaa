//===- AccessAnalysisTest.cpp - Whole-block verdicts ----------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "BankModel/AccessAnalysis.h"

#include <catch2/catch.hpp>
#include <limits>

using namespace bankcheck;
using namespace bankcheck::symbolic;
using bank::Status;

namespace {
Expr tx() { return Expr::var(SymbolTable::threadIdx(0)); }
Expr ty() { return Expr::var(SymbolTable::threadIdx(1)); }
Expr tz() { return Expr::var(SymbolTable::threadIdx(2)); }
Expr c(std::int64_t V) { return Expr::constant(V); }

bank::AccessResult run(Expr Offset, unsigned Bytes, std::optional<bank::BlockShape> Shape,
                       const SymbolTable &T = SymbolTable(), std::vector<bank::Guard> G = {}) {
  bank::AccessQuery Q;
  Q.AccessBytes = Bytes;
  Q.Shape = Shape;
  bank::AccessInstance I;
  I.ByteOffset = Offset;
  I.Guards = G;
  Q.Instances.push_back(I);
  return bank::analyzeAccess(Q, T);
}
/// One instance at Offset, Bytes wide, in Shape, with a budget and an array size.
bank::AccessQuery query(Expr Offset, unsigned Bytes, bank::BlockShape Shape,
                        std::optional<std::int64_t> ArrayBytes = std::nullopt, std::vector<bank::Guard> G = {}) {
  bank::AccessQuery Q;
  Q.AccessBytes = Bytes;
  Q.Shape = Shape;
  Q.ArrayBytes = ArrayBytes;
  bank::AccessInstance I;
  I.ByteOffset = Offset;
  I.Guards = std::move(G);
  Q.Instances.push_back(I);
  return Q;
}
SymbolId uniform(SymbolTable &T, const char *Name) {
  Symbol S;
  S.Name = Name;
  S.Kind = SymbolKind::Uniform;
  return T.add(S);
}
/// A uniform symbol at least 0 (a loop's iteration counter).
SymbolId counter(SymbolTable &T, const char *Name) {
  Symbol S;
  S.Name = Name;
  S.Kind = SymbolKind::Uniform;
  S.Min = 0;
  return T.add(S);
}
/// A uniform symbol known to be Rem modulo Modulus.
SymbolId congruent(SymbolTable &T, const char *Name, std::int64_t Modulus, std::int64_t Rem) {
  Symbol S;
  S.Name = Name;
  S.Kind = SymbolKind::Uniform;
  S.Modulus = Modulus;
  S.Rem = Rem;
  return T.add(S);
}
} // namespace

TEST_CASE("a column walk of float tile[32][32] is a 32-way conflict in every warp", "[analysis]") {
  auto R = run((tx() * 32 + ty()) * 4, 4, bank::BlockShape{32, 8, 1});
  CHECK(R.St == Status::Conflict);
  CHECK(R.Degree == 32);
  CHECK(R.MeanWavefronts == 32);
}
TEST_CASE("warps span two rows when blockDim.x is 16", "[analysis]") {
  // tile[16][16] read tile[tx][ty] with 16x16 threads: 8-way (bank-model rule 7).
  auto R = run((tx() * 16 + ty()) * 4, 4, bank::BlockShape{16, 16, 1});
  CHECK(R.St == Status::Conflict);
  CHECK(R.WorstWavefronts == 8);
}
TEST_CASE("an 8x4x2 block reading s3[tx][ty][tz] of 8x4x2 floats is 2-way", "[analysis]") {
  auto R = run(((tx() * 4 + ty()) * 2 + tz()) * 4, 4, bank::BlockShape{8, 4, 2});
  CHECK(R.WorstWavefronts == 2);
}
TEST_CASE("a partial last warp only counts its threads", "[analysis]") {
  auto R = run(tx() * 128, 4, bank::BlockShape{48, 1, 1});
  CHECK(R.WorstWavefronts == 32);
  CHECK(R.MeanWavefronts == Approx(24.0));
}
TEST_CASE("a guard on the lane index deactivates lanes", "[analysis]") {
  std::vector<bank::Guard> G = {{Expr::binary(Op::Lt, tx(), c(16)), "threadIdx.x < 16"}};
  auto R = run(tx() * 128, 4, bank::BlockShape{32, 1, 1}, SymbolTable(), G);
  CHECK(R.WorstWavefronts == 16);
}
TEST_CASE("an added uniform offset of whole words is proven not to matter", "[analysis]") {
  SymbolTable T;
  Expr N = Expr::var(uniform(T, "n"));
  auto R = run((tx() + N) * 4, 4, bank::BlockShape{256, 1, 1}, T);
  CHECK(R.St == Status::Clean);
  auto R2 = run((tx() * 32 + N) * 4, 4, bank::BlockShape{256, 1, 1}, T);
  CHECK(R2.St == Status::Conflict);
  CHECK(R2.Degree == 32);
}
TEST_CASE("a lane stride that is an unknown uniform value is a possible conflict with a witness", "[analysis]") {
  SymbolTable T;
  Expr N = Expr::var(uniform(T, "stride"));
  auto R = run(tx() * N * 4, 4, bank::BlockShape{32, 1, 1}, T);
  CHECK(R.St == Status::Possible);
  CHECK(R.Reason.find("stride = ") != std::string::npos);
}
TEST_CASE("a data-dependent index is unknown, never guessed", "[analysis]") {
  SymbolTable T;
  Symbol S;
  S.Name = "idx[threadIdx.x]";
  S.Kind = SymbolKind::LaneOpaque;
  S.Reason = "value loaded from 'idx'";
  Expr D = Expr::var(T.add(S));
  auto R = run(D * 4, 4, bank::BlockShape{32, 1, 1}, T);
  CHECK(R.St == Status::Unknown);
  CHECK(R.Reason == "value loaded from 'idx'");
}
TEST_CASE("with no block shape a column walk is still decided under the stated assumption", "[analysis]") {
  auto R = run((tx() * 32 + ty()) * 4, 4, std::nullopt);
  CHECK(R.St == Status::Conflict);
  CHECK(R.Degree == 32);
  REQUIRE_FALSE(R.Assumptions.empty());
  CHECK(R.Assumptions[0].find("multiple of 32") != std::string::npos);
  auto Clean = run((ty() * 32 + tx()) * 4, 4, std::nullopt);
  CHECK(Clean.St == Status::Clean);
}
TEST_CASE("an xor swizzle removes the column conflict", "[analysis]") {
  // tile[tx][c ^ tx] for c = 0: word tx*32 + (c ^ tx)
  auto R = run((tx() * 32 + (c(0) ^ tx())) * 4, 4, bank::BlockShape{32, 1, 1});
  CHECK(R.St == Status::Clean);
}
TEST_CASE("decideOverBlock tells loop conditions that hold everywhere from mixed ones", "[analysis]") {
  bank::BlockShape S{64, 1, 1};
  CHECK(bank::decideOverBlock(Expr::binary(Op::Lt, tx(), c(64)), S) == bank::Truth::AllTrue);
  CHECK(bank::decideOverBlock(Expr::binary(Op::Lt, tx(), c(16)), S) == bank::Truth::Mixed);
  CHECK(bank::decideOverBlock(Expr::binary(Op::Lt, tx(), c(0)), S) == bank::Truth::AllFalse);
}
TEST_CASE("rows an unknown pitch apart are proven clean when no pitch can conflict", "[analysis]") {
  // double d[ty * pitch + tx] with 16x2 threads: each half-warp is one row.
  SymbolTable T;
  Expr Pitch = Expr::var(uniform(T, "pitch"));
  auto R = run((ty() * Pitch + tx()) * 8, 8, bank::BlockShape{16, 2, 1}, T);
  CHECK(R.St == Status::Clean);
}
TEST_CASE("rows an unknown pitch apart conflict for some pitches only", "[analysis]") {
  SymbolTable T;
  Expr Pitch = Expr::var(uniform(T, "pitch"));
  auto R = run((ty() * Pitch + tx()) * 4, 4, bank::BlockShape{16, 2, 1}, T);
  CHECK(R.St == Status::Possible);
  CHECK(R.WorstWavefronts == 2);
  CHECK(R.Reason.find("pitch = ") != std::string::npos);
}
TEST_CASE("sampled values: a part the lanes share is evaluated once, its failures skip the sample", "[analysis]") {
  // Two unknown quotients scale the lanes: sampled. n / d and m / d read
  // only sampled values (evaluated once per sample); d = 0 fails both, and
  // such samples count for nothing. The first sample with the worst cost is
  // n = 32, d = 1 (n counts first, then d; m stays at its first value).
  SymbolTable T;
  Expr N = Expr::var(uniform(T, "n")), D = Expr::var(uniform(T, "d")), M = Expr::var(uniform(T, "m"));
  auto R = run((tx() * Expr::binary(Op::Div, N, D) + (tx() / c(2)) * Expr::binary(Op::Div, M, D)) * 4, 4,
               bank::BlockShape{32, 1, 1}, T);
  CHECK(R.St == Status::Possible);
  CHECK(R.WorstWavefronts == 32);
  CHECK(R.Reason == "conflicts when n = 32, d = 1, m = 0");
}
TEST_CASE("sampled values: a guard's loaded value is assumed, not sampled; a conjunct the samples decide drops lanes",
          "[analysis]") {
  // Word (2 * tx) / n under `!flag`, flag loaded for the whole block: not
  // linear in n, so n is sampled (n = 1: words 0, 2, ..., 62, 2-way); the
  // flag is assumed to hold, not a reason to give up.
  SymbolTable T;
  Expr N = Expr::var(uniform(T, "n"));
  Symbol F;
  F.Name = "flag[blockIdx.x]";
  F.Kind = SymbolKind::Function;
  F.Reason = "value loaded from 'flag[blockIdx.x]'";
  Expr Flag = Expr::var(T.add(F));
  Expr Offset = Expr::binary(Op::Div, tx() * c(2), N) * c(4);
  std::vector<bank::Guard> G = {{Expr::binary(Op::Eq, Flag, c(0)), "!flag"}};
  auto R = run(Offset, 4, bank::BlockShape{32, 1, 1}, T, G);
  CHECK(R.St == Status::Possible);
  CHECK(R.WorstWavefronts == 2);
  CHECK(R.Reason == "conflicts when n = 1");
  REQUIRE(R.Assumptions.size() == 1);
  CHECK(R.Assumptions[0] == "the condition '!flag' holds for every lane");
  // `n > 1 && flag`: the sample n = 1 runs no lane (its conjunct is false
  // though the flag is unknown); every other n is at most a broadcast.
  std::vector<bank::Guard> G2 = {{Expr::binary(Op::LAnd, Expr::binary(Op::Lt, c(1), N), Flag), "n > 1 && flag"}};
  auto R2 = run(Offset, 4, bank::BlockShape{32, 1, 1}, T, G2);
  CHECK(R2.St == Status::Unknown);
  CHECK(R2.Reason.find("no conflict for the sampled values") != std::string::npos);
}
TEST_CASE("sampled values and uniform residues that misalign an access or leave the variable are no witnesses",
          "[analysis]") {
  // Bytes 2n + 4 * (2 * tx / n): an odd n misaligns the 4-byte access (it
  // would fault), and only then do lanes tx and tx + 16 share a bank; every
  // even n is clean or a broadcast.
  SymbolTable T;
  Expr N = Expr::var(uniform(T, "n"));
  auto R = run(N * c(2) + Expr::binary(Op::Div, tx() * c(2), N) * c(4), 4, bank::BlockShape{32, 1, 1}, T);
  CHECK(R.St == Status::Unknown);
  CHECK(R.Reason.find("no conflict for the sampled values") != std::string::npos);
  // The exact rule for a uniform part: `raw + n * n * 2` as a float4 row is
  // aligned or faults; contiguous and aligned, it is clean.
  Expr NN = Expr::binary(Op::Mul, N, N);
  auto U = run(NN * c(2) + tx() * c(16), 16, bank::BlockShape{32, 1, 1}, T);
  CHECK(U.St == Status::Clean);
  // A 2-byte access may sit at 2 (mod 4): both residues count.
  auto H = run(NN * c(2) + tx() * c(4), 2, bank::BlockShape{32, 1, 1}, T);
  CHECK(H.St == Status::Clean);
  auto H2 = run(NN * c(2) + tx() * c(64), 2, bank::BlockShape{32, 1, 1}, T);
  CHECK(H2.St == Status::Conflict);
  // Nor a sample that takes a lane outside the variable: word 128 * tx / n
  // of 1024 floats stays inside from n = 4 (n = 1 to 3 reach past the end).
  bank::AccessQuery Q = query(Expr::binary(Op::Div, tx() * c(128), N) * c(4), 4, bank::BlockShape{32, 1, 1}, 4096);
  auto B = bank::analyzeAccess(Q, T);
  CHECK(B.St == Status::Possible);
  CHECK(B.WorstWavefronts == 32);
  CHECK(B.Reason == "conflicts when n = 4");
}
TEST_CASE("a conflict that every pitch keeps is proven", "[analysis]") {
  SymbolTable T;
  Expr Pitch = Expr::var(uniform(T, "pitch"));
  auto R = run((tx() * 32 + ty() * Pitch) * 4, 4, bank::BlockShape{16, 2, 1}, T);
  CHECK(R.St == Status::Conflict);
  CHECK(R.WorstWavefronts == 32);
}

TEST_CASE("an exhausted budget keeps a decided conflict as a lower bound", "[analysis][budget]") {
  // 32 warps of 32 lanes; the budget runs out after the first few warps.
  bank::AccessQuery Q = query((tx() * 32 + ty()) * 4, 4, bank::BlockShape{32, 32, 1});
  Q.Budget = 100;
  auto R = bank::analyzeAccess(Q, SymbolTable());
  CHECK(R.St == Status::Conflict);
  REQUIRE(R.Worst);
  CHECK(R.Degree == 32);
  CHECK(R.WorstWavefronts == R.Worst->Wavefronts);
  CHECK(R.Reason.find("budget was exhausted") != std::string::npos);
  CHECK(R.Reason.find("lower bound") != std::string::npos);
}
TEST_CASE("an exhausted budget before any conflict is unknown, with a consistent worst case", "[analysis][budget]") {
  bank::AccessQuery Q = query(tx() * 4, 4, bank::BlockShape{1024, 1, 1}); // clean everywhere
  Q.Budget = 64;
  auto R = bank::analyzeAccess(Q, SymbolTable());
  CHECK(R.St == Status::Unknown);
  CHECK(R.Reason.find("budget was exhausted") != std::string::npos);
  if (R.Worst) {
    CHECK(R.Degree >= 1);
    CHECK(R.WorstWavefronts == R.Worst->Wavefronts);
  }
}

TEST_CASE("lanes past the end of the array are reported with the first one in warp order", "[analysis][bounds]") {
  auto R = bank::analyzeAccess(query(tx() * 4, 4, bank::BlockShape{128, 1, 1}, 64 * 4), SymbolTable());
  REQUIRE(R.Bounds);
  CHECK(R.Bounds->Warp == 2u);
  CHECK(R.Bounds->Lane == 0);
  CHECK(R.Bounds->Byte == 256);
  CHECK(R.St == Status::Clean); // the bank verdict is separate
}
TEST_CASE("an access that ends exactly at the array's end is in bounds", "[analysis][bounds]") {
  bank::AccessQuery Q = query(tx() * 16, 16, bank::BlockShape{32, 1, 1}, 32 * 16);
  CHECK(!bank::analyzeAccess(Q, SymbolTable()).Bounds);
  Q.ArrayBytes = 32 * 16 - 1; // the last lane's last byte is outside
  auto R = bank::analyzeAccess(Q, SymbolTable());
  REQUIRE(R.Bounds);
  CHECK(R.Bounds->Lane == 31);
}
TEST_CASE("a negative offset is out of bounds even when the array size is unknown", "[analysis][bounds]") {
  auto R = run(c(-4) + tx() * 0, 4, bank::BlockShape{32, 1, 1});
  REQUIRE(R.Bounds);
  CHECK(R.Bounds->Byte == -4);
}
TEST_CASE("lanes switched off by a guard are never out of bounds", "[analysis][bounds]") {
  auto Q = query(tx() * 4, 4, bank::BlockShape{128, 1, 1}, 64 * 4,
                 {{Expr::binary(Op::Lt, tx(), c(64)), "threadIdx.x < 64"}});
  CHECK(!bank::analyzeAccess(Q, SymbolTable()).Bounds);
}
TEST_CASE("a lane whose guard cannot be decided is not claimed out of bounds", "[analysis][bounds]") {
  SymbolTable T;
  Expr N = Expr::var(uniform(T, "n"));
  auto Q = query(tx() * 4, 4, bank::BlockShape{128, 1, 1}, 64 * 4,
                 {{Expr::binary(Op::Lt, tx(), N), "threadIdx.x < n"}});
  CHECK(!bank::analyzeAccess(Q, T).Bounds);
}
TEST_CASE("an offset that depends on an unknown value is not claimed out of bounds", "[analysis][bounds]") {
  SymbolTable T;
  Expr N = Expr::var(uniform(T, "n"));
  CHECK(!bank::analyzeAccess(query((tx() + N) * 4, 4, bank::BlockShape{32, 1, 1}, 32 * 4), T).Bounds);
}
TEST_CASE("a huge known remainder times its coefficient does not overflow the uniform part", "[analysis]") {
  // Regression (fuzz/short under UBSan): a uniform symbol known to be
  // -9223372036854724292 modulo 8, scaled by 20, made C * Rem overflow.
  SymbolTable T;
  Expr N = Expr::var(congruent(T, "n", 8, -9223372036854724292));
  auto R = run(tx() * 4 + N * 20, 4, bank::BlockShape{32, 1, 1}, T);
  CHECK(R.St == Status::Clean);
  // Near the other end, with a conflict: the degree survives the fallback.
  Expr M = Expr::var(congruent(T, "m", 8, std::numeric_limits<std::int64_t>::max() - 3));
  auto Q = run(tx() * 128 + M * 12, 4, bank::BlockShape{32, 1, 1}, T);
  CHECK(Q.St == Status::Conflict);
  CHECK(Q.WorstWavefronts == 32);
}
TEST_CASE("an offset near the 64-bit limit plus a known uniform part does not overflow", "[analysis]") {
  SymbolTable T;
  Expr N = Expr::var(congruent(T, "n", 8, 4));
  // Lane 0 at 2^63 - 64 bytes plus the unknown n * 16: said, not wrapped.
  auto R = run(c(std::numeric_limits<std::int64_t>::max() - 63) - tx() * 128 + N * 16, 4,
               bank::BlockShape{32, 1, 1}, T);
  CHECK(R.St == Status::Unknown);
  CHECK(R.Reason == "index arithmetic overflows 64 bits");
}

TEST_CASE("a copy's global sources, kept between analyses, follow each table's facts", "[analysis][sources]") {
  // The same source offset over two tables whose symbol t (the same id) has
  // different facts: with t >= 0 the division is exact and the lanes read one
  // contiguous run; without, each lane's quotient is an unknown of its own.
  auto Query = [] {
    bank::AccessQuery Q = query(tx() * 16, 16, bank::BlockShape{32, 1, 1});
    Q.F = bank::Form::LDGSTS;
    Expr T = Expr::var(SymbolTable::gridDim(2) + 1); // the first symbol a kernel's table adds
    Q.Instances[0].SourceOffset = ((T * 32 + tx() * 16) / c(16)) * 16;
    return Q;
  };
  SymbolTable NonNegative, Any;
  Symbol S;
  S.Name = "t";
  S.Kind = SymbolKind::Uniform;
  Symbol Positive = S;
  Positive.Min = 0;
  REQUIRE(NonNegative.add(Positive) == SymbolTable::gridDim(2) + 1);
  REQUIRE(Any.add(S) == SymbolTable::gridDim(2) + 1);
  bank::AccessQuery Q = Query();
  auto A = bank::analyzeAccess(Q, NonNegative);
  auto B = bank::analyzeAccess(Q, Any);
  auto A2 = bank::analyzeAccess(Q, NonNegative);
  CHECK(A.WorstWavefronts == 4);
  CHECK(B.WorstWavefronts > A.WorstWavefronts);
  CHECK(A2.WorstWavefronts == A.WorstWavefronts);
  CHECK(A2.St == A.St);
  CHECK(A2.Assumptions == A.Assumptions);
}
TEST_CASE("lane guards on the offset's unknowns: the samples decide them; others stay assumed", "[analysis]") {
  // Word 32 * tx + k under `tx < 16 - k` (k unknown, min 0): the residues of
  // k keep every lane for want of its value (32-way, assumed). The samples
  // decide the guard: k = 0 keeps lanes 0-15, 16-way, a possible conflict,
  // and what it assumed is what its witness left undecided (nothing).
  SymbolTable T;
  Expr K = Expr::var(counter(T, "k"));
  Expr Offset = (tx() * c(32) + K) * c(4);
  std::vector<bank::Guard> G = {{Expr::binary(Op::Lt, tx(), c(16) - K), "tx < 16 - k"}};
  auto R = run(Offset, 4, bank::BlockShape{32, 1, 1}, T, G);
  CHECK(R.St == Status::Possible);
  CHECK(R.WorstWavefronts == 16);
  CHECK(R.Reason == "conflicts when k = 0");
  CHECK(R.Assumptions.empty());
  // `tx < n - k`, n read by the guard alone: no sample decides it, the lanes
  // stay, assumed (an upper bound, said).
  Expr N = Expr::var(uniform(T, "n"));
  std::vector<bank::Guard> H = {{Expr::binary(Op::Lt, tx(), N - K), "tx < n - k"}};
  auto S = run(Offset, 4, bank::BlockShape{32, 1, 1}, T, H);
  CHECK(S.St == Status::Conflict);
  CHECK(S.WorstWavefronts == 32);
  REQUIRE(S.Assumptions.size() == 1);
  CHECK(S.Assumptions[0] == "the condition 'tx < n - k' holds for every lane");
}
TEST_CASE("a guard reading a lane's unknown is not one value for the warp", "[analysis]") {
  // `k == 0 ? 1 : stays`, stays a lane's unknown (a lane still in a loop that
  // lanes leave by break): undecided lane by lane, kept and said; at k = 0
  // it holds. Over word 32 * tx + k, the samples' witness is k = 0.
  SymbolTable T;
  Expr K = Expr::var(counter(T, "k"));
  Symbol L;
  L.Name = "stays";
  L.Kind = SymbolKind::LaneOpaque;
  L.Reason = "the lane has not left the loop";
  Expr Stays = Expr::var(T.add(L));
  std::vector<bank::Guard> G = {{Expr::select(Expr::binary(Op::Eq, K, c(0)), c(1), Stays), "stays"}};
  auto R = run(tx() * c(32 * 4), 4, bank::BlockShape{32, 1, 1}, T, G);
  CHECK(R.St == Status::Conflict);
  CHECK(R.WorstWavefronts == 32);
  REQUIRE(R.Assumptions.size() == 1);
  CHECK(R.Assumptions[0] == "the condition 'stays' holds for every lane");
  std::vector<bank::Guard> H = {G[0], {Expr::binary(Op::Lt, tx(), c(16) - K), "tx < 16 - k"}};
  auto S = run((tx() * c(32) + K) * c(4), 4, bank::BlockShape{32, 1, 1}, T, H);
  CHECK(S.St == Status::Possible);
  CHECK(S.WorstWavefronts == 16);
  CHECK(S.Reason == "conflicts when k = 0");
  CHECK(S.Assumptions.empty());
}

//===- WavefrontsTest.cpp - The sm_90 bank rules, one fact per case -------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// Each case is a measurement from docs/bank-model.md (H200, Nsight Compute).
#include "BankModel/Wavefronts.h"

#include <catch2/catch.hpp>

#include <functional>

using namespace bankcheck::bank;

namespace {
/// Lane L accesses element F(L) of an array of Width-byte elements.
WarpAddresses lanes(unsigned Width, const std::function<std::int64_t(unsigned)> &F,
                    const std::function<bool(unsigned)> &Active = [](unsigned) { return true; }) {
  WarpAddresses A{};
  for (unsigned L = 0; L < WarpSize; ++L)
    A[L] = {Active(L), static_cast<std::uint64_t>(F(L) * Width)};
  return A;
}
unsigned wf(unsigned Width, const std::function<std::int64_t(unsigned)> &F,
            const std::function<bool(unsigned)> &Active = [](unsigned) { return true; }) {
  return wavefronts(lanes(Width, F, Active), Width);
}
} // namespace

TEST_CASE("a float row walk takes one wavefront", "[bankmodel]") {
  CHECK(wf(4, [](unsigned L) { return L; }) == 1);
}
TEST_CASE("a float column walk of a 32-wide tile takes 32 wavefronts", "[bankmodel]") {
  CHECK(wf(4, [](unsigned L) { return 32 * L; }) == 32);
}
TEST_CASE("rows of 33 floats spread a column walk over all 32 banks", "[bankmodel]") {
  CHECK(wf(4, [](unsigned L) { return 33 * L; }) == 1);
}
TEST_CASE("stride 2 floats is a 2-way conflict, stride 3 is free", "[bankmodel]") {
  CHECK(wf(4, [](unsigned L) { return 2 * L; }) == 2);
  CHECK(wf(4, [](unsigned L) { return 3 * L; }) == 1);
}
TEST_CASE("lanes reading one word are served by broadcast", "[bankmodel]") {
  CHECK(wf(4, [](unsigned) { return 7; }) == 1);
  CHECK(wf(4, [](unsigned L) { return L / 4; }) == 1);
}
TEST_CASE("sub-word accesses to the same word are one wavefront", "[bankmodel]") {
  CHECK(wf(1, [](unsigned L) { return L; }) == 1);     // char c[tid]
  CHECK(wf(2, [](unsigned L) { return L; }) == 1);     // short h[tid]
  CHECK(wf(1, [](unsigned L) { return 4 * L; }) == 1); // char c[4*tid]
  CHECK(wf(2, [](unsigned L) { return 2 * L; }) == 1); // half h[2*tid]
}
TEST_CASE("inactive lanes do not count", "[bankmodel]") {
  CHECK(wf(4, [](unsigned L) { return 32 * L; }, [](unsigned L) { return L < 16; }) == 16);
  CHECK(wf(4, [](unsigned L) { return L; }, [](unsigned) { return false; }) == 0);
}
TEST_CASE("8-byte accesses run in two half-warp phases that add up", "[bankmodel]") {
  CHECK(wf(8, [](unsigned L) { return L; }) == 2);       // d[tid]
  CHECK(wf(8, [](unsigned L) { return 2 * L; }) == 4);   // d[2*tid]
  CHECK(wf(8, [](unsigned L) { return 16 * L; }) == 32); // d[16*tid]
  CHECK(wf(8, [](unsigned L) { return L % 16; }) == 2);  // identical halves are not merged
}
TEST_CASE("16-byte accesses run in four quarter-warp phases", "[bankmodel]") {
  CHECK(wf(16, [](unsigned L) { return L; }) == 4);      // s4[tid]
  CHECK(wf(16, [](unsigned L) { return 2 * L; }) == 8);  // s4[2*tid]
  CHECK(wf(16, [](unsigned L) { return 8 * L; }) == 32); // s4[8*tid]
  CHECK(wf(16, [](unsigned L) { return L % 8; }) == 4);  // s4[tid%8]
}
TEST_CASE("adjacent single-wavefront phases on disjoint banks merge", "[bankmodel]") {
  CHECK(wf(8, [](unsigned) { return 0; }) == 1);          // d[0]: one address
  CHECK(wf(8, [](unsigned L) { return L / 2; }) == 1);    // halves on banks 0-15 and 16-31
  CHECK(wf(16, [](unsigned) { return 0; }) == 2);         // s4[0]
  CHECK(wf(16, [](unsigned L) { return L / 2; }) == 2);   // s4[tid/2]
}
TEST_CASE("phases with no active lane cost nothing", "[bankmodel]") {
  auto Low = [](unsigned L) { return L < 16; };
  CHECK(wf(8, [](unsigned L) { return L; }, Low) == 1);
  CHECK(wf(16, [](unsigned L) { return L; }, Low) == 2);
}
TEST_CASE("ideal wavefronts are 1, 2 and 4 for full warps of 4, 8 and 16 bytes", "[bankmodel]") {
  CHECK(idealWavefronts(lanes(4, [](unsigned L) { return 32 * L; }), 4) == 1);
  CHECK(idealWavefronts(lanes(8, [](unsigned L) { return 16 * L; }), 8) == 2);
  CHECK(idealWavefronts(lanes(16, [](unsigned L) { return 8 * L; }), 16) == 4);
}
TEST_CASE("the degree is wavefronts over ideal, rounded up, at least 1", "[bankmodel]") {
  CHECK(conflictDegree(32, 1) == 32);
  CHECK(conflictDegree(32, 2) == 16);
  CHECK(conflictDegree(1, 2) == 1);
  CHECK(conflictDegree(5, 4) == 2);
}
TEST_CASE("padding never raises the wavefronts of a column walk", "[bankmodel][property]") {
  for (unsigned Stride = 1; Stride <= 64; ++Stride) {
    unsigned Plain = wf(4, [&](unsigned L) { return std::int64_t(Stride) * L; });
    unsigned Odd = wf(4, [&](unsigned L) { return std::int64_t(Stride | 1) * L; });
    CHECK(Odd == 1);
    CHECK(Plain >= Odd);
  }
}
TEST_CASE("fewer active lanes never take more wavefronts", "[bankmodel][property]") {
  for (unsigned Width : {1u, 2u, 4u, 8u, 16u})
    for (unsigned Stride = 0; Stride <= 40; ++Stride)
      for (unsigned Cut = 0; Cut <= 32; Cut += 4) {
        auto F = [&](unsigned L) { return std::int64_t(Stride) * L; };
        CHECK(wf(Width, F, [&](unsigned L) { return L < Cut; }) <= wf(Width, F));
      }
}
TEST_CASE("the worst bank names the colliding lanes and words", "[bankmodel]") {
  BankCollision C = worstBank(lanes(4, [](unsigned L) { return 32 * L; }), 4);
  CHECK(C.Bank == 0);
  CHECK(C.NumWords == 32);
  CHECK(C.LaneMask == 0xffffffffu);
  CHECK(C.Words[1] == 32);
}

TEST_CASE("warpCost equals the computed counts, also for accesses moved by whole words", "[wavefronts]") {
  // Random lane patterns of every form and width, each also shifted by a
  // random number of words: the remembered counts must be the computed ones.
  std::uint64_t Seed = 12345;
  auto Next = [&] {
    Seed = Seed * 6364136223846793005ull + 1442695040888963407ull;
    return Seed >> 33;
  };
  const unsigned Widths[] = {1, 2, 4, 8, 16};
  for (unsigned Round = 0; Round < 3000; ++Round) {
    WarpAccess A;
    A.F = static_cast<Form>(Next() % NumForms);
    A.Bytes = Widths[Next() % 5];
    if (!formHasWidth(A.F, A.Bytes))
      continue;
    unsigned Stride = Next() % 70, Mod = 1 + Next() % 40;
    for (unsigned L = 0; L < WarpSize; ++L) {
      std::uint64_t Elem = Next() % 4 == 0 ? Next() % 64 : (L * Stride) % (Mod * 8);
      A.Lanes[L] = {Next() % 8 != 0, Elem * A.Bytes + (Round % 2 ? 0 : 4096)};
    }
    for (int Shift : {0, 4, 8, 124, 128, 4100}) {
      WarpAccess S = A;
      for (LaneAddress &L : S.Lanes)
        L.Byte += Shift;
      WarpCost C = warpCost(S);
      INFO("round " << Round << " shift " << Shift);
      CHECK(C.Wavefronts == wavefronts(S));
      CHECK(C.Ideal == idealWavefronts(S));
    }
  }
}

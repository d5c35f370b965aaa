//===- InstructionFormsTest.cpp - Every form against the H200's counters --===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// The first case replays every pattern measured with harness/forms/ (one warp
/// instruction per launch, docs/validation/forms-*.json) through the form
/// table; the others state the rules one fact at a time.
#include "BankModel/Wavefronts.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"

#include <catch2/catch.hpp>

#include <functional>
#include <map>

using namespace bankcheck::bank;

#ifndef BANKCHECK_SOURCE_DIR
#error "BANKCHECK_SOURCE_DIR must name the source tree"
#endif

namespace {
WarpAddresses lanes(unsigned Width, const std::function<std::int64_t(unsigned)> &F,
                    const std::function<bool(unsigned)> &Active = [](unsigned) { return true; }) {
  WarpAddresses A{};
  for (unsigned L = 0; L < WarpSize; ++L)
    A[L] = {Active(L), static_cast<std::uint64_t>(F(L) * Width)};
  return A;
}
unsigned wf(Form F, unsigned Width, const std::function<std::int64_t(unsigned)> &Elem,
            const std::function<bool(unsigned)> &Active = [](unsigned) { return true; }) {
  return wavefronts(WarpAccess{lanes(Width, Elem, Active), Width, F});
}
} // namespace

namespace {
/// Replays one recorded file; returns the exactly checked records per form.
std::map<std::string, unsigned> replay(const char *Path) {
  std::map<std::string, unsigned> Exact;
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  REQUIRE(Buf);
  auto Doc = llvm::json::parse((*Buf)->getBuffer());
  REQUIRE(bool(Doc));
  const llvm::json::Array *Records = Doc->getAsObject()->getArray("records");
  REQUIRE(Records);
  for (const llvm::json::Value &V : *Records) {
    const llvm::json::Object &R = *V.getAsObject();
    std::string Name = R.getString("form")->str();
    std::optional<Form> F = formNamed(Name);
    INFO(Path << ": " << R.getString("kernel")->str() << " " << R.getString("pattern")->str() << " source "
              << R.getString("source")->str());
    REQUIRE(F);
    // cp.async.cg in a lone warp reads 0 wavefronts on every counter (its
    // writes are counted only with other warps in flight): nothing to compare.
    if (auto Cache = R.getString("cache"); Cache && *Cache == "cg")
      continue;
    WarpAccess A;
    A.F = *F;
    A.Bytes = static_cast<unsigned>(*R.getInteger("bytes"));
    const llvm::json::Array &L = *R.getArray("lanes");
    for (unsigned I = 0; I < WarpSize; ++I)
      if (auto Off = L[I].getAsInteger())
        A.Lanes[I] = {true, static_cast<std::uint64_t>(*Off)};
    if (const llvm::json::Array *S = R.getArray("source_lanes"))
      for (unsigned I = 0; I < WarpSize; ++I)
        A.Source[I] = (*S)[I].getAsInteger();
    // ldmatrix and stmatrix execute on every lane (.sync.aligned): the replay
    // gave every lane an address; lanes past the address lanes are ignored.
    CHECK(wavefronts(A) == static_cast<unsigned>(*R.getInteger("wavefronts")));
    CHECK(instructions(A) == static_cast<unsigned>(*R.getInteger("instructions")));
    ++Exact[Name];
  }
  return Exact;
}
} // namespace

TEST_CASE("the form table reproduces every pattern measured on the H200", "[forms]") {
  std::map<std::string, unsigned> Exact = replay(BANKCHECK_SOURCE_DIR "/docs/validation/forms-2026-12-01.json");
  for (auto &[Name, N] : replay(BANKCHECK_SOURCE_DIR "/docs/validation/forms-copies-2026-12-01.json"))
    Exact[Name] += N;
  // Every form of the table was measured.
  for (unsigned I = 0; I < NumForms; ++I) {
    const FormRule &R = rule(static_cast<Form>(I));
    if (R.F == Form::ATOMS_POPC_INC)
      continue; // made by the compiler only for warp-uniform addresses: harness/forms/atomics.cu
    INFO(std::string(R.Name));
    CHECK(Exact[std::string(R.Name)] >= 8);
  }
}

TEST_CASE("a copy from scattered global rows takes a wavefront per source run", "[forms]") {
  WarpAccess A;
  A.F = Form::LDGSTS;
  A.Bytes = 16;
  for (unsigned L = 0; L < WarpSize; ++L) {
    A.Lanes[L] = {true, std::uint64_t(L) * 16};                        // a conflict-free tile
    A.Source[L] = std::int64_t(L / 2) * 2048 + std::int64_t(L % 2) * 16; // 32 bytes from each of 16 rows
  }
  CHECK(wavefronts(A) == 16);
  CHECK(idealWavefronts(A) == 4);
  for (unsigned L = 0; L < WarpSize; ++L)
    A.Source[L] = std::int64_t(L) * 16 + 64; // contiguous, not line-aligned: still one run per phase
  CHECK(wavefronts(A) == 4);
}

TEST_CASE("the phase whose global source splits most, and its runs' lanes, explain a copy's cost",
          "[forms]") {
  WarpAccess A;
  A.F = Form::LDGSTS;
  A.Bytes = 16;
  for (unsigned L = 0; L < WarpSize; ++L) {
    A.Lanes[L] = {true, std::uint64_t(L) * 16};                     // a conflict-free tile
    A.Source[L] = std::int64_t(L / 4) * 4096 + std::int64_t(L % 4) * 16; // 64 bytes from each of 8 rows
  }
  CHECK(wavefronts(A) == 8);
  CHECK(wavefronts(A.Lanes, 16, Form::LDGSTS) == 4); // the shared side alone
  SourceRuns S = worstSourceRuns(A);
  CHECK(S.Phase == 0);
  CHECK(S.Runs == 2);
  REQUIRE(S.LaneMasks.size() == 2);
  CHECK(S.LaneMasks[0] == 0x0Fu);
  CHECK(S.LaneMasks[1] == 0xF0u);
  A.Source[2] = A.Source[3] = A.Source[4] = std::nullopt; // unknown sources join a run
  A.Lanes[5].Active = false;
  S = worstSourceRuns(A);
  CHECK(S.Runs == 2);
  CHECK(S.Phase == 0);
  CHECK(S.LaneMasks == std::vector<std::uint32_t>{0x03u, 0xC0u});
  A.Lanes[5].Active = true;
  for (unsigned L = 0; L < WarpSize; ++L)
    A.Source[L] = std::int64_t(L) * 16;
  CHECK(worstSourceRuns(A).Runs == 1);
  A.Source = {};
  CHECK(worstSourceRuns(A).Runs == 0);
}

TEST_CASE("stores never merge adjacent phases", "[forms]") {
  CHECK(wf(Form::LDS, 8, [](unsigned) { return 0; }) == 1);
  CHECK(wf(Form::STS, 8, [](unsigned) { return 0; }) == 2);
  CHECK(wf(Form::LDS, 16, [](unsigned L) { return L / 2; }) == 2);
  CHECK(wf(Form::STS, 16, [](unsigned L) { return L / 2; }) == 4);
}

TEST_CASE("shared atomics on one word serialise instead of broadcasting", "[forms]") {
  CHECK(wf(Form::ATOMS, 4, [](unsigned) { return 0; }) == 32);
  CHECK(wf(Form::ATOMS, 4, [](unsigned L) { return L / 2; }) == 2);
  CHECK(wf(Form::ATOMS, 4, [](unsigned L) { return L; }) == 1);
  CHECK(idealWavefronts(WarpAccess{lanes(4, [](unsigned) { return 0; }), 4, Form::ATOMS}) == 1);
}

TEST_CASE("compare-and-swap takes two passes", "[forms]") {
  CHECK(wf(Form::ATOMS_CAS, 4, [](unsigned) { return 0; }) == 64);
  CHECK(wf(Form::ATOMS_CAS, 4, [](unsigned L) { return L; }) == 2);
  CHECK(wf(Form::ATOMS_CAS, 8, [](unsigned L) { return L; }) == 4);
}

TEST_CASE("a float add loop retries once per lane sharing a bank", "[forms]") {
  WarpAccess One{lanes(4, [](unsigned) { return 0; }), 4, Form::CAS_LOOP};
  CHECK(instructions(One) == 64);     // 32 rounds of LDS + ATOMS.CAST.SPIN
  CHECK(wavefronts(One) == 32 + 64);  // a broadcast load and two wavefronts per round
  CHECK(idealWavefronts(One) == 3);
  WarpAccess Column{lanes(4, [](unsigned L) { return 32 * L; }), 4, Form::CAS_LOOP};
  CHECK(instructions(Column) == 64);  // distinct words, one bank: one success per round
}

TEST_CASE("ldmatrix reads one phase per 8x8 matrix and ignores the other lanes", "[forms]") {
  CHECK(wf(Form::LDSM_X4, 16, [](unsigned L) { return L; }) == 4);
  CHECK(wf(Form::LDSM_X4, 16, [](unsigned L) { return 8 * L; }) == 32); // 128-byte rows
  CHECK(wf(Form::LDSM_X4, 16, [](unsigned L) { return 9 * L; }) == 4);  // 144-byte rows
  CHECK(wf(Form::LDSM_X4, 16, [](unsigned) { return 0; }) == 4);        // matrices never merge
  CHECK(wf(Form::LDSM_X1, 16, [](unsigned L) { return L < 8 ? L : 8 * L; }) == 1);
  CHECK(wf(Form::STSM_X2, 16, [](unsigned L) { return L < 16 ? L : 8 * L; }) == 2);
}

TEST_CASE("cp.async writes count every lane on its bank", "[forms]") {
  CHECK(wf(Form::LDGSTS, 4, [](unsigned) { return 0; }) == 32);
  CHECK(wf(Form::LDGSTS, 4, [](unsigned L) { return L; }) == 1);
  CHECK(wf(Form::LDGSTS, 16, [](unsigned L) { return L; }) == 4);
}

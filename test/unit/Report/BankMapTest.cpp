//===- BankMapTest.cpp - The bank map picture and the HTML report ---------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
// The bank map restates the bank rules in lib/Report (Report does not link
// BankModel); these tests check that it counts the wavefronts the model
// counts, on the cases of docs/bank-model.md and as a property over strides.
#include "Report/BankMap.h"
#include "Report/Html.h"

#include "BankModel/Wavefronts.h"

#include <catch2/catch.hpp>

#include <functional>
#include <sstream>
#include <string>

using namespace bankcheck::report;

namespace {
/// Lane i at F(i) bytes; nullopt: inactive.
LaneOffsets lanes(const std::function<std::optional<std::uint64_t>(unsigned)> &F) {
  LaneOffsets L;
  for (unsigned I = 0; I < 32; ++I)
    L[I] = F(I);
  return L;
}
/// Lane i at i * Stride bytes.
LaneOffsets strided(std::uint64_t Stride) {
  return lanes([=](unsigned I) { return std::optional<std::uint64_t>(I * Stride); });
}

/// A finding as the analyzer fills it for this worst warp instance.
Finding finding(const LaneOffsets &L, unsigned AccessBytes, unsigned Wavefronts, unsigned Ideal,
                std::string Status = "conflict") {
  Finding F;
  F.Loc = {"k.cu", 7, 5, 0};
  F.Kernel = "k";
  F.Array = "Tile";
  F.ElementType = "float";
  F.Kind = "load";
  F.AccessBytes = AccessBytes;
  F.Status = std::move(Status);
  F.WavefrontsWorst = Wavefronts;
  F.WavefrontsMean = Wavefronts;
  F.IdealWavefronts = Ideal;
  F.Degree = (Wavefronts + Ideal - 1) / Ideal;
  F.Message = std::to_string(F.Degree) + "-way bank conflict on shared load of 'Tile'";
  F.HasWorst = true;
  F.WorstWarp = 0;
  F.WorstLanes = L;
  return F;
}

unsigned modelWavefronts(const LaneOffsets &L, unsigned AccessBytes) {
  bankcheck::bank::WarpAddresses A;
  for (unsigned I = 0; I < 32; ++I)
    A[I] = {L[I].has_value(), L[I].value_or(0)};
  return bankcheck::bank::wavefronts(A, AccessBytes);
}

/// The non-idle banks of a row, as a mask.
std::uint32_t busyBanks(const BankRow &R) {
  std::uint32_t M = 0;
  for (unsigned B = 0; B < 32; ++B)
    if (!R.Cells[B].idle())
      M |= 1u << B;
  return M;
}

std::vector<std::string> splitLines(const std::string &S) {
  std::vector<std::string> Out;
  std::istringstream In(S);
  for (std::string Line; std::getline(In, Line);)
    Out.push_back(Line);
  return Out;
}

/// The line without its ANSI escapes.
std::string plain(const std::string &Line) {
  std::string Out;
  for (std::size_t I = 0; I < Line.size(); ++I) {
    if (Line[I] == '\033') {
      while (I < Line.size() && Line[I] != 'm')
        ++I;
      continue;
    }
    Out += Line[I];
  }
  return Out;
}

/// Terminal columns of a line: ANSI escapes take none, a UTF-8 sequence one.
std::size_t columns(const std::string &Line) {
  std::size_t N = 0;
  for (char C : plain(Line))
    N += (static_cast<unsigned char>(C) & 0xC0) != 0x80;
  return N;
}

std::size_t count(const std::string &Haystack, const std::string &Needle) {
  std::size_t N = 0;
  for (std::size_t P = Haystack.find(Needle); P != std::string::npos;
       P = Haystack.find(Needle, P + Needle.size()))
    ++N;
  return N;
}

std::string html(const std::vector<Finding> &Findings) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  writeHtml(OS, Findings, {{"k.cu", true, ""}}, "0.1.0");
  return OS.str();
}
} // namespace

TEST_CASE("a column walk of 32 floats draws 32 wavefronts with one lane each on bank 0",
          "[report][bankmap]") {
  Finding F = finding(strided(32 * 4), 4, 32, 1); // Tile[threadIdx.x][0], rows of 32 floats
  BankMap M = computeBankMap(F.WorstLanes, F.AccessBytes);
  REQUIRE(M.wavefronts() == F.WavefrontsWorst);
  CHECK(M.CollidingBanks == 1u);
  CHECK(M.MaxWords == 32);
  for (unsigned W = 0; W < 32; ++W) {
    CHECK(busyBanks(M.Rows[W]) == 1u);
    CHECK(M.Rows[W].Cells[0].firstLane() == int(W));
    CHECK(M.Rows[W].Wavefront == W);
  }
}

TEST_CASE("a row walk of floats draws one wavefront with lane b on bank b", "[report][bankmap]") {
  Finding F = finding(strided(4), 4, 1, 1, "clean");
  BankMap M = computeBankMap(F.WorstLanes, F.AccessBytes);
  REQUIRE(M.wavefronts() == F.WavefrontsWorst);
  CHECK(M.CollidingBanks == 0u);
  for (unsigned B = 0; B < 32; ++B)
    CHECK(M.Rows[0].Cells[B].firstLane() == int(B));
}

TEST_CASE("a float4 row walk draws four quarter-warp wavefronts of eight lanes on four banks each",
          "[report][bankmap]") {
  Finding F = finding(strided(16), 16, 4, 4, "clean");
  BankMap M = computeBankMap(F.WorstLanes, F.AccessBytes);
  REQUIRE(M.wavefronts() == F.WavefrontsWorst);
  for (unsigned P = 0; P < 4; ++P) {
    CHECK(M.Rows[P].FirstPhase == P);
    CHECK(M.Rows[P].LastPhase == P);
    CHECK(busyBanks(M.Rows[P]) == 0xFFFFFFFFu);
    for (unsigned B = 0; B < 32; ++B)
      CHECK(M.Rows[P].Cells[B].firstLane() == int(P * 8 + B / 4));
  }
}

TEST_CASE("a column walk of doubles draws 16 wavefronts per half-warp on banks 0 and 1",
          "[report][bankmap]") {
  Finding F = finding(strided(32 * 8), 8, 32, 2); // D[threadIdx.x][0], rows of 32 doubles
  BankMap M = computeBankMap(F.WorstLanes, F.AccessBytes);
  REQUIRE(M.wavefronts() == F.WavefrontsWorst);
  CHECK(M.CollidingBanks == 0b11u);
  CHECK(M.MaxWords == 16);
  CHECK(M.Rows[15].FirstPhase == 0);
  CHECK(M.Rows[16].FirstPhase == 1);
  CHECK(M.Rows[16].Cells[1].firstLane() == 16);
}

TEST_CASE("lanes reading one word are drawn once, as the first lane with a star",
          "[report][bankmap]") {
  Finding F = finding(lanes([](unsigned) { return std::optional<std::uint64_t>(0); }), 4, 1, 1,
                      "clean");
  BankMap M = computeBankMap(F.WorstLanes, F.AccessBytes);
  REQUIRE(M.wavefronts() == F.WavefrontsWorst);
  CHECK(M.Rows[0].Cells[0].broadcast());
  CHECK(M.Rows[0].Cells[0].numLanes() == 32);
  CHECK(M.Rows[0].Cells[0].firstLane() == 0);
  CHECK(renderBankMap(F, false).find("wavefront 0   0*") != std::string::npos);
}

TEST_CASE("pairs of lanes broadcasting down bank 0 draw 16 wavefronts of starred lanes",
          "[report][bankmap]") {
  // s[threadIdx.x / 2 * 32]: lanes 2k and 2k+1 read word 32k.
  Finding F = finding(lanes([](unsigned I) { return std::optional<std::uint64_t>(I / 2 * 128); }),
                      4, 16, 1);
  BankMap M = computeBankMap(F.WorstLanes, F.AccessBytes);
  REQUIRE(M.wavefronts() == F.WavefrontsWorst);
  for (unsigned W = 0; W < 16; ++W) {
    CHECK(M.Rows[W].Cells[0].LaneMask == (3u << (2 * W)));
    CHECK(M.Rows[W].Cells[0].broadcast());
  }
}

TEST_CASE("the bank map counts the wavefronts of every case in bank-model.md", "[report][bankmap]") {
  auto Some = [](std::uint64_t B) { return std::optional<std::uint64_t>(B); };
  struct Case {
    const char *Source;
    unsigned Bytes;
    std::function<std::optional<std::uint64_t>(unsigned)> Lane;
    unsigned Wavefronts; // as the analyzer puts in Finding::WavefrontsWorst
  } Cases[] = {
      {"char c[tid]", 1, [&](unsigned I) { return Some(I); }, 1},
      {"half h[2*tid]", 2, [&](unsigned I) { return Some(4 * I); }, 1},
      {"float s[tid], lanes 0-15 only", 4, [&](unsigned I) { return I < 16 ? Some(4 * I) : std::nullopt; }, 1},
      {"d[tid]", 8, [&](unsigned I) { return Some(8 * I); }, 2},
      {"d[2*tid]", 8, [&](unsigned I) { return Some(16 * I); }, 4},
      {"d[16*tid]", 8, [&](unsigned I) { return Some(128 * I); }, 32},
      {"d[tid%16]", 8, [&](unsigned I) { return Some(8 * (I % 16)); }, 2},
      {"s4[tid]", 16, [&](unsigned I) { return Some(16 * I); }, 4},
      {"s4[8*tid]", 16, [&](unsigned I) { return Some(128 * I); }, 32},
      {"d[0]", 8, [&](unsigned) { return Some(0); }, 1},
      {"d[tid/2]", 8, [&](unsigned I) { return Some(8 * (I / 2)); }, 1},
      {"s4[0]", 16, [&](unsigned) { return Some(0); }, 2},
      {"s4[tid/2]", 16, [&](unsigned I) { return Some(16 * (I / 2)); }, 2},
      {"d[tid], lanes 16-31 only", 8, [&](unsigned I) { return I >= 16 ? Some(8 * I) : std::nullopt; }, 1},
      {"no active lane", 4, [&](unsigned) { return std::optional<std::uint64_t>(); }, 0},
  };
  for (const Case &C : Cases) {
    INFO(C.Source);
    Finding F = finding(lanes(C.Lane), C.Bytes, C.Wavefronts, 1);
    CHECK(computeBankMap(F.WorstLanes, F.AccessBytes).wavefronts() == F.WavefrontsWorst);
  }
}

TEST_CASE("the bank map counts the wavefronts the bank model counts, for every stride and width",
          "[report][bankmap]") {
  const std::function<bool(unsigned)> Masks[] = {
      [](unsigned) { return true; }, [](unsigned I) { return I < 16; },
      [](unsigned I) { return I % 2 == 0; }, [](unsigned I) { return I % 8 < 3; }};
  for (unsigned Bytes : {1u, 2u, 4u, 8u, 16u})
    for (std::uint64_t Stride = 0; Stride <= 64; ++Stride)
      for (std::uint64_t Shift : {0u, 4u, 60u})
        for (const auto &Active : Masks) {
          LaneOffsets L = lanes([&](unsigned I) {
            return Active(I) ? std::optional<std::uint64_t>(Shift + I * Stride * Bytes) : std::nullopt;
          });
          INFO("width " << Bytes << ", stride " << Stride << " elements, shift " << Shift);
          CHECK(computeBankMap(L, Bytes).wavefronts() == modelWavefronts(L, Bytes));
        }
}

TEST_CASE("the colliding banks are the banks with the most distinct words in one phase",
          "[report][bankmap]") {
  // s[(tid % 4) * 32 + tid / 4]: bank b holds lanes 4b..4b+3 on 4 words, for b < 8.
  LaneOffsets L = lanes([](unsigned I) { return std::optional<std::uint64_t>(4 * ((I % 4) * 32 + I / 4)); });
  BankMap M = computeBankMap(L, 4);
  CHECK(M.MaxWords == 4);
  CHECK(M.CollidingBanks == 0xFFu);
  CHECK(formatBankList(M.CollidingBanks) == "0-7");
  bankcheck::bank::WarpAddresses A;
  for (unsigned I = 0; I < 32; ++I)
    A[I] = {true, *L[I]};
  CHECK(M.colliding(bankcheck::bank::worstBank(A, 4).Bank));
}

TEST_CASE("a conflict-free map highlights no bank", "[report][bankmap]") {
  std::string Text = renderBankMap(strided(4), 4, false);
  CHECK(Text.find('[') == std::string::npos);
  CHECK(Text.find("no bank holds two distinct words") != std::string::npos);
}

TEST_CASE("without color the colliding bank's number is bracketed and no escape is written",
          "[report][bankmap]") {
  std::string Text = renderBankMap(finding(strided(128), 4, 32, 1), false);
  std::vector<std::string> Lines = splitLines(Text);
  REQUIRE(Lines.size() >= 3);
  CHECK(Lines[0].find("warp 0") != std::string::npos);
  CHECK(Lines[1].rfind("bank        [ 0]  1   2", 0) == 0);
  CHECK(Text.find('\033') == std::string::npos);
  CHECK(Text.find("colliding bank 0 holds 32 distinct words") != std::string::npos);
}

TEST_CASE("with color the colliding bank is red and not bracketed", "[report][bankmap]") {
  std::string Text = renderBankMap(finding(strided(128), 4, 32, 1), true);
  CHECK(Text.find("\033[1;31m 0\033[0m") != std::string::npos);
  CHECK(Text.find("[ 0]") == std::string::npos);
}

TEST_CASE("the text map has a header, one row per wavefront labelled by phase and at most 140 columns",
          "[report][bankmap]") {
  for (bool Color : {false, true})
    for (unsigned Bytes : {4u, 8u, 16u}) {
      LaneOffsets L = strided(128); // 32 wavefronts at every width
      BankMap M = computeBankMap(L, Bytes);
      std::string Text = renderBankMap(L, Bytes, Color);
      std::vector<std::string> Lines = splitLines(Text);
      std::size_t Rows = 0, Headings = 0;
      for (const std::string &Line : Lines) {
        CHECK(columns(Line) <= 140);
        Rows += plain(Line).rfind("wavefront ", 0) == 0;
        Headings += plain(Line).rfind("phase", 0) == 0;
      }
      CHECK(Rows == M.wavefronts());
      CHECK(Headings == 32 / M.LanesPerPhase);
      CHECK(Text.find("wavefront 31") != std::string::npos);
    }
  CHECK(rowLabel(computeBankMap(strided(16), 16).Rows[3]) == "phase 3, wavefront 3");
  LaneOffsets Pairs = lanes([](unsigned I) { return std::optional<std::uint64_t>(8 * (I / 2)); });
  CHECK(rowLabel(computeBankMap(Pairs, 8).Rows[0]) == "phases 0+1, wavefront 0"); // d[tid/2]
}

TEST_CASE("a finding without a worst warp has no bank map", "[report][bankmap]") {
  Finding F = finding(strided(4), 4, 1, 1, "unknown");
  F.HasWorst = false;
  CHECK(renderBankMap(F, false).empty());
}

TEST_CASE("HTML escaping turns the five special characters into entities", "[report][html]") {
  CHECK(escapeHtml("a<b>&\"c\"'d'") == "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;");
  CHECK(escapeHtml("plain") == "plain");
}

TEST_CASE("the HTML report escapes kernel names, messages, notes and fix-its", "[report][html]") {
  Finding F = finding(strided(128), 4, 32, 1);
  F.Kernel = "k<int, '&'>";
  F.Message = "<script>alert(1)</script>";
  Note N;
  N.Loc.Path = "k.cu";
  N.Loc.Line = 3;
  N.Message = "declared \"here\" <b>";
  F.Notes.push_back(N);
  TextEdit E;
  E.Loc = N.Loc;
  E.Length = 2;
  E.Text = "32 + 1";
  E.Expected = "32";
  F.Fixes.push_back(E);
  std::string Page = html({F});
  CHECK(count(Page, "<script") == 1); // the page's own, at the end
  CHECK(Page.find("&lt;script&gt;alert(1)&lt;/script&gt;") != std::string::npos);
  CHECK(Page.find("k&lt;int, &#39;&amp;&#39;&gt;") != std::string::npos);
  CHECK(Page.find("declared &quot;here&quot; &lt;b&gt;") != std::string::npos);
  CHECK(Page.find("<code>32 + 1</code>") != std::string::npos);
}

TEST_CASE("the HTML report has one bank map per conflict, with one row per wavefront in its data",
          "[report][html]") {
  std::vector<Finding> Fs = {finding(strided(128), 4, 32, 1),
                             finding(strided(4), 4, 1, 1, "clean"),
                             finding(strided(32), 16, 8, 4, "possible"),
                             finding(strided(256), 8, 32, 2)};
  Fs[3].Suppressed = true; // silenced by NOLINT: in the table, no picture
  Fs[0].AfterFixLanes = strided(132);
  Fs[0].AfterFixWavefronts = 1;
  Fs[0].AfterFixIdeal = 1;
  std::string Page = html(Fs);
  CHECK(count(Page, "<figure data-map=") == 2);
  CHECK(count(Page, "<figure class=\"after\" data-map=") == 1);
  CHECK(count(Page, "<table id=\"counts\"") == 1);
  CHECK(count(Page, "<table id=\"findings\"") == 1);
  CHECK(count(Page, "<tr class=") == 4);
  CHECK(Page.find("data-map=\"" + bankMapData(strided(128), 4) + "\"") != std::string::npos);
  CHECK(Page.find("id=\"finding-0\"") != std::string::npos);
  CHECK(Page.find("id=\"finding-2\"") != std::string::npos);
  CHECK(Page.find("http") == std::string::npos); // nothing to fetch
  CHECK(Page.find("src=") == std::string::npos);
}

TEST_CASE("bank map data names the colliding banks and each wavefront's lanes and words",
          "[report][html]") {
  std::string Column = bankMapData(strided(128), 4); // 32 lanes on bank 0, 32 wavefronts
  CHECK(Column.rfind("1;0.0.0;0.1.1;", 0) == 0);
  CHECK(count(Column, ";") == 32);
  CHECK(Column.substr(Column.size() - 8) == ";0.31.31"); // lane 31 on word 992 = bank 0 + 32 * 31
  std::string Row = bankMapData(strided(4), 4); // lane b on bank b: one wavefront, no collision
  CHECK(Row.rfind("0;0.0.0,1.1.0,", 0) == 0);
  CHECK(count(Row, ";") == 1);
  LaneOffsets Same{};
  for (unsigned L = 0; L < 32; ++L)
    Same[L] = 0; // every lane on word 0: a broadcast, lane mask ffffffff
  CHECK(bankMapData(Same, 4) == "0;0.0.0.ffffffff");
  // 8-byte accesses: two phases of 16 lanes, the second row names phase 1.
  CHECK(bankMapData(strided(8), 8).find(";1:") != std::string::npos);
}

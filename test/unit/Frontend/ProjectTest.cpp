// Unit tests of the project view's plain-data steps: which launches from other
// files a file lacks, and the padding chosen for a header array over every file.
#include "Frontend/Project.h"

#include <catch2/catch.hpp>

using namespace bankcheck;
using namespace bankcheck::frontend;

namespace {
LaunchConfig launch(unsigned X, unsigned Y, std::string Source = "launch at host.cu:3") {
  LaunchConfig L;
  L.Shape = bank::BlockShape{X, Y, 1};
  L.Source = std::move(Source);
  return L;
}
PaddingTable table(std::vector<unsigned> Degree, std::vector<bool> Worse) {
  PaddingTable T;
  T.Name = "tile";
  T.Degree = std::move(Degree);
  T.Worse = std::move(Worse);
  return T;
}
report::Finding findingOn(const std::string &Key, std::string Expected, std::string Text) {
  report::Finding F;
  F.ArrayDecl.Path = Key.substr(0, Key.find(':'));
  F.ArrayDecl.Offset = unsigned(std::stoul(Key.substr(Key.find(':') + 1)));
  F.Status = "conflict";
  report::TextEdit E;
  E.Expected = std::move(Expected);
  E.Text = std::move(Text);
  F.Fixes.push_back(E);
  F.Notes.push_back({F.ArrayDecl, "pad the innermost dimension of 'tile' by 1 element"});
  return F;
}
} // namespace

TEST_CASE("a kernel launched only in another file gets that file's launches", "[project]") {
  ProjectFacts Kernels, Host;
  Kernels.Kernels["c:@F@tile#*f#"] = {};
  Host.Launches["c:@F@tile#*f#"] = {launch(16, 16)};
  ProjectLaunches Got = launchesFromElsewhere(Kernels, {&Kernels, &Host});
  REQUIRE(Got.count("c:@F@tile#*f#") == 1);
  CHECK(Got["c:@F@tile#*f#"].size() == 1);
  CHECK(Got["c:@F@tile#*f#"][0].Shape->X == 16);
}

TEST_CASE("launches a file already analysed with are not asked for again", "[project]") {
  ProjectFacts Kernels, Host;
  Kernels.Kernels["k"] = {launch(16, 16, "launch at host.cu:3")};
  Host.Launches["k"] = {launch(16, 16, "launch at host.cu:3"), launch(16, 16, "launch at other.cu:9")};
  CHECK(launchesFromElsewhere(Kernels, {&Kernels, &Host}).empty());
  Host.Launches["k"].push_back(launch(32, 8));
  CHECK(launchesFromElsewhere(Kernels, {&Kernels, &Host}).at("k").size() == 1);
}

TEST_CASE("a file's own launches are not taken from itself", "[project]") {
  ProjectFacts Both;
  Both.Kernels["k"] = {};
  Both.Launches["k"] = {launch(8, 4)};
  CHECK(launchesFromElsewhere(Both, {&Both}).empty());
}

TEST_CASE("a header array gets the smallest padding that helps and harms no file", "[project]") {
  ProjectFacts A, B;
  // pad:          0   1   2   3
  A.Paddings["t.cuh:40"] = table({32, 1, 2, 1}, {false, false, false, false});
  B.Paddings["t.cuh:40"] = table({8, 2, 1, 1}, {false, true, false, false});
  std::vector<report::Finding> F = {findingOn("t.cuh:40", "TILE", "TILE + 1")};
  choosePaddings(F, {&A, &B}, {"a.cu", "b.cu"});
  REQUIRE(F[0].Fixes.size() == 1);
  CHECK(F[0].Fixes[0].Text == "TILE + 2");
  REQUIRE(F[0].Notes.size() == 1);
  CHECK(F[0].Notes[0].Message.find("by 2 elements, chosen against every file that uses it (a.cu, b.cu)") !=
        std::string::npos);
}

TEST_CASE("no padding suits every file: the fix-its are dropped and the note says why", "[project]") {
  ProjectFacts A, B;
  A.Paddings["t.cuh:40"] = table({32, 1, 1}, {false, false, false});
  B.Paddings["t.cuh:40"] = table({8, 2, 2}, {false, true, true});
  std::vector<report::Finding> F = {findingOn("t.cuh:40", "32", "33")};
  choosePaddings(F, {&A, &B}, {"a.cu", "b.cu"});
  CHECK(F[0].Fixes.empty());
  CHECK(F[0].Notes.back().Message.find("no padding lowers its conflicts") != std::string::npos);
}

TEST_CASE("a file where padded rows would not compile blocks every padding", "[project]") {
  ProjectFacts A, B;
  A.Paddings["t.cuh:40"] = table({32, 1, 1}, {false, false, false});
  B.Paddings["t.cuh:40"] = table({8, 1, 1}, {false, false, false});
  B.Paddings["t.cuh:40"].Blocked = "it is passed to parameter 't' of 'f' as 'float (*)[32]' (b.cu:9)";
  std::vector<report::Finding> F = {findingOn("t.cuh:40", "32", "33")};
  choosePaddings(F, {&A, &B}, {"a.cu", "b.cu"});
  CHECK(F[0].Fixes.empty());
  CHECK(F[0].Notes.back().Message ==
        "no padding fix-it for 'tile': it is passed to parameter 't' of 'f' as 'float (*)[32]' (b.cu:9) in b.cu");
}

TEST_CASE("a literal extent is rewritten to the chosen size", "[project]") {
  ProjectFacts A, B;
  A.Paddings["t.cuh:7"] = table({32, 8, 1}, {false, false, false});
  B.Paddings["t.cuh:7"] = table({4, 4, 1}, {false, false, false});
  std::vector<report::Finding> F = {findingOn("t.cuh:7", "32", "33"), findingOn("other.cuh:7", "16", "17")};
  choosePaddings(F, {&A, &B}, {"a.cu", "b.cu"});
  CHECK(F[0].Fixes[0].Text == "33");
  CHECK(F[1].Fixes[0].Text == "17"); // another array: left as its file chose
}

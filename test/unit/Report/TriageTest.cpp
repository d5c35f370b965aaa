//===- TriageTest.cpp - Header filter, NOLINT marking, exit status ---------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Report/Triage.h"

#include <catch2/catch.hpp>

#include <map>

using namespace bankcheck::report;

namespace {
Finding finding(const std::string &Path, unsigned Line, const std::string &Status, unsigned Degree = 32) {
  Finding F;
  F.Loc.Path = Path;
  F.Loc.Line = Line;
  F.Loc.Column = 3;
  F.Status = Status;
  F.Degree = Degree;
  F.Kind = "load";
  F.Kernel = "k";
  F.Message = "m";
  return F;
}
SourceReader reader(std::map<std::string, std::string> Files) {
  return [Files](const std::string &Path, std::string &Text) {
    auto It = Files.find(Path);
    if (It == Files.end())
      return false;
    Text = It->second;
    return true;
  };
}
} // namespace

TEST_CASE("header findings pass the filter once; main-file findings always", "[triage]") {
  std::vector<FileStatus> Files = {{"/src/a.cu", true, ""}, {"/src/b.cu", true, ""}};
  std::vector<Finding> F = {finding("/src/a.cu", 3, "conflict"), finding("/inc/tile.cuh", 7, "conflict"),
                            finding("/inc/tile.cuh", 7, "conflict"), finding("/other/x.cuh", 2, "conflict")};
  std::string Error;
  REQUIRE(filterHeaders(F, Files, "/inc/", Error));
  REQUIRE(F.size() == 2);
  CHECK(F[0].Loc.Path == "/src/a.cu");
  CHECK(F[1].Loc.Path == "/inc/tile.cuh");
}
TEST_CASE("a header finding kept once gains the call sites of those dropped", "[triage]") {
  // A helper in a header reached from two callers through two
  // instantiations with the same verdict: one finding, both callers listed.
  std::vector<FileStatus> Files = {{"/src/a.cu", true, ""}};
  std::vector<Finding> F = {finding("/inc/copy.cuh", 60, "conflict"), finding("/inc/copy.cuh", 60, "conflict")};
  F[0].CallSites = {FileLoc{"/inc/exchange.cuh", 324}, FileLoc{"/src/a.cu", 20}};
  F[1].CallSites = {FileLoc{"/inc/scan.cuh", 470}, FileLoc{"/src/a.cu", 18}, FileLoc{"/src/a.cu", 20}};
  std::string Error;
  REQUIRE(filterHeaders(F, Files, ".*", Error));
  REQUIRE(F.size() == 1);
  std::vector<std::pair<std::string, unsigned>> Sites;
  for (const FileLoc &L : F[0].CallSites)
    Sites.push_back({L.Path, L.Line});
  CHECK(Sites == std::vector<std::pair<std::string, unsigned>>{
                     {"/inc/exchange.cuh", 324}, {"/inc/scan.cuh", 470}, {"/src/a.cu", 18}, {"/src/a.cu", 20}});
}
TEST_CASE("an invalid header filter is an error", "[triage]") {
  std::vector<Finding> F;
  std::string Error;
  CHECK(!filterHeaders(F, {}, "(", Error));
  CHECK(!Error.empty());
}
TEST_CASE("NOLINT silences the check it names, and only conflicts are below a degree", "[triage]") {
  std::vector<Finding> F = {finding("a.cu", 1, "conflict"), finding("a.cu", 2, "conflict", 2),
                            finding("a.cu", 3, "clean", 1), finding("a.cu", 4, "clean", 1)};
  F[2].OutOfBounds = BoundsDiagnostic();
  F[3].OutOfBounds = BoundsDiagnostic();
  std::string Text = "x; // NOLINT(bankcheck-bank-conflict)\n"
                     "y;\n"
                     "z; // NOLINT(bankcheck-bank-conflict)\n"
                     "w; // NOLINT(bankcheck-out-of-bounds)\n";
  markSuppressed(F, 4, reader({{"a.cu", Text}}));
  CHECK(F[0].Suppressed);
  CHECK(!F[1].Suppressed);
  CHECK(F[1].BelowThreshold);  // 2-way under --min-degree 4
  CHECK(!F[2].Suppressed);     // clean: nothing to silence
  CHECK(!F[2].BelowThreshold);
  CHECK(!F[2].OutOfBounds->Suppressed); // the bank-conflict NOLINT does not silence it
  CHECK(F[3].OutOfBounds->Suppressed);
}
TEST_CASE("an unreadable file silences nothing", "[triage]") {
  std::vector<Finding> F = {finding("gone.cu", 1, "conflict")};
  markSuppressed(F, 2, reader({}));
  CHECK(!F[0].Suppressed);
}
TEST_CASE("exit status follows --fail-on; out-of-bounds fails like a conflict; errors win", "[triage]") {
  Summary None, Conflict, Possible, Bounds;
  Conflict.Conflict = 1;
  Possible.Possible = 1;
  Bounds.OutOfBounds = 1;
  CHECK(exitStatus(None, "conflict", false) == 0);
  CHECK(exitStatus(Conflict, "conflict", false) == 1);
  CHECK(exitStatus(Possible, "conflict", false) == 0);
  CHECK(exitStatus(Possible, "possible", false) == 1);
  CHECK(exitStatus(Bounds, "conflict", false) == 1);
  CHECK(exitStatus(Bounds, "possible", false) == 1);
  CHECK(exitStatus(Conflict, "never", false) == 0);
  CHECK(exitStatus(None, "never", true) == 2);
}
TEST_CASE("a diagnostic made an error fails the run whatever --fail-on says", "[triage]") {
  Summary Errors;
  Errors.Possible = 1;
  Errors.AsErrors = 1;
  CHECK(exitStatus(Errors, "never", false) == 1);
  CHECK(exitStatus(Errors, "conflict", false) == 1);
  CHECK(exitStatus(Errors, "never", true) == 2);
}
TEST_CASE("the exclude filter leaves out matching headers, never the main files", "[triage]") {
  std::vector<FileStatus> Files = {{"/src/a.cu", true, ""}};
  std::vector<Finding> F = {finding("/src/a.cu", 3, "conflict"), finding("/inc/tile.cuh", 7, "conflict"),
                            finding("/third_party/x.cuh", 2, "conflict")};
  std::string Error;
  REQUIRE(filterHeaders(F, Files, ".*", Error, "third_party|/src/"));
  REQUIRE(F.size() == 2);
  CHECK(F[0].Loc.Path == "/src/a.cu");
  CHECK(F[1].Loc.Path == "/inc/tile.cuh");
  CHECK(!filterHeaders(F, Files, ".*", Error, "("));
}
TEST_CASE("conflicts of a disabled check are counted apart and do not fail the run", "[triage]") {
  std::vector<Finding> F = {finding("a.cu", 1, "conflict"), finding("a.cu", 2, "clean", 1)};
  F[0].Disabled = true;
  F[1].Disabled = true;
  Summary S = summarize(F);
  CHECK(S.Conflict == 0);
  CHECK(S.Disabled == 1);
  CHECK(S.Clean == 1);
  CHECK(exitStatus(S, "conflict", false) == 0);
}

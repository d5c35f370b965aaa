//===- SarifTest.cpp - The SARIF 2.1.0 report ------------------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
// Facts about the log's content; its validity against the OASIS schema is
// checked by test/report/validate_sarif.py.
#include "Report/Sarif.h"

#include "llvm/Support/JSON.h"

#include <catch2/catch.hpp>

#include <memory>
#include <optional>
#include <string>

using namespace bankcheck::report;

namespace {
/// A read-only walk through parsed JSON: a missing member gives an empty J.
/// Each J shares ownership of the whole document, so a J taken from a
/// temporary log stays valid.
struct J {
  std::shared_ptr<const llvm::json::Value> Doc;
  const llvm::json::Value *V = nullptr;

  J get(const llvm::json::Value *Child) const { return {Doc, Child}; }
  J operator[](const char *Key) const {
    const llvm::json::Object *O = V ? V->getAsObject() : nullptr;
    return get(O ? O->get(Key) : nullptr);
  }
  J operator[](int I) const { // int, not size_t: a literal 0 would be ambiguous
    const llvm::json::Array *A = V ? V->getAsArray() : nullptr;
    return get(A && I >= 0 && std::size_t(I) < A->size() ? &(*A)[I] : nullptr);
  }
  bool exists() const { return V != nullptr; }
  std::string str() const {
    std::optional<llvm::StringRef> S = V ? V->getAsString() : std::nullopt;
    return S ? S->str() : "<not a string>";
  }
  std::int64_t num() const {
    std::optional<std::int64_t> N = V ? V->getAsInteger() : std::nullopt;
    return N ? *N : -1;
  }
  std::optional<bool> boolean() const { return V ? V->getAsBoolean() : std::nullopt; }
  std::size_t size() const {
    const llvm::json::Array *A = V ? V->getAsArray() : nullptr;
    return A ? A->size() : 0;
  }
};

struct Log {
  J Root;
  J root() const { return Root; }
  J run() const { return Root["runs"][0]; }
  J result(int I) const { return run()["results"][I]; }
};

Log sarif(const std::vector<Finding> &Findings, const std::vector<FileStatus> &Files = {},
          const std::string &BaseDir = "/src/proj", SarifOptions Opts = {}) {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  Opts.BaseDir = BaseDir;
  writeSarif(OS, Findings, Files, "1.2.3", Opts);
  OS.flush();
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Out);
  REQUIRE(bool(V));
  auto Doc = std::make_shared<const llvm::json::Value>(std::move(*V));
  return {J{Doc, Doc.get()}};
}

FileLoc at(const std::string &Path, unsigned Line, unsigned Column) {
  FileLoc L;
  L.Path = Path;
  L.Line = Line;
  L.Column = Column;
  return L;
}

/// A 32-way conflict on a load of Tile[32][32], with the padding fix-it.
Finding conflict() {
  Finding F;
  F.Loc = at("/src/proj/kernels/transpose.cu", 8, 41);
  F.Kernel = "transposeNaive";
  F.Array = "Tile";
  F.ArrayDecl = at("/src/proj/kernels/transpose.cu", 5, 20);
  F.ElementType = "float";
  F.Kind = "load";
  F.AccessBytes = 4;
  F.BlockDim = std::array<unsigned, 3>{32, 32, 1};
  F.BlockDimSource = "launch at /src/proj/kernels/transpose.cu:10";
  F.Status = "conflict";
  F.WavefrontsWorst = 32;
  F.WavefrontsMean = 32;
  F.IdealWavefronts = 1;
  F.Degree = 32;
  F.Message = "32-way bank conflict on shared load of 'Tile' (32 wavefronts, ideal 1)";
  F.Notes.push_back({at("/src/proj/kernels/transpose.cu", 8, 41), "in warp 0, lanes 0, 1, ..., 31 -> bank 0"});
  F.Notes.push_back({FileLoc(), "block shape (32, 32, 1) from launch"});
  F.Notes.push_back({at("/src/proj/kernels/transpose.cu", 5, 20), "'Tile' declared here"});
  F.Notes.push_back({at("/src/proj/kernels/transpose.cu", 5, 20),
                     "pad the innermost dimension of 'Tile' by 1 element", /*ShowsFix=*/true});
  TextEdit E;
  E.Loc = at("/src/proj/kernels/transpose.cu", 5, 29);
  E.Loc.Offset = 120;
  E.Length = 2;
  E.Text = "33";
  E.Expected = "32";
  F.Fixes.push_back(E);
  return F;
}

Finding withStatus(const std::string &Status) {
  Finding F = conflict();
  F.Status = Status;
  F.Fixes.clear();
  return F;
}
} // namespace

TEST_CASE("the log is SARIF 2.1.0 with one run of bankcheck", "[sarif]") {
  Log L = sarif({conflict()});
  CHECK(L.root()["version"].str() == "2.1.0");
  CHECK(L.root()["$schema"].exists());
  CHECK(L.root()["runs"].size() == 1);
  J Driver = L.run()["tool"]["driver"];
  CHECK(Driver["name"].str() == "bankcheck");
  CHECK(Driver["version"].str() == "1.2.3");
  CHECK_FALSE(Driver["informationUri"].exists());
}

TEST_CASE("the driver describes the bank-conflict rule as a warning", "[sarif]") {
  J Rule = sarif({}).run()["tool"]["driver"]["rules"][0];
  CHECK(Rule["id"].str() == "bankcheck-bank-conflict");
  CHECK(Rule["defaultConfiguration"]["level"].str() == "warning");
  CHECK(Rule["shortDescription"]["text"].exists());
  CHECK(Rule["fullDescription"]["text"].exists());
  CHECK(Rule["help"]["text"].exists());
  CHECK_FALSE(Rule["helpUri"].exists());
}

TEST_CASE("no findings give an empty results array", "[sarif]") {
  Log L = sarif({});
  CHECK(L.run()["results"].exists());
  CHECK(L.run()["results"].size() == 0);
}

TEST_CASE("a conflict is a failing result at warning level", "[sarif]") {
  J R = sarif({conflict()}).result(0);
  CHECK(R["ruleId"].str() == "bankcheck-bank-conflict");
  CHECK(R["ruleIndex"].num() == 0);
  CHECK(R["kind"].str() == "fail");
  CHECK(R["level"].str() == "warning");
  CHECK(R["message"]["text"].str() == "32-way bank conflict on shared load of 'Tile' (32 wavefronts, ideal 1)");
}

TEST_CASE("a possible conflict is a warning whose status property says possible", "[sarif]") {
  J R = sarif({withStatus("possible")}).result(0);
  CHECK(R["level"].str() == "warning");
  CHECK(R["kind"].str() == "fail");
  CHECK(R["properties"]["bankcheck.status"].str() == "possible");
}

TEST_CASE("an undecided access is a result to review with no level, only when asked", "[sarif]") {
  CHECK(sarif({withStatus("unknown")}).run()["results"].size() == 0);
  SarifOptions Asked;
  Asked.IncludeUnknown = true;
  J R = sarif({withStatus("unknown")}, {}, "/src/proj", Asked).result(0);
  CHECK(R["kind"].str() == "review");
  CHECK(R["level"].str() == "none");
}

TEST_CASE("a clean access gives no result", "[sarif]") {
  Log L = sarif({withStatus("clean"), conflict()});
  CHECK(L.run()["results"].size() == 1);
  CHECK(L.result(0)["properties"]["bankcheck.status"].str() == "conflict");
}

TEST_CASE("a file under the base directory is named relative to SRCROOT", "[sarif]") {
  Log L = sarif({conflict()});
  J Phys = L.result(0)["locations"][0]["physicalLocation"];
  CHECK(Phys["artifactLocation"]["uri"].str() == "kernels/transpose.cu");
  CHECK(Phys["artifactLocation"]["uriBaseId"].str() == "SRCROOT");
  CHECK(Phys["region"]["startLine"].num() == 8);
  CHECK(Phys["region"]["startColumn"].num() == 41);
  CHECK(L.run()["originalUriBaseIds"]["SRCROOT"]["uri"].str() == "file:///src/proj/");
}

TEST_CASE("a trailing slash on the base directory changes nothing", "[sarif]") {
  Log L = sarif({conflict()}, {}, "/src/proj/");
  CHECK(L.run()["originalUriBaseIds"]["SRCROOT"]["uri"].str() == "file:///src/proj/");
  CHECK(L.result(0)["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].str() ==
        "kernels/transpose.cu");
}

TEST_CASE("a file outside the base directory gets an absolute file URI", "[sarif]") {
  Finding F = conflict();
  F.Loc.Path = "/src/projector/a.cu"; // shares a prefix with the base, not a folder
  J Art = sarif({F}).result(0)["locations"][0]["physicalLocation"]["artifactLocation"];
  CHECK(Art["uri"].str() == "file:///src/projector/a.cu");
  CHECK_FALSE(Art["uriBaseId"].exists());
}

TEST_CASE("dot-dot components are resolved before the base is compared", "[sarif]") {
  Finding F = conflict();
  F.Loc.Path = "/src/proj/kernels/../other/b.cu";
  J Art = sarif({F}).result(0)["locations"][0]["physicalLocation"]["artifactLocation"];
  CHECK(Art["uri"].str() == "other/b.cu");
  F.Loc.Path = "/src/proj/../elsewhere/c.cu";
  J Out = sarif({F}).result(0)["locations"][0]["physicalLocation"]["artifactLocation"];
  CHECK(Out["uri"].str() == "file:///src/elsewhere/c.cu");
}

TEST_CASE("an empty base directory makes every URI absolute", "[sarif]") {
  Log L = sarif({conflict()}, {}, "");
  CHECK_FALSE(L.run()["originalUriBaseIds"].exists());
  J Art = L.result(0)["locations"][0]["physicalLocation"]["artifactLocation"];
  CHECK(Art["uri"].str() == "file:///src/proj/kernels/transpose.cu");
  CHECK_FALSE(Art["uriBaseId"].exists());
}

TEST_CASE("characters outside a URI's unreserved set are percent-encoded", "[sarif]") {
  Finding F = conflict();
  F.Loc.Path = "/src/proj/my kernels/a#1.cu";
  J Art = sarif({F}).result(0)["locations"][0]["physicalLocation"]["artifactLocation"];
  CHECK(Art["uri"].str() == "my%20kernels/a%231.cu");
  Log Outside = sarif({F}, {}, "/other dir");
  CHECK(Outside.run()["originalUriBaseIds"]["SRCROOT"]["uri"].str() == "file:///other%20dir/");
}

TEST_CASE("notes with a location become numbered related locations", "[sarif]") {
  J Related = sarif({conflict()}).result(0)["relatedLocations"];
  REQUIRE(Related.size() == 3);
  CHECK(Related[0]["id"].num() == 0);
  CHECK(Related[2]["id"].num() == 2);
  CHECK(Related[1]["message"]["text"].str() == "'Tile' declared here");
  CHECK(Related[1]["physicalLocation"]["region"]["startLine"].num() == 5);
  CHECK(Related[1]["physicalLocation"]["artifactLocation"]["uriBaseId"].str() == "SRCROOT");
}

TEST_CASE("notes without a location are kept in the property bag", "[sarif]") {
  J Notes = sarif({conflict()}).result(0)["properties"]["notes"];
  REQUIRE(Notes.size() == 1);
  CHECK(Notes[0].str() == "block shape (32, 32, 1) from launch");
}

TEST_CASE("a fix-it becomes a replacement of its columns on its line", "[sarif]") {
  J Fix = sarif({conflict()}).result(0)["fixes"][0];
  CHECK(Fix["description"]["text"].str() == "pad the innermost dimension of 'Tile' by 1 element");
  J Change = Fix["artifactChanges"][0];
  CHECK(Change["artifactLocation"]["uri"].str() == "kernels/transpose.cu");
  J Rep = Change["replacements"][0];
  CHECK(Rep["deletedRegion"]["startLine"].num() == 5);
  CHECK(Rep["deletedRegion"]["startColumn"].num() == 29);
  CHECK(Rep["deletedRegion"]["endColumn"].num() == 31);
  CHECK(Rep["insertedContent"]["text"].str() == "33");
}

TEST_CASE("fix-its in two files become two artifact changes of one fix", "[sarif]") {
  Finding F = conflict();
  TextEdit Header = F.Fixes[0];
  Header.Loc.Path = "/src/proj/include/tile.h";
  F.Fixes.push_back(Header);
  F.Fixes.push_back(F.Fixes[0]);
  J Fixes = sarif({F}).result(0)["fixes"];
  REQUIRE(Fixes.size() == 1);
  J Changes = Fixes[0]["artifactChanges"];
  REQUIRE(Changes.size() == 2);
  CHECK(Changes[0]["artifactLocation"]["uri"].str() == "kernels/transpose.cu");
  CHECK(Changes[0]["replacements"].size() == 2);
  CHECK(Changes[1]["artifactLocation"]["uri"].str() == "include/tile.h");
}

TEST_CASE("a finding without fix-its has no fixes member", "[sarif]") {
  CHECK_FALSE(sarif({withStatus("possible")}).result(0)["fixes"].exists());
}

TEST_CASE("a result carries the access's numbers as properties", "[sarif]") {
  J P = sarif({conflict()}).result(0)["properties"];
  CHECK(P["wavefrontsWorst"].num() == 32);
  CHECK(P["idealWavefronts"].num() == 1);
  CHECK(P["degree"].num() == 32);
  CHECK(P["kernel"].str() == "transposeNaive");
  CHECK(P["array"].str() == "Tile");
  CHECK(P["kind"].str() == "load");
  CHECK(P["accessBytes"].num() == 4);
  CHECK(P["blockDim"][1].num() == 32);
}

TEST_CASE("a run where every file was analysed is successful", "[sarif]") {
  J Inv = sarif({conflict()}, {{"/src/proj/kernels/transpose.cu", true, ""}}).run()["invocations"][0];
  CHECK(Inv["executionSuccessful"].boolean() == true);
  CHECK_FALSE(Inv["toolExecutionNotifications"].exists());
}

TEST_CASE("a file that failed is an error notification of an unsuccessful run", "[sarif]") {
  J Inv = sarif({}, {{"/src/proj/good.cu", true, ""},
                     {"/src/proj/bad.cu", false, "bad.cu:3:1: error: expected ';'"}})
              .run()["invocations"][0];
  CHECK(Inv["executionSuccessful"].boolean() == false);
  J Notes = Inv["toolExecutionNotifications"];
  REQUIRE(Notes.size() == 1);
  CHECK(Notes[0]["level"].str() == "error");
  CHECK(Notes[0]["message"]["text"].str() == "bad.cu:3:1: error: expected ';'");
  CHECK(Notes[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].str() == "bad.cu");
}

TEST_CASE("a finding of another check gets its own rule and index", "[sarif]") {
  Finding F = conflict();
  F.CheckId = "bankcheck-other";
  Log L = sarif({conflict(), F});
  CHECK(L.run()["tool"]["driver"]["rules"][1]["id"].str() == "bankcheck-other");
  CHECK(L.result(1)["ruleIndex"].num() == 1);
}

TEST_CASE("each rule has markdown help and a helpUri to its docs page", "[sarif]") {
  SarifOptions O;
  O.HelpBase = "https://example.org/bankcheck/docs/checks";
  Finding F = conflict();
  F.OutOfBounds = BoundsDiagnostic();
  J Rules = sarif({F}, {}, "/src/proj", O).run()["tool"]["driver"]["rules"];
  REQUIRE(Rules.size() == 2);
  CHECK(Rules[0]["helpUri"].str() == "https://example.org/bankcheck/docs/checks/bankcheck-bank-conflict.md");
  CHECK(Rules[1]["helpUri"].str() == "https://example.org/bankcheck/docs/checks/bankcheck-out-of-bounds.md");
  CHECK(Rules[0]["help"]["markdown"].str().find("```cuda") != std::string::npos);
  CHECK(Rules[0]["help"]["text"].exists());
  CHECK_FALSE(sarif({F}).run()["tool"]["driver"]["rules"][0]["helpUri"].exists());
}

namespace {
std::string fingerprint(const Log &L, int I) {
  return L.result(I)["partialFingerprints"]["bankcheckFingerprint/v1"].str();
}
SourceReader source(const std::string &Text) {
  return [Text](const std::string &, std::string &Out) {
    Out = Text;
    return true;
  };
}
} // namespace

TEST_CASE("fingerprints stay when unrelated lines move and change with the line's text", "[sarif]") {
  SarifOptions Before, After, Edited;
  Before.Read = source("a\nb\nc\nd\ne\nf\ng\n  x = Tile[tid][0];\n");
  After.Read = source("new\nlines\na\nb\nc\nd\ne\nf\ng\n\tx =  Tile[tid][0];\n");
  Edited.Read = source("a\nb\nc\nd\ne\nf\ng\n  x = Tile[tid][1];\n");
  Finding Moved = conflict();
  Moved.Loc.Line += 2;
  std::string F0 = fingerprint(sarif({conflict()}, {}, "/src/proj", Before), 0);
  CHECK(F0.size() > 2);
  CHECK(F0.substr(F0.size() - 2) == ":1");
  CHECK(fingerprint(sarif({Moved}, {}, "/src/proj", After), 0) == F0);
  CHECK(fingerprint(sarif({conflict()}, {}, "/src/proj", Edited), 0) != F0);
  // Two equal results are told apart by their rank.
  Log Twice = sarif({conflict(), conflict()}, {}, "/src/proj", Before);
  CHECK(fingerprint(Twice, 1) == F0.substr(0, F0.size() - 1) + "2");
}

// Unit tests of a file analysed under several compile commands: which findings
// are reported once and which carry their command; and of the flag sets that
// share a precompiled preamble.
#include "Frontend/CommandVariants.h"
#include "Frontend/DeviceCommands.h"
#include "Frontend/Preamble.h"

#include <catch2/catch.hpp>

using namespace bankcheck;
using namespace bankcheck::frontend;

namespace {
report::Finding at(unsigned Line, unsigned Degree) {
  report::Finding F;
  F.Loc.Path = "tile.cu";
  F.Loc.Line = Line;
  F.Loc.Column = 3;
  F.Kernel = "k";
  F.Status = Degree > 1 ? "conflict" : "clean";
  F.Degree = Degree;
  F.Notes.push_back({F.Loc, "in warp 0"});
  return F;
}
std::vector<std::string> under(const report::Finding &F) {
  std::vector<std::string> Out;
  for (const report::Note &N : F.Notes)
    if (N.Message.rfind("under ", 0) == 0)
      Out.push_back(N.Message);
  return Out;
}
clang::tooling::CompileCommand command(std::vector<std::string> Args) {
  return clang::tooling::CompileCommand("/p", "a.cu", std::move(Args), "");
}
} // namespace

TEST_CASE("A finding the same under every command is reported once, without a note", "[Frontend][Variants]") {
  std::vector<report::Finding> Out =
      mergeCommandVariants({{at(5, 32), at(9, 1)}, {at(5, 32), at(9, 8)}}, {"command 1 of 2 (-DA)", "command 2 of 2 (-DB)"});
  REQUIRE(Out.size() == 3);
  CHECK(Out[0].Loc.Line == 5);
  CHECK(under(Out[0]).empty());
  CHECK(Out[1].Loc.Line == 9);
  CHECK(Out[1].Degree == 1);
  CHECK(under(Out[1]) == std::vector<std::string>{"under command 1 of 2 (-DA) only"});
  CHECK(Out[2].Degree == 8);
  CHECK(under(Out[2]) == std::vector<std::string>{"under command 2 of 2 (-DB) only"});
}

TEST_CASE("A finding under some of three commands names each of them", "[Frontend][Variants]") {
  std::vector<report::Finding> Out = mergeCommandVariants({{at(5, 4)}, {at(5, 4)}, {}}, {"c1", "c2", "c3"});
  REQUIRE(Out.size() == 1);
  CHECK(under(Out[0]) == std::vector<std::string>{"under c1; c2 only"});
}

TEST_CASE("The label of a command names the arguments the others lack", "[Frontend][Variants]") {
  std::vector<clang::tooling::CompileCommand> V = {command({"clang++", "-x", "cuda", "-DTILE=32", "a.cu"}),
                                                   command({"clang++", "-x", "cuda", "-D", "TILE=16", "a.cu"})};
  CHECK(variantLabel(V, 0) == "compile command 1 of 2 (-DTILE=32)");
  CHECK(variantLabel(V, 1) == "compile command 2 of 2 (-D TILE=16)");
}

TEST_CASE("Commands that force-include the user's own files get no preamble", "[Frontend][Preamble]") {
  auto Plain = command({"clang++", "-x", "cuda", "-include", "bankcheck_compat.h", "-DX=1", "a.cu"});
  auto Other = command({"clang++", "-x", "cuda", "-include", "bankcheck_compat.h", "-DX=1", "b.cu"});
  auto Defines = command({"clang++", "-x", "cuda", "-include", "bankcheck_compat.h", "-DX=2", "a.cu"});
  auto Own = command({"clang++", "-x", "cuda", "-include", "mine.h", "a.cu"});
  REQUIRE(preambleKey(Plain));
  CHECK(preambleKey(Plain) == preambleKey(Other)); // the same flags: one preamble
  CHECK(preambleKey(Plain) != preambleKey(Defines));
  CHECK(!preambleKey(Own));
  CHECK(!preambleKey(command({"clang++", "-include-pch", "x.pch", "a.cu"})));
}

//===- WalkerVarsTest.cpp -------------------------------------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerVars.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Tooling/Tooling.h"

#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <vector>

using namespace bankcheck::frontend;

namespace {
using Vars = WalkerVarsT<int>;
using Map = Vars::Map;

/// The variables of a small translation unit: two globals, then locals.
struct Decls : clang::RecursiveASTVisitor<Decls> {
  std::vector<const clang::VarDecl *> All;
  bool VisitVarDecl(clang::VarDecl *D) {
    All.push_back(D);
    return true;
  }
};

std::map<const clang::VarDecl *, int> plain(const Map &M) { return M.get(); }
} // namespace

TEST_CASE("writes and replacements since a mark are undone, latest first", "[frontend]") {
  std::unique_ptr<clang::ASTUnit> AST =
      clang::tooling::buildASTFromCode("int g0, g1; void f(int p) { int a, b, c, d, e; }");
  Decls D;
  D.TraverseDecl(AST->getASTContext().getTranslationUnitDecl());
  REQUIRE(D.All.size() == 8);
  // Random writes, replacements by kept copies, startFromOutside and nested
  // marks, against std::maps kept by value at each mark.
  std::mt19937 Rng(11);
  for (int Round = 0; Round < 200; ++Round) {
    Vars V;
    std::map<const clang::VarDecl *, int> Ref;
    std::vector<std::pair<std::size_t, std::map<const clang::VarDecl *, int>>> Marks;
    std::vector<Map> Kept;
    for (int Step = 0; Step < 60; ++Step) {
      const clang::VarDecl *VD = D.All[Rng() % D.All.size()];
      switch (Rng() % 6) {
      case 0:
      case 1:
        V[VD] = int(Rng() % 100);
        Ref[VD] = V.find(VD)->second;
        break;
      case 2:
        Kept.push_back(V); // a copy: shares the storage
        break;
      case 3:
        if (!Kept.empty()) {
          V = Kept[Rng() % Kept.size()];
          Ref = plain(V);
        }
        break;
      case 4:
        if (Marks.size() < 3 || Rng() % 2) {
          Marks.emplace_back(V.mark(), Ref);
        } else {
          V.undo(Marks.back().first);
          Ref = Marks.back().second;
          Marks.pop_back();
        }
        break;
      default: {
        Map Caller = V;
        V.startFromOutside(Caller);
        std::map<const clang::VarDecl *, int> Out;
        for (const auto &[K, X] : Ref)
          if (!K->isLocalVarDeclOrParm())
            Out[K] = X;
        Ref = Out;
        break;
      }
      }
      REQUIRE(plain(V) == Ref);
    }
    while (!Marks.empty()) {
      V.undo(Marks.back().first);
      REQUIRE(plain(V) == Marks.back().second);
      Marks.pop_back();
    }
  }
}

//===- CompactWalkTest.cpp - A finished walk keeps the symbols it names ---===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/KernelWalker.h"
#include "Symbolic/SymbolTable.h"

#include <catch2/catch.hpp>

using namespace bankcheck;
using namespace bankcheck::frontend;
using symbolic::Expr;
using symbolic::Symbol;
using symbolic::SymbolId;
using symbolic::SymbolKind;
using symbolic::SymbolTable;

namespace {
SymbolId unknown(SymbolTable &T, const std::string &Stem, std::uint32_t N, SymbolKind K = SymbolKind::Uniform) {
  Symbol S;
  S.Name = symbolic::SymbolName(Stem, N);
  S.Kind = K;
  S.Reason = "value of " + Stem;
  if (N % 3 == 0)
    S.Min = 0;
  return T.add(S);
}
} // namespace

TEST_CASE("a finished walk keeps the symbols its sites name, in order, with their names", "[walk]") {
  KernelResult W;
  std::vector<SymbolId> Ids;
  for (std::uint32_t N = 0; N < 1000; ++N) // the unknowns of a kernel's float arithmetic
    Ids.push_back(unknown(W.Symbols, N % 2 ? "a * b" : "load", N, N % 5 ? SymbolKind::Uniform : SymbolKind::LaneOpaque));
  Symbol F;
  F.Name = symbolic::SymbolName("load", 7777);
  F.Kind = SymbolKind::Function;
  const SymbolId Fn = W.Symbols.add(F);
  Symbol L;
  L.Name = "tile.extent";
  L.Kind = SymbolKind::Layout;
  const SymbolId Inner = W.Symbols.add(L);
  const Expr Tx = Expr::var(SymbolTable::threadIdx(0));
  // Offsets naming a few of them: a loop counter, a loaded index, the
  // layout's extent; one subtree shared by two instances.
  const Expr K = Expr::var(Ids[640]);
  const Expr Shared = (Tx + K) * Expr::var(Inner) * 4;
  AccessSite S;
  bank::AccessInstance A, B;
  A.ByteOffset = Shared;
  A.Guards.push_back({Expr::binary(symbolic::Op::Lt, Tx, Expr::var(Ids[900])), "tx < n"});
  B.ByteOffset = Shared + Expr::apply(Fn, Tx + Expr::var(Ids[17])) * 4;
  B.Invariant = Expr::binary(symbolic::Op::Lt, Tx, Expr::var(Inner));
  S.Instances = {A, B};
  W.Sites.push_back(S);
  ArrayLayout Lay;
  Lay.Inner = Inner;
  Lay.InnerExtent = 32;
  W.Layouts[nullptr] = Lay;

  auto Texts = [&](const KernelResult &R) {
    std::vector<std::string> T;
    for (const bank::AccessInstance &I : R.Sites[0].Instances) {
      T.push_back(print(I.ByteOffset, R.Symbols));
      for (const bank::Guard &G : I.Guards)
        T.push_back(print(G.Cond, R.Symbols));
      T.push_back(I.Invariant.isNull() ? "" : print(I.Invariant, R.Symbols));
    }
    return T;
  };
  const std::vector<std::string> Before = Texts(W);
  const std::size_t Builtins = SymbolTable().size();
  compactSymbols(W);
  CHECK(Texts(W) == Before);
  // The builtins, then the five named: the counter, the guard's bound, the
  // loaded index, the load function, the extent, in their old order.
  REQUIRE(W.Symbols.size() == Builtins + 5);
  std::vector<std::string> Names;
  for (std::size_t Id = Builtins; Id < W.Symbols.size(); ++Id)
    Names.push_back(W.Symbols.get(SymbolId(Id)).Name.str());
  CHECK(Names == std::vector<std::string>{"a * b#17", "load#640", "load#900", "load#7777", "tile.extent"});
  CHECK(W.Symbols.get(SymbolId(Builtins + 2)).Min == std::optional<std::int64_t>(0)); // facts kept
  CHECK(!W.Symbols.get(SymbolId(Builtins + 1)).Min);
  CHECK(W.Symbols.get(SymbolId(Builtins)).Kind == SymbolKind::Uniform);
  CHECK(W.Symbols.get(SymbolId(Builtins + 1)).Kind == SymbolKind::LaneOpaque); // 640 % 5 == 0
  CHECK(W.Layouts[nullptr].Inner == SymbolId(Builtins + 4));
  // The shared subtree stays one node; the minimum symbol is recomputed.
  const Expr &NewA = W.Sites[0].Instances[0].ByteOffset;
  const Expr &NewB = W.Sites[0].Instances[1].ByteOffset;
  CHECK(NewB.operand(0).node() == NewA.node());
  CHECK(NewA.minSymbol() == SymbolTable::threadIdx(0));
  CHECK(W.Sites[0].Instances[0].Guards[0].Cond.operand(1).minSymbol() == SymbolId(Builtins + 2));
  CHECK(symbolic::hashValue(NewA) == symbolic::hashValue((Tx + Expr::var(SymbolId(Builtins + 1))) *
                                                          Expr::var(SymbolId(Builtins + 4)) * 4));
}

TEST_CASE("a walk that names most of its symbols is left as it is", "[walk]") {
  KernelResult W;
  AccessSite S;
  Expr Sum = Expr::constant(0);
  std::vector<SymbolId> Ids;
  for (std::uint32_t N = 0; N < 400; ++N)
    Ids.push_back(unknown(W.Symbols, "k", N));
  bank::AccessInstance I;
  for (std::uint32_t N = 0; N < 300; ++N)
    Sum = Sum + Expr::var(Ids[N]);
  I.ByteOffset = Sum;
  S.Instances.push_back(I);
  W.Sites.push_back(S);
  const std::size_t Size = W.Symbols.size();
  const void *Node = W.Sites[0].Instances[0].ByteOffset.node();
  compactSymbols(W);
  CHECK(W.Symbols.size() == Size);
  CHECK(W.Sites[0].Instances[0].ByteOffset.node() == Node);
}

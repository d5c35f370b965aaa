//===- MergedAccessesTest.cpp - Grouping accesses the compiler merges ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
// The plain-data steps of the width passes: which statements of a block may
// have their accesses merged (StatementRuns.h), and what the offsets prove
// about alignment (MergedAccesses.h).
#include "Frontend/MergedAccesses.h"
#include "Frontend/StatementRuns.h"
#include "Symbolic/SymbolTable.h"

#include <catch2/catch.hpp>

using namespace bankcheck;
using namespace bankcheck::frontend;
using symbolic::Expr;
using symbolic::SymbolTable;

namespace {
Expr tx() { return Expr::var(SymbolTable::threadIdx(0)); }
Expr ty() { return Expr::var(SymbolTable::threadIdx(1)); }
Expr c(std::int64_t V) { return Expr::constant(V); }

BlockStatement with(std::vector<std::pair<std::size_t, unsigned>> Sites, std::vector<std::size_t> Stores = {}) {
  BlockStatement S;
  S.Sites = std::move(Sites);
  S.Stores = std::move(Stores);
  return S;
}
BlockStatement plain() { return BlockStatement(); }
BlockStatement barrier() {
  BlockStatement S;
  S.Barrier = true;
  return S;
}
} // namespace

TEST_CASE("stores of one array on consecutive statements form one run", "[merged]") {
  // s[2t] = a; s[2t+1] = b;   (sites 0 and 1, both stores of key 0)
  auto Runs = linkStatements({with({{0, 0}}, {0}), with({{1, 0}}, {1})});
  REQUIRE(Runs.size() == 1);
  CHECK(Runs[0] == std::vector<std::size_t>{0, 1});
}

TEST_CASE("a statement between that touches no shared memory keeps the run", "[merged]") {
  auto Runs = linkStatements({with({{0, 0}}), plain(), with({{1, 0}}), with({{2, 0}})});
  REQUIRE(Runs.size() == 1);
  CHECK(Runs[0] == std::vector<std::size_t>{0, 1, 2});
}

TEST_CASE("a barrier between two statements splits their accesses", "[merged]") {
  CHECK(linkStatements({with({{0, 0}}), barrier(), with({{1, 0}})}).empty());
  auto Runs = linkStatements({with({{0, 0}}), barrier(), with({{1, 0}}), with({{2, 0}})});
  REQUIRE(Runs.size() == 1);
  CHECK(Runs[0] == std::vector<std::size_t>{1, 2});
}

TEST_CASE("another shared store between splits the run, loads and stores alike", "[merged]") {
  // s[4t] = a; r[t] = b; s[4t+1] = c;   (site 5: the store to r)
  CHECK(linkStatements({with({{0, 0}}, {0}), with({}, {5}), with({{1, 0}}, {1})}).empty());
  // a = s[4t]; r[t] = a; b = s[4t+1];
  CHECK(linkStatements({with({{0, 1}}), with({}, {5}), with({{1, 1}})}).empty());
}

TEST_CASE("a statement that also stores elsewhere is linked to neither side", "[merged]") {
  // a = s[2t], r[t] = 0;  b = s[2t+1];  (loads of key 0; site 5 stores)
  CHECK(linkStatements({with({{0, 0}}, {5}), with({{1, 0}})}).empty());
}

TEST_CASE("branches, loops and other non-plain statements split runs", "[merged]") {
  BlockStatement Branch;
  Branch.Plain = false;
  CHECK(linkStatements({with({{0, 0}}), Branch, with({{1, 0}})}).empty());
  BlockStatement Guarded = with({{1, 0}});
  Guarded.Plain = false; // the access is under `?:` or inside an `if`
  CHECK(linkStatements({with({{0, 0}}), Guarded}).empty());
}

TEST_CASE("accesses of different arrays or widths are runs of their own", "[merged]") {
  auto Runs = linkStatements({with({{0, 0}, {1, 1}}), with({{2, 0}}), with({{3, 1}})});
  REQUIRE(Runs.size() == 2);
  CHECK(Runs[0] == std::vector<std::size_t>{0, 2});
  CHECK(Runs[1] == std::vector<std::size_t>{1, 3});
}

TEST_CASE("a store does not move past a load of its own array", "[merged]") {
  // c[6i] += c[6(i+d)]; c[6i+1] += c[6(i+d)+1];  key 0 stores to array 7, whose loads are in both
  BlockStatement First = with({{0, 0}}, {0}), Second = with({{1, 0}}, {1});
  First.Reads = {7};
  Second.Reads = {7};
  CHECK(linkStatements({First, Second}, {{0, 7}}).empty());
  // loads of another array between stores of this one do not matter
  Second.Reads = {8};
  CHECK(linkStatements({First, Second}, {{0, 7}}).size() == 1);
  // the first statement's own loads come before its store: they do not matter either
  BlockStatement Between = plain();
  Between.Reads = {7};
  CHECK(linkStatements({First, Between, Second}, {{0, 7}}).empty());
}

TEST_CASE("one statement alone is no run", "[merged]") {
  CHECK(linkStatements({with({{0, 0}, {1, 0}})}).empty());
}

TEST_CASE("trailing zeros are read through the operators", "[merged]") {
  symbolic::Env None;
  CHECK(knownTrailingZeros(tx() * c(8), None) == 3);
  CHECK(knownTrailingZeros(tx() * c(8) + c(4), None) == 2);
  CHECK(knownTrailingZeros((tx() * c(2)) ^ ((ty() & c(3)) << c(3)), None) == 1);
  CHECK(knownTrailingZeros(((tx() % c(4)) * c(2)) * c(4), None) == 3);
  CHECK(knownTrailingZeros((tx() * c(16)) / c(4), None) == 2);
  CHECK(knownTrailingZeros((tx() * c(16)) >> c(2), None) == 2);
  CHECK(knownTrailingZeros(tx() & c(-8), None) == 3);
  CHECK(knownTrailingZeros(tx() / c(4), None) == 0);
  CHECK(knownTrailingZeros(tx(), None) == 0);
  symbolic::Env Bound;
  Bound.bind(SymbolTable::threadIdx(0), 12);
  CHECK(knownTrailingZeros(tx(), Bound) == 2);
}

TEST_CASE("a XOR swizzled column keeps the alignment its operands give", "[merged]") {
  // (row * 128 + (col ^ ((row & 3) << 3))) * 4 with col = ty * 64 + (tx % 4) * 2:
  // every lane's byte is 8-byte aligned, though the affine form sees an unknown XOR.
  SymbolTable S;
  Expr Row = tx() / c(4), Col = ty() * c(64) + (tx() % c(4)) * c(2);
  Expr Off = (Row * c(128) + (Col ^ ((Row & c(3)) << c(3)))) * c(4);
  OffsetFacts Facts(S);
  CHECK(Facts.aligned(Off, 0, 8));
  CHECK_FALSE(Facts.aligned(Off, 0, 16));
  CHECK_FALSE(Facts.aligned(Off, 4, 8));
  CHECK(Facts.aligned(Off + c(8), 16, 8));
  CHECK(OffsetFacts::distance(Facts.form(Off), Facts.form(Off + c(4))) == 4);
}

namespace {
/// A walk whose sites hold the given byte offsets, one instance each.
KernelResult sitesAt(const std::vector<std::vector<Expr>> &Offsets) {
  KernelResult W;
  for (const std::vector<Expr> &Site : Offsets) {
    AccessSite S;
    for (const Expr &O : Site) {
      bank::AccessInstance I;
      I.ByteOffset = O;
      S.Instances.push_back(I);
    }
    W.Sites.push_back(S);
  }
  return W;
}

std::vector<std::size_t> merging(const KernelResult &W, unsigned Wp, std::vector<std::vector<std::size_t>> &Runs) {
  std::vector<InstanceRef> All;
  for (std::size_t S = 0; S < W.Sites.size(); ++S)
    for (std::size_t I = 0; I < W.Sites[S].Instances.size(); ++I)
      All.push_back({S, I, 0});
  OffsetFacts Facts(W.Symbols);
  auto Chains = consecutiveChains(W, All, 4, Facts);
  REQUIRE(Chains);
  return mergingSites(W, All, *Chains, 4, Wp, 0, Facts, Runs);
}
} // namespace

TEST_CASE("an aligned run merges though another access of the line does not", "[merged]") {
  // s[(t % 16) * 32 + i], i = 0..3 (site 0), beside s[5 * t] (site 1)
  Expr Row = (tx() % c(16)) * c(128);
  KernelResult W = sitesAt({{Row, Row + c(4), Row + c(8), Row + c(12)}, {tx() * c(20)}});
  std::vector<std::vector<std::size_t>> Runs;
  CHECK(merging(W, 16, Runs) == std::vector<std::size_t>{0});
  REQUIRE(Runs.size() == 1);
  CHECK(Runs[0].size() == 4);
  // starting 4 bytes past the boundary, it does not
  KernelResult Off = sitesAt({{Row + c(4), Row + c(8), Row + c(12), Row + c(16)}, {tx() * c(20)}});
  Runs.clear();
  CHECK(merging(Off, 16, Runs).empty());
  CHECK(Runs.empty());
}

TEST_CASE("an access merged in some instances and not in others stays as written", "[merged]") {
  // s[pos], s[pos + stride] with pos = 2t (stride 1) and pos = 2t - (t & 1) (stride 2):
  // the stride-1 pair is 8-byte aligned, the stride-2 pair is no run
  Expr P1 = tx() * c(8), P2 = (tx() * c(2) - (tx() & c(1))) * c(4);
  KernelResult W = sitesAt({{P1, P2}, {P1 + c(4), P2 + c(8)}});
  std::vector<std::vector<std::size_t>> Runs;
  CHECK(merging(W, 8, Runs).empty());
  CHECK(Runs.empty());
  // a third site chained only to a site that cannot merge does not merge either
  KernelResult X = sitesAt({{P2}, {P2 + c(4)}, {tx() * c(64)}, {tx() * c(64) + c(4)}});
  // sites 0, 1: a run starting at an odd word (not 8-byte aligned for every lane); 2, 3: aligned
  Runs.clear();
  CHECK(merging(X, 8, Runs) == std::vector<std::size_t>{2, 3});
  CHECK(Runs.size() == 1);
}

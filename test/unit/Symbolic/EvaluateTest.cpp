//===- EvaluateTest.cpp - Concrete and affine evaluation ------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Symbolic/Evaluate.h"
#include "Symbolic/SymbolTable.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <vector>

#include <catch2/catch.hpp>

using namespace bankcheck::symbolic;

namespace {
Expr tx() { return Expr::var(SymbolTable::threadIdx(0)); }
Expr c(std::int64_t V) { return Expr::constant(V); }
/// A uniform unknown named Name, >= Min where given.
SymbolId uniform(SymbolTable &T, const char *Name, std::optional<std::int64_t> Min = std::nullopt) {
  Symbol N;
  N.Name = Name;
  N.Kind = SymbolKind::Uniform;
  N.Min = Min;
  return T.add(N);
}
/// The symbol of the one atom X's affine form is, under Ctx.
const Symbol &atomOf(const Expr &X, AffineContext &Ctx) {
  Env E;
  auto A = evaluateAffine(X, E, nullptr, &Ctx);
  REQUIRE(A);
  REQUIRE(A->Terms.size() == 1);
  return Ctx.Atoms->get(A->Terms[0].first);
}
}

TEST_CASE("division truncates toward zero and remainder follows the dividend", "[symbolic]") {
  Env E;
  CHECK(*evaluate(c(-7) / c(2), E) == -3);
  CHECK(*evaluate(c(-7) % c(2), E) == -1);
}
TEST_CASE("division by zero, bad shifts and overflow fail instead of giving a value", "[symbolic]") {
  Env E;
  E.bind(SymbolTable::threadIdx(0), 0);
  EvalFailure Why;
  CHECK_FALSE(evaluate(c(1) / tx(), E, &Why));
  CHECK(Why == EvalFailure::DivByZero);
  CHECK_FALSE(evaluate(c(1) << c(64), E, &Why));
  CHECK(Why == EvalFailure::BadShift);
  CHECK_FALSE(evaluate(c(INT64_MAX) + tx() + c(1), E, &Why));
  CHECK(Why == EvalFailure::Overflow);
}
TEST_CASE("an unbound symbol makes concrete evaluation fail as unbound", "[symbolic]") {
  Env E;
  EvalFailure Why;
  CHECK_FALSE(evaluate(tx() * 2, E, &Why));
  CHECK(Why == EvalFailure::Unbound);
}
TEST_CASE("constant folding keeps C semantics", "[symbolic]") {
  CHECK((c(6) * c(7)).isConst(42));
  CHECK(((tx() + c(3)) + c(4)).operand(1).isConst(7));
  CHECK((tx() * c(1)).equals(tx()));
  CHECK((c(5) / c(0)).op() == Op::Div); // not folded: evaluation reports it
}
TEST_CASE("an index split by a width and put together again is the index", "[symbolic]") {
  SymbolTable T;
  Symbol S;
  S.Name = "w";
  S.Kind = SymbolKind::Uniform;
  Expr W = Expr::var(T.add(S));
  Expr I = tx() * c(2);
  // (i / w) * w + i % w, either order of terms and factors, scaled, behind a base.
  CHECK(((I / W) * W + I % W).equals(I));
  CHECK((I % W + W * (I / W)).equals(I));
  CHECK((((I / W) * W) * c(2) + (I % W) * c(2)).equals(I * c(2)));
  CHECK((W * c(4) + (I / W) * W + I % W).equals(W * c(4) + I));
  CHECK((W * c(4) + I % W + (I / W) * W).equals(W * c(4) + I));
  // Not for another width, another index or other scales.
  CHECK_FALSE(((I / W) * (W + c(1)) + I % W).equals(I));
  CHECK_FALSE(((I / W) * W + (tx() % W)).equals(I));
  CHECK_FALSE((((I / W) * W) * c(2) + (I % W) * c(4)).equals(I * c(2)));
  // A division by the constant 0 is kept, to fail.
  Env E;
  E.bind(SymbolTable::threadIdx(0), 3);
  CHECK_FALSE(evaluate((I / c(0)) * c(0) + I % c(0), E).has_value());
}
TEST_CASE("equal trees built apart hash alike; the hash tells operands and symbols apart", "[symbolic]") {
  Expr ty = Expr::var(SymbolTable::threadIdx(1));
  Expr A = (tx() * c(33) + ty) ^ c(7), B = (tx() * c(33) + ty) ^ c(7);
  REQUIRE(A.equals(B));
  CHECK(hashValue(A) == hashValue(B));
  CHECK(hashValue(Expr()) == hashValue(Expr()));
  // Not guaranteed in general, but these must not collide for dedup to be cheap.
  CHECK(hashValue(tx() - ty) != hashValue(ty - tx()));
  CHECK(hashValue(tx() * c(33)) != hashValue(tx() * c(32)));
  CHECK(hashValue(tx()) != hashValue(ty));
  CHECK(hashValue(Expr::apply(7, tx())) != hashValue(Expr::apply(8, tx())));
}
TEST_CASE("a tree knows the least symbol it mentions, as forEachSymbol finds it", "[symbolic]") {
  Expr ty = Expr::var(SymbolTable::threadIdx(1)), n = Expr::var(40), k = Expr::var(17);
  const Expr Trees[] = {c(3), Expr(), n, n * c(4) + k, Expr::apply(30, n + c(1)), Expr::apply(30, ty),
                        Expr::select(Expr::binary(Op::Lt, n, k), ty, c(0)), Expr::lnot(Expr::binary(Op::Eq, tx(), n)), (n + k) * (ty - tx())};
  for (const Expr &E : Trees) {
    SymbolId Least = ~0u;
    forEachSymbol(E, [&](SymbolId S) { Least = std::min(Least, S); });
    CHECK(E.minSymbol() == Least);
    CHECK(SymbolTable::mentionsThreadIdx(E) == (Least <= SymbolTable::threadIdx(2)));
  }
}
TEST_CASE("affine evaluation separates a uniform offset from the lane part", "[symbolic]") {
  SymbolTable T;
  SymbolId Id = uniform(T, "n");
  Env E;
  E.bind(SymbolTable::threadIdx(0), 5);
  auto A = evaluateAffine(tx() * 33 + Expr::var(Id) * 4, E);
  REQUIRE(A);
  CHECK(A->C == 165);
  REQUIRE(A->Terms.size() == 1);
  CHECK(A->Terms[0].second == 4);
}
TEST_CASE("a product of two unknowns is not affine", "[symbolic]") {
  SymbolTable T;
  SymbolId Id = uniform(T, "n");
  Env E;
  EvalFailure Why;
  CHECK_FALSE(evaluateAffine(Expr::var(Id) * Expr::var(Id), E, &Why));
  CHECK(Why == EvalFailure::NonAffine);
}
TEST_CASE("an atom keeps the bounds its operation gives every value", "[symbolic]") {
  SymbolTable T;
  SymbolId Signed = uniform(T, "n");
  SymbolId Unsigned = uniform(T, "u", 0);
  AtomIdMap Ids;
  AffineContext Ctx;
  Ctx.Facts = Ctx.Atoms = &T;
  Ctx.AtomIds = &Ids;
  auto AtomOf = [&](const Expr &X) -> const Symbol & { return atomOf(X, Ctx); };
  Expr n = Expr::var(Signed), u = Expr::var(Unsigned);
  // `n & 3` is in [0, 3] whatever n is (two's complement).
  const Symbol &And = AtomOf(n & c(3));
  CHECK(And.Min == 0);
  CHECK(And.Max == 3);
  // A remainder has the dividend's sign: [0, 3] only where it is >= 0.
  const Symbol &ModU = AtomOf(u % c(4));
  CHECK(ModU.Min == 0);
  CHECK(ModU.Max == 3);
  const Symbol &ModN = AtomOf(n % c(4));
  CHECK(ModN.Min == -3);
  CHECK(ModN.Max == 3);
  // A mask with a negative constant clears bits: no bound.
  const Symbol &Clear = AtomOf(n & c(-4));
  CHECK_FALSE(Clear.Min);
  CHECK_FALSE(Clear.Max);
  // Comparisons are 0 or 1; min with a constant stays below it.
  const Symbol &Less = AtomOf(Expr::binary(Op::Lt, n, u));
  CHECK(Less.Min == 0);
  CHECK(Less.Max == 1);
  const Symbol &Least = AtomOf(Expr::binary(Op::Min, n * n, c(31)));
  CHECK_FALSE(Least.Min);
  CHECK(Least.Max == 31);
}
TEST_CASE("an atom's bounds follow from its operands' bounds", "[symbolic]") {
  SymbolTable T;
  Symbol Byte;
  Byte.Name = "b";
  Byte.Kind = SymbolKind::Uniform;
  Byte.Min = 0;
  Byte.Max = 255; // a loaded unsigned char
  SymbolId B = T.add(Byte);
  SymbolId Unsigned = uniform(T, "u", 0);
  SymbolId Signed = uniform(T, "n");
  AtomIdMap Ids;
  AffineContext Ctx;
  Ctx.Atoms = &T; // no Facts: `>>`, `/` by a constant are atoms too
  Ctx.AtomIds = &Ids;
  Ctx.SelectAtoms = true;
  auto AtomOf = [&](const Expr &X) -> const Symbol & { return atomOf(X, Ctx); };
  Expr b = Expr::var(B), u = Expr::var(Unsigned), n = Expr::var(Signed);
  // A byte shifted right by 5 is below 8 (it was told "= 32" before).
  const Symbol &Shifted = AtomOf(b >> c(5));
  CHECK(Shifted.Min == 0);
  CHECK(Shifted.Max == 7);
  const Symbol &Quotient = AtomOf(b / c(64));
  CHECK(Quotient.Min == 0);
  CHECK(Quotient.Max == 3);
  // The product of two masks: the products of their extremes (21 = 7 * 3;
  // values between, such as 16, are not told apart).
  const Symbol &Product = AtomOf((n & c(7)) * (u & c(3)));
  CHECK(Product.Min == 0);
  CHECK(Product.Max == 21);
  // min of a non-negative value and a constant is in [0, 7].
  const Symbol &Least = AtomOf(Expr::binary(Op::Min, u, c(7)));
  CHECK(Least.Min == 0);
  CHECK(Least.Max == 7);
  // A choice keeps both operands' bounds.
  const Symbol &Choice = AtomOf(Expr::select(Expr::binary(Op::Lt, n, c(3)), b, c(300)));
  CHECK(Choice.Min == 0);
  CHECK(Choice.Max == 300);
  // An operand without bounds leaves the side it reaches open.
  const Symbol &Open = AtomOf(n >> c(5));
  CHECK_FALSE(Open.Min);
  CHECK_FALSE(Open.Max);
}
TEST_CASE("printing uses C syntax with minimal parentheses", "[symbolic]") {
  SymbolTable T;
  CHECK(print((tx() + c(1)) * c(33), T) == "(threadIdx.x + 1) * 33");
  CHECK(print(tx() * c(33) + c(-2), T) == "threadIdx.x * 33 - 2");
  CHECK(print(tx() ^ (tx() >> c(5)), T) == "threadIdx.x ^ threadIdx.x >> 5");
}

TEST_CASE("the size of a tree with shared subtrees is bounded without walking it all", "[symbolic]") {
  Expr X = tx();
  for (int I = 0; I < 80; ++I)
    X = Expr::select(Expr::binary(Op::Lt, tx(), c(I)), X + c(1), X); // 2^80 nodes as a tree
  CHECK(X.sizeExceeds(1000));
  CHECK(X.depth() == 161); // a select over an addition, 80 times, over a leaf
  CHECK_FALSE((tx() * 33 + c(5)).sizeExceeds(5));
  CHECK((tx() * 33 + c(5)).sizeExceeds(4));
}

TEST_CASE("a node's kept size and depth are its tree's, shared subtrees counted per use", "[symbolic]") {
  // Counted by walking the tree, as size() and depth() did before the
  // nodes kept them.
  std::function<std::size_t(const Expr &)> Count = [&](const Expr &E) -> std::size_t {
    if (E.isNull())
      return 0;
    std::size_t N = 1;
    for (const Expr &O : E.operands())
      N += Count(O);
    return N;
  };
  std::function<unsigned(const Expr &)> Deep = [&](const Expr &E) -> unsigned {
    if (E.isNull())
      return 0;
    unsigned D = 0;
    for (const Expr &O : E.operands())
      D = std::max(D, Deep(O));
    return D + 1;
  };
  Expr Y = Expr::var(SymbolTable::threadIdx(1));
  Expr Shared = (tx() * 33 + Y) % c(7);
  std::vector<Expr> Trees = {tx(), c(5), Shared, Shared * Shared + Shared,
                             Expr::select(Expr::binary(Op::Lt, tx(), Y), Shared, Expr::lnot(Shared)),
                             Expr::apply(SymbolTable::threadIdx(2), Shared + c(1))};
  for (int I = 0; I < 6; ++I)
    Trees.push_back((Trees.back() ^ Trees[std::size_t(I)]) + Y);
  for (const Expr &E : Trees) {
    CHECK(E.size() == Count(E));
    CHECK(E.depth() == Deep(E));
    for (std::size_t L : {std::size_t(0), Count(E) - 1, Count(E), Count(E) + 1})
      CHECK(E.sizeExceeds(L) == (Count(E) > L));
  }
}

TEST_CASE("an environment keeps every binding past its inline slots, rebinding and unbinding", "[symbolic]") {
  Env E;
  for (SymbolId S = 100; S < 130; ++S)
    E.bind(S, std::int64_t(S) * 3);
  for (SymbolId S = 100; S < 130; ++S)
    REQUIRE(*E.lookup(S) == std::int64_t(S) * 3);
  E.bind(105, -1);
  E.bind(125, -2);
  CHECK(*E.lookup(105) == -1);
  CHECK(*E.lookup(125) == -2);
  for (SymbolId S = 100; S < 130; S += 2)
    E.unbind(S);
  for (SymbolId S = 100; S < 130; ++S) {
    if (S % 2 == 0)
      REQUIRE_FALSE(E.lookup(S));
    else
      REQUIRE(*E.lookup(S) == (S == 105 ? -1 : S == 125 ? -2 : std::int64_t(S) * 3));
  }
  CHECK_FALSE(E.lookup(7));
}

//===- Expr.h - Immutable integer expressions over thread symbols -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The symbolic index IR. An Expr is an immutable tree of integer operations
/// over symbols (threadIdx, blockDim, loop counters, warp-uniform values).
/// Nodes come from factories and are never mutated; the factories fold
/// constants and apply the few rewrites listed beside them. Semantics are C's
/// on 64-bit signed integers: `/` truncates toward zero, `%` takes the sign of
/// the dividend. Overflow, division by zero and out-of-range shifts make an
/// evaluation fail (see Evaluate.h); they are never given a value. The
/// rewrites (`x * 0`, `x - x`, `c ? x : x`, reassociation) never drop a part
/// that fails whatever its symbols' values (division by the constant 0, a
/// bad constant shift, an overflowing pair of constants); a failure that
/// depends on the values of symbols is assumed not to happen, as the affine
/// evaluation assumes for `n + 1`.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_SYMBOLIC_EXPR_H
#define BANKCHECK_SYMBOLIC_EXPR_H

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <string>
#include <unordered_set>
#include <vector>

namespace bankcheck::symbolic {

/// Index of a symbol in a SymbolTable.
using SymbolId = std::uint32_t;

enum class Op : std::uint8_t {
  Const, ///< integer literal
  Var,   ///< a symbol
  Add,   ///< L + R
  Sub,   ///< L - R
  Mul,   ///< L * R
  Div,   ///< L / R, truncating toward zero
  Mod,   ///< L % R, sign of L
  And,   ///< L & R (two's complement)
  Or,    ///< L | R
  Xor,   ///< L ^ R
  Shl,   ///< L << R, R in [0, 63)
  Shr,   ///< L >> R, arithmetic, R in [0, 63)
  Min,   ///< min(L, R)
  Max,   ///< max(L, R)
  Lt,    ///< L < R, 1 or 0
  Le,    ///< L <= R
  Eq,    ///< L == R
  Ne,    ///< L != R
  LAnd,  ///< L && R (both evaluated; a failing operand fails)
  LOr,   ///< L || R
  LNot,  ///< !L
  Select, ///< Cond ? T : F
  Apply   ///< f(X) for an unknown function f (a Function symbol): memory
          ///< contents at address X, say. Equal arguments give equal values.
};

/// Spelling of a binary operator in C ("+", "<<", "min", ...).
const char *opSpelling(Op O);

class Expr;

/// A node's operands, in order: a view of the (at most three) kept in it.
class Operands {
public:
  Operands(const Expr *B, unsigned N) : B(B), N(N) {}
  const Expr *begin() const { return B; }
  inline const Expr *end() const;
  std::size_t size() const { return N; }
  bool empty() const { return N == 0; }
  inline const Expr &operator[](std::size_t I) const;

private:
  const Expr *B;
  unsigned N;
};

class Expr {
public:
  struct Node; ///< defined below: its operands are kept in it

  Expr() = default; ///< a null Expr; isNull() is true

  static Expr constant(std::int64_t V);
  static Expr var(SymbolId S);
  static Expr binary(Op O, Expr L, Expr R);
  static Expr select(Expr C, Expr T, Expr F);
  static Expr lnot(Expr E);
  static Expr apply(SymbolId Function, Expr Arg);

  bool isNull() const { return !N; }
  inline Op op() const;
  inline bool isConst() const;
  inline bool isConst(std::int64_t V) const;
  inline std::int64_t constValue() const;
  inline bool isVar() const;
  /// Var: the symbol; Apply: the function symbol.
  inline SymbolId symbol() const;
  inline Operands operands() const;
  inline const Expr &operand(unsigned I) const;
  /// Number of nodes in the tree (shared nodes counted once per use).
  std::size_t size() const;
  /// size() > Limit, found in O(Limit) even when the tree is far larger than
  /// its shared graph (`c ? x + 1 : x` repeated).
  bool sizeExceeds(std::size_t Limit) const;
  /// Tree depth; factories refuse nothing, callers bound depth with this.
  unsigned depth() const;
  /// The least symbol forEachSymbol would visit (set when the node is made);
  /// ~0u for a null or symbol-free tree.
  inline SymbolId minSymbol() const;
  /// Structural identity (pointer-equal or equal trees).
  bool equals(const Expr &O) const;
  /// E with the symbol S of each Var and Apply node renamed To[S], every
  /// node made as it is (not folded again: the shape stays E's). Memo keeps
  /// the nodes renamed so far, each old node alive beside its new one, so
  /// that nodes shared in E stay shared, and the new nodes by structure:
  /// equal subtrees of the expressions renamed with one Memo (the same index
  /// arithmetic in every unrolled instance) become one node.
  /// The new nodes by structure; may outlive a memo, shared by the memos of
  /// several renamings (the instantiations of one template).
  struct RenamePool {
    std::unordered_multimap<std::size_t, Expr> Made;
    std::unordered_map<SymbolId, Expr> Leaves;
  };
  struct RenameMemo {
    std::unordered_map<const void *, std::pair<Expr, Expr>> Done;
    RenamePool Own;
    RenamePool *Pool = nullptr; ///< null: Own
    RenamePool &pool() { return Pool ? *Pool : Own; }
  };
  static Expr renamed(const Expr &E, const std::vector<SymbolId> &To, RenameMemo &Memo);
  /// The shared node: equal for copies of one Expr (a cache key, valid while
  /// a copy is kept).
  const void *node() const { return N.get(); }

private:
  explicit Expr(std::shared_ptr<const Node> P) : N(std::move(P)) {}
  std::shared_ptr<const Node> N;
};

/// One allocation per node: the operands are kept in it.
struct Expr::Node {
  Op Kind;
  std::uint16_t Depth = 0;   ///< depth(), at most 65535; set when the node is made
  std::uint32_t Size = 0;    ///< size(), at most UINT32_MAX; set when the node is made
  std::int64_t Value = 0;    ///< Const: the value; Var: the SymbolId.
  std::array<Expr, 3> Ops{}; ///< the first NumOps are the operands, in order
  std::uint8_t NumOps = 0;
  SymbolId MinSymbol = ~0u; ///< see minSymbol()
  std::size_t Hash = 0;     ///< hashValue() of the tree, set when the node is made
};

const Expr *Operands::end() const { return B + N; }
const Expr &Operands::operator[](std::size_t I) const { return B[I]; }
Op Expr::op() const { return N->Kind; }
bool Expr::isConst() const { return N && N->Kind == Op::Const; }
bool Expr::isConst(std::int64_t V) const { return isConst() && N->Value == V; }
std::int64_t Expr::constValue() const { return N->Value; }
bool Expr::isVar() const { return N && N->Kind == Op::Var; }
SymbolId Expr::symbol() const { return static_cast<SymbolId>(N->Value); }
SymbolId Expr::minSymbol() const { return N ? N->MinSymbol : ~0u; }
Operands Expr::operands() const { return Operands(N->Ops.data(), N->NumOps); }
const Expr &Expr::operand(unsigned I) const { return N->Ops[I]; }

Expr operator+(Expr L, Expr R);
Expr operator-(Expr L, Expr R);
Expr operator*(Expr L, Expr R);
Expr operator/(Expr L, Expr R); ///< C semantics: truncates toward zero.
Expr operator%(Expr L, Expr R); ///< C semantics: the sign follows the dividend.
Expr operator&(Expr L, Expr R);
Expr operator|(Expr L, Expr R);
Expr operator^(Expr L, Expr R);
Expr operator<<(Expr L, Expr R);
Expr operator>>(Expr L, Expr R);
Expr operator+(Expr L, std::int64_t R);
Expr operator*(Expr L, std::int64_t R);

/// A hash of the tree's structure: equal for expressions that equals() finds
/// equal. Costs one visit per tree node, as equals() and printing do.
std::size_t hashValue(const Expr &E);

/// Calls F on every symbol the expression mentions (with repetitions).
template <typename Fn> void forEachSymbol(const Expr &E, Fn &&F) {
  if (E.isNull())
    return;
  if (E.isVar()) {
    F(E.symbol());
    return;
  }
  if (E.op() == Op::Apply)
    F(E.symbol());
  for (const Expr &O : E.operands())
    forEachSymbol(O, F);
}

/// As forEachSymbol, over a forest: a node Seen holds (shared with a tree
/// visited before, or within this one) is not visited again.
template <typename Fn> void forEachSymbolOnce(const Expr &E, std::unordered_set<const void *> &Seen, Fn &&F) {
  if (E.isNull() || E.isConst() || !Seen.insert(E.node()).second)
    return;
  if (E.isVar() || E.op() == Op::Apply)
    F(E.symbol());
  for (const Expr &O : E.operands())
    forEachSymbolOnce(O, Seen, F);
}

/// E's operation (not a constant or a symbol) over other operands, as many
/// as E has.
inline Expr withOperands(const Expr &E, const std::vector<Expr> &Ops) {
  if (E.op() == Op::Select)
    return Expr::select(Ops[0], Ops[1], Ops[2]);
  if (E.op() == Op::LNot)
    return Expr::lnot(Ops[0]);
  if (E.op() == Op::Apply)
    return Expr::apply(E.symbol(), Ops[0]);
  return Expr::binary(E.op(), Ops[0], Ops[1]);
}

/// Replaces symbols by expressions. Fn: SymbolId -> Expr (null: keep).
template <typename Fn> Expr substitute(const Expr &E, Fn &&F) {
  if (E.isNull() || E.isConst())
    return E;
  if (E.isVar()) {
    Expr R = F(E.symbol());
    return R.isNull() ? E : R;
  }
  std::vector<Expr> Ops;
  for (const Expr &O : E.operands())
    Ops.push_back(substitute(O, F));
  return withOperands(E, Ops);
}

} // namespace bankcheck::symbolic

#endif

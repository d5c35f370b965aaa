//===- Evaluate.h - Concrete and affine evaluation of an Expr -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Two evaluators. `evaluate` gives the integer value of an expression once
/// every symbol it mentions is bound. `evaluateAffine` leaves some symbols
/// free and gives the value as C + sum(Coeff_i * Sym_i) when the expression is
/// affine in the free symbols, and fails otherwise. Both fail (never guess) on
/// overflow, division by zero and shifts by negative or >= 63 amounts.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_SYMBOLIC_EVALUATE_H
#define BANKCHECK_SYMBOLIC_EVALUATE_H

#include "Symbolic/Expr.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <optional>
#include <utility>
#include <vector>

namespace bankcheck::symbolic {

/// C semantics of one binary operator on 64-bit values; nullopt on overflow,
/// division by zero or a shift amount outside [0, 63).
inline std::optional<std::int64_t> applyBinary(Op O, std::int64_t L, std::int64_t R) {
  std::int64_t Out;
  switch (O) {
  case Op::Add:
    if (__builtin_add_overflow(L, R, &Out)) return std::nullopt;
    return Out;
  case Op::Sub:
    if (__builtin_sub_overflow(L, R, &Out)) return std::nullopt;
    return Out;
  case Op::Mul:
    if (__builtin_mul_overflow(L, R, &Out)) return std::nullopt;
    return Out;
  case Op::Div:
    if (R == 0 || (L == INT64_MIN && R == -1)) return std::nullopt;
    return L / R;
  case Op::Mod:
    if (R == 0 || (L == INT64_MIN && R == -1)) return std::nullopt;
    return L % R;
  case Op::And: return L & R;
  case Op::Or: return L | R;
  case Op::Xor: return L ^ R;
  case Op::Shl:
    if (R < 0 || R >= 63) return std::nullopt;
    if (L < 0 || L > (INT64_MAX >> R)) return std::nullopt;
    return L << R;
  case Op::Shr:
    if (R < 0 || R >= 63) return std::nullopt;
    return L >> R;
  case Op::Min: return std::min(L, R);
  case Op::Max: return std::max(L, R);
  case Op::Lt: return L < R;
  case Op::Le: return L <= R;
  case Op::Eq: return L == R;
  case Op::Ne: return L != R;
  case Op::LAnd: return (L != 0) && (R != 0);
  case Op::LOr: return (L != 0) || (R != 0);
  default: return std::nullopt;
  }
}

enum class EvalFailure : std::uint8_t {
  None,
  Unbound,      ///< a symbol has no value
  Overflow,     ///< a result does not fit in 64 bits
  DivByZero,    ///< `/` or `%` by zero
  BadShift,     ///< shift by a negative or too large amount
  NonAffine,    ///< evaluateAffine: a free symbol enters non-linearly
  TooDeep       ///< the tree is deeper than the evaluator walks
};
const char *describe(EvalFailure F);

/// Values of the bound symbols. Few symbols are ever bound at once (thread
/// coordinates, extents, sample values), so a small flat list is fastest.
class Env {
public:
  explicit Env(std::size_t = 0) {}
  void bind(SymbolId S, std::int64_t V) {
    if (std::int64_t *Slot = find(S)) {
      *Slot = V;
      return;
    }
    if (N < Inline)
      Small[N++] = {S, V};
    else
      More.push_back({S, V});
  }
  void unbind(SymbolId S) {
    for (unsigned I = 0; I < N; ++I)
      if (Small[I].first == S) {
        Small[I] = Small[--N];
        if (!More.empty()) {
          Small[N++] = More.back();
          More.pop_back();
        }
        return;
      }
    for (std::size_t I = 0; I < More.size(); ++I)
      if (More[I].first == S) {
        More.erase(More.begin() + I);
        return;
      }
  }
  std::optional<std::int64_t> lookup(SymbolId S) const {
    if (const std::int64_t *Slot = const_cast<Env *>(this)->find(S))
      return *Slot;
    if (Parent)
      return Parent->lookup(S);
    return std::nullopt;
  }
  /// An overlay: symbols not bound here are looked up in P (which must
  /// outlive this Env); a value bound here hides P's. Binding a few sample
  /// values over a lane's environment then copies nothing.
  void overlay(const Env *P) { Parent = P; }

private:
  /// Bound values live inline (copying an Env per lane allocates nothing)
  /// until there are more than Inline of them.
  static constexpr unsigned Inline = 12;
  std::int64_t *find(SymbolId S) {
    for (unsigned I = 0; I < N; ++I)
      if (Small[I].first == S)
        return &Small[I].second;
    for (auto &[Id, Val] : More)
      if (Id == S)
        return &Val;
    return nullptr;
  }
  std::array<std::pair<SymbolId, std::int64_t>, Inline> Small{};
  unsigned N = 0;
  std::vector<std::pair<SymbolId, std::int64_t>> More;
  const Env *Parent = nullptr;
};

/// Deepest tree the evaluators walk; deeper ones fail with TooDeep.
constexpr unsigned MaxEvalDepth = 2000;

std::optional<std::int64_t> evaluate(const Expr &E, const Env &Bound,
                                     EvalFailure *Why = nullptr);

/// An affine form's terms (symbol, coefficient), kept in the object while
/// they are few (an index rarely has more than four unknowns): forms are
/// made and dropped at every node an evaluation visits.
class AffineTerms {
public:
  using Term = std::pair<SymbolId, std::int64_t>;
  void push_back(const Term &T) {
    if (N < Inline) {
      Small[N] = T;
    } else {
      if (N == Inline)
        Large.assign(Small.begin(), Small.end());
      Large.push_back(T);
    }
    ++N;
  }
  std::size_t size() const { return N; }
  bool empty() const { return N == 0; }
  const Term &operator[](std::size_t I) const { return begin()[I]; }
  const Term *begin() const { return N <= Inline ? Small.data() : Large.data(); }
  const Term *end() const { return begin() + N; }
  bool operator==(const AffineTerms &O) const { return std::equal(begin(), end(), O.begin(), O.end()); }

private:
  static constexpr std::size_t Inline = 4;
  std::array<Term, Inline> Small{};
  std::vector<Term> Large; ///< all of them, once there are more than Inline
  std::size_t N = 0;
};

/// C + sum of Terms[i].second * Terms[i].first; Terms sorted by symbol,
/// no zero coefficients.
struct Affine {
  std::int64_t C = 0;
  AffineTerms Terms;
  bool isConstant() const { return Terms.empty(); }
  bool sameTerms(const Affine &O) const { return Terms == O.Terms; }
};

class SymbolTable;

/// The atoms made so far, by their operation and operand forms (never iterated).
using AtomIdMap = std::unordered_map<std::string, SymbolId>;

/// Optional help for evaluateAffine.
struct AffineContext {
  /// Facts (Min) of the free symbols. With them, `/`, `%`, `&`, `>>` by a
  /// constant M are exact on an operand known to be >= 0 whose symbol
  /// coefficients are multiples of M: (lane + 32*w) % 32 == lane.
  const SymbolTable *Facts = nullptr;
  /// Where a non-affine operation on affine operands becomes an atom: a fresh
  /// symbol standing for "op(operand forms)". Equal operand forms give the same
  /// atom, so the same unknown value across lanes stays one term.
  SymbolTable *Atoms = nullptr;
  AtomIdMap *AtomIds = nullptr;
  /// False where the atoms are only told apart, never printed (a copy's
  /// source runs): they are made without a name or reason.
  bool NameAtoms = true;
  /// A choice (`c ? a : b`, `!x`) on a condition that is not a constant
  /// becomes an atom too, so that a uniform choice between offsets stays one
  /// term (`div_ceil(n, 16)`). Off, it fails as non-affine: the periodic
  /// enumeration, exact for a stage counter's choices, is tried first.
  bool SelectAtoms = false;
  /// Evaluations that share Reuse (and AtomIds) bind the symbols below
  /// VaryingBelow differently and every other symbol alike (the lanes of one
  /// warp: threadIdx differs): a subtree that mentions none of those is
  /// evaluated once, at each depth, and its form (or failure) reused.
  struct Reused {
    std::optional<Affine> Form;
    EvalFailure Why = EvalFailure::None;
  };
  std::map<std::pair<const void *, unsigned>, Reused> *Reuse = nullptr;
  SymbolId VaryingBelow = 0;
};

/// Symbols without a value in Bound are free.
std::optional<Affine> evaluateAffine(const Expr &E, const Env &Bound,
                                     EvalFailure *Why = nullptr,
                                     const AffineContext *Ctx = nullptr);

/// evaluateAffine of E in each of 32 environments (the lanes of a warp; a
/// null one is skipped), each node visited once for all of them: Out[L] and
/// Why[L] are what evaluateAffine(E, *Lanes[L], &Why[L], Ctx) gives, except
/// that new atoms are made in another order (node by node, not lane by
/// lane), so with other ids.
void evaluateAffineLanes(const Expr &E, const Env *const *Lanes, std::optional<Affine> *Out, EvalFailure *Why,
                         const AffineContext *Ctx = nullptr);

/// evaluateAffine of E in each of up to 32 environments that bind every
/// symbol alike but those below Ctx.VaryingBelow (the lanes of one warp;
/// Ctx.Reuse set; a null one is skipped), where E is sums and constant
/// multiples of what the lanes see alike and of numbers: the part alike is
/// evaluated once, as the first lane would through Reuse, the numbers lane
/// by lane, and Out[L] is what evaluateAffine(E, *Lanes[L], .., &Ctx) gives.
/// False, with Out untouched, where E is not of that form or a lane's
/// evaluation fails; the lanes evaluated one by one then find in Reuse, in
/// the same order, the atoms made here.
bool evaluateAffineSplit(const Expr &E, const Env *const *Lanes, std::optional<Affine> *Out,
                         const AffineContext &Ctx);

} // namespace bankcheck::symbolic

#endif

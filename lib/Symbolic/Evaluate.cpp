//===- Evaluate.cpp - Concrete and affine evaluation ----------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Symbolic/Evaluate.h"
#include "Symbolic/AffineOps.h"
#include "Symbolic/Range.h"
#include "Symbolic/SymbolTable.h"

#include <algorithm>

namespace bankcheck::symbolic {

const char *describe(EvalFailure F) {
  switch (F) {
  case EvalFailure::None: return "no failure";
  case EvalFailure::Unbound: return "a value is unknown";
  case EvalFailure::Overflow: return "index arithmetic overflows 64 bits";
  case EvalFailure::DivByZero: return "division by zero";
  case EvalFailure::BadShift: return "shift by a negative or too large amount";
  case EvalFailure::NonAffine: return "an unknown value enters the index non-linearly";
  case EvalFailure::TooDeep: return "the index expression is nested too deeply";
  }
  return "";
}

namespace {
EvalFailure failureOf(Op O, std::int64_t R) {
  if ((O == Op::Div || O == Op::Mod) && R == 0) return EvalFailure::DivByZero;
  if ((O == Op::Shl || O == Op::Shr) && (R < 0 || R >= 63)) return EvalFailure::BadShift;
  return EvalFailure::Overflow;
}

std::optional<std::int64_t> eval(const Expr &E, const Env &B, EvalFailure &Why, unsigned Depth) {
  if (Depth > MaxEvalDepth) {
    Why = EvalFailure::TooDeep;
    return std::nullopt;
  }
  switch (E.op()) {
  case Op::Const:
    return E.constValue();
  case Op::Var:
    if (auto V = B.lookup(E.symbol())) return V;
    Why = EvalFailure::Unbound;
    return std::nullopt;
  case Op::Apply:
    Why = EvalFailure::Unbound; // the function is unknown
    return std::nullopt;
  case Op::LNot: {
    auto V = eval(E.operand(0), B, Why, Depth + 1);
    if (!V) return std::nullopt;
    return std::int64_t(*V == 0);
  }
  case Op::Select: {
    auto C = eval(E.operand(0), B, Why, Depth + 1);
    if (!C) return std::nullopt;
    return eval(E.operand(*C ? 1 : 2), B, Why, Depth + 1);
  }
  default: {
    auto L = eval(E.operand(0), B, Why, Depth + 1);
    if (!L) return std::nullopt;
    auto R = eval(E.operand(1), B, Why, Depth + 1);
    if (!R) return std::nullopt;
    auto V = applyBinary(E.op(), *L, *R);
    if (!V) Why = failureOf(E.op(), *R);
    return V;
  }
  }
}

std::optional<Affine> scale(const Affine &A, std::int64_t K) {
  Affine Out;
  if (__builtin_mul_overflow(A.C, K, &Out.C)) return std::nullopt;
  if (K == 0) return Out;
  for (auto [S, C] : A.Terms) {
    std::int64_t P;
    if (__builtin_mul_overflow(C, K, &P)) return std::nullopt;
    Out.Terms.push_back({S, P});
  }
  return Out;
}

std::optional<Affine> addAffine(const Affine &A, const Affine &Bv, std::int64_t Sign) {
  Affine Out;
  std::int64_t C2 = Bv.C;
  if (Sign < 0 && __builtin_mul_overflow(C2, -1, &C2)) return std::nullopt;
  if (__builtin_add_overflow(A.C, C2, &Out.C)) return std::nullopt;
  std::size_t I = 0, J = 0;
  while (I < A.Terms.size() || J < Bv.Terms.size()) {
    if (J == Bv.Terms.size() || (I < A.Terms.size() && A.Terms[I].first < Bv.Terms[J].first)) {
      Out.Terms.push_back(A.Terms[I++]);
      continue;
    }
    std::int64_t T = Bv.Terms[J].second;
    if (Sign < 0 && __builtin_mul_overflow(T, -1, &T)) return std::nullopt;
    if (I == A.Terms.size() || Bv.Terms[J].first < A.Terms[I].first) {
      Out.Terms.push_back({Bv.Terms[J].first, T});
      ++J;
      continue;
    }
    std::int64_t S;
    if (__builtin_add_overflow(A.Terms[I].second, T, &S)) return std::nullopt;
    if (S != 0) Out.Terms.push_back({A.Terms[I].first, S});
    ++I, ++J;
  }
  return Out;
}

/// A form as bytes, for the atoms' map: equal forms give equal keys (never
/// printed).
void appendFormKey(std::string &K, const Affine &A) {
  K.reserve(K.size() + 16 * (A.Terms.size() + 1));
  auto Raw = [&K](std::int64_t V) { K.append(reinterpret_cast<const char *>(&V), sizeof V); };
  Raw(A.C);
  Raw(std::int64_t(A.Terms.size()));
  for (auto [S, C] : A.Terms) {
    Raw(std::int64_t(S));
    Raw(C);
  }
}

std::string formText(const Affine &A, const SymbolTable &T) {
  std::string K;
  for (auto [S, C] : A.Terms) {
    if (!K.empty()) K += " + ";
    if (C != 1)
      K += std::to_string(C) + "*";
    T.get(S).Name.appendTo(K);
  }
  if (A.C || K.empty())
    K += (K.empty() ? "" : " + ") + std::to_string(A.C);
  return K;
}

/// (sum c_i*s_i + C) op M for a constant M, when every s_i >= 0, c_i >= 0 and
/// C >= 0 (so the operand is >= 0 and C's rounding is floor): the terms whose
/// coefficient is a multiple of M pass through exactly.
std::optional<Affine> divisionRule(Op O, const Affine &L, std::int64_t M, const SymbolTable &T) {
  std::int64_t Div = M;
  if (O == Op::Shr) {
    if (M < 0 || M >= 62) return std::nullopt;
    Div = std::int64_t(1) << M;
  } else if (O == Op::And) {
    if (M < 0 || M >= (std::int64_t(1) << 62) || (M & (M + 1)) != 0) return std::nullopt; // M = 2^k - 1
    Div = M + 1;
  }
  if (Div <= 0 || L.C < 0)
    return std::nullopt;
  for (auto [S, C] : L.Terms) {
    const Symbol &Sym = T.get(S);
    if (C < 0 || C % Div != 0 || !Sym.Min || *Sym.Min < 0)
      return std::nullopt;
  }
  Affine Out;
  if (O == Op::Mod || O == Op::And) {
    Out.C = L.C % Div; // the terms are multiples of Div
    return Out;
  }
  Out.C = L.C / Div; // Div, Shr: floor on a non-negative operand
  for (auto [S, C] : L.Terms)
    Out.Terms.push_back({S, C / Div});
  return Out;
}

/// The atoms' key under construction: one buffer, so that a key that
/// finds its atom allocates nothing.
std::string &keyBuffer() {
  thread_local std::string K;
  K.clear();
  return K;
}

/// The atom of Key (made on first use, named by Name where Ctx names atoms),
/// as a form: the same operation on the same operand forms is the same value.
/// Key is keyBuffer(), built after the operands' evaluation: copied only
/// when the atom is new. Bounds: the bounds every value of it keeps.
template <typename NameFn>
Affine atom(const std::string &Key, const AffineContext &Ctx, NameFn Name, Interval Bounds = {}) {
  auto It = Ctx.AtomIds->find(Key);
  if (It == Ctx.AtomIds->end()) {
    Symbol S;
    S.Kind = SymbolKind::Uniform;
    S.Min = Bounds.Lo;
    S.Max = Bounds.Hi;
    if (Ctx.NameAtoms)
      Name(S);
    It = Ctx.AtomIds->emplace(Key, Ctx.Atoms->add(std::move(S))).first;
  }
  Affine A;
  A.Terms.push_back({It->second, 1});
  return A;
}

std::optional<Affine> evalAffineOnce(const Expr &E, const Env &B, EvalFailure &Why, unsigned Depth,
                                     const AffineContext *Ctx);

/// Bounds of every value of the form A: C plus each term's coefficient
/// times its symbol's bounds (Range.h's rules, as for any sum).
Interval affineBounds(const Affine &A, const SymbolTable &T) {
  Interval I{A.C, A.C};
  for (auto [S, C] : A.Terms)
    I = binaryBounds(Op::Add, I, binaryBounds(Op::Mul, symbolBounds(S, T, RangeHints()), Interval{C, C}));
  return I;
}

/// Bounds of `L O R` that hold whatever the operands' values within their
/// bounds: Range.h's rule for O on the operands' bounds (a mask keeps its
/// bits, `n & 3` in [0, 3]; a remainder stays below its divisor; a byte
/// shifted right by 5 is below 8; a comparison is 0 or 1).
Interval atomBounds(Op O, const Affine &L, const Affine &R, const SymbolTable &T) {
  return binaryBounds(O, affineBounds(L, T), affineBounds(R, T));
}

std::optional<Affine> evalAffine(const Expr &E, const Env &B, EvalFailure &Why, unsigned Depth,
                                 const AffineContext *Ctx) {
  // A subtree the evaluations sharing Reuse see alike: its first result.
  if (detail::reusedAlike(E, Ctx)) {
    auto [It, New] = Ctx->Reuse->try_emplace({E.node(), Depth});
    if (New) {
      EvalFailure W = EvalFailure::None;
      It->second.Form = evalAffineOnce(E, B, W, Depth, Ctx);
      It->second.Why = W;
    }
    if (!It->second.Form)
      Why = It->second.Why;
    return It->second.Form;
  }
  return evalAffineOnce(E, B, Why, Depth, Ctx);
}

std::optional<Affine> evalAffineOnce(const Expr &E, const Env &B, EvalFailure &Why, unsigned Depth,
                                     const AffineContext *Ctx) {
  if (Depth > MaxEvalDepth) {
    Why = EvalFailure::TooDeep;
    return std::nullopt;
  }
  auto Fail = [&](EvalFailure F) -> std::optional<Affine> {
    Why = F;
    return std::nullopt;
  };
  switch (E.op()) {
  case Op::Const: {
    Affine A;
    A.C = E.constValue();
    return A;
  }
  case Op::Var: {
    Affine A;
    if (auto V = B.lookup(E.symbol()))
      A.C = *V;
    else
      A.Terms.push_back({E.symbol(), 1});
    return A;
  }
  case Op::Apply: {
    auto Arg = evalAffine(E.operand(0), B, Why, Depth + 1, Ctx);
    if (!Arg) return std::nullopt;
    return detail::applyFunction(E.symbol(), *Arg, Ctx, Why);
  }
  case Op::LNot: {
    auto V = evalAffine(E.operand(0), B, Why, Depth + 1, Ctx);
    if (!V) return std::nullopt;
    if (!V->isConstant()) {
      if (!Ctx || !Ctx->SelectAtoms) return Fail(EvalFailure::NonAffine);
      return detail::combine(Op::Eq, *V, Affine(), Ctx, Why);
    }
    Affine A;
    A.C = V->C == 0;
    return A;
  }
  case Op::Select: {
    auto C = evalAffine(E.operand(0), B, Why, Depth + 1, Ctx);
    if (!C) return std::nullopt;
    if (C->isConstant())
      return evalAffine(E.operand(C->C ? 1 : 2), B, Why, Depth + 1, Ctx);
    if (!Ctx || !Ctx->SelectAtoms) return Fail(EvalFailure::NonAffine);
    auto T = evalAffine(E.operand(1), B, Why, Depth + 1, Ctx);
    if (!T) return std::nullopt;
    auto F = evalAffine(E.operand(2), B, Why, Depth + 1, Ctx);
    if (!F) return std::nullopt;
    return detail::select(*C, *T, *F, Ctx, Why);
  }
  default:
    break;
  }
  auto L = evalAffine(E.operand(0), B, Why, Depth + 1, Ctx);
  if (!L) return std::nullopt;
  auto R = evalAffine(E.operand(1), B, Why, Depth + 1, Ctx);
  if (!R) return std::nullopt;
  return detail::combine(E.op(), *L, *R, Ctx, Why);
}
} // namespace

namespace detail {
std::optional<Affine> evaluateAt(const Expr &E, const Env &B, EvalFailure &Why, unsigned Depth,
                                 const AffineContext *Ctx) {
  return evalAffine(E, B, Why, Depth, Ctx);
}

std::optional<Affine> applyFunction(SymbolId Fn, const Affine &Arg, const AffineContext *Ctx, EvalFailure &Why) {
  if (!Ctx || !Ctx->Atoms || !Ctx->AtomIds) {
    Why = EvalFailure::NonAffine;
    return std::nullopt;
  }
  std::string &Key = keyBuffer();
  Key.push_back('f'); // an Op's key starts with the Op's value, far below 'f'
  Key.append(reinterpret_cast<const char *>(&Fn), sizeof Fn);
  appendFormKey(Key, Arg);
  const Symbol &F = Ctx->Atoms->get(Fn);
  return atom(
      Key, *Ctx,
      [&](Symbol &S) {
        S.Name = F.Name.str() + "(" + formText(Arg, *Ctx->Atoms) + ")";
        S.Reason = F.Reason;
      },
      Interval{F.Min, F.Max}); // a function symbol's facts bound its results
}

std::optional<Affine> combine(Op O, const Affine &L, const Affine &R, const AffineContext *Ctx, EvalFailure &Why) {
  auto Fail = [&](EvalFailure F) -> std::optional<Affine> {
    Why = F;
    return std::nullopt;
  };
  if (L.isConstant() && R.isConstant()) {
    auto V = applyBinary(O, L.C, R.C);
    if (!V) return Fail(failureOf(O, R.C));
    Affine A;
    A.C = *V;
    return A;
  }
  std::optional<Affine> Out;
  bool NonAffine = false;
  switch (O) {
  case Op::Add: Out = addAffine(L, R, 1); break;
  case Op::Sub: Out = addAffine(L, R, -1); break;
  case Op::Mul:
    if (R.isConstant()) Out = scale(L, R.C);
    else if (L.isConstant()) Out = scale(R, L.C);
    else NonAffine = true;
    break;
  case Op::Shl:
    if (!R.isConstant()) { NonAffine = true; break; }
    if (R.C < 0 || R.C >= 62) return Fail(EvalFailure::BadShift);
    Out = scale(L, std::int64_t(1) << R.C);
    break;
  case Op::Div: case Op::Mod: case Op::And: case Op::Shr:
    if (Ctx && Ctx->Facts && R.isConstant())
      Out = divisionRule(O, L, R.C, *Ctx->Facts);
    NonAffine = !Out;
    break;
  default:
    NonAffine = true;
  }
  if (NonAffine) {
    if (!Ctx || !Ctx->Atoms || !Ctx->AtomIds)
      return Fail(EvalFailure::NonAffine);
    // An atom: the same operation on the same operand forms is the same value.
    std::string &Key = keyBuffer();
    Key.reserve(1 + 16 * (L.Terms.size() + R.Terms.size() + 2));
    Key.push_back(char(O));
    appendFormKey(Key, L);
    appendFormKey(Key, R);
    return atom(
        Key, *Ctx,
        [&](Symbol &S) {
          S.Name = "(" + formText(L, *Ctx->Atoms) + " " + opSpelling(O) + " " + formText(R, *Ctx->Atoms) + ")";
          S.Reason = "value of " + S.Name.str();
        },
        atomBounds(O, L, R, *Ctx->Atoms));
  }
  if (!Out) return Fail(EvalFailure::Overflow);
  return Out;
}

std::optional<Affine> select(const Affine &C, const Affine &T, const Affine &F, const AffineContext *Ctx,
                             EvalFailure &Why) {
  if (T.C == F.C && T.sameTerms(F))
    return T;
  if (!Ctx || !Ctx->Atoms || !Ctx->AtomIds) {
    Why = EvalFailure::NonAffine;
    return std::nullopt;
  }
  // An atom: the same choice between the same forms is the same value.
  std::string &Key = keyBuffer();
  Key.push_back('?'); // below 'f', above every Op's value
  appendFormKey(Key, C);
  appendFormKey(Key, T);
  appendFormKey(Key, F);
  // A choice keeps the bounds of both its operands (one of two constants
  // is one of them).
  Interval Bounds = hull(affineBounds(T, *Ctx->Atoms), affineBounds(F, *Ctx->Atoms));
  return atom(
      Key, *Ctx,
      [&](Symbol &S) {
        S.Name = "(" + formText(C, *Ctx->Atoms) + " ? " + formText(T, *Ctx->Atoms) + " : " +
                 formText(F, *Ctx->Atoms) + ")";
        S.Reason = "value of " + S.Name.str();
      },
      Bounds);
}
} // namespace detail

std::optional<std::int64_t> evaluate(const Expr &E, const Env &Bound, EvalFailure *Why) {
  EvalFailure W = EvalFailure::None;
  auto V = eval(E, Bound, W, 0);
  if (Why) *Why = V ? EvalFailure::None : W;
  return V;
}

std::optional<Affine> evaluateAffine(const Expr &E, const Env &Bound, EvalFailure *Why,
                                     const AffineContext *Ctx) {
  EvalFailure W = EvalFailure::None;
  auto V = evalAffine(E, Bound, W, 0, Ctx);
  if (Why) *Why = V ? EvalFailure::None : W;
  return V;
}

} // namespace bankcheck::symbolic

//===- Expr.cpp - Expression factories and constant folding ----------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Symbolic/Expr.h"
#include "Symbolic/Evaluate.h"

#include <algorithm>

namespace bankcheck::symbolic {

const char *opSpelling(Op O) {
  switch (O) {
  case Op::Add: return "+";
  case Op::Sub: return "-";
  case Op::Mul: return "*";
  case Op::Div: return "/";
  case Op::Mod: return "%";
  case Op::And: return "&";
  case Op::Or: return "|";
  case Op::Xor: return "^";
  case Op::Shl: return "<<";
  case Op::Shr: return ">>";
  case Op::Min: return "min";
  case Op::Max: return "max";
  case Op::Lt: return "<";
  case Op::Le: return "<=";
  case Op::Eq: return "==";
  case Op::Ne: return "!=";
  case Op::LAnd: return "&&";
  case Op::LOr: return "||";
  case Op::LNot: return "!";
  case Op::Select: return "?:";
  case Op::Apply: return "()";
  case Op::Const:
  case Op::Var: break;
  }
  return "";
}

namespace {
constexpr std::size_t NullHash = 0x9e3779b97f4a7c15ull;
/// The node's structural hash from its operands' (hashValue's formula, kept in the node).
std::shared_ptr<const Expr::Node> made(Expr::Node N) {
  std::size_t H = static_cast<std::size_t>(N.Kind) * 0x100000001b3ull;
  auto mix = [&H](std::size_t V) { H ^= V + 0x9e3779b97f4a7c15ull + (H << 6) + (H >> 2); };
  if (N.Kind == Op::Const || N.Kind == Op::Var || N.Kind == Op::Apply)
    mix(static_cast<std::size_t>(N.Value));
  std::uint64_t Size = 1;
  unsigned Depth = 0;
  for (unsigned I = 0; I < N.NumOps; ++I) {
    mix(hashValue(N.Ops[I]));
    const Expr::Node *O = static_cast<const Expr::Node *>(N.Ops[I].node());
    Size += O ? O->Size : 0;
    Depth = std::max<unsigned>(Depth, O ? O->Depth : 0);
  }
  N.Hash = H;
  N.Size = static_cast<std::uint32_t>(std::min<std::uint64_t>(Size, UINT32_MAX));
  N.Depth = static_cast<std::uint16_t>(std::min<unsigned>(Depth + 1, UINT16_MAX));
  return std::make_shared<const Expr::Node>(std::move(N));
}
} // namespace

Expr Expr::constant(std::int64_t V) {
  // Small constants are made once (they are most of an index's leaves).
  constexpr std::int64_t Lo = -64, Hi = 1024;
  static const std::vector<Expr> Small = [] {
    std::vector<Expr> C;
    for (std::int64_t K = Lo; K <= Hi; ++K)
      C.push_back(Expr(made(Node{Op::Const, 0, 0, K, {}, 0})));
    return C;
  }();
  if (V >= Lo && V <= Hi)
    return Small[std::size_t(V - Lo)];
  return Expr(made(Node{Op::Const, 0, 0, V, {}, 0}));
}

Expr Expr::var(SymbolId S) {
  // The first symbols (the thread coordinates and a kernel's first values)
  // are made once.
  constexpr SymbolId Cached = 256;
  static const std::vector<Expr> First = [] {
    std::vector<Expr> V;
    for (SymbolId K = 0; K < Cached; ++K)
      V.push_back(Expr(made(Node{Op::Var, 0, 0, static_cast<std::int64_t>(K), {}, 0, K})));
    return V;
  }();
  if (S < Cached)
    return First[S];
  return Expr(made(Node{Op::Var, 0, 0, static_cast<std::int64_t>(S), {}, 0, S}));
}

namespace {
/// True when E fails whatever values its symbols take: a division or
/// remainder by the constant 0, a shift by a constant out of [0, 63), a
/// left shift of a negative constant, or an
/// operation on two constants left unfolded because it fails (overflow,
/// INT64_MIN / -1), anywhere in E. A fold never drops such a part: an index
/// with no value must not get one. Failures that depend on the values of
/// symbols (a division by an unknown n that might be 0, overflow of n + 1)
/// are not counted: the analysis takes executions to be defined, as the
/// affine evaluation does when it treats n + 1 as an affine form.
bool mayFail(const Expr &E) {
  if (E.isNull() || E.isConst() || E.isVar())
    return false;
  Op O = E.op();
  Operands Ops = E.operands();
  if (Ops.size() == 2) {
    const Expr &L = Ops[0], &R = Ops[1];
    bool BothConst = L.isConst() && R.isConst();
    switch (O) {
    case Op::Add: case Op::Sub: case Op::Mul:
      if (BothConst) return true;
      break;
    case Op::Div: case Op::Mod:
      if (R.isConst(0) || BothConst) return true;
      break;
    case Op::Shl: case Op::Shr:
      if ((R.isConst() && (R.constValue() < 0 || R.constValue() >= 63)) || BothConst) return true;
      if (O == Op::Shl && L.isConst() && L.constValue() < 0) return true; // no negative is shifted left
      break;
    default:
      break;
    }
  }
  for (const Expr &X : Ops)
    if (mayFail(X))
      return true;
  return false;
}
} // namespace

namespace {
/// x for `(x / h) * h` (either factor order) as A and `x % h` as B: C's
/// division truncates so that their sum is x for every h but 0, where the
/// division is undefined (executions are taken to be defined, as mayFail
/// says; a constant 0 is kept, to fail). A split of a lane's index into a
/// row and a column, put together again: FasterTransformer's rotary
/// `half_idx * smem_pitch + intra_half_idx`.
std::optional<Expr> divModCore(const Expr &A, const Expr &B) {
  if (A.isNull() || B.isNull() || A.isConst() || A.isVar() || B.isConst() || B.isVar() || A.op() != Op::Mul ||
      B.op() != Op::Mod)
    return std::nullopt;
  if (mayFail(A) || mayFail(B)) // a division by the constant 0 stays, to fail
    return std::nullopt;
  const Expr &X = B.operand(0), &H = B.operand(1);
  for (unsigned K = 0; K < 2; ++K) {
    const Expr &Q = A.operand(K), &F = A.operand(1 - K);
    if (!Q.isConst() && !Q.isVar() && Q.op() == Op::Div && F.equals(H) && Q.operand(1).equals(H) &&
        Q.operand(0).equals(X))
      return X;
  }
  return std::nullopt;
}

/// divModCore, also with both sides scaled by one constant (a byte offset:
/// `(x / h) * h * 2 + x % h * 2` is `x * 2`).
std::optional<Expr> divModSum(const Expr &A, const Expr &B) {
  if (std::optional<Expr> X = divModCore(A, B))
    return X;
  auto Scaled = [](const Expr &E) {
    return !E.isNull() && !E.isConst() && !E.isVar() && E.op() == Op::Mul && E.operand(1).isConst();
  };
  if (Scaled(A) && Scaled(B) && A.operand(1).equals(B.operand(1)))
    if (std::optional<Expr> X = divModCore(A.operand(0), B.operand(0)))
      return Expr::binary(Op::Mul, *X, A.operand(1));
  return std::nullopt;
}
} // namespace

// Folding rules. Each keeps C semantics; a fold that would overflow, divide by
// zero or shift out of range is not done, so evaluation later reports it.
Expr Expr::binary(Op O, Expr L, Expr R) {
  if (L.isConst() && R.isConst()) {
    if (std::optional<std::int64_t> V = applyBinary(O, L.constValue(), R.constValue()))
      return constant(*V);
  }
  switch (O) {
  case Op::Add:
    if (L.isConst(0)) return R;   // 0 + x -> x
    if (R.isConst(0)) return L;   // x + 0 -> x
    if (L.isConst()) std::swap(L, R); // constants go right
    if (std::optional<Expr> X = divModSum(L, R)) return *X; // (x / h) * h + x % h -> x
    if (std::optional<Expr> X = divModSum(R, L)) return *X;
    if (!L.isConst() && !L.isVar() && L.op() == Op::Add) // b + (x / h) * h + x % h -> b + x
      for (unsigned K = 0; K < 2; ++K)
        if (std::optional<Expr> X = divModSum(L.operand(K), R); X || (X = divModSum(R, L.operand(K))))
          return binary(Op::Add, L.operand(1 - K), *X);
    // (x + c1) + c2 -> x + (c1 + c2), when c1 + c2 does not overflow. Not
    // when x is a constant too: x + c1 was then left unfolded because it
    // overflows, and the failure must stay.
    if (R.isConst() && L.N->Kind == Op::Add && L.operand(1).isConst() && !L.operand(0).isConst())
      if (auto S = applyBinary(Op::Add, L.operand(1).constValue(), R.constValue()))
        return binary(Op::Add, L.operand(0), constant(*S));
    break;
  case Op::Sub:
    if (R.isConst(0)) return L;   // x - 0 -> x
    if (R.isConst() && R.constValue() != INT64_MIN)
      return binary(Op::Add, L, constant(-R.constValue())); // x - c -> x + (-c)
    if (L.equals(R) && !mayFail(L)) return constant(0); // x - x -> 0 when x cannot fail
    break;
  case Op::Mul:
    if (L.isConst()) std::swap(L, R);
    if (R.isConst(0) && !mayFail(L)) return R; // x * 0 -> 0 when x cannot fail
    if (R.isConst(1)) return L;   // x * 1 -> x
    // (x * c1) * c2 -> x * (c1 * c2); not when x * c1 is an overflowing
    // product of two constants (as for +).
    if (R.isConst() && L.N->Kind == Op::Mul && L.operand(1).isConst() && !L.operand(0).isConst())
      if (auto P = applyBinary(Op::Mul, L.operand(1).constValue(), R.constValue()))
        return binary(Op::Mul, L.operand(0), constant(*P));
    break;
  case Op::Div:
    if (R.isConst(1)) return L;   // x / 1 -> x
    break;
  case Op::Shl:
  case Op::Shr:
    // x << 0 -> x; not for a negative constant x, whose left shift fails.
    if (R.isConst(0) && !(O == Op::Shl && L.isConst() && L.constValue() < 0)) return L;
    break;
  case Op::Or:
  case Op::Xor:
    if (R.isConst(0)) return L;   // x | 0, x ^ 0 -> x
    if (L.isConst(0)) return R;
    break;
  default:
    break;
  }
  const SymbolId Min = std::min(L.minSymbol(), R.minSymbol());
  return Expr(made(Node{O, 0, 0, 0, {std::move(L), std::move(R)}, 2, Min}));
}

Expr Expr::select(Expr C, Expr T, Expr F) {
  if (C.isConst())
    return C.constValue() ? T : F;
  if (T.equals(F) && !mayFail(C))
    return T; // c ? x : x -> x when c cannot fail
  const SymbolId Min = std::min({C.minSymbol(), T.minSymbol(), F.minSymbol()});
  return Expr(made(Node{Op::Select, 0, 0, 0, {std::move(C), std::move(T), std::move(F)}, 3, Min}));
}

Expr Expr::apply(SymbolId Function, Expr Arg) {
  const SymbolId Min = std::min(Function, Arg.minSymbol());
  return Expr(made(Node{Op::Apply, 0, 0, static_cast<std::int64_t>(Function), {std::move(Arg)}, 1, Min}));
}

Expr Expr::renamed(const Expr &E, const std::vector<SymbolId> &To, RenameMemo &Memo) {
  if (E.isNull() || E.isConst())
    return E;
  if (auto It = Memo.Done.find(E.node()); It != Memo.Done.end())
    return It->second.second;
  Expr R;
  if (E.isVar()) {
    R = var(To[E.symbol()]);
    if (To[E.symbol()] >= 256) { // not one of the leaves made once: made once here
      auto [It, New] = Memo.pool().Leaves.try_emplace(To[E.symbol()], R);
      R = It->second;
    }
  } else {
    Node N{E.op(), 0, 0, E.N->Value, {}, E.N->NumOps, ~0u};
    if (E.op() == Op::Apply) {
      N.Value = static_cast<std::int64_t>(To[E.symbol()]);
      N.MinSymbol = To[E.symbol()];
    }
    for (unsigned I = 0; I < N.NumOps; ++I) {
      N.Ops[I] = renamed(E.N->Ops[I], To, Memo);
      N.MinSymbol = std::min(N.MinSymbol, N.Ops[I].minSymbol());
    }
    R = Expr(made(std::move(N)));
    // An equal node made before: its operands are the same nodes (they were
    // made through this memo), so the comparison is shallow.
    auto [Lo, Hi] = Memo.pool().Made.equal_range(R.N->Hash);
    bool Found = false;
    for (auto It = Lo; It != Hi && !Found; ++It) {
      const Node &A = *It->second.N, &B = *R.N;
      if (A.Kind == B.Kind && A.Value == B.Value && A.NumOps == B.NumOps &&
          std::equal(A.Ops.begin(), A.Ops.begin() + A.NumOps, B.Ops.begin(),
                     [](const Expr &X, const Expr &Y) { return X.node() == Y.node(); })) {
        R = It->second;
        Found = true;
      }
    }
    if (!Found)
      Memo.pool().Made.emplace(R.N->Hash, R);
  }
  Memo.Done.emplace(E.node(), std::make_pair(E, R));
  return R;
}

Expr Expr::lnot(Expr E) {
  if (E.isConst())
    return constant(E.constValue() == 0);
  const SymbolId Min = E.minSymbol();
  return Expr(made(Node{Op::LNot, 0, 0, 0, {std::move(E)}, 1, Min}));
}

std::size_t Expr::size() const {
  if (!N)
    return 0;
  if (N->Size < UINT32_MAX)
    return N->Size;
  std::size_t S = 1;
  for (const Expr &O : operands())
    S += O.size();
  return S;
}

namespace {
bool fitsIn(const Expr &E, std::size_t &Budget) {
  if (E.isNull())
    return true;
  if (Budget == 0)
    return false;
  --Budget;
  for (const Expr &O : E.operands())
    if (!fitsIn(O, Budget))
      return false;
  return true;
}
} // namespace

bool Expr::sizeExceeds(std::size_t Limit) const {
  if (!N)
    return false;
  if (N->Size < UINT32_MAX) // the tree's size, kept in the node
    return N->Size > Limit;
  std::size_t Budget = Limit;
  return !fitsIn(*this, Budget);
}

unsigned Expr::depth() const {
  if (!N)
    return 0;
  if (N->Depth < UINT16_MAX)
    return N->Depth;
  unsigned D = 0;
  for (const Expr &O : operands())
    D = std::max(D, O.depth());
  return D + 1;
}

bool Expr::equals(const Expr &O) const {
  if (N == O.N)
    return true;
  if (!N || !O.N || N->Kind != O.N->Kind || N->Value != O.N->Value ||
      N->NumOps != O.N->NumOps)
    return false;
  for (std::size_t I = 0; I < N->NumOps; ++I)
    if (!N->Ops[I].equals(O.N->Ops[I]))
      return false;
  return true;
}

std::size_t hashValue(const Expr &E) {
  return E.isNull() ? NullHash : static_cast<const Expr::Node *>(E.node())->Hash;
}

Expr operator+(Expr L, Expr R) { return Expr::binary(Op::Add, L, R); }
Expr operator-(Expr L, Expr R) { return Expr::binary(Op::Sub, L, R); }
Expr operator*(Expr L, Expr R) { return Expr::binary(Op::Mul, L, R); }
Expr operator/(Expr L, Expr R) { return Expr::binary(Op::Div, L, R); }
Expr operator%(Expr L, Expr R) { return Expr::binary(Op::Mod, L, R); }
Expr operator&(Expr L, Expr R) { return Expr::binary(Op::And, L, R); }
Expr operator|(Expr L, Expr R) { return Expr::binary(Op::Or, L, R); }
Expr operator^(Expr L, Expr R) { return Expr::binary(Op::Xor, L, R); }
Expr operator<<(Expr L, Expr R) { return Expr::binary(Op::Shl, L, R); }
Expr operator>>(Expr L, Expr R) { return Expr::binary(Op::Shr, L, R); }
Expr operator+(Expr L, std::int64_t R) { return L + Expr::constant(R); }
Expr operator*(Expr L, std::int64_t R) { return L * Expr::constant(R); }

} // namespace bankcheck::symbolic

//===- ThreadAffine.cpp - Expressions affine in threadIdx -----------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "BankModel/ThreadAffine.h"
#include "Symbolic/SymbolTable.h"

#include <algorithm>
#include <map>
#include <memory>

namespace bankcheck::bank {

using namespace symbolic;

namespace {
bool isComparisonOrLogic(Op O) {
  return O == Op::Lt || O == Op::Le || O == Op::Eq || O == Op::Ne || O == Op::LAnd || O == Op::LOr;
}
} // namespace

class ThreadAffineBuilder {
public:
  ThreadAffineBuilder(const BlockShape &S, const Env &Bound) : Bound(Bound), Ext{S.X, S.Y, S.Z} {}

  using Lin = ThreadAffine::Lin;
  using Step = ThreadAffine::Step;
  /// A subexpression: affine (its Lin), a truth value (its code), or a
  /// value computed from affine ones by operators that are not affine
  /// (`tid / 32`, `tid % 32`: its code, and bounds on it over the block).
  struct Part {
    enum Kind { Reject, Affine, Truth, Value } K = Reject;
    Lin L;
    std::vector<Step> Code;
    __int128 Lo = 0, Hi = 0; ///< Value: every thread's value lies within
  };

  Part build(const Expr &E, unsigned Depth) {
    Part P;
    if (E.isNull() || Depth > 48)
      return P;
    if (!SymbolTable::mentionsThreadIdx(E)) {
      // Warp-uniform: one value for every thread, or the program fails on
      // every thread alike (left to it).
      std::optional<std::int64_t> V = evaluate(E, Bound);
      if (!V)
        return P;
      P.K = Part::Affine;
      P.L.D = *V;
      return P;
    }
    if (E.isVar()) {
      for (unsigned D = 0; D < 3; ++D)
        if (E.symbol() == SymbolTable::threadIdx(D)) {
          P.K = Part::Affine;
          if (Ext[D] > 1)
            P.L.A[D] = 1;
          return P;
        }
      return P;
    }
    switch (E.op()) {
    case Op::Add:
    case Op::Sub:
    case Op::Mul:
    case Op::Shl: {
      Part L = build(E.operand(0), Depth + 1), R = build(E.operand(1), Depth + 1);
      if (L.K == Part::Affine && R.K == Part::Affine) {
        std::optional<Lin> Out = arith(E.op(), L.L, R.L);
        if (!Out)
          return P;
        P.K = Part::Affine;
        P.L = *Out;
        return P;
      }
      if (L.K == Part::Value || R.K == Part::Value)
        return valueOf(E.op(), L, R);
      return P;
    }
    case Op::Div:
    case Op::Mod:
    case Op::And:
    case Op::Shr:
      return valueOf(E.op(), build(E.operand(0), Depth + 1), build(E.operand(1), Depth + 1));
    case Op::Lt:
    case Op::Le:
    case Op::Eq:
    case Op::Ne:
    case Op::LAnd:
    case Op::LOr: {
      Part L = build(E.operand(0), Depth + 1), R = build(E.operand(1), Depth + 1);
      if (L.K == Part::Reject || R.K == Part::Reject)
        return P;
      P.K = Part::Truth;
      append(P.Code, L);
      append(P.Code, R);
      P.Code.push_back({Step::Binary, E.op(), 0});
      return P;
    }
    case Op::LNot: {
      Part X = build(E.operand(0), Depth + 1);
      if (X.K == Part::Reject)
        return P;
      P.K = Part::Truth;
      append(P.Code, X);
      P.Code.push_back({Step::Not, Op::LNot, 0});
      return P;
    }
    default:
      return P;
    }
  }

  void append(std::vector<Step> &Code, const Part &P) {
    if (P.K == Part::Truth || P.K == Part::Value) {
      Code.insert(Code.end(), P.Code.begin(), P.Code.end());
      return;
    }
    Lins.push_back(P.L);
    Code.push_back({Step::Push, Op::Add, unsigned(Lins.size() - 1)});
  }

  std::vector<Lin> Lins;

private:
  const Env &Bound;
  std::array<unsigned, 3> Ext;

  /// The least and greatest value of L over the block, exactly.
  std::pair<__int128, __int128> range(const Lin &L) const {
    __int128 Lo = L.D, Hi = L.D;
    for (unsigned D = 0; D < 3; ++D) {
      __int128 Far = __int128(L.A[D]) * (Ext[D] - 1);
      (Far < 0 ? Lo : Hi) += Far;
    }
    return {Lo, Hi};
  }
  static bool fits(__int128 V) { return V >= INT64_MIN && V <= INT64_MAX; }
  /// Bounds on a part's value over the block (exact for an affine one).
  std::pair<__int128, __int128> span(const Part &P) const {
    if (P.K == Part::Value)
      return {P.Lo, P.Hi};
    if (P.K == Part::Truth)
      return {0, 1};
    return range(P.L);
  }
  /// L op R as code (a Value part) where the program's op succeeds on every
  /// thread: bounds on both operands over the block give bounds on the
  /// result, and where they fit, no step can fail. Arithmetic with a
  /// non-affine operand, and `/`, `%`, `&` and `>>` by a constant.
  Part valueOf(Op O, const Part &L, const Part &R) {
    Part P;
    if (L.K == Part::Reject || L.K == Part::Truth || R.K == Part::Reject || R.K == Part::Truth)
      return P;
    const std::array<std::int64_t, 3> Zero{};
    bool LConst = L.K == Part::Affine && L.L.A == Zero, RConst = R.K == Part::Affine && R.L.A == Zero;
    auto [LLo, LHi] = span(L);
    auto [RLo, RHi] = span(R);
    const std::int64_t C = RConst ? R.L.D : 0;
    __int128 Lo, Hi;
    switch (O) {
    case Op::Add: Lo = LLo + RLo, Hi = LHi + RHi; break;
    case Op::Sub: Lo = LLo - RHi, Hi = LHi - RLo; break;
    case Op::Mul: {
      if (!LConst && !RConst)
        return P;
      __int128 K = LConst ? L.L.D : C, A = LConst ? RLo : LLo, B = LConst ? RHi : LHi;
      Lo = std::min(A * K, B * K), Hi = std::max(A * K, B * K);
      break;
    }
    case Op::Shl:
      if (!RConst || C < 0 || C >= 63 || LLo < 0 || LHi > (INT64_MAX >> C))
        return P;
      Lo = LLo << C, Hi = LHi << C;
      break;
    case Op::Shr:
      if (!RConst || C < 0 || C >= 63)
        return P;
      Lo = LLo >> C, Hi = LHi >> C; // arithmetic: monotone
      break;
    case Op::Div:
      if (!RConst || C == 0 || (C == -1 && LLo == INT64_MIN))
        return P;
      Lo = C > 0 ? LLo / C : LHi / C, Hi = C > 0 ? LHi / C : LLo / C; // truncation is monotone
      break;
    case Op::Mod: {
      if (!RConst || C == 0 || C == INT64_MIN || (C == -1 && LLo == INT64_MIN))
        return P;
      __int128 Most = (C < 0 ? -__int128(C) : __int128(C)) - 1; // the sign is the left operand's
      Lo = LLo >= 0 ? 0 : std::max(LLo, -Most), Hi = LHi <= 0 ? 0 : std::min(LHi, Most);
      break;
    }
    case Op::And:
      if (!RConst || C < 0)
        return P;
      Lo = 0, Hi = LLo >= 0 ? std::min(LHi, __int128(C)) : __int128(C);
      break;
    default:
      return P;
    }
    if (!fits(LLo) || !fits(LHi) || !fits(RLo) || !fits(RHi) || !fits(Lo) || !fits(Hi))
      return P;
    P.K = Part::Value;
    append(P.Code, L);
    append(P.Code, R);
    P.Code.push_back({Step::Binary, O, 0});
    P.Lo = Lo;
    P.Hi = Hi;
    return P;
  }
  /// L op R where the program's op would succeed on every thread; nullopt
  /// otherwise (or when the result is not affine).
  std::optional<Lin> arith(Op O, const Lin &L, const Lin &R) const {
    bool LConst = L.A == std::array<std::int64_t, 3>{}, RConst = R.A == std::array<std::int64_t, 3>{};
    std::array<__int128, 3> A{};
    __int128 D = 0;
    switch (O) {
    case Op::Add:
    case Op::Sub: {
      int Sign = O == Op::Add ? 1 : -1;
      for (unsigned I = 0; I < 3; ++I)
        A[I] = __int128(L.A[I]) + Sign * __int128(R.A[I]);
      D = __int128(L.D) + Sign * __int128(R.D);
      break;
    }
    case Op::Mul: {
      if (!LConst && !RConst)
        return std::nullopt;
      const Lin &X = LConst ? R : L;
      std::int64_t K = LConst ? L.D : R.D;
      for (unsigned I = 0; I < 3; ++I)
        A[I] = __int128(X.A[I]) * K;
      D = __int128(X.D) * K;
      break;
    }
    case Op::Shl: {
      if (!RConst || R.D < 0 || R.D >= 63)
        return std::nullopt;
      // The program refuses a negative or too large left operand.
      auto [Lo, Hi] = range(L);
      if (Lo < 0 || Hi > (INT64_MAX >> R.D))
        return std::nullopt;
      // A multiplication: a negative coefficient shifted left is undefined.
      __int128 Scale = __int128(1) << R.D;
      for (unsigned I = 0; I < 3; ++I)
        A[I] = __int128(L.A[I]) * Scale;
      D = __int128(L.D) * Scale;
      break;
    }
    default:
      return std::nullopt;
    }
    Lin Out;
    for (unsigned I = 0; I < 3; ++I) {
      if (!fits(A[I]))
        return std::nullopt;
      Out.A[I] = static_cast<std::int64_t>(A[I]);
    }
    if (!fits(D))
      return std::nullopt;
    Out.D = static_cast<std::int64_t>(D);
    auto [Lo, Hi] = range(Out);
    if (!fits(Lo) || !fits(Hi))
      return std::nullopt;
    return Out;
  }
};

std::optional<ThreadAffine> ThreadAffine::compile(const Expr &E, const BlockShape &Shape, const Env &Bound) {
  if (E.isNull() || E.sizeExceeds(256) || Shape.threads() == 0)
    return std::nullopt;
  ThreadAffineBuilder B(Shape, Bound);
  ThreadAffineBuilder::Part P = B.build(E, 0);
  if (P.K == ThreadAffineBuilder::Part::Reject)
    return std::nullopt;
  ThreadAffine T;
  B.append(T.Code, P);
  T.Lins = std::move(B.Lins);
  return T;
}

std::int64_t ThreadAffine::value(unsigned X, unsigned Y, unsigned Z) const {
  std::int64_t Stack[80]; // build() bounds the depth to 48
  unsigned Top = 0;
  for (const Step &S : Code) {
    switch (S.K) {
    case Step::Push:
      Stack[Top++] = Lins[S.Lin].at(X, Y, Z);
      break;
    case Step::Not:
      Stack[Top - 1] = Stack[Top - 1] == 0;
      break;
    case Step::Binary: {
      std::int64_t R = Stack[--Top], L = Stack[Top - 1];
      Stack[Top - 1] = *applyBinary(S.O, L, R); // comparisons and logic never fail
      break;
    }
    }
  }
  return Stack[0];
}

WarpThreads WarpThreads::of(const BlockShape &S, unsigned Warp) {
  WarpThreads T;
  for (unsigned L = 0; L < WarpSize; ++L) {
    unsigned Id = Warp * WarpSize + L;
    if (Id >= S.threads())
      break;
    T.Present |= 1u << L;
    T.X[L] = Id % S.X;
    T.Y[L] = (Id / S.X) % S.Y;
    T.Z[L] = Id / (S.X * S.Y);
    const unsigned C[3] = {T.X[L], T.Y[L], T.Z[L]};
    for (unsigned D = 0; D < 3; ++D) {
      T.Lo[D] = L == 0 ? C[D] : std::min(T.Lo[D], C[D]);
      T.Hi[D] = L == 0 ? C[D] : std::max(T.Hi[D], C[D]);
    }
  }
  return T;
}

const std::vector<WarpThreads> &WarpThreads::ofBlock(const BlockShape &S) {
  thread_local std::map<std::array<unsigned, 3>, std::unique_ptr<std::vector<WarpThreads>>> Known;
  std::array<unsigned, 3> Key{S.X, S.Y, S.Z};
  if (Known.size() >= 256 && !Known.count(Key))
    Known.clear();
  std::unique_ptr<std::vector<WarpThreads>> &V = Known[Key];
  if (!V) {
    V = std::make_unique<std::vector<WarpThreads>>();
    V->reserve(S.warps());
    for (unsigned W = 0; W < S.warps(); ++W)
      V->push_back(of(S, W));
    const WarpThreads &First = V->front();
    for (WarpThreads &T : *V) {
      if (T.Present != First.Present)
        continue;
      std::array<std::int64_t, 3> D{std::int64_t(T.X[0]) - First.X[0], std::int64_t(T.Y[0]) - First.Y[0],
                                    std::int64_t(T.Z[0]) - First.Z[0]};
      bool Same = true;
      for (unsigned L = 0; L < WarpSize && Same; ++L)
        Same = !(T.Present >> L & 1) ||
               (std::int64_t(T.X[L]) - First.X[L] == D[0] && std::int64_t(T.Y[L]) - First.Y[L] == D[1] &&
                std::int64_t(T.Z[L]) - First.Z[L] == D[2]);
      if (Same)
        T.FromWarp0 = D;
    }
  }
  return *V;
}

void ThreadAffine::warpValues(const WarpThreads &T, std::uint32_t Mask, std::int64_t *Out) const {
  // value()'s steps, each over the whole warp (every lane, present or not:
  // the arithmetic wraps and comparisons never fail, so absent lanes are
  // harmless and the loops have no branches).
  auto push = [&](const Lin &F, std::int64_t *V) {
    for (unsigned L = 0; L < WarpSize; ++L)
      V[L] = F.at(T.X[L], T.Y[L], T.Z[L]);
  };
  std::array<std::int64_t, WarpSize> Result;
  if (linear()) {
    push(Lins[Code[0].Lin], Result.data());
  } else {
    std::array<std::int64_t, WarpSize> Stack[80]; // build() bounds the depth to 48
    unsigned Top = 0;
    for (const Step &S : Code) {
      switch (S.K) {
      case Step::Push:
        push(Lins[S.Lin], Stack[Top++].data());
        break;
      case Step::Not:
        for (std::int64_t &V : Stack[Top - 1])
          V = V == 0;
        break;
      case Step::Binary: {
        const std::array<std::int64_t, WarpSize> &R = Stack[--Top];
        std::array<std::int64_t, WarpSize> &L = Stack[Top - 1];
        auto each = [&](auto F) {
          for (unsigned I = 0; I < WarpSize; ++I)
            L[I] = F(L[I], R[I]);
        };
        // Each operation as applyBinary computes it where it succeeds, which
        // it does on every present lane (build() proved it over the block);
        // absent lanes get some value and no fault (their values are unused).
        using I64 = std::int64_t;
        using U64 = std::uint64_t;
        switch (S.O) {
        case Op::Add: each([](I64 A, I64 B) { return I64(U64(A) + U64(B)); }); break;
        case Op::Sub: each([](I64 A, I64 B) { return I64(U64(A) - U64(B)); }); break;
        case Op::Mul: each([](I64 A, I64 B) { return I64(U64(A) * U64(B)); }); break;
        case Op::Div: each([](I64 A, I64 B) { return B == 0 ? 0 : B == -1 ? I64(U64(0) - U64(A)) : A / B; }); break;
        case Op::Mod: each([](I64 A, I64 B) -> I64 { return B == 0 || B == -1 ? 0 : A % B; }); break;
        case Op::And: each([](I64 A, I64 B) { return A & B; }); break;
        case Op::Or: each([](I64 A, I64 B) { return A | B; }); break;
        case Op::Xor: each([](I64 A, I64 B) { return A ^ B; }); break;
        case Op::Shl: each([](I64 A, I64 B) { return B < 0 || B >= 63 ? 0 : I64(U64(A) << B); }); break;
        case Op::Shr: each([](I64 A, I64 B) { return B < 0 || B >= 63 ? 0 : A >> B; }); break;
        case Op::Min: each([](I64 A, I64 B) { return std::min(A, B); }); break;
        case Op::Max: each([](I64 A, I64 B) { return std::max(A, B); }); break;
        case Op::Lt: each([](I64 A, I64 B) -> I64 { return A < B; }); break;
        case Op::Le: each([](I64 A, I64 B) -> I64 { return A <= B; }); break;
        case Op::Eq: each([](I64 A, I64 B) -> I64 { return A == B; }); break;
        case Op::Ne: each([](I64 A, I64 B) -> I64 { return A != B; }); break;
        case Op::LAnd: each([](I64 A, I64 B) -> I64 { return A != 0 && B != 0; }); break;
        case Op::LOr: each([](I64 A, I64 B) -> I64 { return A != 0 || B != 0; }); break;
        default: // no other operation is compiled
          each([&](I64 A, I64 B) { return applyBinary(S.O, A, B).value_or(0); });
        }
        break;
      }
      }
    }
    Result = Stack[0];
  }
  for (unsigned L = 0; L < WarpSize; ++L)
    if (Mask >> L & 1)
      Out[L] = Result[L];
}

ThreadAffine::Truth ThreadAffine::truthOver(const WarpThreads &T) const {
  if (!T.Present)
    return Truth::Mixed;
  if (computes()) {
    // A value that is not affine (`tid / 32 < 3`) is not bounded by the
    // box's corners: the lanes' own values decide it.
    std::array<std::int64_t, WarpSize> V;
    warpValues(T, T.Present, V.data());
    bool Any = false, All = true;
    for (unsigned L = 0; L < WarpSize; ++L)
      if (T.Present >> L & 1) {
        Any |= V[L] != 0;
        All &= V[L] != 0;
      }
    return All ? Truth::Always : !Any ? Truth::Never : Truth::Mixed;
  }
  // Each stack entry bounds its value over the lanes: a Lin's extremes are at
  // corners of the lanes' box (points of the block, where it is exact).
  struct Span {
    std::int64_t Lo, Hi;
  };
  auto nonZero = [](const Span &S) { return S.Lo > 0 || S.Hi < 0 ? 1 : S.Lo == 0 && S.Hi == 0 ? 0 : -1; };
  auto truth = [](int V) { return V < 0 ? Span{0, 1} : Span{V, V}; };
  Span Stack[80]; // build() bounds the depth to 48
  unsigned Top = 0;
  for (const Step &S : Code) {
    switch (S.K) {
    case Step::Push: {
      const Lin &F = Lins[S.Lin];
      unsigned Low[3], High[3];
      for (unsigned D = 0; D < 3; ++D) {
        Low[D] = F.A[D] >= 0 ? T.Lo[D] : T.Hi[D];
        High[D] = F.A[D] >= 0 ? T.Hi[D] : T.Lo[D];
      }
      Stack[Top++] = {F.at(Low[0], Low[1], Low[2]), F.at(High[0], High[1], High[2])};
      break;
    }
    case Step::Not: {
      int V = nonZero(Stack[Top - 1]);
      Stack[Top - 1] = truth(V < 0 ? -1 : !V);
      break;
    }
    case Step::Binary: {
      const Span R = Stack[--Top], L = Stack[Top - 1];
      int V = -1;
      switch (S.O) {
      case Op::Lt: V = L.Hi < R.Lo ? 1 : L.Lo >= R.Hi ? 0 : -1; break;
      case Op::Le: V = L.Hi <= R.Lo ? 1 : L.Lo > R.Hi ? 0 : -1; break;
      case Op::Eq:
      case Op::Ne:
        V = L.Lo == L.Hi && R.Lo == R.Hi && L.Lo == R.Lo ? 1 : L.Hi < R.Lo || R.Hi < L.Lo ? 0 : -1;
        if (S.O == Op::Ne && V >= 0)
          V = !V;
        break;
      case Op::LAnd: {
        int A = nonZero(L), B = nonZero(R);
        V = A == 0 || B == 0 ? 0 : A == 1 && B == 1 ? 1 : -1;
        break;
      }
      case Op::LOr: {
        int A = nonZero(L), B = nonZero(R);
        V = A == 1 || B == 1 ? 1 : A == 0 && B == 0 ? 0 : -1;
        break;
      }
      default:
        break;
      }
      Stack[Top - 1] = truth(V);
      break;
    }
    }
  }
  int V = nonZero(Stack[0]);
  return V < 0 ? Truth::Mixed : V ? Truth::Always : Truth::Never;
}

std::optional<std::int64_t> ThreadAffine::shiftFrom(const ThreadAffine &O) const {
  if (!linear() || !O.linear())
    return std::nullopt;
  const Lin &Mine = Lins[Code[0].Lin], &Theirs = O.Lins[O.Code[0].Lin];
  if (Mine.A != Theirs.A)
    return std::nullopt;
  // Both constants fit; their difference may not.
  std::int64_t D;
  if (__builtin_sub_overflow(Mine.D, Theirs.D, &D))
    return std::nullopt;
  return D;
}

std::optional<std::int64_t> ThreadAffine::shiftAlong(const std::array<std::int64_t, 3> &Delta) const {
  if (!linear())
    return std::nullopt;
  const Lin &F = Lins[Code[0].Lin];
  return static_cast<std::int64_t>(std::uint64_t(F.A[0]) * std::uint64_t(Delta[0]) +
                                   std::uint64_t(F.A[1]) * std::uint64_t(Delta[1]) +
                                   std::uint64_t(F.A[2]) * std::uint64_t(Delta[2]));
}

bool ThreadAffine::operator==(const ThreadAffine &O) const { return Lins == O.Lins && Code == O.Code; }

bool ThreadAffine::computes() const {
  for (const Step &S : Code)
    if (S.K == Step::Binary && !isComparisonOrLogic(S.O))
      return true;
  return false;
}

} // namespace bankcheck::bank

//===- SymbolicFuzzer.cpp - libFuzzer target for Symbolic and BankModel ---===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Decodes the fuzzer's bytes into a random symbolic::Expr tree (every Op of
/// Expr.h, bounded depth and size, over threadIdx, blockDim, uniform symbols
/// with facts, a lane-opaque value, an array-extent Layout symbol and an
/// unknown function), and into a random warp of lane addresses, then checks:
///
///  1. evaluate, evaluateAffine (with Facts and Atoms), print and
///     bank::analyzeAccess never crash and never run into undefined behaviour
///     (the target is built with -fsanitize=fuzzer,address,undefined).
///  2. evaluate agrees with a reference evaluator run on the *unfolded* tree
///     (C semantics on 64-bit integers, as documented in Expr.h): where the
///     reference fails (overflow, division by zero, bad shift) evaluate must
///     fail too ("never given a value"), and where both give a value it is the
///     same one. [fold-hides-failure] [value-mismatch]
///  3. evaluateAffine, when every symbol is bound, equals evaluate; with free
///     uniform symbols, its affine form, evaluated at sample values that
///     satisfy the symbols' facts, equals evaluate. [affine-mismatch]
///  4. bank model: an access with any active lane takes >= 1 wavefront
///     [wavefronts-zero]; deactivating lanes never adds wavefronts
///     [wavefronts-monotone]; analyzeAccess: a worst witness with an active
///     lane comes with Degree >= 1 and its wavefronts [worst-without-degree],
///     status conflict implies Degree >= 2 and worst > ideal
///     [conflict-degree], clean implies worst <= ideal [clean-worst].
///
/// A failed check prints its name and aborts. Set BANKCHECK_FUZZ_IGNORE to a
/// comma-separated list of check names to keep fuzzing past a known bug.
//===----------------------------------------------------------------------===//
#include "BankModel/AccessAnalysis.h"
#include "BankModel/Wavefronts.h"
#include "Symbolic/Evaluate.h"
#include "Symbolic/Expr.h"
#include "Symbolic/SymbolTable.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace bankcheck;
using namespace bankcheck::symbolic;

namespace {

bool ignored(const char *Check) {
  static const std::string List = [] {
    const char *E = std::getenv("BANKCHECK_FUZZ_IGNORE");
    return "," + std::string(E ? E : "") + ",";
  }();
  return List.find("," + std::string(Check) + ",") != std::string::npos;
}

[[noreturn]] void fail(const char *Check, const std::string &Detail) {
  std::fprintf(stderr, "\nSymbolicFuzzer: check [%s] failed: %s\n", Check, Detail.c_str());
  std::abort();
}
#define FUZZ_CHECK(Name, Cond, Detail)                                                             \
  do {                                                                                             \
    if (!(Cond) && !ignored(Name))                                                                 \
      fail(Name, Detail);                                                                          \
  } while (0)

/// The reference tree: the expression as the bytes spelled it, before the
/// factories fold anything.
struct Ref {
  Op Kind;
  std::int64_t Value = 0;
  std::vector<std::shared_ptr<Ref>> Ops;
};
using RefP = std::shared_ptr<Ref>;

/// The reference gives an unknown function's value no value at all, so a
/// tree that applies one is not compared (a fold may drop the application,
/// e.g. `c ? x : x` with an application in c, and rightly keep a value).
bool refMentionsApply(const Ref &R) {
  if (R.Kind == Op::Apply)
    return true;
  for (const RefP &O : R.Ops)
    if (refMentionsApply(*O))
      return true;
  return false;
}

/// Expr.h semantics on the unfolded tree: nullopt where C (as documented)
/// gives no value. Both operands are always evaluated except in Select.
/// ValueFailure is set when a failure depends on the values of symbols (a
/// division by a non-constant that is 0 here, overflow of an operation on a
/// non-constant, a shift by a non-constant amount): Expr.h's folds only keep
/// failures fixed by constants (see mayFail in Expr.cpp), so only those are
/// checked.
bool ValueFailure = false;
bool isConstRef(const Ref &R) { return R.Kind == Op::Const; }
std::optional<std::int64_t> refEval(const Ref &R, const Env &E) {
  switch (R.Kind) {
  case Op::Const:
    return R.Value;
  case Op::Var:
    return E.lookup(SymbolId(R.Value));
  case Op::Apply:
    return std::nullopt;
  case Op::LNot: {
    auto V = refEval(*R.Ops[0], E);
    if (!V) return std::nullopt;
    return std::int64_t(*V == 0);
  }
  case Op::Select: {
    auto C = refEval(*R.Ops[0], E);
    if (!C) return std::nullopt;
    return refEval(*R.Ops[*C ? 1 : 2], E);
  }
  default:
    break;
  }
  auto L = refEval(*R.Ops[0], E);
  auto Rv = refEval(*R.Ops[1], E);
  if (!L || !Rv) return std::nullopt;
  __int128 A = *L, B = *Rv, Out = 0;
  switch (R.Kind) {
  case Op::Add: Out = A + B; break;
  case Op::Sub: Out = A - B; break;
  case Op::Mul: Out = A * B; break;
  case Op::Div:
  case Op::Mod:
    if (B == 0) {
      if (!isConstRef(*R.Ops[1]))
        ValueFailure = true;
      return std::nullopt;
    }
    Out = R.Kind == Op::Div ? A / B : A % B;
    break;
  case Op::And: return *L & *Rv;
  case Op::Or: return *L | *Rv;
  case Op::Xor: return *L ^ *Rv;
  case Op::Shl:
    if (B < 0 || B >= 63 || A < 0) {
      if (!(isConstRef(*R.Ops[1]) && (B < 0 || B >= 63)) && !(isConstRef(*R.Ops[0]) && A < 0))
        ValueFailure = true;
      return std::nullopt;
    }
    Out = A << int(B);
    break;
  case Op::Shr:
    if (B < 0 || B >= 63) {
      if (!isConstRef(*R.Ops[1]))
        ValueFailure = true;
      return std::nullopt;
    }
    return *L >> int(B);
  case Op::Min: return std::min(*L, *Rv);
  case Op::Max: return std::max(*L, *Rv);
  case Op::Lt: return *L < *Rv;
  case Op::Le: return *L <= *Rv;
  case Op::Eq: return *L == *Rv;
  case Op::Ne: return *L != *Rv;
  case Op::LAnd: return (*L != 0) && (*Rv != 0);
  case Op::LOr: return (*L != 0) || (*Rv != 0);
  default: return std::nullopt;
  }
  if (Out > INT64_MAX || Out < INT64_MIN) {
    if (!(isConstRef(*R.Ops[0]) && isConstRef(*R.Ops[1])))
      ValueFailure = true;
    return std::nullopt;
  }
  return std::int64_t(Out);
}

/// The unfolded tree as text, for failure messages.
std::string refText(const Ref &R) {
  switch (R.Kind) {
  case Op::Const: return std::to_string(R.Value);
  case Op::Var: return "s" + std::to_string(R.Value);
  case Op::LNot: return "!(" + refText(*R.Ops[0]) + ")";
  case Op::Apply: return "g(" + refText(*R.Ops[0]) + ")";
  case Op::Select:
    return "(" + refText(*R.Ops[0]) + " ? " + refText(*R.Ops[1]) + " : " + refText(*R.Ops[2]) + ")";
  default:
    return "(" + refText(*R.Ops[0]) + " " + opSpelling(R.Kind) + " " + refText(*R.Ops[1]) + ")";
  }
}

/// The symbols every input sees, in a table of their own.
struct Symbols {
  SymbolTable T;
  SymbolId N, K, M, Opaque, Tile, Fn;
  std::vector<SymbolId> Leaves; ///< symbols a Var leaf may name
  std::vector<SymbolId> Uniforms; ///< free in the affine checks
};

const std::int64_t Interesting[] = {0, 1, -1, 2, 3, 4, 5, 7, 8, 16, 31, 32, 33, 62, 63, 64, 65,
                                    127, 128, 1024, 4096, -32, -4096,
                                    INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1,
                                    0x7fffffff, -0x80000000LL, 0xffffffffLL, 1LL << 32, 1LL << 62};

class Builder {
public:
  Builder(FuzzedDataProvider &P, const Symbols &S) : P(P), S(S) {}
  unsigned Nodes = 0;
  static constexpr unsigned MaxNodes = 96, MaxDepth = 10;

  std::pair<Expr, RefP> build(unsigned Depth) {
    ++Nodes;
    if (Depth >= MaxDepth || Nodes >= MaxNodes || P.remaining_bytes() == 0 || P.ConsumeIntegral<std::uint8_t>() < 80)
      return leaf();
    // Op numbering of Expr.h, Add .. Apply.
    auto O = static_cast<Op>(P.ConsumeIntegralInRange<unsigned>(unsigned(Op::Add), unsigned(Op::Apply)));
    auto R = std::make_shared<Ref>();
    R->Kind = O;
    if (O == Op::LNot) {
      auto [E, X] = build(Depth + 1);
      R->Ops = {X};
      return {Expr::lnot(E), R};
    }
    if (O == Op::Apply) {
      auto [E, X] = build(Depth + 1);
      R->Ops = {X};
      return {Expr::apply(S.Fn, E), R};
    }
    if (O == Op::Select) {
      auto [C, XC] = build(Depth + 1);
      auto [T, XT] = build(Depth + 1);
      auto [F, XF] = build(Depth + 1);
      R->Ops = {XC, XT, XF};
      return {Expr::select(C, T, F), R};
    }
    auto [L, XL] = build(Depth + 1);
    auto [Rt, XR] = build(Depth + 1);
    R->Ops = {XL, XR};
    return {Expr::binary(O, L, Rt), R};
  }

private:
  FuzzedDataProvider &P;
  const Symbols &S;

  std::pair<Expr, RefP> leaf() {
    auto R = std::make_shared<Ref>();
    unsigned Pick = P.ConsumeIntegralInRange<unsigned>(0, 9);
    if (Pick < 4) {
      std::int64_t V;
      if (Pick == 0)
        V = P.ConsumeIntegral<std::int64_t>();
      else if (Pick == 1)
        V = P.ConsumeIntegralInRange<std::int64_t>(-64, 64);
      else
        V = P.PickValueInArray(Interesting);
      R->Kind = Op::Const;
      R->Value = V;
      return {Expr::constant(V), R};
    }
    SymbolId Id = S.Leaves[P.ConsumeIntegralInRange<std::size_t>(0, S.Leaves.size() - 1)];
    R->Kind = Op::Var;
    R->Value = Id;
    return {Expr::var(Id), R};
  }
};

void initSymbols(Symbols &S, FuzzedDataProvider &P) {
  Symbol N{"n", SymbolKind::Uniform, 0, "kernel parameter 'n'", std::int64_t(0)};
  S.N = S.T.add(N);
  Symbol K{"k", SymbolKind::Uniform, 0, "loop counter 'k'", std::nullopt};
  if (P.ConsumeBool())
    K.Min = P.ConsumeIntegralInRange<std::int64_t>(-4, 4);
  K.Modulus = P.PickValueInArray({1, 2, 4, 8, 32});
  K.Rem = P.ConsumeIntegralInRange<std::int64_t>(0, K.Modulus - 1);
  S.K = S.T.add(K);
  Symbol M{"m", SymbolKind::Uniform, 0, "kernel parameter 'm'", std::nullopt};
  S.M = S.T.add(M);
  Symbol O{"v", SymbolKind::LaneOpaque, 0, "value loaded from global memory", std::nullopt};
  S.Opaque = S.T.add(O);
  Symbol L{"TILE", SymbolKind::Layout, 0, "", std::int64_t(1)};
  S.Tile = S.T.add(L);
  Symbol F{"g", SymbolKind::Function, 0, "contents of global memory", std::nullopt};
  S.Fn = S.T.add(F);
  for (unsigned D = 0; D < 3; ++D) {
    S.Leaves.push_back(SymbolTable::threadIdx(D));
    S.Leaves.push_back(SymbolTable::threadIdx(D)); // twice: the usual case
    S.Leaves.push_back(SymbolTable::blockDim(D));
  }
  S.Leaves.push_back(SymbolTable::blockIdx(0));
  S.Leaves.push_back(S.N);
  S.Leaves.push_back(S.K);
  S.Leaves.push_back(S.M);
  S.Leaves.push_back(S.Tile);
  if (P.ConsumeIntegralInRange<unsigned>(0, 7) == 0)
    S.Leaves.push_back(S.Opaque);
  S.Uniforms = {SymbolTable::blockIdx(0), S.N, S.K, S.M};
}

std::int64_t sampleFor(const Symbol &Sym, std::int64_t V) {
  V %= std::int64_t(1) << 40; // room for the adjustments below
  if (Sym.Modulus > 1)
    V = V - (((V % Sym.Modulus) + Sym.Modulus) % Sym.Modulus) + Sym.Rem;
  if (Sym.Min && V < *Sym.Min)
    V += ((*Sym.Min - V + Sym.Modulus - 1) / Sym.Modulus) * Sym.Modulus;
  return V;
}

std::string show(const Expr &E, const SymbolTable &T) { return print(E, T); }

void checkEvaluators(const Expr &E, const Ref &R, const Symbols &S, FuzzedDataProvider &P,
                     const bank::BlockShape &Shape, std::int64_t Tile) {
  std::string Text = show(E, S.T);
  for (unsigned Trial = 0; Trial < 4; ++Trial) {
    unsigned Tid = P.ConsumeIntegralInRange<unsigned>(0, Shape.threads() - 1);
    Env Bound;
    bank::bindThread(Bound, Shape, Tid);
    Bound.bind(S.Tile, Tile);
    // 1. Everything bound: evaluate vs the reference, evaluateAffine vs evaluate.
    Env All = Bound;
    for (SymbolId U : S.Uniforms)
      All.bind(U, sampleFor(S.T.get(U), P.PickValueInArray(Interesting)));
    All.bind(S.Opaque, P.ConsumeIntegralInRange<std::int64_t>(-8, 8));
    EvalFailure Why = EvalFailure::None;
    std::optional<std::int64_t> V = evaluate(E, All, &Why);
    FUZZ_CHECK("eval-why", bool(V) == (Why == EvalFailure::None), Text);
    ValueFailure = false;
    std::optional<std::int64_t> Want = refEval(R, All);
    bool MentionsApply = false;
    forEachSymbol(E, [&](SymbolId Id) { MentionsApply |= Id == S.Fn; });
    MentionsApply |= refMentionsApply(R);
    if (!MentionsApply && !ValueFailure && Why != EvalFailure::TooDeep) {
      FUZZ_CHECK("fold-hides-failure", !(V && !Want),
                 Text + " = " + (V ? std::to_string(*V) : "-") + ", but the unfolded expression " +
                     refText(R) + " has no value (s0-s2: threadIdx, s3-s5: blockDim)");
      FUZZ_CHECK("value-mismatch", !(V && Want && *V != *Want),
                 Text + " = " + std::to_string(*V) + ", reference " + std::to_string(Want ? *Want : 0));
    }
    SymbolTable Atoms(&S.T);
    AtomIdMap AtomIds;
    AffineContext Ctx;
    Ctx.Facts = &Atoms;
    Ctx.Atoms = &Atoms;
    Ctx.AtomIds = &AtomIds;
    if (V) {
      if (auto A = evaluateAffine(E, All, nullptr, &Ctx); A && A->isConstant())
        FUZZ_CHECK("affine-mismatch", A->C == *V,
                   Text + ": affine " + std::to_string(A->C) + " vs " + std::to_string(*V));
    }
    // 2. Uniform symbols free: the affine form at sample values.
    EvalFailure AWhy;
    std::optional<Affine> A = evaluateAffine(E, Bound, &AWhy, &Ctx);
    (void)evaluateAffine(E, Bound, nullptr, nullptr); // no context: NonAffine on the atoms
    if (!A)
      continue;
    for (auto [Id, C] : A->Terms) {
      (void)C;
      (void)Atoms.get(Id).Name; // every term names a known symbol
    }
    bool OnlyOriginal = true;
    for (auto [Id, C] : A->Terms)
      OnlyOriginal &= Id < S.T.size() && Id != S.Opaque && Id != S.Tile;
    if (!OnlyOriginal)
      continue;
    for (unsigned Sample = 0; Sample < 3; ++Sample) {
      Env Full = Bound;
      __int128 Sum = A->C;
      for (SymbolId U : S.Uniforms)
        Full.bind(U, sampleFor(S.T.get(U), P.ConsumeIntegralInRange<std::int64_t>(-40, 300)));
      Full.bind(S.Opaque, 0);
      for (auto [Id, C] : A->Terms)
        Sum += __int128(C) * *Full.lookup(Id);
      auto Got = evaluate(E, Full);
      if (Got && Sum >= INT64_MIN && Sum <= INT64_MAX)
        FUZZ_CHECK("affine-mismatch", std::int64_t(Sum) == *Got,
                   Text + ": affine form gives " + std::to_string(std::int64_t(Sum)) +
                       ", evaluate gives " + std::to_string(*Got));
    }
  }
}

void checkWavefronts(FuzzedDataProvider &P) {
  bank::WarpAddresses Lanes{};
  unsigned Width = P.PickValueInArray({1u, 2u, 4u, 8u, 16u});
  unsigned Pattern = P.ConsumeIntegralInRange<unsigned>(0, 3);
  std::uint64_t Base = P.ConsumeBool() ? P.ConsumeIntegral<std::uint64_t>()
                                       : P.ConsumeIntegralInRange<std::uint64_t>(0, 1 << 16);
  std::int64_t Stride = P.ConsumeIntegralInRange<std::int64_t>(-64, 64) * (P.ConsumeBool() ? Width : 1);
  bool AnyActive = false;
  for (unsigned L = 0; L < bank::WarpSize; ++L) {
    Lanes[L].Active = P.ConsumeIntegralInRange<unsigned>(0, 3) != 0;
    switch (Pattern) {
    case 0: Lanes[L].Byte = Base + std::uint64_t(Stride) * L; break;
    case 1: Lanes[L].Byte = P.ConsumeIntegralInRange<std::uint64_t>(0, 4096); break;
    case 2: Lanes[L].Byte = Base; break;
    default: Lanes[L].Byte = P.ConsumeIntegral<std::uint64_t>(); break;
    }
    AnyActive |= Lanes[L].Active;
  }
  unsigned W = bank::wavefronts(Lanes, Width);
  unsigned Ideal = bank::idealWavefronts(Lanes, Width);
  std::string Where = "width " + std::to_string(Width) + ", lane 0 byte " + std::to_string(Lanes[0].Byte);
  FUZZ_CHECK("wavefronts-zero", !AnyActive || W >= 1, Where);
  FUZZ_CHECK("wavefronts-zero", AnyActive || W == 0, Where);
  FUZZ_CHECK("conflict-degree", bank::conflictDegree(W, Ideal) >= 1, Where);
  bank::BankCollision C = bank::worstBank(Lanes, Width);
  FUZZ_CHECK("worst-bank", C.Bank < bank::NumBanks && C.NumWords <= C.Words.size(), Where);
  // Monotonicity: switch off lanes one at a time.
  bank::WarpAddresses Fewer = Lanes;
  unsigned Prev = W;
  while (P.remaining_bytes() > 0) {
    unsigned L = P.ConsumeIntegralInRange<unsigned>(0, bank::WarpSize - 1);
    if (!Fewer[L].Active)
      break;
    Fewer[L].Active = false;
    unsigned Now = bank::wavefronts(Fewer, Width);
    FUZZ_CHECK("wavefronts-monotone", Now <= Prev,
               Where + ": switching off lane " + std::to_string(L) + " raised " + std::to_string(Prev) +
                   " to " + std::to_string(Now));
    Prev = Now;
  }
}

void checkAnalysis(const Expr &E, const Symbols &S, FuzzedDataProvider &P, Builder &B,
                   const bank::BlockShape &Shape, std::int64_t Tile) {
  bank::AccessQuery Q;
  Q.AccessBytes = P.PickValueInArray({1u, 2u, 4u, 4u, 8u, 16u, 3u});
  if (P.ConsumeIntegralInRange<unsigned>(0, 3) != 0)
    Q.Shape = Shape;
  Q.Budget = P.ConsumeIntegralInRange<std::uint64_t>(0, 40'000);
  Q.Bindings.push_back({S.Tile, Tile});
  unsigned NumInstances = P.ConsumeIntegralInRange<unsigned>(1, 3);
  for (unsigned I = 0; I < NumInstances; ++I) {
    bank::AccessInstance In;
    In.ByteOffset = I == 0 ? E * std::int64_t(Q.AccessBytes) : B.build(4).first * std::int64_t(Q.AccessBytes);
    unsigned NumGuards = P.ConsumeIntegralInRange<unsigned>(0, 2);
    for (unsigned G = 0; G < NumGuards; ++G)
      In.Guards.push_back({B.build(6).first, "guard"});
    In.Label = "i = " + std::to_string(I);
    In.Multiplicity = P.ConsumeIntegralInRange<unsigned>(1, 4);
    Q.Instances.push_back(In);
  }
  bank::AccessResult R = bank::analyzeAccess(Q, S.T);
  std::string Text = print(Q.Instances[0].ByteOffset, S.T);
  (void)bank::statusName(R.St);
  if (R.Worst) {
    bool AnyActive = false;
    for (const bank::LaneAddress &L : R.Worst->Lanes)
      AnyActive |= L.Active;
    // The worst witness, when there is one, comes with its numbers.
    std::string What = Text + ": status " + bank::statusName(R.St) + " (" + R.Reason + "), witness with " +
                       std::to_string(R.Worst->Wavefronts) + " wavefronts but Degree " +
                       std::to_string(R.Degree) + ", WorstWavefronts " + std::to_string(R.WorstWavefronts);
    if (AnyActive)
      FUZZ_CHECK("worst-without-degree", R.Degree >= 1 && R.WorstWavefronts == R.Worst->Wavefronts, What);
  }
  if (R.St == bank::Status::Conflict)
    FUZZ_CHECK("conflict-degree", R.Degree >= 2 && R.WorstWavefronts > R.Ideal,
               Text + ": status conflict with degree " + std::to_string(R.Degree) + " (" +
                   std::to_string(R.WorstWavefronts) + " wavefronts, ideal " + std::to_string(R.Ideal) + ")");
  if (R.St == bank::Status::Clean && R.Worst)
    FUZZ_CHECK("clean-worst", R.WorstWavefronts <= R.Ideal,
               Text + ": clean with " + std::to_string(R.WorstWavefronts) + " > ideal " + std::to_string(R.Ideal));
  FUZZ_CHECK("budget", R.Work <= Q.Budget + 64ull * 512 * bank::WarpSize, Text);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data, std::size_t Size) {
  FuzzedDataProvider P(Data, Size);
  Symbols S;
  initSymbols(S, P);
  bank::BlockShape Shape;
  Shape.X = P.ConsumeIntegralInRange<unsigned>(1, 1024);
  Shape.Y = P.ConsumeIntegralInRange<unsigned>(1, std::max(1u, 1024 / Shape.X));
  Shape.Z = P.ConsumeIntegralInRange<unsigned>(1, std::max(1u, 1024 / (Shape.X * Shape.Y)));
  std::int64_t Tile = P.ConsumeIntegralInRange<std::int64_t>(1, 64);

  Builder B(P, S);
  auto [E, R] = B.build(0);
  (void)E.size();
  (void)E.depth();
  FUZZ_CHECK("equals", E.equals(E), "");
  checkEvaluators(E, *R, S, P, Shape, Tile);
  checkWavefronts(P);
  checkAnalysis(E, S, P, B, Shape, Tile);
  return 0;
}

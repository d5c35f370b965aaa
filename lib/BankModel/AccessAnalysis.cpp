//===- AccessAnalysis.cpp - Bank conflicts of one access for a block ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "BankModel/AccessAnalysis.h"
#include "BankModel/AnalysisMemo.h"
#include "BankModel/Analyzer.h"
#include "Symbolic/Evaluate.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace bankcheck::bank {

using namespace symbolic;

namespace detail {
namespace {
std::uint32_t maskOf(const LaneFlags &Lanes) {
  std::uint32_t M = 0;
  for (unsigned L = 0; L < WarpSize && L < Lanes.size(); ++L)
    M |= std::uint32_t(Lanes[L]) << L;
  return M;
}
} // namespace

void Analyzer::concreteWarp(Outcome &O, const std::array<std::int64_t, WarpSize> &C, std::uint32_t Active,
                            std::uint32_t Sure, const WarpCost *Known, bool CheckLimits) {
  // Lanes whose address the instruction ignores (ldmatrix .x1/.x2) do not count.
  const std::uint32_t Counted = counted(Active);
  const std::int64_t Last = lastOffset();
  std::uint64_t Bits = 0;   // every counted offset or-ed: its low bits and sign
  std::uint32_t Outside = 0;
  bool Near = false;        // nearLimit's test, in the same pass
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (CheckLimits && (Active >> L & 1))
      Near |= C[L] > INT64_MAX - 256 || C[L] < INT64_MIN + 256;
    if (Counted >> L & 1) {
      Bits |= std::uint64_t(C[L]);
      Outside |= std::uint32_t(C[L] < 0 || C[L] > Last) << L;
    }
  }
  if (Near) {
    O.K = Outcome::Undecided;
    O.Why = describe(EvalFailure::Overflow);
    return;
  }
  // Widths are powers of two (run() checks): a mask is the remainder's test.
  Misaligned |= (Bits & (Q.AccessBytes - 1)) != 0;
  Negative |= static_cast<std::int64_t>(Bits) < 0;
  if (std::uint32_t SureOutside = Outside & Sure; SureOutside && !WarpOutOfBounds) {
    unsigned L = unsigned(__builtin_ctz(SureOutside));
    WarpOutOfBounds = {L, C[L]};
  }
  for (unsigned L = 0; L < WarpSize; ++L)
    O.Lanes[L] = Active >> L & 1 ? LaneAddress{true, static_cast<std::uint64_t>(C[L])} : LaneAddress{};
  WarpCost Cost = Known ? *Known : cost(O.Lanes);
  O.Wavefronts = Cost.Wavefronts;
  O.Ideal = Cost.Ideal;
}

bool Analyzer::nearLimit(Outcome &O, const std::array<std::int64_t, WarpSize> &C, std::uint32_t Active) {
  // Constant parts so large that a few bytes more overflow have no address.
  for (unsigned L = 0; L < WarpSize; ++L)
    if ((Active >> L & 1) && (C[L] > INT64_MAX - 256 || C[L] < INT64_MIN + 256)) {
      O.K = Outcome::Undecided;
      O.Why = describe(EvalFailure::Overflow);
      return true;
    }
  return false;
}

Outcome Analyzer::evalWarp(const AccessInstance &I, const std::array<std::optional<Env>, WarpSize> &LaneEnvs) {
  Outcome O;
  WarpOutOfBounds.reset();
  // Every program runs over the warp's lanes at once (Program::runLanes).
  std::array<const Env *, WarpSize> Run{};
  std::array<std::optional<std::int64_t>, WarpSize> Val;
  std::array<EvalFailure, WarpSize> Fail;
  LaneFlags Active{};
  LaneFlags Sure{}; // active with every guard decided
  std::uint32_t On = 0, Undecided = 0;
  std::vector<std::size_t> LaneGuards; // undecided, on some lanes, by a guard that may differ by lane
  // Their assumptions, first said here (or by the evalWarp whose samples
  // retry choices as atoms, InheritedTold).
  std::vector<std::set<std::string>::iterator> LaneTold;
  if (InheritedTold) {
    LaneTold = *InheritedTold;
    InheritedTold = nullptr;
  }
  for (unsigned L = 0; L < WarpSize; ++L)
    if (LaneEnvs[L])
      On |= 1u << L;
  for (std::size_t K = 0; K < I.Guards.size() && On; ++K) {
    bool Assumed = false;
    if (Compiled::UniformGuard &U = Cur->GuardValues[K]; U.Uniform) {
      // One value for every lane: the program's in any of them.
      if (!U.Value)
        U.Value = Cur->Guards[K].run(*LaneEnvs[unsigned(__builtin_ctz(On))]);
      if (!*U.Value) {
        Undecided |= On;
        if (!U.Told)
          Assumptions.insert("the condition '" + I.Guards[K].Text.str() + "' holds for every lane");
        U.Told = true;
      } else if (**U.Value == 0) {
        On = 0;
      }
      continue;
    }
    for (unsigned L = 0; L < WarpSize; ++L)
      Run[L] = On >> L & 1 ? &*LaneEnvs[L] : nullptr;
    Cur->Guards[K].runLanes(Run.data(), WarpSize, Val.data(), Fail.data());
    for (unsigned L = 0; L < WarpSize; ++L) {
      if (!Run[L])
        continue;
      if (!Val[L]) {
        // Undecidable guard: keep the lane (an upper bound: fewer active lanes
        // never take more wavefronts) and say so (once for the warp).
        Assumed = true;
        Undecided |= 1u << L;
      } else if (*Val[L] == 0) {
        On &= ~(1u << L);
      }
    }
    if (Assumed) {
      LaneGuards.push_back(K);
      auto [It, New] = Assumptions.insert("the condition '" + I.Guards[K].Text.str() + "' holds for every lane");
      if (New)
        LaneTold.push_back(It);
    }
  }
  for (unsigned L = 0; L < WarpSize; ++L) {
    Active[L] = On >> L & 1;
    Sure[L] = Active[L] && !(Undecided >> L & 1);
    Run[L] = Active[L] ? &*LaneEnvs[L] : nullptr;
  }
  Spent += WarpSize;
  // A witness of the samples says which conditions it leaves undecided on
  // its lanes (sampleWarp): what was assumed here for want of values the
  // samples give is then not said for it.
  auto Sampled = [&](const std::string &Why, bool NonAffine = false) {
    return sampleWarp(I, LaneEnvs, Active, Why, NonAffine, &LaneTold);
  };
  sources(I, LaneEnvs, Active);
  if (!I.Invariant.isNull() && On) {
    Cur->Invariant.runLanes(Run.data(), WarpSize, Val.data(), Fail.data());
    for (unsigned L = 0; L < WarpSize; ++L) {
      if (!Active[L])
        continue;
      if (!Val[L])
        InvariantUnknown = true;
      else if (*Val[L] == 0)
        InvariantBroken = true;
    }
  }
  // Per-lane offsets: concrete, or affine in the free symbols.
  std::array<std::optional<Affine>, WarpSize> Forms;
  bool AllConcrete = true;
  WarpForms WarpAffine(Symbols, Q.Shape.has_value());
  WarpAffine.Ctx.SelectAtoms = SelectAtoms;
  if (On)
    Cur->Offset.runLanes(Run.data(), WarpSize, Val.data(), Fail.data());
  // Where every lane that is not a number misses a value (the usual loop
  // counter or run-time size) and the offset is that part plus numbers, the
  // lanes' forms at once (evaluateAffineSplit); otherwise lane by lane.
  bool Split = false;
  if (On && Q.Shape) {
    std::array<const Env *, WarpSize> Free{};
    bool AnyFree = false, Other = false;
    for (unsigned L = 0; L < WarpSize && !Other; ++L) {
      if (!Active[L] || Val[L])
        continue;
      Other = Fail[L] != EvalFailure::Unbound;
      Free[L] = &*LaneEnvs[L];
      AnyFree = true;
    }
    if (AnyFree && !Other) {
      if (!Cur->LaneOpaque)
        Cur->LaneOpaque = Symbols.firstLaneOpaque(I.ByteOffset);
      if (!*Cur->LaneOpaque)
        Split = evaluateAffineSplit(I.ByteOffset, Free.data(), Forms.data(), WarpAffine.Ctx);
    }
  }
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (!Active[L])
      continue;
    O.AnyActive = true;
    EvalFailure Why = Fail[L];
    if (Val[L]) {
      Affine A;
      A.C = *Val[L];
      Forms[L] = A;
      continue;
    }
    AllConcrete = false;
    if (Split)
      continue;
    if (Why != EvalFailure::Unbound) {
      O.K = Outcome::Undecided;
      O.Why = describe(Why);
      return O;
    }
    // A lane's unknown anywhere in the offset (not only as its first
    // unknown: a loaded uniform base may come before it) decides nothing.
    if (!Cur->LaneOpaque)
      Cur->LaneOpaque = Symbols.firstLaneOpaque(I.ByteOffset);
    if (std::optional<SymbolId> Opaque = *Cur->LaneOpaque) {
      O.K = Outcome::Undecided;
      O.Why = Symbols.get(*Opaque).Reason;
      return O;
    }
    Forms[L] = evaluateAffine(I.ByteOffset, *LaneEnvs[L], &Why, &WarpAffine.Ctx);
    if (!Forms[L])
      return Sampled(std::string("the index depends on ") +
                                                 "unknown uniform values non-linearly", Why == EvalFailure::NonAffine);
  }
  if (!O.AnyActive)
    return O;
  std::array<std::int64_t, WarpSize> C{};
  for (unsigned L = 0; L < WarpSize; ++L)
    if (Active[L])
      C[L] = Forms[L]->C;
  if (nearLimit(O, C, maskOf(Active)))
    return O;
  auto Wave = [&](std::int64_t Shift) {
    WarpAddresses Lanes{};
    for (unsigned L = 0; L < WarpSize; ++L)
      if (Active[L])
        Lanes[L] = {true, static_cast<std::uint64_t>(Forms[L]->C) + static_cast<std::uint64_t>(Shift)}; // wraps: banks are bits 2-6
    return Lanes;
  };
  if (AllConcrete) {
    concreteWarp(O, C, maskOf(Active), maskOf(Sure));
    return O;
  }
  // Separable: every active lane has the same uniform terms. The uniform part
  // U only matters modulo 4 bytes (a whole-word shift rotates every bank).
  const Affine *First = nullptr;
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (!Active[L])
      continue;
    if (!First) First = &*Forms[L];
    else if (!First->sameTerms(*Forms[L])) {
      // The scaled rule ranges the unknown over every value; where a guard
      // limits it (`if (n < 8)` over `tid * (n / 2)`), only samples the
      // guard admits are witnesses (sampleWarp).
      if (!guardsNameUnknowns(I))
        if (std::optional<Outcome> S = scaledWarp(Forms, Active))
          return *S;
      return Sampled(
                        "lanes are scaled by an unknown uniform value");
    }
  }
  std::int64_t G = 0;
  for (auto [Id, C] : First->Terms) {
    const Symbol &S = Symbols.get(Id);
    // Known congruence of the symbol: C*V = C*Rem (mod C*Modulus).
    // Only the residues modulo 4 bytes matter; reduce first (no overflow).
    std::int64_t Cm = ((C % 4) + 4) % 4;
    if (S.Modulus > 1)
      Cm = (Cm * (S.Modulus % 4)) % 4;
    G = std::gcd(G, std::gcd(Cm, std::int64_t(BankBytes)));
    (void)S;
  }
  // The known part of the uniform terms (C * Rem for a symbol known modulo
  // its Modulus): only its residue modulo 4 bytes changes a count, but the
  // whole value gives the addresses the notes show; where it would overflow
  // (or come near the addresses' limits), the residue alone.
  std::int64_t Base = 0;
  bool Huge = false;
  for (auto [Id, C] : First->Terms) {
    const Symbol &S = Symbols.get(Id);
    std::int64_t T = 0;
    if (S.Modulus > 1 && (__builtin_mul_overflow(C, S.Rem, &T) || __builtin_add_overflow(Base, T, &Base)))
      Huge = true;
  }
  if (Huge || Base > (std::int64_t(1) << 40) || Base < -(std::int64_t(1) << 40)) {
    Base = 0;
    for (auto [Id, C] : First->Terms) {
      const Symbol &S = Symbols.get(Id);
      if (S.Modulus > 1)
        Base = (Base + (((C % 4) + 4) % 4) * (((S.Rem % 4) + 4) % 4)) % 4;
    }
  }
  G = G == 0 ? BankBytes : G;
  // A residue that misaligns an active lane's access (a 4-byte load at 2
  // mod 4) is no execution: such an access faults. Only where every residue
  // does is none left out.
  const std::uint64_t Align = std::min<std::uint64_t>(Q.AccessBytes, BankBytes) - 1;
  auto Aligned = [&](std::int64_t R) {
    WarpAddresses Lanes = Wave(Base + R);
    for (const LaneAddress &A : Lanes)
      if (A.Active && (A.Byte & Align))
        return false;
    return true;
  };
  bool AnyAligned = false;
  for (std::int64_t R = 0; R < std::int64_t(BankBytes) && !AnyAligned; R += G)
    AnyAligned = Aligned(R);
  unsigned Worst = 0, Least = ~0u;
  for (std::int64_t R = 0; R < std::int64_t(BankBytes); R += G) {
    if (AnyAligned && !Aligned(R))
      continue;
    WarpAddresses Lanes = Wave(Base + R);
    WarpCost C = cost(Lanes);
    unsigned W = C.Wavefronts;
    if (W > Worst || Least == ~0u) {
      if (W > Worst) {
        Worst = W;
        O.Lanes = Lanes;
        O.Ideal = C.Ideal;
        O.Values = R ? "uniform byte offset = " + std::to_string(R) + " (mod 4)" : "";
      }
    }
    Least = std::min(Least, W);
  }
  // Lanes kept by a guard that may differ by lane and reads only the
  // offset's unknowns (`if (tid < 16 - k)` over `s[tid * 32 + k]`) were kept
  // for want of values the residues never give: an upper bound. A conflict is
  // told for the samples, which decide the guard (a clean warp stays clean:
  // fewer lanes never take more wavefronts); where no sample shows one (their
  // small values leave few lanes), the count stands, assumed. A guard with
  // one value for every lane keeps all of them or none, and one reading
  // other unknowns stays undecided under any sample: the count stands too.
  if (Worst > O.Ideal && On && !LaneGuards.empty() && samplesDecide(I, LaneGuards)) {
    Outcome S = Sampled("a condition on an unknown value decides which lanes take the access");
    if (S.K != Outcome::Undecided)
      return S;
  }
  O.Wavefronts = Worst;
  if (Least != Worst)
    O.K = Outcome::Possible;
  return O;
}

AccessResult Analyzer::run() {
  AccessResult R;
  if (!isValidAccessWidth(Q.AccessBytes) || !formHasWidth(Q.F, Q.AccessBytes)) {
    R.Reason = "access width of " + std::to_string(Q.AccessBytes) + " bytes is not one of " +
               std::string(rule(Q.F).Name) + "'s (" + std::string(rule(Q.F).Widths) + ")";
    return R;
  }
  // Per (instance, warp) outcomes.
  // The query's instances, or (no shape) a copy with threadIdx.x rewritten.
  std::vector<AccessInstance> Rewritten;
  const std::vector<AccessInstance> *Inst = &Q.Instances;
  std::vector<std::array<std::optional<Env>, WarpSize>> Warps;
  std::vector<std::optional<unsigned>> WarpIds;
  std::vector<std::optional<FastInstance>> Fast(Q.Instances.size());
  bool AllFast = Q.Shape.has_value();
  for (std::size_t K = 0; K < Q.Instances.size() && Q.Shape; ++K) {
    Fast[K] = fastInstance(Q.Instances[K]);
    AllFast &= Fast[K].has_value();
  }
  if (std::any_of(Fast.begin(), Fast.end(), [](const auto &F) { return F.has_value(); }))
    Threads = &WarpThreads::ofBlock(*Q.Shape);
  if (AllFast) {
    for (unsigned W = 0; W < Q.Shape->warps(); ++W)
      WarpIds.push_back(W);
  } else if (Q.Shape) {
    const BlockShape &S = *Q.Shape;
    Warps.reserve(S.warps());
    for (unsigned W = 0; W < S.warps(); ++W) {
      std::array<std::optional<Env>, WarpSize> Lanes;
      for (unsigned L = 0; L < WarpSize; ++L) {
        unsigned T = W * WarpSize + L;
        if (T >= S.threads())
          continue;
        Env E(Symbols.size());
        bindThread(E, S, T);
        for (auto [Id, V] : Q.Bindings)
          E.bind(Id, V);
        Lanes[L] = E;
      }
      Warps.push_back(std::move(Lanes));
      WarpIds.push_back(W);
    }
  } else {
    // blockDim.x = 32 * k: a warp is 32 consecutive x at one (y, z).
    Symbol Lane;
    Lane.Name = "lane";
    Lane.Kind = SymbolKind::ThreadIdx;
    Lane.Min = 0;
    Symbol Warp;
    Warp.Name = "warp_x";
    Warp.Kind = SymbolKind::Uniform;
    Warp.Min = 0;
    LaneSym = Symbols.add(Lane);
    WarpSym = Symbols.add(Warp);
    Expr Tx = Expr::var(LaneSym) + Expr::var(WarpSym) * 32;
    auto Sub = [&](SymbolId Id) { return Id == SymbolTable::threadIdx(0) ? Tx : Expr(); };
    Rewritten = Q.Instances;
    Inst = &Rewritten;
    for (AccessInstance &I : Rewritten) {
      I.ByteOffset = substitute(I.ByteOffset, Sub);
      for (Guard &G : I.Guards)
        G.Cond = substitute(G.Cond, Sub);
    }
    std::array<std::optional<Env>, WarpSize> Lanes;
    for (unsigned L = 0; L < WarpSize; ++L) {
      Env E(Symbols.size());
      E.bind(LaneSym, L);
      for (auto [Id, V] : Q.Bindings)
        E.bind(Id, V);
      Lanes[L] = E;
    }
    Warps.push_back(Lanes);
    WarpIds.push_back(std::nullopt);
    Assumptions.insert("blockDim.x is a multiple of 32 (" + Q.ShapeUnknownWhy + ")");
  }

  double Sum = 0;
  double Count = 0;
  bool AnyDecidedConflict = false, AnyPossible = false, AnyUndecided = false, AnyActive = false;
  std::string UndecidedWhy, PossibleWhy;
  bool Exhausted = false;
  const std::vector<std::optional<RepeatOf>> Repeats = repeats(Fast);
  std::vector<std::vector<Memo>> Memos(Q.Instances.size());
  for (const std::optional<RepeatOf> &R : Repeats)
    if (R && Memos[R->First].empty())
      Memos[R->First].resize(WarpIds.size());
  for (std::size_t K = 0; K < Inst->size(); ++K) {
    const AccessInstance &I = (*Inst)[K];
    std::optional<Compiled> C;
    if (!Fast[K])
      Cur = &C.emplace(I, Q.Shape.has_value(), Inst == &Q.Instances ? Programs : nullptr, Symbols);
    Memo Warp0; // a fast instance's warp 0, once evaluated
    for (std::size_t W = 0; W < WarpIds.size() && !Exhausted; ++W) {
      // Out of budget: the warps not evaluated are undecided. What was seen
      // stays (a decided conflict is still one, its degree a lower bound).
      if (Spent > Q.Budget) {
        UndecidedWhy = "the analysis budget was exhausted (too many warps and loop iterations)";
        AnyUndecided = true;
        Exhausted = true;
        break;
      }
      Outcome O;
      // Set when O's lanes are a memo's moved and not filled (movedWarp).
      const AffineLanes *MovedFrom = nullptr;
      std::int64_t MovedBy = 0;
      auto moved = [](const AffineLanes &From, std::int64_t Shift) {
        AffineLanes A = From;
        for (unsigned L = 0; L < WarpSize; ++L)
          A.C[L] = static_cast<std::int64_t>(std::uint64_t(A.C[L]) + std::uint64_t(Shift));
        return A;
      };
      if (!Fast[K]) {
        O = evalWarp(I, Warps[W]);
      } else if (Repeats[K]) {
        const Memo &M = Memos[Repeats[K]->First][W];
        if (movedWarp(O, M, Repeats[K]->Shift)) {
          MovedFrom = &M.Lanes;
          MovedBy = Repeats[K]->Shift;
        } else {
          O = affineWarp(moved(M.Lanes, Repeats[K]->Shift), M.Cost ? &*M.Cost : nullptr);
        }
      } else {
        // An unguarded affine instance in a warp that is warp 0 moved by one
        // vector: warp 0's offsets moved alike, its cost when whole words.
        const WarpThreads &Th = (*Threads)[W];
        std::optional<std::int64_t> Along;
        if (W > 0 && Fast[K]->Guards.empty() && Th.FromWarp0)
          Along = Fast[K]->Offset.shiftAlong(*Th.FromWarp0);
        // A later instance repeats this one: keep every warp's lanes.
        const bool Kept = !Memos[K].empty();
        AffineLanes A;
        if (Along) {
          ++WarpShiftsTaken;
          const bool Whole = *Along % std::int64_t(BankBytes) == 0;
          if (Whole && movedWarp(O, Warp0, *Along)) {
            MovedFrom = &Warp0.Lanes;
            MovedBy = *Along;
            if (Kept)
              A = moved(Warp0.Lanes, *Along);
          } else {
            A = moved(Warp0.Lanes, *Along);
            O = affineWarp(A, Whole && Warp0.Cost ? &*Warp0.Cost : nullptr);
          }
        } else {
          A = affineLanes(*Fast[K], unsigned(W));
          O = affineWarp(A, nullptr);
        }
        if (W == 0 || Kept) {
          Memo M{A, O.K == Outcome::Decided && O.AnyActive ? std::optional<WarpCost>(WarpCost{O.Wavefronts, O.Ideal})
                                                           : std::nullopt,
                 extremes(A)};
          if (W == 0)
            Warp0 = M;
          if (Kept)
            Memos[K][W] = std::move(M);
        }
      }
      if (WarpOutOfBounds && !R.Bounds)
        R.Bounds = OutOfBounds{WarpIds[W], I.Label, WarpOutOfBounds->first, WarpOutOfBounds->second, K};
      if (O.K == Outcome::Undecided) {
        if (!AnyUndecided) UndecidedWhy = O.Why;
        AnyUndecided = true;
        continue;
      }
      if (!O.AnyActive)
        continue;
      AnyActive = true;
      Sum += double(O.Wavefronts) * I.Multiplicity;
      Count += I.Multiplicity;
      bool Conflicting = O.Wavefronts > O.Ideal;
      if (O.K == Outcome::Possible && Conflicting) {
        if (!AnyPossible) PossibleWhy = O.Values;
        AnyPossible = true;
      } else if (Conflicting) {
        AnyDecidedConflict = true;
      }
      // The worst case is the highest degree (a clean warp with more
      // wavefronts, a wide access, is not worse than a conflicting one), then
      // the most wavefronts, preferring decided warps.
      unsigned Deg = conflictDegree(O.Wavefronts, O.Ideal);
      unsigned BestDeg = R.Worst ? conflictDegree(R.Worst->Wavefronts, R.Worst->Ideal) : 0;
      bool Better = !R.Worst || Deg > BestDeg ||
                    (Deg == BestDeg && O.Wavefronts > R.Worst->Wavefronts) ||
                    (Deg == BestDeg && O.Wavefronts == R.Worst->Wavefronts && O.K == Outcome::Decided &&
                     !R.Worst->Values.empty());
      if (Better) {
        Witness Wt;
        Wt.Warp = WarpIds[W];
        Wt.Label = I.Label;
        Wt.Instance = K;
        Wt.Values = O.Values;
        Wt.Lanes = MovedFrom ? movedLanes(*MovedFrom, MovedBy) : O.Lanes;
        Wt.Source = Src; // cp.async never takes the affine paths: its warp's own sources
        Wt.Wavefronts = O.Wavefronts;
        Wt.Ideal = O.Ideal;
        R.Worst = Wt;
      }
    }
  }
  R.Assumptions.assign(Assumptions.begin(), Assumptions.end());
  R.Misaligned = Misaligned;
  R.InvariantBroken = InvariantBroken;
  R.InvariantUnknown = InvariantUnknown;
  R.Work = Spent;
  R.Negative = Negative;
  if (R.Worst) {
    R.WorstWavefronts = R.Worst->Wavefronts;
    R.Ideal = R.Worst->Ideal;
    R.Degree = conflictDegree(R.WorstWavefronts, R.Ideal);
  }
  R.MeanWavefronts = Count > 0 ? Sum / Count : 0;
  if (AnyDecidedConflict) {
    R.St = Status::Conflict;
  } else if (AnyPossible) {
    R.St = Status::Possible;
    R.Reason = "conflicts when " + PossibleWhy;
  } else if (AnyUndecided) {
    R.St = Status::Unknown;
    R.Reason = UndecidedWhy;
  } else {
    R.St = Status::Clean;
    R.NeverExecuted = !AnyActive;
    if (!AnyActive)
      R.Reason = "no lane of any warp takes this access";
  }
  // A decided conflict in some warp with an undecided other: still a conflict,
  // but the worst case may be larger; say so.
  if (R.St == Status::Conflict && AnyUndecided)
    R.Reason = "some warps or iterations could not be decided (" + UndecidedWhy +
               "); the degree is a lower bound";
  return R;
}

} // namespace detail

AccessResult analyzeAccess(const AccessQuery &Q, const SymbolTable &Symbols, symbolic::ProgramCache *Programs) {
  return rememberedAnalysis(Q, Symbols, [&] {
    detail::Analyzer A(Q, Symbols, Programs);
    return A.run();
  });
}

} // namespace bankcheck::bank

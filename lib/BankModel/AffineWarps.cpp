//===- AffineWarps.cpp - Warps of thread-affine instances -----------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// The analysis' fast path (Analyzer.h): instances whose offset and guards
/// are affine in threadIdx, evaluated a warp at a time from their
/// coefficients (ThreadAffine.h), and unrolled instances that repeat an
/// earlier one up to whole words.
//===----------------------------------------------------------------------===//
#include "BankModel/Analyzer.h"
#include "BankModel/AnalysisMemo.h"

namespace bankcheck::bank::detail {

namespace {
bool ThreadAffinePath = true;
} // namespace
void setThreadAffinePath(bool On) {
  // Each path computes its own answers (tests compare them).
  if (On != ThreadAffinePath)
    clearAnalysisMemo();
  ThreadAffinePath = On;
}
thread_local std::uint64_t WarpShiftsTaken = 0, WarpsMovedWhole = 0, GuardsAssumedFast = 0;

namespace {
/// Reads memory (an unknown function) or a symbol Bound lacks other than
/// threadIdx (Missing), or holds a select; false when it visits more than
/// Budget nodes (shared ones at each use) or goes deeper than the program
/// evaluates.
bool scanGuard(const Expr &X, const Env &Bound, bool &Missing, bool &Select, unsigned &Budget, unsigned Depth) {
  if (X.isConst())
    return true;
  if (Budget-- == 0 || Depth > MaxEvalDepth)
    return false;
  Select |= X.op() == Op::Select;
  Missing |= X.op() == Op::Apply || (X.isVar() && X.symbol() > SymbolTable::threadIdx(2) && !Bound.lookup(X.symbol()));
  for (const Expr &O : X.operands())
    if (!scanGuard(O, Bound, Missing, Select, Budget, Depth + 1))
      return false;
  return true;
}

/// No lane can evaluate E: Program's run fails for every lane's bindings.
/// Either E does not read threadIdx (every lane binds the rest alike) and
/// fails on Bound, or it reads what no lane has and has no select (every
/// operand is evaluated, flattened or walked). Larger guards than the
/// program flattens are not followed.
bool failsInEveryLane(const Expr &E, const Env &Bound) {
  if (E.isNull())
    return false;
  if (!SymbolTable::mentionsThreadIdx(E))
    return !evaluate(E, Bound);
  bool Missing = false, Select = false;
  unsigned Budget = Program::MaxInstructions;
  return scanGuard(E, Bound, Missing, Select, Budget, 0) && Missing && !Select;
}
} // namespace

std::optional<Analyzer::FastInstance> Analyzer::fastInstance(const AccessInstance &I) const {
  if (!ThreadAffinePath || !Q.Shape || !I.Invariant.isNull() || Q.F == Form::LDGSTS)
    return std::nullopt;
  Env Bound;
  bindShape(Bound, *Q.Shape);
  for (auto [Id, V] : Q.Bindings)
    Bound.bind(Id, V);
  std::optional<ThreadAffine> Offset = ThreadAffine::compile(I.ByteOffset, *Q.Shape, Bound);
  if (!Offset)
    return std::nullopt;
  FastInstance F{std::move(*Offset), {}, {}};
  for (const Guard &G : I.Guards) {
    std::optional<ThreadAffine> T = ThreadAffine::compile(G.Cond, *Q.Shape, Bound);
    if (!T && !failsInEveryLane(G.Cond, Bound))
      return std::nullopt;
    F.Assumed.push_back(T ? std::string() : "the condition '" + G.Text.str() + "' holds for every lane");
    F.Guards.push_back(std::move(T));
  }
  return F;
}

Analyzer::AffineLanes Analyzer::affineLanes(const FastInstance &F, unsigned W) {
  // What evalWarp gives for the same warp, without running a program: the
  // guards and the offset are exact per thread (ThreadAffine.h).
  const WarpThreads &T = (*Threads)[W];
  AffineLanes A;
  A.On = T.Present;
  std::array<std::int64_t, WarpSize> G{};
  for (std::size_t K = 0; K < F.Guards.size(); ++K) {
    if (!A.On)
      break;
    if (!F.Guards[K]) { // every lane keeps it, assumed
      ++GuardsAssumedFast;
      A.Unsure = true;
      Assumptions.insert(F.Assumed[K]);
      continue;
    }
    const ThreadAffine &Cond = *F.Guards[K];
    // A guard that the lanes' box decides (`tid < s` in a warp wholly below
    // or above s) is not evaluated lane by lane.
    ThreadAffine::Truth U = Cond.truthOver(T);
    if (U == ThreadAffine::Truth::Always)
      continue;
    if (U == ThreadAffine::Truth::Never) {
      A.On = 0;
      break;
    }
    Cond.warpValues(T, A.On, G.data());
    for (unsigned L = 0; L < WarpSize; ++L)
      if ((A.On >> L & 1) && G[L] == 0)
        A.On &= ~(1u << L);
  }
  if (A.On)
    F.Offset.warpValues(T, A.On, A.C.data());
  return A;
}

std::vector<std::optional<Analyzer::RepeatOf>>
Analyzer::repeats(const std::vector<std::optional<FastInstance>> &Fast) {
  std::vector<std::optional<RepeatOf>> Out(Fast.size());
  std::vector<std::size_t> Firsts; // the most recent few, newest last
  for (std::size_t K = 0; K < Fast.size(); ++K) {
    if (!Fast[K])
      continue;
    for (auto It = Firsts.rbegin(); It != Firsts.rend() && !Out[K]; ++It) {
      const FastInstance &J = *Fast[*It];
      std::optional<std::int64_t> Shift = Fast[K]->Offset.shiftFrom(J.Offset);
      if (Shift && *Shift % std::int64_t(BankBytes) == 0 && Fast[K]->Guards == J.Guards &&
          Fast[K]->Assumed == J.Assumed)
        Out[K] = RepeatOf{*It, *Shift};
    }
    if (Out[K])
      continue;
    if (Firsts.size() == 8)
      Firsts.erase(Firsts.begin());
    Firsts.push_back(K);
  }
  return Out;
}

Analyzer::Extremes Analyzer::extremes(const AffineLanes &A) const {
  Extremes X;
  X.Counted = counted(A.On);
  X.LoActive = X.Lo = INT64_MAX;
  X.HiActive = X.Hi = INT64_MIN;
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (!(A.On >> L & 1))
      continue;
    X.Valid = true;
    X.LoActive = std::min(X.LoActive, A.C[L]);
    X.HiActive = std::max(X.HiActive, A.C[L]);
    if (X.Counted >> L & 1) {
      X.Lo = std::min(X.Lo, A.C[L]);
      X.Hi = std::max(X.Hi, A.C[L]);
      X.Bits |= std::uint64_t(A.C[L]);
    }
  }
  return X;
}

bool Analyzer::movedWarp(Outcome &O, const Memo &M, std::int64_t Shift) {
  const Extremes &X = M.X;
  if (!M.Cost || !X.Valid || Shift % std::int64_t(Q.AccessBytes) != 0)
    return false;
  // No moved offset wraps or comes near the limits (nearLimit's test) ...
  const __int128 LoActive = __int128(X.LoActive) + Shift, HiActive = __int128(X.HiActive) + Shift;
  if (HiActive > INT64_MAX - 256 || LoActive < INT64_MIN + 256)
    return false;
  // ... nor is negative or past the array: concreteWarp's flags stay as they
  // are, but for the alignment, which a shift by whole accesses keeps.
  if (X.Counted) {
    const std::int64_t Last = lastOffset();
    if (__int128(X.Lo) + Shift < 0 || __int128(X.Hi) + Shift > Last)
      return false;
    Misaligned |= (X.Bits & (Q.AccessBytes - 1)) != 0;
  }
  WarpOutOfBounds.reset();
  clearSources();
  Spent += WarpSize;
  O.K = Outcome::Decided;
  O.AnyActive = true;
  O.Wavefronts = M.Cost->Wavefronts;
  O.Ideal = M.Cost->Ideal;
  ++WarpsMovedWhole;
  return true;
}

WarpAddresses Analyzer::movedLanes(const AffineLanes &A, std::int64_t Shift) {
  // concreteWarp's lanes of A's offsets moved (wrapping, as run() moves them).
  WarpAddresses Out{};
  for (unsigned L = 0; L < WarpSize; ++L)
    if (A.On >> L & 1)
      Out[L] = LaneAddress{true, std::uint64_t(A.C[L]) + std::uint64_t(Shift)};
  return Out;
}

Outcome Analyzer::affineWarp(const AffineLanes &A, const WarpCost *Known) {
  Outcome O;
  WarpOutOfBounds.reset();
  clearSources();
  Spent += WarpSize;
  O.AnyActive = A.On != 0;
  if (O.AnyActive)
    concreteWarp(O, A.C, A.On, A.Unsure ? 0u : A.On, Known, /*CheckLimits=*/true);
  return O;
}

} // namespace bankcheck::bank::detail

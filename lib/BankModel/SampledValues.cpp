//===- SampledValues.cpp - Unknown uniform values tried at sample values ---===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The last resort for unknown uniform values in one warp's access, when no
/// exact rule applies (UnknownValues.cpp): the values are sampled (a
/// conflict found is possible, none is unknown). The parts of the offset and
/// guards that read only the sampled values are evaluated once per sample.
//===----------------------------------------------------------------------===//
#include "BankModel/Analyzer.h"

#include <algorithm>

namespace bankcheck::bank::detail {

/// Sample values tried for an unknown uniform symbol: small values, powers of
/// two and their neighbours, where bank conflicts live.
const std::int64_t SampleValues[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33,
                                     48, 63, 64, 65, 96, 127, 128, 129, 256, 512, 1024};
/// A symbol bounded to fewer values than this takes each of them.
constexpr std::int64_t MaxEnumeratedRange = 256;

SymbolId Analyzer::partSymbol(std::vector<Expr> &Parts, const Expr &Part) {
  auto It = std::find_if(Parts.begin(), Parts.end(), [&](const Expr &P) { return P.equals(Part); });
  std::size_t At = std::size_t(It - Parts.begin());
  if (It == Parts.end())
    Parts.push_back(Part);
  while (PartSymbols.size() <= At) {
    Symbol S;
    S.Kind = SymbolKind::Uniform;
    S.Name = "sampled part";
    PartSymbols.push_back(Symbols.add(std::move(S)));
  }
  return PartSymbols[At];
}

Expr Analyzer::hoistUniform(const Expr &E, const std::vector<SymbolId> &Free, std::vector<Expr> &Parts, int &Kind) {
  if (E.isNull() || E.isConst()) {
    Kind = 0;
    return E;
  }
  if (E.isVar()) {
    Kind = std::find(Free.begin(), Free.end(), E.symbol()) != Free.end() ? 1 : 2;
    return E;
  }
  std::vector<Expr> Ops;
  std::vector<int> Kinds;
  Kind = E.op() == Op::Apply ? 2 : 0; // a function symbol is never sampled
  for (const Expr &Operand : E.operands()) {
    int K = 0;
    Ops.push_back(hoistUniform(Operand, Free, Parts, K));
    Kinds.push_back(K);
    Kind = std::max(Kind, K);
  }
  if (Kind < 2)
    return E; // uniform or constant as a whole: the caller's to take
  bool Changed = false;
  std::size_t K = 0;
  for (const Expr &Operand : E.operands()) {
    if (Kinds[K] == 1 && !Ops[K].isVar())
      Ops[K] = Expr::var(partSymbol(Parts, Ops[K]));
    Changed |= Ops[K].node() != Operand.node();
    ++K;
  }
  return Changed ? withOperands(E, Ops) : E;
}

/// Appends E's conjuncts (`a && b && c`: a, b, c) to Out; true where E had
/// more than one.
static bool conjuncts(const Expr &E, std::vector<Expr> &Out) {
  if (E.isNull() || E.isConst() || E.isVar() || E.op() != Op::LAnd) {
    Out.push_back(E);
    return false;
  }
  for (const Expr &Operand : E.operands())
    conjuncts(Operand, Out);
  return true;
}

Outcome Analyzer::sampleWarp(const AccessInstance &I, const std::array<std::optional<Env>, WarpSize> &LaneEnvs,
                             const LaneFlags &Active, const std::string &Why, bool NonAffine,
                             const std::vector<std::set<std::string>::iterator> *Told) {
  Outcome O;
  // The free symbols of the offset in this warp: what the sampling is for.
  // A guard's own unknowns (a flag loaded for the whole block, an early
  // return's; a parameter only the guard reads) are not sampled: the guard
  // is run with the samples, and where it then fails to evaluate it keeps
  // its lanes, assumed to hold as evalWarp assumed it (and said so).
  auto AddFree = [&](std::vector<SymbolId> &To, const Expr &E, bool SampledOnly) {
    forEachSymbol(E, [&](SymbolId Id) {
      SymbolKind K = Symbols.get(Id).Kind;
      if (SampledOnly && (K == SymbolKind::Function || K == SymbolKind::LaneOpaque))
        return;
      for (unsigned L = 0; L < WarpSize; ++L)
        if (LaneEnvs[L] && !LaneEnvs[L]->lookup(Id)) {
          if (std::find(To.begin(), To.end(), Id) == To.end())
            To.push_back(Id);
          return;
        }
    });
  };
  std::vector<SymbolId> Free;
  AddFree(Free, I.ByteOffset, false);
  // A choice (`n % 16 ? n / 16 + 1 : n / 16`) as one unknown value, then
  // the exact rules for unknown values.
  auto AsAtoms = [&] {
    SelectAtoms = true;
    InheritedTold = Told; // its samples' witness withdraws them as this one's would
    Outcome Again = evalWarp(I, LaneEnvs);
    SelectAtoms = false;
    return Again;
  };
  // Values that are not sampled: a lane's unknown value decides nothing; a
  // value loaded from memory may still be one term of a uniform choice (a
  // helper returning one of two loads).
  std::optional<SymbolId> Loaded;
  for (SymbolId Id : Free) {
    SymbolKind K = Symbols.get(Id).Kind;
    if (K == SymbolKind::LaneOpaque) {
      O.K = Outcome::Undecided;
      O.Why = Symbols.get(Id).Reason;
      return O;
    }
    if (K == SymbolKind::Function && !Loaded)
      Loaded = Id;
  }
  if (Loaded) {
    if (NonAffine && !SelectAtoms)
      return AsAtoms();
    O.K = Outcome::Undecided;
    O.Why = Symbols.get(*Loaded).Reason;
    return O;
  }
  // The exact rule for values seen only modulo a constant takes the guards'
  // own values too (one period of each); a loaded one fails it.
  std::vector<SymbolId> WithGuards = Free;
  for (const Guard &G : I.Guards)
    AddFree(WithGuards, G.Cond, true);
  if (std::optional<Outcome> E = periodicWarp(I, LaneEnvs, Active, WithGuards))
    return *E;
  if (NonAffine && !SelectAtoms)
    return AsAtoms(); // no period
  // What reads only the sampled symbols is the same in every lane: each such
  // part (nine kernel parameters making a row bound) is evaluated once per
  // sample, and the lanes read its value. A part that fails leaves its symbol
  // unbound, and the lanes that read it fail as they would have: a sample
  // with a failing lane counts for nothing, whatever the failure.
  std::vector<Expr> Parts;
  auto Hoist = [&](const Expr &E) {
    int Kind = 0;
    Expr H = hoistUniform(E, Free, Parts, Kind);
    return Kind == 1 && !H.isVar() ? Expr::var(partSymbol(Parts, H)) : H; // uniform as a whole
  };
  // Each guard's conjuncts apart: a guard that fails as a whole keeps its
  // lanes (assumed), but `n > 64 && flag` at a sample n = 2 drops them.
  std::vector<Expr> Conds;
  std::vector<std::size_t> GuardOf; // Conds' guards
  bool Split = false;
  for (std::size_t K = 0; K < I.Guards.size(); ++K) {
    Split |= conjuncts(I.Guards[K].Cond, Conds);
    GuardOf.resize(Conds.size(), K);
  }
  std::optional<Program> HoistedOffset;
  std::vector<Program> HoistedGuards, PartPrograms;
  {
    Expr Off = Hoist(I.ByteOffset);
    std::vector<Expr> Gs;
    for (const Expr &C : Conds)
      Gs.push_back(Hoist(C));
    if (!Parts.empty() || Split) {
      HoistedOffset.emplace(Off);
      for (const Expr &G : Gs)
        HoistedGuards.emplace_back(G);
      for (const Expr &P : Parts)
        PartPrograms.emplace_back(P);
    }
  }
  const Program &OffsetProgram = HoistedOffset ? *HoistedOffset : Cur->Offset;
  const std::vector<Program> &GuardPrograms = HoistedOffset ? HoistedGuards : Cur->Guards;
  Env SampleEnv; // the sample's values alone: the parts' environment
  std::vector<std::optional<std::int64_t>> PartValues(Parts.size()), BoundParts(Parts.size());
  std::vector<bool> PartBound(Parts.size(), false);
  // Enumerate combinations of sample values, at most 512 of them. A symbol
  // whose facts bound it to a few values (a byte, `n & 3`) takes each of
  // them instead, where every combination still fits: the samples would miss
  // most of a range like 201..255.
  constexpr std::size_t MaxCombos = 512;
  std::vector<std::vector<std::int64_t>> Lists(Free.size());
  auto Product = [&] {
    std::size_t P = 1;
    for (const std::vector<std::int64_t> &L : Lists)
      P = std::min(P * L.size(), MaxCombos + 1);
    return P;
  };
  for (std::size_t K = 0; K < Free.size(); ++K) {
    const Symbol &S = Symbols.get(Free[K]);
    if (S.Min && S.Max && *S.Max >= *S.Min && *S.Max - *S.Min < MaxEnumeratedRange)
      for (std::int64_t V = *S.Min; V <= *S.Max; ++V)
        if (satisfiesFacts(S, V))
          Lists[K].push_back(V);
    if (Lists[K].empty())
      Lists[K].assign(std::begin(SampleValues), std::end(SampleValues));
  }
  if (Product() > MaxCombos) // too many to take every value: the samples, as for the others
    for (std::vector<std::int64_t> &L : Lists)
      if (L.size() > std::size(SampleValues))
        L.assign(std::begin(SampleValues), std::end(SampleValues));
  const std::size_t Combos = std::min(Product(), MaxCombos);
  unsigned Best = 0;
  bool Found = false, AnyEvaluated = false;
  std::vector<std::uint32_t> Undecided;    // per guard program: the lanes it kept undecided, this sample
  std::vector<std::size_t> WitnessAssumed; // the witness's undecided guards
  // The lanes' environments, each a layer of the sample's values over the
  // lane's own: made once; at each sample only the values that changed are
  // bound again (the samples count up like an odometer: mostly the first).
  std::array<Env, WarpSize> Envs;
  for (unsigned L = 0; L < WarpSize; ++L)
    if (LaneEnvs[L] && Active[L])
      Envs[L].overlay(&*LaneEnvs[L]);
  std::vector<std::pair<SymbolId, std::int64_t>> Vals, Bound;
  for (std::size_t C = 0; C < Combos; ++C) {
    Vals.clear();
    std::size_t Code = C;
    bool Ok = true;
    for (std::size_t K = 0; K < Free.size(); ++K) {
      const SymbolId Id = Free[K];
      std::int64_t V = Lists[K][Code % Lists[K].size()];
      Code /= Lists[K].size();
      const Symbol &S = Symbols.get(Id);
      if (!satisfiesFacts(S, V)) {
        // Move to the next value of the symbol's congruence class.
        if (S.Modulus > 1)
          V = V - ((V % S.Modulus) + S.Modulus) % S.Modulus + S.Rem;
        if (S.Min && V < *S.Min)
          V = *S.Min;
        if (!satisfiesFacts(S, V)) { Ok = false; break; }
      }
      Vals.push_back({Id, V});
    }
    if (!Ok)
      continue;
    // The lanes with the sample's values, every program over the warp at once.
    WarpAddresses Lanes{};
    bool Failed = false;
    std::array<const Env *, WarpSize> Run{};
    for (std::size_t K = 0; K < Vals.size(); ++K)
      if (K >= Bound.size() || Bound[K] != Vals[K]) {
        SampleEnv.bind(Vals[K].first, Vals[K].second);
        for (unsigned L = 0; L < WarpSize; ++L)
          if (LaneEnvs[L] && Active[L])
            Envs[L].bind(Vals[K].first, Vals[K].second);
      }
    Bound = Vals;
    for (std::size_t K = 0; K < Parts.size(); ++K) {
      PartValues[K] = PartPrograms[K].run(SampleEnv);
      if (PartBound[K] && PartValues[K] == BoundParts[K])
        continue;
      for (unsigned L = 0; L < WarpSize; ++L)
        if (LaneEnvs[L] && Active[L]) {
          if (PartValues[K])
            Envs[L].bind(PartSymbols[K], *PartValues[K]);
          else
            Envs[L].unbind(PartSymbols[K]);
        }
      BoundParts[K] = PartValues[K];
      PartBound[K] = true;
    }
    for (unsigned L = 0; L < WarpSize; ++L)
      if (LaneEnvs[L] && Active[L])
        Run[L] = &Envs[L];
    std::array<std::optional<std::int64_t>, WarpSize> Val;
    std::array<EvalFailure, WarpSize> Fail;
    Undecided.assign(GuardPrograms.size(), 0);
    for (std::size_t G = 0; G < GuardPrograms.size(); ++G) {
      GuardPrograms[G].runLanes(Run.data(), WarpSize, Val.data(), Fail.data());
      for (unsigned L = 0; L < WarpSize; ++L)
        if (Run[L] && Val[L] && *Val[L] == 0)
          Run[L] = nullptr;
        else if (Run[L] && !Val[L])
          Undecided[G] |= 1u << L;
    }
    OffsetProgram.runLanes(Run.data(), WarpSize, Val.data(), Fail.data());
    for (unsigned L = 0; L < WarpSize && !Failed; ++L) {
      if (!Run[L])
        continue;
      // A sample that misaligns a lane's access (it would fault) or takes it
      // outside the variable is no execution of the kernel: no witness.
      if (!Val[L] || !aligned(*Val[L]) || !inside(*Val[L])) {
        Failed = true;
        break;
      }
      Lanes[L] = {true, static_cast<std::uint64_t>(*Val[L])};
    }
    Spent += WarpSize;
    if (Failed)
      continue;
    AnyEvaluated = true;
    WarpCost Cost = cost(Lanes);
    unsigned W = Cost.Wavefronts, Ideal = Cost.Ideal;
    if (W > Ideal && (!Found || W > Best)) {
      Found = true;
      Best = W;
      O.Wavefronts = W;
      O.Ideal = Ideal;
      O.Lanes = Lanes;
      O.AnyActive = true;
      O.Values = describeValues(Vals, Symbols);
      // The guards this sample leaves undecided on a lane it keeps.
      WitnessAssumed.clear();
      std::uint32_t Kept = 0;
      for (unsigned L = 0; L < WarpSize; ++L)
        Kept |= std::uint32_t(Run[L] != nullptr) << L;
      for (std::size_t G = 0; G < Undecided.size(); ++G)
        if (Undecided[G] & Kept)
          WitnessAssumed.push_back(HoistedOffset ? GuardOf[G] : G);
    }
  }
  if (Found) {
    // The witness's lanes held under what it assumed, not what evalWarp
    // assumed of the lanes' guards for want of the sampled values (Told).
    if (Told)
      for (auto It : *Told)
        Assumptions.erase(It);
    for (std::size_t K : WitnessAssumed)
      Assumptions.insert("the condition '" + I.Guards[K].Text.str() + "' holds for every lane");
    O.K = Outcome::Possible;
    return O;
  }
  O.K = Outcome::Undecided;
  O.Why = Why + (AnyEvaluated ? "; no conflict for the sampled values" : "");
  return O;
}

} // namespace bankcheck::bank::detail

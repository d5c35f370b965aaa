//===- AccessAnalysis.cpp - Bank conflicts of one access for a block ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "BankModel/AccessAnalysis.h"
#include "Symbolic/Evaluate.h"
#include "Symbolic/Periodic.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

namespace bankcheck::bank {

using namespace symbolic;

const char *statusName(Status S) {
  switch (S) {
  case Status::Clean: return "clean";
  case Status::Conflict: return "conflict";
  case Status::Possible: return "possible";
  case Status::Unknown: return "unknown";
  }
  return "";
}

void bindThread(Env &E, const BlockShape &S, unsigned T) {
  E.bind(SymbolTable::threadIdx(0), T % S.X);
  E.bind(SymbolTable::threadIdx(1), (T / S.X) % S.Y);
  E.bind(SymbolTable::threadIdx(2), T / (S.X * S.Y));
  E.bind(SymbolTable::blockDim(0), S.X);
  E.bind(SymbolTable::blockDim(1), S.Y);
  E.bind(SymbolTable::blockDim(2), S.Z);
}

namespace {
bool mentionsThread(const Expr &E) {
  bool Found = false;
  forEachSymbol(E, [&](SymbolId Id) {
    for (unsigned D = 0; D < 3; ++D)
      if (Id == SymbolTable::threadIdx(D))
        Found = true;
  });
  return Found;
}
} // namespace

Truth decideOverBlock(const Expr &Cond, const BlockShape &Shape, const std::vector<Expr> &Guards,
                      std::uint64_t *Work) {
  bool SawTrue = false, SawFalse = false;
  // A condition that does not depend on the thread has one value: the first
  // active thread decides it. Guards that do not either: thread 0 decides.
  bool CondPerThread = mentionsThread(Cond);
  bool GuardsPerThread = false;
  for (const Expr &G : Guards)
    GuardsPerThread = GuardsPerThread || mentionsThread(G);
  unsigned Threads = GuardsPerThread || CondPerThread ? Shape.threads() : std::min(1u, Shape.threads());
  Env E;
  Truth Result = Truth::AllFalse; // also when no thread is active: the loop does not run
  unsigned T = 0;
  for (; T < Threads; ++T) {
    bindThread(E, Shape, T);
    bool Active = true;
    bool Failed = false;
    for (const Expr &G : Guards) {
      auto V = evaluate(G, E);
      if (!V) {
        Failed = true;
        break;
      }
      if (*V == 0) {
        Active = false;
        break;
      }
    }
    if (Failed) {
      Result = Truth::Unknown;
      break;
    }
    if (!Active)
      continue;
    auto V = evaluate(Cond, E);
    if (!V) {
      Result = Truth::Unknown;
      break;
    }
    (*V ? SawTrue : SawFalse) = true;
    if (SawTrue && SawFalse) {
      Result = Truth::Mixed;
      break;
    }
    if (!CondPerThread) {
      ++T;
      break;
    }
  }
  if (Work)
    *Work += T;
  if (Result == Truth::AllFalse && SawTrue)
    Result = Truth::AllTrue;
  return Result;
}

namespace {

/// Sample values tried for an unknown uniform symbol: small values, powers of
/// two and their neighbours, where bank conflicts live.
const std::int64_t SampleValues[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33,
                                     48, 63, 64, 65, 96, 127, 128, 129, 256, 512, 1024};

struct Outcome {
  enum Kind { Decided, Possible, Undecided } K = Decided;
  unsigned Wavefronts = 0, Ideal = 0;
  bool AnyActive = false;
  WarpAddresses Lanes{};
  std::string Values;  ///< witness values (Possible) or the residue case
  std::string Why;     ///< for Undecided
};

class Analyzer {
public:
  Analyzer(const AccessQuery &Q, const SymbolTable &T) : Q(Q), Symbols(&T) {}

  AccessResult run();

private:
  const AccessQuery &Q;
  SymbolTable Symbols; // a layer over the caller's: gains lane, warp and atom symbols
  SymbolId LaneSym = 0, WarpSym = 0;
  std::uint64_t Spent = 0;
  std::set<std::string> Assumptions;
  bool Misaligned = false, Negative = false;
  bool InvariantBroken = false, InvariantUnknown = false;
  /// cp.async: the current warp's per-lane global source bytes (set by evalWarp).
  WarpAccess::SourceBytes Src{};
  unsigned wf(const WarpAddresses &Lanes) const { return wavefronts(WarpAccess{Lanes, Q.AccessBytes, Q.F, Src}); }
  void sources(const AccessInstance &I, const std::array<std::optional<Env>, WarpSize> &LaneEnvs,
               const std::vector<bool> &Active);
  /// Set by evalWarp: the first lane of the warp proven out of bounds.
  std::optional<std::pair<unsigned, std::int64_t>> WarpOutOfBounds;

  Outcome evalWarp(const AccessInstance &I, const std::array<std::optional<Env>, WarpSize> &LaneEnvs);
  std::optional<Outcome> scaledWarp(const std::array<std::optional<Affine>, WarpSize> &Forms,
                                    const std::vector<bool> &Active);
  /// Exactly, when every free symbol is periodic (Periodic.h): decided when
  /// all its values agree, else possible; nullopt when not applicable.
  std::optional<Outcome> periodicWarp(const AccessInstance &I,
                                      const std::array<std::optional<Env>, WarpSize> &LaneEnvs,
                                      const std::vector<bool> &Active, const std::vector<SymbolId> &Free);
  Outcome sampleWarp(const AccessInstance &I, const std::array<std::optional<Env>, WarpSize> &LaneEnvs,
                     const std::vector<bool> &Active, const std::string &Why);
};

std::string describeValues(const std::vector<std::pair<SymbolId, std::int64_t>> &Vals,
                           const SymbolTable &T) {
  std::string S;
  for (auto [Id, V] : Vals) {
    if (!S.empty()) S += ", ";
    S += T.get(Id).Name + " = " + std::to_string(V);
  }
  return S;
}

bool satisfiesFacts(const Symbol &S, std::int64_t V) {
  if (S.Min && V < *S.Min) return false;
  if (S.Modulus > 1 && ((V % S.Modulus) + S.Modulus) % S.Modulus != S.Rem) return false;
  return true;
}

Outcome Analyzer::sampleWarp(const AccessInstance &I, const std::array<std::optional<Env>, WarpSize> &LaneEnvs,
                             const std::vector<bool> &Active, const std::string &Why) {
  Outcome O;
  // The free symbols of the offset and guards in this warp.
  std::vector<SymbolId> Free;
  auto Collect = [&](const Expr &E) {
    forEachSymbol(E, [&](SymbolId Id) {
      for (unsigned L = 0; L < WarpSize; ++L)
        if (LaneEnvs[L] && !LaneEnvs[L]->lookup(Id)) {
          if (std::find(Free.begin(), Free.end(), Id) == Free.end())
            Free.push_back(Id);
          return;
        }
    });
  };
  Collect(I.ByteOffset);
  for (const Guard &G : I.Guards)
    Collect(G.Cond);
  for (SymbolId Id : Free)
    if (Symbols.get(Id).Kind == SymbolKind::LaneOpaque || Symbols.get(Id).Kind == SymbolKind::Function) {
      O.K = Outcome::Undecided;
      O.Why = Symbols.get(Id).Reason;
      return O;
    }
  if (std::optional<Outcome> E = periodicWarp(I, LaneEnvs, Active, Free))
    return *E;
  // Enumerate combinations of sample values, at most 512 of them.
  const std::size_t NumSamples = std::size(SampleValues);
  std::size_t Combos = 1;
  for (std::size_t K = 0; K < Free.size() && Combos <= 512; ++K)
    Combos *= NumSamples;
  Combos = std::min<std::size_t>(Combos, 512);
  unsigned Best = 0;
  bool Found = false, AnyEvaluated = false;
  for (std::size_t C = 0; C < Combos; ++C) {
    std::vector<std::pair<SymbolId, std::int64_t>> Vals;
    std::size_t Code = C;
    bool Ok = true;
    for (SymbolId Id : Free) {
      std::int64_t V = SampleValues[Code % NumSamples];
      Code /= NumSamples;
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
    WarpAddresses Lanes{};
    bool Failed = false;
    for (unsigned L = 0; L < WarpSize && !Failed; ++L) {
      if (!LaneEnvs[L] || !Active[L])
        continue;
      Env E = *LaneEnvs[L];
      for (auto [Id, V] : Vals)
        E.bind(Id, V);
      bool LaneOn = true;
      for (const Guard &G : I.Guards) {
        auto V = evaluate(G.Cond, E);
        if (V && *V == 0) { LaneOn = false; break; }
      }
      if (!LaneOn)
        continue;
      auto V = evaluate(I.ByteOffset, E);
      if (!V) { Failed = true; break; }
      Lanes[L] = {true, static_cast<std::uint64_t>(*V)};
    }
    Spent += WarpSize;
    if (Failed)
      continue;
    AnyEvaluated = true;
    unsigned W = wf(Lanes);
    unsigned Ideal = idealWavefronts(Lanes, Q.AccessBytes, Q.F);
    if (W > Ideal && (!Found || W > Best)) {
      Found = true;
      Best = W;
      O.Wavefronts = W;
      O.Ideal = Ideal;
      O.Lanes = Lanes;
      O.AnyActive = true;
      O.Values = describeValues(Vals, Symbols);
    }
  }
  if (Found) {
    O.K = Outcome::Possible;
    return O;
  }
  O.K = Outcome::Undecided;
  O.Why = Why + (AnyEvaluated ? "; no conflict for the sampled values" : "");
  return O;
}

std::optional<Outcome> Analyzer::periodicWarp(const AccessInstance &I,
                                              const std::array<std::optional<Env>, WarpSize> &LaneEnvs,
                                              const std::vector<bool> &Active, const std::vector<SymbolId> &Free) {
  // Every free symbol seen only modulo a constant (`stage = k % 4`, `k & 1`):
  // one period of each, from its least value, is every case there is.
  RangeHints H;
  // Guards that are not periodic too are kept as the lanes' evaluation kept
  // them (assumed to hold, an upper bound: fewer lanes never take more).
  std::vector<const Guard *> Used;
  for (const Guard &G : I.Guards) {
    bool Periodic = true;
    for (SymbolId Id : Free)
      Periodic = Periodic && periodIn(G.Cond, Id, Symbols, H, 512);
    if (Periodic)
      Used.push_back(&G);
  }
  // Symbols only dropped guards mention do not matter.
  std::vector<SymbolId> Vars;
  auto Note = [&](SymbolId Id) {
    if (std::find(Free.begin(), Free.end(), Id) != Free.end() && std::find(Vars.begin(), Vars.end(), Id) == Vars.end())
      Vars.push_back(Id);
  };
  forEachSymbol(I.ByteOffset, Note);
  for (const Guard *G : Used)
    forEachSymbol(G->Cond, Note);
  std::vector<std::vector<std::int64_t>> Values;
  std::size_t Combos = 1;
  for (SymbolId Id : Vars) {
    const Symbol &S = Symbols.get(Id);
    std::optional<std::int64_t> P0 = periodIn(I.ByteOffset, Id, Symbols, H, 512);
    if (!P0)
      return std::nullopt;
    std::int64_t P = *P0;
    for (const Guard *G : Used)
      P = std::lcm(P, *periodIn(G->Cond, Id, Symbols, H, 512));
    if (!S.Min || P > 512)
      return std::nullopt;
    std::vector<std::int64_t> Vs;
    for (std::int64_t V = *S.Min; V < *S.Min + P * S.Modulus; ++V)
      if (satisfiesFacts(S, V))
        Vs.push_back(V);
    Combos *= Vs.size();
    if (Vs.empty() || Combos > 512)
      return std::nullopt;
    Values.push_back(std::move(Vs));
  }
  Outcome Worst;
  bool AnyConflict = false, AnyClean = false;
  std::vector<std::pair<SymbolId, std::int64_t>> Witness;
  for (std::size_t C = 0; C < Combos; ++C) {
    std::vector<std::pair<SymbolId, std::int64_t>> Vals;
    std::size_t Code = C;
    for (std::size_t K = 0; K < Vars.size(); ++K) {
      Vals.push_back({Vars[K], Values[K][Code % Values[K].size()]});
      Code /= Values[K].size();
    }
    WarpAddresses Lanes{};
    bool Any = false;
    for (unsigned L = 0; L < WarpSize; ++L) {
      if (!LaneEnvs[L] || !Active[L])
        continue;
      Env E = *LaneEnvs[L];
      for (auto [Id, V] : Vals)
        E.bind(Id, V);
      bool LaneOn = true;
      for (const Guard *G : Used) {
        auto V = evaluate(G->Cond, E);
        if (!V)
          return std::nullopt;
        if (*V == 0) { LaneOn = false; break; }
      }
      if (!LaneOn)
        continue;
      auto V = evaluate(I.ByteOffset, E);
      if (!V)
        return std::nullopt;
      Lanes[L] = {true, static_cast<std::uint64_t>(*V)};
      Any = true;
    }
    Spent += WarpSize;
    if (!Any)
      continue;
    unsigned W = wf(Lanes), Ideal = idealWavefronts(Lanes, Q.AccessBytes, Q.F);
    (W > Ideal ? AnyConflict : AnyClean) = true;
    if (!Worst.AnyActive || W * Worst.Ideal > Worst.Wavefronts * Ideal) {
      Worst.Wavefronts = W;
      Worst.Ideal = Ideal;
      Worst.Lanes = Lanes;
      Worst.AnyActive = true;
      Witness = Vals;
    }
  }
  if (!Worst.AnyActive)
    return Worst; // no lane active for any value: nothing to count
  if (AnyConflict && AnyClean) {
    Worst.K = Outcome::Possible;
    Worst.Values = describeValues(Witness, Symbols);
    return Worst;
  }
  // The same verdict for every value: decided; a conflict names its case.
  Worst.K = Outcome::Decided;
  if (AnyConflict)
    Worst.Values = describeValues(Witness, Symbols);
  return Worst;
}

/// Lanes at a_l + b_l * P bytes for one unknown P with lane-dependent b_l.
/// Banks depend on P only modulo 128 bytes; whether two lanes share a word
/// depends on P exactly, but only at the finitely many P where
/// |(b_l - b_m) P - (a_m - a_l)| < 4 for some pair, and sharing a word only
/// lowers the wavefronts. So the residues of P modulo 128 at a large P give
/// every value the access takes except at those exceptional P, which are
/// evaluated too: the minimum and maximum over all P are exact.
std::optional<Outcome> Analyzer::scaledWarp(const std::array<std::optional<Affine>, WarpSize> &Forms,
                                            const std::vector<bool> &Active) {
  std::optional<SymbolId> P;
  std::array<std::int64_t, WarpSize> A{}, B{};
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (!Active[L])
      continue;
    const Affine &F = *Forms[L];
    if (F.Terms.size() > 1)
      return std::nullopt;
    A[L] = F.C;
    if (F.Terms.empty())
      continue;
    if (P && *P != F.Terms[0].first)
      return std::nullopt;
    P = F.Terms[0].first;
    B[L] = F.Terms[0].second;
    if (B[L] > (1 << 20) || B[L] < -(1 << 20) || A[L] > (1ll << 40) || A[L] < -(1ll << 40))
      return std::nullopt; // keep the arithmetic below far from overflow
  }
  if (!P)
    return std::nullopt;
  const Symbol &Sym = Symbols.get(*P);
  auto Allowed = [&](std::int64_t V) {
    if (Sym.Min && V < *Sym.Min) return false;
    if (Sym.Modulus > 1 && ((V % Sym.Modulus) + Sym.Modulus) % Sym.Modulus != Sym.Rem) return false;
    return true;
  };
  auto LanesAt = [&](std::int64_t V) {
    WarpAddresses W{};
    for (unsigned L = 0; L < WarpSize; ++L)
      if (Active[L])
        W[L] = {true, static_cast<std::uint64_t>(A[L] + B[L] * V)};
    return W;
  };
  std::vector<std::int64_t> Values;
  const std::int64_t Far = std::int64_t(128) << 20; // a multiple of 128, far from every coincidence
  for (std::int64_t R = 0; R < 128; ++R)
    Values.push_back(Far + R);
  for (unsigned L = 0; L < WarpSize; ++L)
    for (unsigned M = 0; M < WarpSize; ++M) {
      if (!Active[L] || !Active[M] || B[L] == B[M])
        continue;
      for (std::int64_t D = -3; D <= 3; ++D) {
        std::int64_t Num = A[M] - A[L] + D, Den = B[L] - B[M];
        if (Num % Den == 0)
          Values.push_back(Num / Den);
      }
    }
  std::sort(Values.begin(), Values.end());
  Values.erase(std::unique(Values.begin(), Values.end()), Values.end());
  Outcome O;
  O.AnyActive = true;
  unsigned Min = ~0u, Max = 0;
  bool Any = false;
  for (std::int64_t V : Values) {
    // Residue probes stand for every P of that residue (far from coincidences).
    bool Probe = V >= Far;
    if (!Probe && !Allowed(V))
      continue;
    if (Probe && Sym.Modulus > 1 && 128 % Sym.Modulus == 0 && !Allowed(V))
      continue;
    WarpAddresses W = LanesAt(V);
    unsigned N = wf(W);
    Spent += WarpSize;
    Any = true;
    Min = std::min(Min, N);
    if (N > Max) {
      Max = N;
      O.Lanes = W;
      O.Ideal = idealWavefronts(W, Q.AccessBytes, Q.F);
      std::int64_t Shown = Probe ? V - Far : V;
      O.Values = Sym.Name + (Probe ? " \u2261 " + std::to_string(Shown) + " (mod 128)"
                                   : " = " + std::to_string(Shown));
    }
  }
  if (!Any)
    return std::nullopt;
  // Name the smallest value that reaches the worst case, if a small one does.
  for (std::int64_t V = 1; V <= 1024; ++V)
    if (Allowed(V) && wf(LanesAt(V)) == Max) {
      O.Lanes = LanesAt(V);
      O.Values = Sym.Name + " = " + std::to_string(V);
      break;
    }
  O.Wavefronts = Max;
  unsigned Ideal = O.Ideal;
  if (Max <= Ideal) {
    O.K = Outcome::Decided; // clean for every value of P
    O.Values.clear();
  } else if (Min > Ideal) {
    O.K = Outcome::Decided; // a conflict for every value of P; the worst is shown
  } else {
    O.K = Outcome::Possible;
  }
  return O;
}

/// The source bytes of a cp.async for this warp: concrete per lane, or, when
/// they share the same unknown uniform terms, their constant parts (runs do
/// not depend on a common shift). Otherwise unknown, and assumed contiguous.
void Analyzer::sources(const AccessInstance &I, const std::array<std::optional<Env>, WarpSize> &LaneEnvs,
                       const std::vector<bool> &Active) {
  Src = {};
  if (Q.F != Form::LDGSTS)
    return;
  if (I.SourceOffset.isNull()) {
    Assumptions.insert("the global source of the copy, which is not followed, is read in contiguous runs");
    return;
  }
  std::array<std::optional<Affine>, WarpSize> Forms;
  std::map<std::string, SymbolId> AtomIds;
  AffineContext ACtx;
  ACtx.Facts = &Symbols;
  ACtx.Atoms = &Symbols;
  ACtx.AtomIds = &AtomIds;
  const Affine *First = nullptr;
  bool Same = true;
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (!Active[L] || !LaneEnvs[L])
      continue;
    EvalFailure Why;
    Forms[L] = evaluateAffine(I.SourceOffset, *LaneEnvs[L], &Why, &ACtx);
    if (!Forms[L]) {
      Assumptions.insert("the global source of the copy is read in contiguous runs (its layout is not known)");
      return;
    }
    if (!First)
      First = &*Forms[L];
    else
      Same = Same && First->sameTerms(*Forms[L]);
  }
  if (!Same) {
    // Lanes scaled by unknown values (a row pitch): taken large, so that rows
    // of the source are far apart, as in any matrix wider than a few lanes.
    Assumptions.insert("rows of the global source are far apart (its row pitch is not known)");
    for (unsigned L = 0; L < WarpSize; ++L) {
      if (!Forms[L])
        continue;
      __int128 V = Forms[L]->C;
      for (auto [Id, Coef] : Forms[L]->Terms)
        V += __int128(Coef) * (__int128(Id + 1) << 24);
      if (V > INT64_MAX / 2 || V < INT64_MIN / 2) {
        Src = {};
        return;
      }
      Src[L] = static_cast<std::int64_t>(V);
    }
    return;
  }
  for (unsigned L = 0; L < WarpSize; ++L)
    if (Forms[L])
      Src[L] = Forms[L]->C;
}

Outcome Analyzer::evalWarp(const AccessInstance &I, const std::array<std::optional<Env>, WarpSize> &LaneEnvs) {
  Outcome O;
  WarpOutOfBounds.reset();
  std::vector<bool> Active(WarpSize, false);
  std::vector<bool> Sure(WarpSize, false); // active with every guard decided
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (!LaneEnvs[L])
      continue;
    bool On = true, Decided = true;
    for (const Guard &G : I.Guards) {
      EvalFailure Why;
      auto V = evaluate(G.Cond, *LaneEnvs[L], &Why);
      if (!V) {
        // Undecidable guard: keep the lane (an upper bound: fewer active lanes
        // never take more wavefronts) and say so.
        Assumptions.insert("the condition '" + G.Text + "' holds for every lane");
        Decided = false;
        continue;
      }
      if (*V == 0) { On = false; break; }
    }
    Active[L] = On;
    Sure[L] = On && Decided;
  }
  Spent += WarpSize;
  sources(I, LaneEnvs, Active);
  if (!I.Invariant.isNull())
    for (unsigned L = 0; L < WarpSize; ++L) {
      if (!Active[L])
        continue;
      auto V = evaluate(I.Invariant, *LaneEnvs[L]);
      if (!V)
        InvariantUnknown = true;
      else if (*V == 0)
        InvariantBroken = true;
    }
  // Per-lane offsets: concrete, or affine in the free symbols.
  std::array<std::optional<Affine>, WarpSize> Forms;
  bool AllConcrete = true;
  std::map<std::string, SymbolId> AtomIds;
  AffineContext ACtx;
  ACtx.Facts = &Symbols;
  ACtx.Atoms = &Symbols;
  ACtx.AtomIds = &AtomIds;
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (!Active[L])
      continue;
    O.AnyActive = true;
    EvalFailure Why;
    if (auto V = evaluate(I.ByteOffset, *LaneEnvs[L], &Why)) {
      Affine A;
      A.C = *V;
      Forms[L] = A;
      continue;
    }
    AllConcrete = false;
    if (Why != EvalFailure::Unbound) {
      O.K = Outcome::Undecided;
      O.Why = describe(Why);
      return O;
    }
    if (auto Opaque = Symbols.firstOpaque(I.ByteOffset);
        Opaque && Symbols.get(*Opaque).Kind == SymbolKind::LaneOpaque) {
      O.K = Outcome::Undecided;
      O.Why = Symbols.get(*Opaque).Reason;
      return O;
    }
    Forms[L] = evaluateAffine(I.ByteOffset, *LaneEnvs[L], &Why, &ACtx);
    if (!Forms[L])
      return sampleWarp(I, LaneEnvs, Active, std::string("the index depends on ") +
                                                 "unknown uniform values non-linearly");
  }
  if (!O.AnyActive)
    return O;
  // Constant parts so large that a few bytes more overflow have no address.
  for (unsigned L = 0; L < WarpSize; ++L)
    if (Active[L] && (Forms[L]->C > INT64_MAX - 256 || Forms[L]->C < INT64_MIN + 256)) {
      O.K = Outcome::Undecided;
      O.Why = describe(EvalFailure::Overflow);
      return O;
    }
  auto Wave = [&](std::int64_t Shift) {
    WarpAddresses Lanes{};
    for (unsigned L = 0; L < WarpSize; ++L)
      if (Active[L])
        Lanes[L] = {true, static_cast<std::uint64_t>(Forms[L]->C + Shift)};
    return Lanes;
  };
  if (AllConcrete) {
    // Lanes whose address the instruction ignores (ldmatrix .x1/.x2) do not count.
    for (unsigned L = 0; L < rule(Q.F).AddressLanes; ++L)
      if (Active[L]) {
        std::int64_t C = Forms[L]->C;
        Misaligned |= C % std::int64_t(Q.AccessBytes) != 0;
        Negative |= C < 0;
        bool Outside = C < 0 || (Q.ArrayBytes && C > *Q.ArrayBytes - std::int64_t(Q.AccessBytes));
        if (Outside && Sure[L] && !WarpOutOfBounds)
          WarpOutOfBounds = {L, C};
      }
    O.Lanes = Wave(0);
    O.Wavefronts = wf(O.Lanes);
    O.Ideal = idealWavefronts(O.Lanes, Q.AccessBytes, Q.F);
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
      if (std::optional<Outcome> S = scaledWarp(Forms, Active))
        return *S;
      return sampleWarp(I, LaneEnvs, Active,
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
  std::int64_t Base = 0;
  for (auto [Id, C] : First->Terms) {
    const Symbol &S = Symbols.get(Id);
    if (S.Modulus > 1) Base += C * S.Rem;
  }
  G = G == 0 ? BankBytes : G;
  unsigned Worst = 0, Least = ~0u;
  for (std::int64_t R = 0; R < std::int64_t(BankBytes); R += G) {
    WarpAddresses Lanes = Wave(Base + R);
    unsigned W = wf(Lanes);
    if (W > Worst || Least == ~0u) {
      if (W > Worst) {
        Worst = W;
        O.Lanes = Lanes;
        O.Ideal = idealWavefronts(Lanes, Q.AccessBytes, Q.F);
        O.Values = R ? "uniform byte offset = " + std::to_string(R) + " (mod 4)" : "";
      }
    }
    Least = std::min(Least, W);
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
  std::vector<AccessInstance> Instances = Q.Instances;
  std::vector<std::array<std::optional<Env>, WarpSize>> Warps;
  std::vector<std::optional<unsigned>> WarpIds;
  if (Q.Shape) {
    const BlockShape &S = *Q.Shape;
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
      Warps.push_back(Lanes);
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
    for (AccessInstance &I : Instances) {
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
    Assumptions.insert("blockDim.x is a multiple of 32 (no launch, annotation "
                       "or --block-dim gives the block shape)");
  }

  double Sum = 0;
  double Count = 0;
  bool AnyDecidedConflict = false, AnyPossible = false, AnyUndecided = false, AnyActive = false;
  std::string UndecidedWhy, PossibleWhy;
  bool Exhausted = false;
  for (const AccessInstance &I : Instances) {
    for (std::size_t W = 0; W < Warps.size() && !Exhausted; ++W) {
      // Out of budget: the warps not evaluated are undecided. What was seen
      // stays (a decided conflict is still one, its degree a lower bound).
      if (Spent > Q.Budget) {
        UndecidedWhy = "the analysis budget was exhausted (too many warps and loop iterations)";
        AnyUndecided = true;
        Exhausted = true;
        break;
      }
      Outcome O = evalWarp(I, Warps[W]);
      if (WarpOutOfBounds && !R.Bounds)
        R.Bounds = OutOfBounds{WarpIds[W], I.Label, WarpOutOfBounds->first, WarpOutOfBounds->second};
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
        Wt.Values = O.Values;
        Wt.Lanes = O.Lanes;
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

} // namespace

AccessResult analyzeAccess(const AccessQuery &Q, const SymbolTable &Symbols) {
  Analyzer A(Q, Symbols);
  return A.run();
}

} // namespace bankcheck::bank

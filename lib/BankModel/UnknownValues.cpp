//===- UnknownValues.cpp - Unknown uniform values in one warp's access ----===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Where the lanes' offsets keep unknown uniform values the warp cannot
/// bind: one unknown scaling the lanes (exact over its residues and the
/// values where two lanes meet), unknowns seen only modulo a constant (one
/// period of each); otherwise sampled values (SampledValues.cpp).
//===----------------------------------------------------------------------===//
#include "BankModel/Analyzer.h"
#include "Symbolic/Periodic.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <unordered_map>

namespace bankcheck::bank::detail {

std::string describeValues(const std::vector<std::pair<SymbolId, std::int64_t>> &Vals,
                           const SymbolTable &T) {
  std::string S;
  for (auto [Id, V] : Vals) {
    if (!S.empty()) S += ", ";
    S += T.get(Id).Name.str() + " = " + std::to_string(V);
  }
  return S;
}

bool satisfiesFacts(const Symbol &S, std::int64_t V) {
  if (S.Min && V < *S.Min) return false;
  if (S.Max && V > *S.Max) return false;
  if (S.Modulus > 1 && ((V % S.Modulus) + S.Modulus) % S.Modulus != S.Rem) return false;
  return true;
}

std::optional<Outcome> Analyzer::periodicWarp(const AccessInstance &I,
                                              const std::array<std::optional<Env>, WarpSize> &LaneEnvs,
                                              const LaneFlags &Active, const std::vector<SymbolId> &Free) {
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
    std::int64_t Span, End;
    if (S.Modulus < 1 || __builtin_mul_overflow(P, S.Modulus, &Span) || Span > 512 * 64 ||
        __builtin_add_overflow(*S.Min, Span, &End))
      return std::nullopt;
    std::vector<std::int64_t> Vs;
    for (std::int64_t V = *S.Min; V < End; ++V)
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
    Vals.reserve(Free.size());
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
        auto V = Cur->Guards[std::size_t(G - I.Guards.data())].run(E);
        if (!V)
          return std::nullopt;
        if (*V == 0) { LaneOn = false; break; }
      }
      if (!LaneOn)
        continue;
      auto V = Cur->Offset.run(E);
      if (!V)
        return std::nullopt;
      Lanes[L] = {true, static_cast<std::uint64_t>(*V)};
      Any = true;
    }
    Spent += WarpSize;
    if (!Any)
      continue;
    WarpCost Cost = cost(Lanes);
    unsigned W = Cost.Wavefronts, Ideal = Cost.Ideal;
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

bool Analyzer::samplesDecide(const AccessInstance &I, const std::vector<std::size_t> &Ks) const {
  std::vector<SymbolId> Unknowns;
  auto Unknown = [&](SymbolId Id) {
    SymbolKind K = Symbols.get(Id).Kind;
    return K != SymbolKind::ThreadIdx && K != SymbolKind::BlockDim && K != SymbolKind::Layout && Id != WarpSym;
  };
  forEachSymbol(I.ByteOffset, [&](SymbolId Id) {
    if (Unknown(Id))
      Unknowns.push_back(Id);
  });
  for (std::size_t K : Ks) {
    bool Named = false, Other = false;
    forEachSymbol(I.Guards[K].Cond, [&](SymbolId Id) {
      if (!Unknown(Id))
        return;
      if (std::find(Unknowns.begin(), Unknowns.end(), Id) != Unknowns.end())
        Named = true;
      else
        Other = true;
    });
    if (Named && !Other)
      return true;
  }
  return false;
}

bool Analyzer::guardsNameUnknowns(const AccessInstance &I) const {
  if (Cur && Cur->GuardsNameUnknowns)
    return *Cur->GuardsNameUnknowns;
  std::vector<SymbolId> Unknowns;
  forEachSymbol(I.ByteOffset, [&](SymbolId Id) {
    SymbolKind K = Symbols.get(Id).Kind;
    // The warp's stand-in index without a block shape (WarpSym) is threadIdx.x's part.
    if (K != SymbolKind::ThreadIdx && K != SymbolKind::BlockDim && K != SymbolKind::Layout && Id != WarpSym)
      Unknowns.push_back(Id);
  });
  bool Named = false;
  for (const Guard &G : I.Guards)
    forEachSymbol(G.Cond, [&](SymbolId Id) {
      Named = Named || std::find(Unknowns.begin(), Unknowns.end(), Id) != Unknowns.end();
    });
  if (Cur)
    Cur->GuardsNameUnknowns = Named;
  return Named;
}

/// Lanes at a_l + b_l * P bytes for one unknown P with lane-dependent b_l.
/// Banks depend on P only modulo 128 bytes; whether two lanes share a word
/// depends on P exactly, but only at the finitely many P where
/// |(b_l - b_m) P - (a_m - a_l)| < 4 for some pair, and sharing a word only
/// lowers the wavefronts. So the residues of P modulo 128 at a large P give
/// every value the access takes except at those exceptional P, which are
/// evaluated too: the minimum and maximum over all P are exact. Only P that
/// keep every active lane aligned and inside the variable (when its size is
/// known) are executions; when fewer than 1,024 do, each is evaluated.
std::optional<Outcome> Analyzer::scaledWarp(const std::array<std::optional<Affine>, WarpSize> &Forms,
                                            const LaneFlags &Active) {
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
  auto Allowed = [&](std::int64_t V) { return satisfiesFacts(Sym, V); };
  auto LanesAt = [&](std::int64_t V) {
    WarpAddresses W{};
    for (unsigned L = 0; L < WarpSize; ++L)
      if (Active[L])
        W[L] = {true, static_cast<std::uint64_t>(A[L] + B[L] * V)};
    return W;
  };
  // An execution keeps every active lane aligned (a misaligned access
  // faults) and, when the variable's size is known, inside it: P then lies
  // in [Lo, Hi], which a small variable makes a few values.
  const std::int64_t Last = lastOffset();
  const bool Sized = Q.ArrayBytes.has_value();
  auto Aligned = [&](std::int64_t V) {
    for (unsigned L = 0; L < WarpSize; ++L)
      if (Active[L] && !aligned(A[L] + B[L] * V))
        return false;
    return true;
  };
  auto Inside = [&](std::int64_t V) {
    for (unsigned L = 0; L < WarpSize; ++L)
      if (Active[L] && !inside(A[L] + B[L] * V))
        return false;
    return true;
  };
  auto FloorDiv = [](std::int64_t X, std::int64_t Y) {
    std::int64_t Q = X / Y;
    return (X % Y != 0 && ((X < 0) != (Y < 0))) ? Q - 1 : Q;
  };
  std::int64_t Lo = INT64_MIN / 4, Hi = INT64_MAX / 4;
  if (Sized)
    for (unsigned L = 0; L < WarpSize; ++L) {
      if (!Active[L] || B[L] == 0)
        continue;
      // 0 <= A + B * P <= Last.
      std::int64_t From = B[L] > 0 ? -A[L] : A[L] - Last, To = B[L] > 0 ? Last - A[L] : A[L];
      std::int64_t Abs = B[L] > 0 ? B[L] : -B[L];
      Lo = std::max(Lo, -FloorDiv(-From, Abs));
      Hi = std::min(Hi, FloorDiv(To, Abs));
    }
  // The symbol's own bounds (an atom `n & 3` is in [0, 3]) narrow it too.
  if (Sym.Min)
    Lo = std::max(Lo, *Sym.Min);
  if (Sym.Max)
    Hi = std::min(Hi, *Sym.Max);
  constexpr std::int64_t MaxEnumerated = 1024;
  const bool Enumerate = Hi - Lo < MaxEnumerated;
  std::vector<std::int64_t> Values;
  const std::int64_t Far = std::int64_t(128) << 20; // a multiple of 128, far from every coincidence
  if (Enumerate) {
    // Few values keep the lanes inside: each is tried (exact).
    for (std::int64_t V = Lo; V <= Hi; ++V)
      Values.push_back(V);
  } else {
    // Every residue of P modulo 128 has values inside (Hi - Lo >= 1024).
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
  }
  Outcome O;
  O.AnyActive = true;
  unsigned Min = ~0u, Max = 0;
  bool Any = false;
  for (std::int64_t V : Values) {
    // Residue probes stand for every P of that residue (far from coincidences).
    bool Probe = !Enumerate && V >= Far;
    if (!Probe && (!Allowed(V) || (Sized && !Inside(V))))
      continue;
    if (Probe && Sym.Modulus > 1 && 128 % Sym.Modulus == 0 && !Allowed(V))
      continue;
    if (!Aligned(V))
      continue;
    WarpAddresses W = LanesAt(V);
    WarpCost Cost = cost(W);
    unsigned N = Cost.Wavefronts;
    Spent += WarpSize;
    Any = true;
    Min = std::min(Min, N);
    if (N > Max) {
      Max = N;
      O.Lanes = W;
      O.Ideal = Cost.Ideal;
      std::int64_t Shown = Probe ? V - Far : V;
      O.Values = Sym.Name.str() + (Probe ? " \u2261 " + std::to_string(Shown) + " (mod 128)"
                                   : " = " + std::to_string(Shown));
    }
  }
  if (!Any)
    return std::nullopt;
  // Name the smallest value that reaches the worst case, if a small one does.
  for (std::int64_t V = 1; V <= 1024; ++V)
    if (Allowed(V) && Aligned(V) && (!Sized || Inside(V)) && wf(LanesAt(V)) == Max) {
      O.Lanes = LanesAt(V);
      O.Values = Sym.Name.str() + " = " + std::to_string(V);
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

namespace {
/// A copy's source bytes for one warp, as sources() found them, by all they
/// depend on: the source offset (by structure), the facts of the symbols it
/// names (what the evaluation reads of the kernel's table), the active lanes
/// and the values their environments give those symbols. The same copy is
/// analysed again for each fix tried (other paddings and swizzles bind other
/// symbols), and a template's instantiations share their copies' sources.
struct SourceEntry {
  Expr Offset;
  /// Per symbol named: kind, dimension, Min (or a marker), modulus, remainder.
  std::vector<std::int64_t> Facts;
  std::uint32_t Mask = 0;
  std::vector<std::int64_t> Values;
  WarpAccess::SourceBytes Src{};
  const char *Assumption = nullptr;
};
constexpr std::size_t MaxSourceEntries = 4096; // at most a few MiB
thread_local std::unordered_multimap<std::size_t, SourceEntry> SourceCache;

const char *const LayoutUnknown = "the global source of the copy is read in contiguous runs (its layout is not known)";
const char *const PitchUnknown = "rows of the global source are far apart (its row pitch is not known)";
} // namespace

/// The source bytes of a cp.async for this warp: concrete per lane, or, when
/// they share the same unknown uniform terms, their constant parts (runs do
/// not depend on a common shift). Otherwise unknown, and assumed contiguous.
void Analyzer::sources(const AccessInstance &I, const std::array<std::optional<Env>, WarpSize> &LaneEnvs,
                       const LaneFlags &Active) {
  clearSources();
  if (Q.F != Form::LDGSTS)
    return;
  if (I.SourceOffset.isNull()) {
    Assumptions.insert("the global source of the copy, which is not followed, is read in contiguous runs");
    return;
  }
  if (SourceSymsOf != &I) {
    SourceSyms.clear();
    forEachSymbol(I.SourceOffset, [&](SymbolId S) { SourceSyms.push_back(S); });
    std::sort(SourceSyms.begin(), SourceSyms.end());
    SourceSyms.erase(std::unique(SourceSyms.begin(), SourceSyms.end()), SourceSyms.end());
    SourceFacts.clear();
    for (SymbolId S : SourceSyms) {
      const Symbol &Sym = Symbols.get(S);
      SourceFacts.insert(SourceFacts.end(), {std::int64_t(Sym.Kind), std::int64_t(Sym.Dim), Sym.Min ? 1 : 0,
                                             Sym.Min.value_or(0), Sym.Max ? 1 : 0, Sym.Max.value_or(0),
                                             Sym.Modulus, Sym.Rem});
    }
    SourceSymsOf = &I;
  }
  SourceEntry Key;
  Key.Facts = SourceFacts;
  for (unsigned L = 0; L < WarpSize; ++L)
    if (Active[L] && LaneEnvs[L])
      Key.Mask |= 1u << L;
  // Per symbol: the lanes that bind it and whether they agree (bit 32), then
  // its one value, or each of those lanes' values.
  for (SymbolId S : SourceSyms) {
    std::array<std::optional<std::int64_t>, WarpSize> V;
    std::uint32_t Bound = 0;
    bool Agree = true;
    std::optional<std::int64_t> First;
    for (unsigned L = 0; L < WarpSize; ++L)
      if (Key.Mask >> L & 1)
        if ((V[L] = LaneEnvs[L]->lookup(S))) {
          Bound |= 1u << L;
          Agree = Agree && (!First || *First == *V[L]);
          First = First ? First : V[L];
        }
    Key.Values.push_back(std::int64_t(Bound) | (Agree ? std::int64_t(1) << 32 : 0));
    for (unsigned L = 0; L < WarpSize; ++L)
      if (Bound >> L & 1) {
        Key.Values.push_back(*V[L]);
        if (Agree)
          break;
      }
  }
  std::size_t Hash = symbolic::hashValue(I.SourceOffset) * 31 + Key.Mask;
  for (std::int64_t F : Key.Facts)
    Hash = Hash * 31 + std::size_t(F);
  for (std::int64_t V : Key.Values)
    Hash = Hash * 1000003u + std::size_t(V);
  for (auto [It, End] = SourceCache.equal_range(Hash); It != End; ++It) {
    const SourceEntry &E = It->second;
    if (E.Mask == Key.Mask && E.Values == Key.Values && E.Facts == Key.Facts && E.Offset.equals(I.SourceOffset)) {
      Src = E.Src;
      if (E.Assumption)
        Assumptions.insert(E.Assumption);
      return;
    }
  }
  if (SourceCache.size() >= MaxSourceEntries)
    SourceCache.clear();
  Key.Offset = I.SourceOffset;
  computeSources(I, LaneEnvs, Active, Key.Assumption);
  Key.Src = Src;
  SourceCache.emplace(Hash, std::move(Key));
}

void Analyzer::computeSources(const AccessInstance &I, const std::array<std::optional<Env>, WarpSize> &LaneEnvs,
                              const LaneFlags &Active, const char *&Assumption) {
  std::array<std::optional<Affine>, WarpSize> Forms;
  if (!SourceForms || SourceFormsOf != &I) {
    SourceForms = std::make_unique<WarpForms>(Symbols, Q.Shape.has_value());
    SourceForms->Ctx.NameAtoms = false; // the forms become numbers (Src), never text
    SourceFormsOf = &I;
  }
  WarpForms &WarpAffine = *SourceForms;
  std::array<const Env *, WarpSize> Lanes{};
  for (unsigned L = 0; L < WarpSize; ++L)
    if (Active[L] && LaneEnvs[L])
      Lanes[L] = &*LaneEnvs[L];
  evaluateAffineLanes(I.SourceOffset, Lanes.data(), Forms.data(), nullptr, &WarpAffine.Ctx);
  const Affine *First = nullptr;
  bool Same = true;
  for (unsigned L = 0; L < WarpSize; ++L) {
    if (!Lanes[L])
      continue;
    if (!Forms[L]) {
      Assumption = LayoutUnknown;
      Assumptions.insert(Assumption);
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
    // The lanes of one row (the same unknown terms) are their constant parts
    // apart; each other row starts 2^40 bytes further.
    Assumption = PitchUnknown;
    Assumptions.insert(Assumption);
    std::vector<const AffineTerms *> Rows;
    for (unsigned L = 0; L < WarpSize; ++L) {
      if (!Forms[L])
        continue;
      std::size_t Row = 0;
      while (Row < Rows.size() && !(*Rows[Row] == Forms[L]->Terms))
        ++Row;
      if (Row == Rows.size())
        Rows.push_back(&Forms[L]->Terms);
      const std::int64_t C = Forms[L]->C, Far = std::int64_t(1) << 40;
      if (C > INT64_MAX / 4 || C < INT64_MIN / 4) {
        Src = {};
        return;
      }
      Src[L] = C + std::int64_t(Row + 1) * Far;
    }
    return;
  }
  for (unsigned L = 0; L < WarpSize; ++L)
    if (Forms[L])
      Src[L] = Forms[L]->C;
}


} // namespace bankcheck::bank::detail

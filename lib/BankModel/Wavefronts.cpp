//===- Wavefronts.cpp - The sm_90 shared-memory bank rules ----------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// One engine for every instruction form: the form's row (InstructionForms.h)
/// says which lanes give addresses, how lanes fall into phases, whether lanes
/// on one word share it, whether adjacent phases merge and how many passes a
/// phase takes. The CAS loop is simulated round by round.
//===----------------------------------------------------------------------===//
#include "BankModel/Wavefronts.h"

#include <algorithm>
#include <unordered_map>
#include <vector>

namespace bankcheck::bank {

bool isValidAccessWidth(unsigned W) {
  return W == 1 || W == 2 || W == 4 || W == 8 || W == 16;
}

unsigned lanesPerPhase(unsigned W, Form F) {
  switch (rule(F).Phases) {
  case PhaseLayout::PerMatrix:
    return 8;
  case PhaseLayout::Atomic:
    return W <= 4 ? 32 : 16;
  case PhaseLayout::ByWidth:
    break;
  }
  return W <= 4 ? 32 : W == 8 ? 16 : 8;
}

namespace {
/// Whether any lane's global source byte is known (LDGSTS).
bool hasSources(const WarpAccess &A) {
  return std::any_of(A.Source.begin(), A.Source.end(), [](const auto &S) { return S.has_value(); });
}

unsigned bytesOf(const WarpAccess &A) {
  unsigned Fixed = rule(A.F).FixedBytes;
  return Fixed ? Fixed : A.Bytes;
}

/// Words touched by one lane: the aligned words covering [Byte, Byte + W).
void wordsOf(const LaneAddress &L, unsigned W, std::vector<std::uint64_t> &Out) {
  std::uint64_t First = L.Byte / BankBytes;
  std::uint64_t Last = First + (L.Byte % BankBytes + (W ? W : 1) - 1) / BankBytes; // no wrap-around
  for (std::uint64_t Wd = First; Wd <= Last; ++Wd)
    Out.push_back(Wd);
}

/// The lanes the form reads addresses from, with their activity.
WarpAddresses addressLanes(const WarpAccess &A) {
  WarpAddresses L = A.Lanes;
  for (unsigned I = rule(A.F).AddressLanes; I < WarpSize; ++I)
    L[I].Active = false;
  return L;
}

struct PhaseInfo {
  unsigned Wavefronts = 0; ///< 0 when no lane is active
  std::uint32_t BankMask = 0;
  bool OneAddress = true;  ///< every active lane has the same byte address
  bool AnyActive = false;
  std::uint64_t Address = 0;
};

PhaseInfo phase(const WarpAddresses &Lanes, unsigned W, Counting Count, unsigned First, unsigned N) {
  PhaseInfo P;
  // One buffer per thread: a phase is costed for every warp of every access.
  thread_local std::vector<std::uint64_t> Words;
  Words.clear();
  for (unsigned I = First; I < First + N; ++I) {
    const LaneAddress &L = Lanes[I];
    if (!L.Active)
      continue;
    if (P.AnyActive && L.Byte != P.Address)
      P.OneAddress = false;
    if (!P.AnyActive)
      P.Address = L.Byte;
    P.AnyActive = true;
    wordsOf(L, W, Words);
  }
  if (!P.AnyActive)
    return P;
  if (Count == Counting::DistinctWords) {
    std::sort(Words.begin(), Words.end());
    Words.erase(std::unique(Words.begin(), Words.end()), Words.end());
  }
  std::array<unsigned, NumBanks> PerBank{};
  for (std::uint64_t Wd : Words) {
    unsigned B = static_cast<unsigned>(Wd % NumBanks);
    P.BankMask |= 1u << B;
    P.Wavefronts = std::max(P.Wavefronts, ++PerBank[B]);
  }
  return P;
}

/// The number of separate contiguous byte runs the active lanes' sources of
/// one phase form (lanes without a known source count as joining a run).
unsigned sourceRuns(const WarpAddresses &Lanes, const WarpAccess::SourceBytes &Src, unsigned W,
                    unsigned First, unsigned N) {
  thread_local std::vector<std::pair<std::int64_t, std::int64_t>> R;
  R.clear();
  for (unsigned I = First; I < First + N; ++I)
    if (Lanes[I].Active && Src[I])
      R.push_back({*Src[I], *Src[I] + std::int64_t(W)});
  std::sort(R.begin(), R.end());
  unsigned Runs = 0;
  std::int64_t End = 0;
  for (std::size_t I = 0; I < R.size(); ++I) {
    if (I == 0 || R[I].first > End)
      ++Runs;
    End = I == 0 ? R[I].second : std::max(End, R[I].second);
  }
  return Runs;
}

/// The runs sourceRuns counts, as the lanes of each.
std::vector<std::uint32_t> sourceRunLanes(const WarpAddresses &Lanes, const WarpAccess::SourceBytes &Src,
                                          unsigned W, unsigned First, unsigned N) {
  std::vector<std::pair<std::int64_t, unsigned>> R; // (source byte, lane)
  for (unsigned I = First; I < First + N; ++I)
    if (Lanes[I].Active && Src[I])
      R.push_back({*Src[I], I});
  std::sort(R.begin(), R.end());
  std::vector<std::uint32_t> Out;
  std::int64_t End = 0;
  for (std::size_t I = 0; I < R.size(); ++I) {
    if (I == 0 || R[I].first > End)
      Out.push_back(0);
    Out.back() |= 1u << R[I].second;
    End = I == 0 ? R[I].first + std::int64_t(W) : std::max(End, R[I].first + std::int64_t(W));
  }
  return Out;
}

/// Wavefronts of one pass of a (non-simulated) form over Lanes.
unsigned served(const WarpAddresses &Lanes, unsigned W, Form F, const WarpAccess::SourceBytes *Src = nullptr) {
  const FormRule &R = rule(F);
  unsigned PerPhase = lanesPerPhase(W, F);
  unsigned NumPhases = WarpSize / PerPhase;
  std::array<PhaseInfo, WarpSize> Phases; // NumPhases <= WarpSize
  for (unsigned P = 0; P < NumPhases; ++P) {
    Phases[P] = phase(Lanes, W, R.Count, P * PerPhase, PerPhase);
    if (Src && Phases[P].AnyActive)
      Phases[P].Wavefronts = std::max(Phases[P].Wavefronts, sourceRuns(Lanes, *Src, W, P * PerPhase, PerPhase));
  }
  unsigned Total = 0;
  if (!R.MergePairs || NumPhases == 1) {
    for (unsigned P = 0; P < NumPhases; ++P)
      Total += Phases[P].Wavefronts * R.PassesPerPhase;
    return Total;
  }
  for (unsigned P = 0; P < NumPhases; P += 2) {
    const PhaseInfo &A = Phases[P], &B = Phases[P + 1];
    bool Merge = A.Wavefronts == 1 && B.Wavefronts == 1 &&
                 ((A.BankMask & B.BankMask) == 0 ||
                  (A.OneAddress && B.OneAddress && A.Address == B.Address));
    Total += (Merge ? 1 : A.Wavefronts + B.Wavefronts) * R.PassesPerPhase;
  }
  return Total;
}

/// The CAS loop of a float (4 bytes) or 64-bit add: each round, the lanes
/// still pending load the word (LDS rules) and try ATOMS.CAST.SPIN, which
/// takes two wavefronts per phase with a pending lane; in each phase the
/// lowest pending lane of each bank succeeds unless an earlier phase of the
/// round already wrote its address (its compare value is then stale).
struct LoopCost {
  unsigned Rounds = 0, Wavefronts = 0;
};
LoopCost casLoop(const WarpAddresses &Lanes, unsigned W) {
  LoopCost C;
  WarpAddresses Pending = Lanes;
  unsigned PerPhase = W <= 4 ? 32 : 16;
  for (;;) {
    bool Any = false;
    for (const LaneAddress &L : Pending)
      Any |= L.Active;
    if (!Any || C.Rounds > 4 * WarpSize)
      return C;
    ++C.Rounds;
    C.Wavefronts += served(Pending, W, Form::LDS);
    std::vector<std::uint64_t> Written;
    std::vector<unsigned> Done;
    for (unsigned First = 0; First < WarpSize; First += PerPhase) {
      std::uint32_t Used = 0;
      bool PhaseActive = false;
      std::vector<unsigned> Mine;
      for (unsigned I = First; I < First + PerPhase; ++I) {
        const LaneAddress &L = Pending[I];
        if (!L.Active)
          continue;
        PhaseActive = true;
        std::vector<std::uint64_t> Words;
        wordsOf(L, W, Words);
        std::uint32_t Banks = 0;
        for (std::uint64_t Wd : Words)
          Banks |= 1u << (Wd % NumBanks);
        if (Banks & Used)
          continue;
        Used |= Banks;
        if (std::find(Written.begin(), Written.end(), L.Byte) != Written.end())
          continue;
        Mine.push_back(I);
      }
      if (PhaseActive)
        C.Wavefronts += 2;
      for (unsigned I : Mine) {
        Written.push_back(Pending[I].Byte);
        Done.push_back(I);
      }
    }
    for (unsigned I : Done)
      Pending[I].Active = false;
  }
}

WarpAddresses contiguous(const WarpAddresses &Lanes, unsigned W) {
  WarpAddresses C;
  for (unsigned I = 0; I < WarpSize; ++I)
    C[I] = {Lanes[I].Active, std::uint64_t(I) * W};
  return C;
}

/// ATOMS.POPC.INC: the warp's increments are summed and one lane adds them.
WarpAddresses leaderOnly(const WarpAddresses &Lanes) {
  WarpAddresses L{};
  for (unsigned I = 0; I < WarpSize; ++I)
    if (Lanes[I].Active) {
      L[I] = Lanes[I];
      break;
    }
  return L;
}
} // namespace

SourceRuns worstSourceRuns(const WarpAccess &A) {
  SourceRuns Out;
  if (A.F != Form::LDGSTS || !hasSources(A))
    return Out;
  const unsigned W = bytesOf(A), PerPhase = lanesPerPhase(W, A.F);
  for (unsigned P = 0; P < WarpSize / PerPhase; ++P) {
    std::vector<std::uint32_t> Runs = sourceRunLanes(A.Lanes, A.Source, W, P * PerPhase, PerPhase);
    if (Runs.size() > Out.Runs) {
      Out.Phase = P;
      Out.Runs = unsigned(Runs.size());
      Out.LaneMasks = std::move(Runs);
    }
  }
  return Out;
}

unsigned wavefronts(const WarpAccess &A) {
  WarpAddresses L = addressLanes(A);
  unsigned W = bytesOf(A);
  if (rule(A.F).Simulated)
    return casLoop(L, W).Wavefronts;
  if (A.F == Form::ATOMS_POPC_INC)
    L = leaderOnly(L);
  return served(L, W, A.F, A.F == Form::LDGSTS && hasSources(A) ? &A.Source : nullptr);
}

unsigned idealWavefronts(const WarpAccess &A) {
  WarpAccess C = A;
  C.Lanes = contiguous(addressLanes(A), bytesOf(A));
  C.Source = {}; // the ideal copy reads one contiguous source
  return wavefronts(C);
}

namespace {
/// The cache key: form, width, active lanes and each active lane's byte offset
/// from the first active lane's word.
struct CostKey {
  std::array<std::uint64_t, WarpSize + 1> V{};
  bool operator==(const CostKey &O) const { return V == O.V; }
};
struct CostKeyHash {
  std::size_t operator()(const CostKey &K) const {
    std::uint64_t H = 1469598103934665603ull;
    for (std::uint64_t X : K.V)
      H = (H ^ X) * 1099511628211ull + (H >> 29);
    return static_cast<std::size_t>(H);
  }
};
constexpr std::size_t MaxCachedCosts = 1 << 14;
} // namespace

WarpCost warpCost(const WarpAccess &A) {
  if (hasSources(A))
    return {wavefronts(A), idealWavefronts(A)};
  CostKey K;
  std::uint64_t Base = 0;
  bool Found = false;
  std::uint32_t Mask = 0;
  for (unsigned I = 0; I < WarpSize; ++I) {
    if (!A.Lanes[I].Active)
      continue;
    if (!Found) {
      Base = A.Lanes[I].Byte - A.Lanes[I].Byte % BankBytes;
      Found = true;
    }
    Mask |= 1u << I;
    K.V[I + 1] = A.Lanes[I].Byte - Base; // modulo 2^64, as the addresses are
  }
  K.V[0] = Mask | std::uint64_t(A.Bytes) << 32 | std::uint64_t(static_cast<unsigned>(A.F)) << 40;
  thread_local std::unordered_map<CostKey, WarpCost, CostKeyHash> Cache;
  if (auto It = Cache.find(K); It != Cache.end())
    return It->second;
  if (Cache.size() >= MaxCachedCosts)
    Cache.clear();
  WarpCost C{wavefronts(A), idealWavefronts(A)};
  Cache.emplace(K, C);
  return C;
}

unsigned instructions(const WarpAccess &A) {
  WarpAddresses L = addressLanes(A);
  bool Any = false;
  for (const LaneAddress &X : L)
    Any |= X.Active;
  if (!Any)
    return 0;
  if (rule(A.F).Simulated)
    return 2 * casLoop(L, bytesOf(A)).Rounds;
  return 1;
}

unsigned wavefronts(const WarpAddresses &Lanes, unsigned W, Form F) {
  return wavefronts(WarpAccess{Lanes, W, F});
}

unsigned idealWavefronts(const WarpAddresses &Lanes, unsigned W, Form F) {
  return idealWavefronts(WarpAccess{Lanes, W, F});
}

unsigned conflictDegree(unsigned Wavefronts, unsigned Ideal) {
  if (Ideal == 0)
    return 1;
  return std::max(1u, (Wavefronts + Ideal - 1) / Ideal);
}

BankCollision worstBank(const WarpAddresses &In, unsigned AccessBytes, Form F) {
  WarpAccess A{In, AccessBytes, F};
  WarpAddresses Lanes = addressLanes(A);
  unsigned W = bytesOf(A);
  bool PerLane = rule(F).Count == Counting::LaneWords;
  BankCollision Best;
  unsigned PerPhase = rule(F).Simulated ? (W <= 4 ? 32 : 16) : lanesPerPhase(W, F);
  std::vector<std::uint64_t> Mine;
  for (unsigned P = 0; P < WarpSize / PerPhase; ++P) {
    // Each bank's words in lane order, with the lanes that touch it.
    std::array<std::vector<std::uint64_t>, NumBanks> Words;
    std::array<std::uint32_t, NumBanks> Mask{};
    std::array<unsigned, NumBanks> LaneWords{};
    for (unsigned I = P * PerPhase; I < (P + 1) * PerPhase; ++I) {
      if (!Lanes[I].Active)
        continue;
      Mine.clear();
      wordsOf(Lanes[I], W, Mine);
      for (std::uint64_t Wd : Mine) {
        unsigned B = static_cast<unsigned>(Wd % NumBanks);
        Words[B].push_back(Wd);
        Mask[B] |= 1u << I;
        ++LaneWords[B];
      }
    }
    for (unsigned B = 0; B < NumBanks; ++B) {
      std::vector<std::uint64_t> &Ws = Words[B];
      std::sort(Ws.begin(), Ws.end());
      Ws.erase(std::unique(Ws.begin(), Ws.end()), Ws.end());
      unsigned NumWords = static_cast<unsigned>(std::min<std::size_t>(Ws.size(), Best.Words.size()));
      unsigned NumUses = PerLane ? LaneWords[B] : NumWords;
      if (NumUses <= Best.NumUses)
        continue;
      Best = BankCollision{};
      Best.Bank = B;
      Best.Phase = P;
      Best.LaneMask = Mask[B];
      Best.NumWords = NumWords;
      std::copy_n(Ws.begin(), NumWords, Best.Words.begin());
      Best.NumUses = NumUses;
    }
  }
  return Best;
}

} // namespace bankcheck::bank

//===- Wavefronts.cpp - The sm_90 shared-memory bank rules ----------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "BankModel/Wavefronts.h"

#include <algorithm>
#include <vector>

namespace bankcheck::bank {

bool isValidAccessWidth(unsigned W) {
  return W == 1 || W == 2 || W == 4 || W == 8 || W == 16;
}

namespace {
unsigned lanesPerPhase(unsigned AccessBytes) {
  return AccessBytes <= 4 ? 32 : AccessBytes == 8 ? 16 : 8;
}

/// Words touched by one lane: the aligned words covering [Byte, Byte + W).
void wordsOf(const LaneAddress &L, unsigned W, std::vector<std::uint64_t> &Out) {
  std::uint64_t First = L.Byte / BankBytes;
  std::uint64_t Last = First + (L.Byte % BankBytes + (W ? W : 1) - 1) / BankBytes; // no wrap-around
  for (std::uint64_t Wd = First; Wd <= Last; ++Wd)
    Out.push_back(Wd);
}

struct PhaseInfo {
  unsigned Wavefronts = 0; ///< 0 when no lane is active
  std::uint32_t BankMask = 0;
  bool OneAddress = true;  ///< every active lane has the same byte address
  bool AnyActive = false;
  std::uint64_t Address = 0;
};

PhaseInfo phase(const WarpAddresses &Lanes, unsigned W, unsigned First, unsigned Count) {
  PhaseInfo P;
  std::vector<std::uint64_t> Words;
  for (unsigned I = First; I < First + Count; ++I) {
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
  std::sort(Words.begin(), Words.end());
  Words.erase(std::unique(Words.begin(), Words.end()), Words.end());
  std::array<unsigned, NumBanks> PerBank{};
  for (std::uint64_t Wd : Words) {
    unsigned B = static_cast<unsigned>(Wd % NumBanks);
    P.BankMask |= 1u << B;
    P.Wavefronts = std::max(P.Wavefronts, ++PerBank[B]);
  }
  return P;
}
} // namespace

unsigned wavefronts(const WarpAddresses &Lanes, unsigned W) {
  unsigned PerPhase = lanesPerPhase(W);
  unsigned NumPhases = WarpSize / PerPhase;
  std::vector<PhaseInfo> Phases;
  for (unsigned P = 0; P < NumPhases; ++P)
    Phases.push_back(phase(Lanes, W, P * PerPhase, PerPhase));
  if (NumPhases == 1)
    return Phases[0].Wavefronts;
  unsigned Total = 0;
  for (unsigned P = 0; P < NumPhases; P += 2) {
    const PhaseInfo &A = Phases[P], &B = Phases[P + 1];
    bool Merge = A.Wavefronts == 1 && B.Wavefronts == 1 &&
                 ((A.BankMask & B.BankMask) == 0 ||
                  (A.OneAddress && B.OneAddress && A.Address == B.Address));
    Total += Merge ? 1 : A.Wavefronts + B.Wavefronts;
  }
  return Total;
}

unsigned idealWavefronts(const WarpAddresses &Lanes, unsigned W) {
  WarpAddresses Contiguous;
  for (unsigned I = 0; I < WarpSize; ++I)
    Contiguous[I] = {Lanes[I].Active, std::uint64_t(I) * W};
  return wavefronts(Contiguous, W);
}

unsigned conflictDegree(unsigned Wavefronts, unsigned Ideal) {
  if (Ideal == 0)
    return 1;
  return std::max(1u, (Wavefronts + Ideal - 1) / Ideal);
}

BankCollision worstBank(const WarpAddresses &Lanes, unsigned W) {
  BankCollision Best;
  unsigned PerPhase = lanesPerPhase(W);
  for (unsigned P = 0; P < WarpSize / PerPhase; ++P) {
    for (unsigned B = 0; B < NumBanks; ++B) {
      BankCollision C;
      C.Bank = B;
      C.Phase = P;
      std::vector<std::uint64_t> Words;
      for (unsigned I = P * PerPhase; I < (P + 1) * PerPhase; ++I) {
        if (!Lanes[I].Active)
          continue;
        std::vector<std::uint64_t> Mine;
        wordsOf(Lanes[I], W, Mine);
        for (std::uint64_t Wd : Mine)
          if (Wd % NumBanks == B) {
            Words.push_back(Wd);
            C.LaneMask |= 1u << I;
          }
      }
      std::sort(Words.begin(), Words.end());
      Words.erase(std::unique(Words.begin(), Words.end()), Words.end());
      C.NumWords = static_cast<unsigned>(std::min<std::size_t>(Words.size(), C.Words.size()));
      std::copy_n(Words.begin(), C.NumWords, C.Words.begin());
      if (C.NumWords > Best.NumWords)
        Best = C;
    }
  }
  return Best;
}

} // namespace bankcheck::bank

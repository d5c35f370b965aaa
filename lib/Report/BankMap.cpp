//===- BankMap.cpp - Banks x wavefronts of one warp access -------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Report/BankMap.h"

#include <algorithm>
#include <map>

namespace bankcheck::report {

namespace {
constexpr unsigned NumBanks = 32, BankBytes = 4, WarpSize = 32;
constexpr unsigned MinLabelWidth = 12; ///< "wavefront 31"
const char *Red = "\033[1;31m", *Dim = "\033[2m", *Bold = "\033[1m", *Reset = "\033[0m";

unsigned lanesPerPhase(unsigned AccessBytes) {
  return AccessBytes <= 4 ? 32 : AccessBytes == 8 ? 16 : 8;
}

/// The wavefronts of one phase, before pairs are merged.
struct PhaseMap {
  std::vector<std::array<BankCell, NumBanks>> Rows; ///< one per wavefront
  std::array<unsigned, NumBanks> WordsPerBank{};
  std::uint32_t BankMask = 0;
  bool AnyActive = false, OneAddress = true;
  std::uint64_t Address = 0;
};

PhaseMap phaseMap(const LaneOffsets &Lanes, unsigned W, unsigned First, unsigned Count) {
  PhaseMap P;
  std::array<std::map<std::uint64_t, std::uint32_t>, NumBanks> PerBank; // word -> lanes
  for (unsigned I = First; I < First + Count; ++I) {
    if (!Lanes[I])
      continue;
    std::uint64_t Byte = *Lanes[I];
    if (P.AnyActive && Byte != P.Address)
      P.OneAddress = false;
    if (!P.AnyActive)
      P.Address = Byte;
    P.AnyActive = true;
    for (std::uint64_t Wd = Byte / BankBytes, Last = (Byte + std::max(W, 1u) - 1) / BankBytes;
         Wd <= Last; ++Wd)
      PerBank[Wd % NumBanks][Wd] |= 1u << I;
  }
  for (unsigned B = 0; B < NumBanks; ++B) {
    P.WordsPerBank[B] = static_cast<unsigned>(PerBank[B].size());
    if (PerBank[B].empty())
      continue;
    P.BankMask |= 1u << B;
    if (P.Rows.size() < PerBank[B].size())
      P.Rows.resize(PerBank[B].size());
    unsigned K = 0; // wavefront K serves the bank's K-th word, ascending
    for (const auto &[Word, Mask] : PerBank[B])
      P.Rows[K++][B] = BankCell{Mask, Word};
  }
  return P;
}

std::string rightAlign(const std::string &S, std::size_t Width) {
  return S.size() >= Width ? S : std::string(Width - S.size(), ' ') + S;
}
std::string leftAlign(const std::string &S, std::size_t Width) {
  return S.size() >= Width ? S : S + std::string(Width - S.size(), ' ');
}
std::string rtrim(std::string S) {
  while (!S.empty() && S.back() == ' ')
    S.pop_back();
  return S;
}

std::string phaseHeading(const BankMap &M, const BankRow &R) {
  unsigned First = R.FirstPhase * M.LanesPerPhase, Last = (R.LastPhase + 1) * M.LanesPerPhase - 1;
  std::string S = R.LastPhase > R.FirstPhase ? "phases " + std::to_string(R.FirstPhase) + "+" +
                                                   std::to_string(R.LastPhase)
                                             : "phase " + std::to_string(R.FirstPhase);
  S += " \u00b7 lanes " + std::to_string(First) + "-" + std::to_string(Last);
  if (R.LastPhase > R.FirstPhase)
    S += " (merged into one wavefront)";
  return S;
}
} // namespace

int BankCell::firstLane() const {
  for (unsigned L = 0; L < WarpSize; ++L)
    if ((LaneMask >> L) & 1u)
      return static_cast<int>(L);
  return -1;
}

unsigned BankCell::numLanes() const {
  unsigned N = 0;
  for (std::uint32_t M = LaneMask; M; M &= M - 1)
    ++N;
  return N;
}

BankMap computeBankMap(const LaneOffsets &Lanes, unsigned AccessBytes) {
  BankMap M;
  M.AccessBytes = AccessBytes;
  M.LanesPerPhase = lanesPerPhase(AccessBytes);
  unsigned NumPhases = WarpSize / M.LanesPerPhase;
  std::vector<PhaseMap> Phases;
  for (unsigned P = 0; P < NumPhases; ++P)
    Phases.push_back(phaseMap(Lanes, AccessBytes, P * M.LanesPerPhase, M.LanesPerPhase));

  for (const PhaseMap &P : Phases)
    for (unsigned N : P.WordsPerBank)
      M.MaxWords = std::max(M.MaxWords, N);
  if (M.MaxWords > 1)
    for (const PhaseMap &P : Phases)
      for (unsigned B = 0; B < NumBanks; ++B)
        if (P.WordsPerBank[B] == M.MaxWords)
          M.CollidingBanks |= 1u << B;

  auto Emit = [&](const PhaseMap &P, unsigned Phase) {
    for (const auto &Cells : P.Rows) {
      BankRow R;
      R.FirstPhase = R.LastPhase = Phase;
      R.Wavefront = M.wavefronts();
      R.Cells = Cells;
      M.Rows.push_back(R);
    }
  };
  if (NumPhases == 1) {
    Emit(Phases[0], 0);
    return M;
  }
  for (unsigned P = 0; P < NumPhases; P += 2) {
    const PhaseMap &A = Phases[P], &B = Phases[P + 1];
    bool Merge = A.Rows.size() == 1 && B.Rows.size() == 1 &&
                 ((A.BankMask & B.BankMask) == 0 ||
                  (A.OneAddress && B.OneAddress && A.Address == B.Address));
    if (!Merge) {
      Emit(A, P);
      Emit(B, P + 1);
      continue;
    }
    // Disjoint banks never share a cell; one address gives the same cells.
    BankRow R;
    R.FirstPhase = P;
    R.LastPhase = P + 1;
    R.Wavefront = M.wavefronts();
    R.Cells = A.Rows[0];
    for (unsigned Bk = 0; Bk < NumBanks; ++Bk)
      if (!B.Rows[0][Bk].idle()) {
        R.Cells[Bk].Word = B.Rows[0][Bk].Word;
        R.Cells[Bk].LaneMask |= B.Rows[0][Bk].LaneMask;
      }
    M.Rows.push_back(R);
  }
  return M;
}

std::string formatBankList(std::uint32_t Mask) {
  std::string S;
  for (unsigned B = 0; B < NumBanks;) {
    if (!((Mask >> B) & 1u)) {
      ++B;
      continue;
    }
    unsigned E = B;
    while (E + 1 < NumBanks && ((Mask >> (E + 1)) & 1u))
      ++E;
    if (!S.empty())
      S += ", ";
    S += std::to_string(B);
    if (E > B)
      S += "-" + std::to_string(E);
    B = E + 1;
  }
  return S;
}

std::string rowLabel(const BankRow &Row) {
  std::string S = Row.LastPhase > Row.FirstPhase ? "phases " + std::to_string(Row.FirstPhase) +
                                                       "+" + std::to_string(Row.LastPhase)
                                                 : "phase " + std::to_string(Row.FirstPhase);
  return S + ", wavefront " + std::to_string(Row.Wavefront);
}

std::string renderBankMap(const LaneOffsets &Lanes, unsigned AccessBytes, bool Color) {
  BankMap M = computeBankMap(Lanes, AccessBytes);
  std::size_t LabelWidth = MinLabelWidth;
  for (const BankRow &R : M.Rows)
    LabelWidth = std::max(LabelWidth, ("wavefront " + std::to_string(R.Wavefront)).size());

  // Each bank is 4 columns: an opening mark, two digits, a closing mark.
  std::string Out = leftAlign("bank", LabelWidth);
  for (unsigned B = 0; B < NumBanks; ++B) {
    std::string Num = rightAlign(std::to_string(B), 2);
    if (!M.colliding(B))
      Out += " " + Num + " ";
    else if (Color)
      Out += std::string(" ") + Red + Num + Reset + " ";
    else
      Out += "[" + Num + "]";
  }
  Out = rtrim(Out) + "\n";

  if (M.Rows.empty())
    Out += "no active lane\n";
  for (std::size_t I = 0; I < M.Rows.size(); ++I) {
    const BankRow &R = M.Rows[I];
    if (I == 0 || R.FirstPhase != M.Rows[I - 1].FirstPhase) {
      std::string Heading = phaseHeading(M, R);
      Out += Color ? Bold + Heading + Reset + "\n" : Heading + "\n";
    }
    std::string Line = leftAlign("wavefront " + std::to_string(R.Wavefront), LabelWidth);
    for (unsigned B = 0; B < NumBanks; ++B) {
      const BankCell &C = R.Cells[B];
      if (C.idle()) {
        Line += Color ? std::string("  ") + Dim + "\u00b7" + Reset + " " : "  \u00b7 ";
        continue;
      }
      std::string Num = rightAlign(std::to_string(C.firstLane()), 2);
      std::string Mark = C.broadcast() ? "*" : " ";
      if (Color && M.colliding(B))
        Line += std::string(" ") + Red + Num + Mark + Reset;
      else
        Line += " " + Num + Mark;
    }
    Out += rtrim(Line) + "\n";
  }

  Out += std::to_string(M.wavefronts()) + (M.wavefronts() == 1 ? " wavefront" : " wavefronts");
  if (M.MaxWords > 1) {
    bool Several = (M.CollidingBanks & (M.CollidingBanks - 1)) != 0;
    Out += Several ? "; colliding banks " : "; colliding bank ";
    Out += formatBankList(M.CollidingBanks) + (Several ? " hold " : " holds ") +
           std::to_string(M.MaxWords) + " distinct words";
    if (M.LanesPerPhase < WarpSize)
      Out += Several ? " each in one phase" : " in one phase";
    else if (Several)
      Out += " each";
  } else if (M.MaxWords == 1) {
    Out += "; no bank holds two distinct words in one phase";
  }
  return Out + "\n";
}

std::string renderBankMap(const Finding &F, bool Color) {
  if (!F.HasWorst)
    return "";
  std::string Title = "bank map of ";
  Title += F.WorstWarp ? "warp " + std::to_string(*F.WorstWarp) : std::string("the worst warp");
  std::string Where;
  for (const std::string *Part : {&F.WorstIteration, &F.WorstValues})
    if (!Part->empty())
      Where += (Where.empty() ? "" : ", ") + *Part;
  if (!Where.empty())
    Title += " (" + Where + ")";
  Title += ", " + std::to_string(F.AccessBytes) + "-byte " + (F.Kind.empty() ? "access" : F.Kind) +
           ": " + std::to_string(F.WavefrontsWorst) + " wavefronts, ideal " +
           std::to_string(F.IdealWavefronts);
  if (Color)
    Title = Bold + Title + Reset;
  std::string Map = renderBankMap(F.WorstLanes, F.AccessBytes, Color);
  if (!F.WorstSourceRuns.empty())
    Map += "the global source: " + F.WorstSourceRuns + " (" + std::to_string(F.WavefrontsWorst) +
           " wavefronts in all)\n";
  return Title + "\n" + Map;
}

} // namespace bankcheck::report

//===- PaddingSolver.cpp - Choose padding that removes bank conflicts -----===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Fix/PaddingSolver.h"

#include <algorithm>

namespace bankcheck::fix {

namespace {
struct Eval {
  bool Ok = true;             ///< every access decided and aligned
  std::uint64_t Work = 0;
  std::string Why;
  unsigned MaxDegree = 0;
  std::vector<unsigned> Worst;
  std::vector<double> Mean;
};

Eval evaluate(const PaddingProblem &P, std::int64_t Pad) {
  Eval E;
  for (const ArrayAccess &A : P.Accesses) {
    std::int64_t Extent = A.InnerExtent + Pad;
    bank::AccessQuery Q = A.Query;
    bool Bound = false;
    for (auto &[Id, V] : Q.Bindings)
      if (Id == A.Inner) {
        V = Extent;
        Bound = true;
      }
    if (!Bound)
      Q.Bindings.push_back({A.Inner, Extent});
    bank::AccessResult R = bank::analyzeAccess(Q, *A.Symbols);
    E.Work += R.Work;
    if (R.St == bank::Status::Unknown) {
      E.Ok = false;
      E.Why = "the access at " + A.Where + " cannot be analysed (" + R.Reason + ")";
      return E;
    }
    if (R.InvariantBroken || R.InvariantUnknown) {
      E.Ok = false;
      E.Why = "the access at " + A.Where + (R.InvariantBroken ? " reaches" : " may reach") +
              " past the end of its row, which padding would change";
      return E;
    }
    if (R.Misaligned) {
      E.Ok = false;
      E.Why = "the " + std::to_string(Q.AccessBytes) + "-byte access at " + A.Where +
              " would no longer be aligned";
      return E;
    }
    E.MaxDegree = std::max(E.MaxDegree, R.Degree);
    E.Worst.push_back(R.WorstWavefronts);
    E.Mean.push_back(R.MeanWavefronts);
  }
  return E;
}
} // namespace

PaddingOutcome proposePadding(const PaddingProblem &P) {
  PaddingOutcome Out;
  if (P.Accesses.empty()) {
    Out.WhyNot = "no access to pad for";
    return Out;
  }
  Eval Before = evaluate(P, 0);
  std::uint64_t Spent = Before.Work;
  if (!Before.Ok) {
    Out.WhyNot = Before.Why;
    return Out;
  }
  if (Before.MaxDegree <= 1) {
    Out.WhyNot = "no conflict to remove";
    return Out;
  }
  // The bank of a row start repeats when the row grows by 128 bytes: trying
  // one full period finds the best padding there is.
  std::int64_t MinElem = 128;
  for (const ArrayAccess &A : P.Accesses)
    MinElem = std::max<std::int64_t>(1, std::min(MinElem, A.ElementBytes));
  std::int64_t Period = std::max<std::int64_t>(1, 128 / MinElem);
  std::int64_t BestPad = 0, BestBytes = 0, BestAdded = 0;
  Eval Best = Before;
  std::string LastWhy;
  for (std::int64_t Pad = 1; Pad <= Period; ++Pad) {
    std::int64_t MaxBytes = 0, MaxAdded = 0;
    for (const ArrayAccess &A : P.Accesses) {
      MaxBytes = std::max(MaxBytes, A.OtherStaticBytes + A.OuterElements * (A.InnerExtent + Pad) * A.ElementBytes);
      MaxAdded = std::max(MaxAdded, A.OuterElements * Pad * A.ElementBytes);
    }
    if (!P.Dynamic && MaxBytes > P.StaticLimit) {
      LastWhy = "padding would take the kernel's static shared memory to " + std::to_string(MaxBytes) +
                " bytes, over the " + std::to_string(P.StaticLimit) + "-byte limit";
      break;
    }
    if (Spent + Before.Work > P.WorkBudget) {
      LastWhy = "the padding search stopped at its work budget (too many warps and loop iterations)";
      break;
    }
    Eval E = evaluate(P, Pad);
    Spent += E.Work;
    if (!E.Ok) {
      LastWhy = E.Why;
      continue;
    }
    bool Worse = false;
    for (std::size_t I = 0; I < E.Worst.size(); ++I)
      Worse |= E.Worst[I] > Before.Worst[I] || E.Mean[I] > Before.Mean[I] + 1e-9;
    if (Worse) {
      LastWhy = "every padding that helps makes another access of the array worse";
      continue;
    }
    if (E.MaxDegree < Best.MaxDegree) {
      Best = E;
      BestPad = Pad;
      BestBytes = MaxBytes;
      BestAdded = MaxAdded;
      if (E.MaxDegree == 1)
        break;
    }
  }
  if (BestPad == 0) {
    Out.WhyNot = LastWhy.empty() ? "no padding of the innermost dimension lowers the conflict" : LastWhy;
    return Out;
  }
  PaddingProposal Prop;
  Prop.Pad = BestPad;
  Prop.PadBytes = BestPad * P.Accesses.front().ElementBytes;
  Prop.DegreeBefore = Before.MaxDegree;
  Prop.DegreeAfter = Best.MaxDegree;
  Prop.BytesAdded = BestAdded;
  Prop.NewStaticBytes = BestBytes;
  Out.Proposal = Prop;
  return Out;
}

std::string swizzleSuggestion(const std::string &Row, const std::string &Col,
                              std::int64_t InnerExtent, std::int64_t ElementBytes) {
  // Words per row; the swizzle permutes the columns within each row by the
  // row number, so a column walk visits every bank once.
  std::int64_t Mask = std::min<std::int64_t>(InnerExtent, 32 * 4 / std::max<std::int64_t>(ElementBytes, 1)) - 1;
  return Col + " ^ (" + Row + " & " + std::to_string(Mask) + ")";
}

} // namespace bankcheck::fix

//===- PaddingSolver.cpp - Choose padding that removes bank conflicts -----===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Fix/PaddingSolver.h"
#include "Fix/AccessEvaluation.h"

#include <algorithm>
#include <map>

namespace bankcheck::fix {

namespace {
using Eval = detail::Evaluation;

/// The accesses under a padding (Only: those alone, as evaluateAccesses).
Eval evaluate(const PaddingProblem &P, std::int64_t Pad, const std::vector<std::size_t> *Only = nullptr) {
  return detail::evaluateAccesses(P, Pad, "which padding would change", /*MisalignedStops=*/false, Only);
}

/// A padding that lowers the worst degree but breaks a constraint: the
/// reason given when no padding is proposed is the one of the best of them
/// (aligned before misaligned, then the lowest degree, then the smallest).
struct Rejected {
  bool Aligned = false;
  unsigned Degree = 0;
  std::int64_t Pad = 0;
  std::string Why;
  bool betterThan(const Rejected &O) const {
    if (Aligned != O.Aligned)
      return Aligned;
    if (Degree != O.Degree)
      return Degree < O.Degree;
    return Pad < O.Pad;
  }
};
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
  std::optional<Rejected> BestRejected;
  std::string Stopped;          // a reason that is not a candidate's (budget, undecidable)
  std::int64_t StoppedAt = 0;   // the padding whose evaluation gave it (0: the budget's, or none)
  // Only an access that takes more than one wavefront can take fewer, so a
  // padding that lowers nothing (most of them) is known from those accesses
  // alone; the others are evaluated for a padding that lowers something (it
  // may be proposed, or named in a reason). Paddings passed over that way
  // are evaluated whole only if a reason of their own could be the answer.
  std::vector<std::size_t> Improvable;
  for (std::size_t I = 0; I < Before.Worst.size(); ++I)
    if (Before.Worst[I] > 1)
      Improvable.push_back(I);
  std::vector<std::int64_t> PassedOver;
  // cp.async writes of whole 128-byte rows are at their ideal; the same copies
  // into padded rows are not, once several warps are in flight (measured,
  // docs/bank-model.md), though one warp's model says they are. A padding
  // that takes such rows off 128-byte multiples is held to make them worse.
  auto CopyRows = [&](std::int64_t Pad) -> std::string {
    for (const ArrayAccess &A : P.Accesses)
      if (A.Query.F == bank::Form::LDGSTS && (A.InnerExtent * A.ElementBytes) % 128 == 0 &&
          ((A.InnerExtent + Pad) * A.ElementBytes) % 128 != 0)
        return A.Where;
    return "";
  };
  for (std::int64_t Pad = 1; Pad <= Period; ++Pad) {
    std::int64_t MaxBytes = 0, MaxAdded = 0;
    for (const ArrayAccess &A : P.Accesses) {
      MaxBytes = std::max(MaxBytes, A.OtherStaticBytes + A.OuterElements * (A.InnerExtent + Pad) * A.ElementBytes);
      MaxAdded = std::max(MaxAdded, A.OuterElements * Pad * A.ElementBytes);
    }
    if (Spent + Before.Work > P.WorkBudget) {
      Stopped = "the padding search stopped at its work budget (too many warps and loop iterations)";
      StoppedAt = 0;
      break;
    }
    // Most paddings leave the worst warp of every improvable access where it
    // was: the instance that gave it, alone, shows that much more cheaply than
    // all of them (a loop's accesses are one instance per unrolled
    // iteration). Such a padding is passed over as below (where every access
    // was measured whole, it is no candidate and hides no reason); the budget
    // counts the instances evaluated. Where that instance does not tell, its
    // work is not counted, so that the search reaches at least as far as
    // before.
    std::uint64_t Probe = 0;
    bool Whole = false;
    if (!Improvable.empty() && detail::keepsWorst(P, Pad, Improvable, Before, Probe, Whole)) {
      Spent += Probe;
      if (!Whole || Improvable.size() < P.Accesses.size())
        PassedOver.push_back(Pad);
      continue;
    }
    if (Improvable.size() < P.Accesses.size()) {
      Eval S = evaluate(P, Pad, &Improvable);
      bool Lowers = S.MaxDegree < Before.MaxDegree;
      for (std::size_t K = 0; K < Improvable.size() && S.Ok && !Lowers; ++K)
        Lowers = S.Worst[K] < Before.Worst[Improvable[K]];
      if (S.Ok && !Lowers) {
        Spent += S.Work;
        PassedOver.push_back(Pad);
        continue; // not a candidate: it lowers nothing (see below)
      }
      // A candidate: the budget counts its whole evaluation below, as it
      // always did, so the search reaches at least as far as before.
    }
    Eval E = evaluate(P, Pad);
    Spent += E.Work;
    if (!E.Ok) {
      if (Stopped.empty()) {
        Stopped = E.Why;
        StoppedAt = Pad;
      }
      continue;
    }
    // A candidate lowers the worst degree, or at least one access's worst
    // warp (then it can only be refused, and the reason says what it trades).
    std::size_t Helped = E.Worst.size();
    for (std::size_t I = 0; I < E.Worst.size(); ++I)
      if (E.Worst[I] < Before.Worst[I] &&
          (Helped == E.Worst.size() || Before.Worst[I] - E.Worst[I] > Before.Worst[Helped] - E.Worst[Helped]))
        Helped = I;
    if (E.MaxDegree >= Before.MaxDegree && Helped == E.Worst.size())
      continue; // not a candidate: it lowers nothing
    // The constraints, in the order they are named.
    Rejected Rej{E.Misaligned.empty(), E.MaxDegree, Pad, ""};
    std::size_t WorseAt = E.Worst.size();
    for (std::size_t I = 0; I < E.Worst.size() && WorseAt == E.Worst.size(); ++I)
      if (E.Worst[I] > Before.Worst[I] || E.Mean[I] > Before.Mean[I] + 1e-9)
        WorseAt = I;
    std::string Helps = "padding by " + std::to_string(Pad) + (Pad == 1 ? " element" : " elements") +
                        (E.MaxDegree < Before.MaxDegree
                             ? " would lower the conflict to " + std::to_string(E.MaxDegree) + "-way but "
                             : " would take the access at " + P.Accesses[Helped].Where + " from " +
                                   std::to_string(Before.Worst[Helped]) + " to " +
                                   std::to_string(E.Worst[Helped]) + " wavefronts but ");
    if (!E.Misaligned.empty())
      Rej.Why = Helps + "would misalign " + E.Misaligned;
    else if (WorseAt < E.Worst.size())
      Rej.Why = Helps + "would make the access at " + P.Accesses[WorseAt].Where + " worse (" +
                std::to_string(Before.Worst[WorseAt]) + " -> " + std::to_string(E.Worst[WorseAt]) +
                " wavefronts in its worst warp)";
    else if (!CopyRows(Pad).empty())
      Rej.Why = Helps + "would move the cp.async writes at " + CopyRows(Pad) +
                " off whole 128-byte rows (copies into 144-byte rows measured 2.6x their ideal with several "
                "warps in flight, which the model of one warp does not show)";
    else if (!P.Dynamic && MaxBytes > P.StaticLimit)
      Rej.Why = Helps + "would take the kernel's static shared memory to " + std::to_string(MaxBytes) +
                " bytes, over the " + std::to_string(P.StaticLimit) + "-byte limit";
    if (Rej.Why.empty() && E.MaxDegree >= Before.MaxDegree)
      Rej.Why = Helps + "leaves the worst degree at " + std::to_string(E.MaxDegree) + "-way";
    if (!Rej.Why.empty()) {
      if (!BestRejected || Rej.betterThan(*BestRejected))
        BestRejected = Rej;
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
  if (BestPad == 0 && !BestRejected && (Stopped.empty() || StoppedAt != 0)) {
    // The reason is the first padding's that cannot be evaluated: one passed
    // over before it may be, through an access that was not evaluated.
    for (std::int64_t Pad : PassedOver) {
      if (StoppedAt != 0 && Pad > StoppedAt)
        break;
      Eval E = evaluate(P, Pad);
      if (!E.Ok) {
        Stopped = E.Why;
        break;
      }
    }
  }
  if (BestPad == 0) {
    Out.WhyNot = BestRejected ? BestRejected->Why
                 : !Stopped.empty() ? Stopped
                                    : "no padding of the innermost dimension lowers the conflict";
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

std::optional<PerExtentProposal> proposePaddingPerExtent(const PaddingProblem &P, std::string &WhyNot) {
  std::map<std::int64_t, PaddingProblem> ByExtent;
  std::int64_t Elem = 0;
  for (const ArrayAccess &A : P.Accesses) {
    if (Elem && A.ElementBytes != Elem) {
      WhyNot = "its instantiations have elements of different sizes";
      return std::nullopt;
    }
    Elem = A.ElementBytes;
    PaddingProblem &Sub = ByExtent[A.InnerExtent];
    Sub.StaticLimit = P.StaticLimit;
    Sub.WorkBudget = P.WorkBudget;
    Sub.Dynamic = P.Dynamic;
    Sub.Memo = P.Memo; // the accesses keep their keys: each part's evaluations are the whole's
    Sub.Accesses.push_back(A);
  }
  if (ByExtent.size() < 2 || Elem <= 0 || 128 % Elem != 0) {
    WhyNot = "one extent";
    return std::nullopt;
  }
  PerExtentProposal Out;
  Out.Modulus = 128 / Elem;
  Out.Extents = ByExtent.size();
  for (auto &[Extent, Sub] : ByExtent) {
    PaddingOutcome O = proposePadding(Sub);
    std::int64_t Pad = O.Proposal ? O.Proposal->Pad : 0;
    if (!O.Proposal && O.WhyNot != "no conflict to remove") {
      WhyNot = "with extent " + std::to_string(Extent) + ": " + O.WhyNot;
      return std::nullopt;
    }
    bool Whole = Extent % Out.Modulus == 0;
    if (Pad && Out.Pad && Pad != Out.Pad) {
      WhyNot = "its instantiations need different paddings";
      return std::nullopt;
    }
    if (Pad)
      Out.Pad = Pad;
    if ((Pad != 0) != Whole) {
      WhyNot = "the instantiations that need padding are not those whose rows span whole bank periods";
      return std::nullopt;
    }
    Out.DegreeBefore = std::max(Out.DegreeBefore, O.Proposal ? O.Proposal->DegreeBefore : 1u);
    Out.DegreeAfter = std::max(Out.DegreeAfter, O.Proposal ? O.Proposal->DegreeAfter : 1u);
    if (O.Proposal)
      Out.NewStaticBytes = std::max(Out.NewStaticBytes, O.Proposal->NewStaticBytes);
  }
  if (!Out.Pad) {
    WhyNot = "no conflict to remove";
    return std::nullopt;
  }
  return Out;
}

} // namespace bankcheck::fix

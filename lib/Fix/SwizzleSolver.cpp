//===- SwizzleSolver.cpp - Choose an XOR swizzle that removes conflicts ---===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Fix/SwizzleSolver.h"
#include "Fix/AccessEvaluation.h"

#include <algorithm>

namespace bankcheck::fix {

using symbolic::Expr;

Expr swizzledOffset(const Expr &Offset, std::int64_t RowBytes, const Swizzle &S) {
  Expr RB = Expr::constant(RowBytes), U = Expr::constant(S.UnitBytes);
  Expr Row = Offset / RB, InRow = Offset % RB;
  Expr F = (Row >> Expr::constant(S.Shift)) & Expr::constant(S.mask());
  return Row * RB + ((InRow / U) ^ F) * U + InRow % U;
}

std::string swizzledColumn(const std::string &Row, const std::string &Col, std::int64_t ElementBytes,
                           const Swizzle &S) {
  std::string F = "(" + Row + ")";
  if (S.Shift)
    F = "(" + F + " >> " + std::to_string(S.Shift) + ")";
  F += " & " + std::to_string(S.mask());
  std::int64_t PerUnit = std::max<std::int64_t>(1, S.UnitBytes / std::max<std::int64_t>(1, ElementBytes));
  unsigned Log = 0;
  while ((std::int64_t(1) << Log) < PerUnit)
    ++Log;
  if (Log)
    F = "((" + F + ") << " + std::to_string(Log) + ")";
  else
    F = "(" + F + ")";
  return "(" + Col + ") ^ " + F;
}

std::string swizzledOffsetText(const std::string &Offset, std::int64_t RowBytes, const Swizzle &S) {
  std::string F = "(" + Offset + " / " + std::to_string(RowBytes) + ")";
  if (S.Shift)
    F = "(" + F + " >> " + std::to_string(S.Shift) + ")";
  F += " & " + std::to_string(S.mask());
  unsigned Log = 0;
  while ((std::int64_t(1) << Log) < S.UnitBytes)
    ++Log;
  F = Log ? "((" + F + ") << " + std::to_string(Log) + ")" : "(" + F + ")";
  return Offset + " ^ " + F;
}

namespace {
using Eval = detail::Evaluation;
const char *PastRow = "which a swizzle within rows would not follow";

/// Every access as written: the degrees and wavefronts a swizzle must lower
/// without making any access worse. A misaligned access rules out every swizzle.
Eval evaluate(const PaddingProblem &P) { return detail::evaluateAccesses(P, std::nullopt, PastRow, /*MisalignedStops=*/true); }

/// A candidate's worst degree, or nullopt when it is ruled out or cannot be
/// kept: an access not decided, at Bound or above (the worst degree before,
/// or that of the best candidate so far, which only a lower degree replaces),
/// or worse than before (worst or mean wavefronts). Any one access decides
/// that, so the accesses are evaluated worst first (Order) and the first such
/// access ends the evaluation: the search keeps what evaluating every access
/// of every candidate would keep.
std::optional<unsigned> tryCandidate(const PaddingProblem &P, const Swizzle &S, const Eval &Before,
                                     const std::vector<std::size_t> &Order, unsigned Bound) {
  unsigned Max = 0;
  for (std::size_t I : Order) {
    const ArrayAccess &A = P.Accesses[I];
    bank::AccessQuery Q = A.Query;
    for (bank::AccessInstance &In : Q.Instances)
      In.ByteOffset = swizzledOffset(In.ByteOffset, A.InnerExtent * A.ElementBytes, S);
    detail::AccessOutcome O = detail::evaluateAccess(A, Q, PastRow);
    if (!O.Ok || !O.Misaligned.empty() || O.Degree >= Bound || O.Worst > Before.Worst[I] ||
        O.Mean > Before.Mean[I] + 1e-9)
      return std::nullopt;
    Max = std::max(Max, O.Degree);
  }
  return Max;
}
} // namespace

SwizzleOutcome proposeSwizzle(const PaddingProblem &P) {
  SwizzleOutcome Out;
  if (P.Accesses.empty()) {
    Out.WhyNot = "no access to swizzle";
    return Out;
  }
  Eval Before = evaluate(P);
  if (!Before.Ok) {
    Out.WhyNot = Before.Why;
    return Out;
  }
  if (Before.MaxDegree <= 1) {
    Out.WhyNot = "no conflict to remove";
    return Out;
  }
  std::int64_t Elem = 0, Widest = 0;
  for (const ArrayAccess &A : P.Accesses) {
    if (Elem && A.ElementBytes != Elem) {
      Out.WhyNot = "its instantiations have elements of different sizes";
      return Out;
    }
    Elem = A.ElementBytes;
    Widest = std::max<std::int64_t>(Widest, A.Query.AccessBytes);
  }
  // Units: the element, or the 16-byte chunk; each access inside one unit.
  std::vector<std::int64_t> Units;
  for (std::int64_t U : {Elem, std::int64_t(16)})
    if (U >= Widest && U >= Elem && U % Elem == 0 && (Units.empty() || Units.back() != U))
      Units.push_back(U);
  if (Units.empty()) {
    Out.WhyNot = "an access is wider than 16 bytes";
    return Out;
  }
  std::uint64_t Spent = Before.Work;
  // Worst first: the accesses most likely to keep the worst degree.
  std::vector<std::size_t> Order(P.Accesses.size());
  for (std::size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](std::size_t A, std::size_t B) {
    return Before.Degree[A] != Before.Degree[B] ? Before.Degree[A] > Before.Degree[B]
                                                : Before.Worst[A] > Before.Worst[B];
  });
  std::optional<SwizzleProposal> Best;
  std::string Why = "no XOR swizzle of the columns by the rows lowers the conflict without making "
                    "another access worse";
  bool Stopped = false;
  for (std::int64_t U : Units) {
    // The permuted segment, 2^Bits units, must divide every row and stay
    // within one bank period (wider masks repeat the banks).
    for (unsigned Bits = 1; (std::int64_t(1) << Bits) * U <= 128 && !Stopped; ++Bits) {
      bool Divides = true;
      for (const ArrayAccess &A : P.Accesses)
        Divides &= (A.InnerExtent * A.ElementBytes) % ((std::int64_t(1) << Bits) * U) == 0;
      if (!Divides)
        break;
      for (unsigned Shift = 0; Shift <= 5 && !Stopped; ++Shift) {
        if (Spent + Before.Work > P.WorkBudget) {
          Stopped = true;
          Why = "the swizzle search stopped at its work budget (too many warps and loop iterations)";
          break;
        }
        Swizzle S{U, Bits, Shift};
        // The budget counts every access of the candidate, as a full
        // evaluation would spend: the lanes evaluated do not depend on the
        // offsets, so the search ends where it always did.
        Spent += Before.Work;
        std::optional<unsigned> Degree =
            tryCandidate(P, S, Before, Order, Best ? Best->DegreeAfter : Before.MaxDegree);
        if (!Degree)
          continue;
        Best = SwizzleProposal{S, Before.MaxDegree, *Degree};
        if (*Degree == 1)
          break;
      }
      if (Best && Best->DegreeAfter == 1)
        break;
    }
    if (Best && Best->DegreeAfter == 1)
      break;
  }
  if (!Best) {
    Out.WhyNot = Why;
    return Out;
  }
  Out.Proposal = Best;
  return Out;
}

} // namespace bankcheck::fix

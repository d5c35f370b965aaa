//===- AccessEvaluation.h - One array's accesses under a layout -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// What the padding and swizzle solvers both do with a candidate layout:
/// evaluate each access of the array with the bank model, after the layout
/// has changed its query (a padding's extent, a swizzle's offsets), and stop
/// at an access that cannot be decided or reaches past its row. Private to
/// lib/Fix.
///
/// The analysis of an access is a function of its query, and a padding
/// changes only the binding of the innermost extent: a problem made with
/// shareEvaluations keeps each access's result under each extent, so that
/// the whole search, the per-extent searches over its parts and the swizzle
/// search's evaluation of the array as declared analyse it once.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FIX_ACCESSEVALUATION_H
#define BANKCHECK_FIX_ACCESSEVALUATION_H

#include "Fix/PaddingSolver.h"
#include "Symbolic/Program.h"

#include <map>
#include <utility>

namespace bankcheck::fix::detail {

/// What the solvers use of an access's analysis.
struct Measured {
  bank::Status St = bank::Status::Unknown;
  std::string Reason;
  bool InvariantBroken = false, InvariantUnknown = false, Misaligned = false;
  unsigned Degree = 0, Worst = 0;
  double Mean = 0;
  std::uint64_t Work = 0;
  /// The instance whose warp was the worst (an index into the query's).
  std::optional<std::size_t> WorstInstance;
};

/// Each access's measure by (ArrayAccess::MemoKey, the value its query binds
/// the innermost extent to).
struct EvaluationMemo {
  std::map<std::pair<std::size_t, std::int64_t>, Measured> Results;
  /// The accesses' expressions, flattened once for all their extents.
  symbolic::ProgramCache Programs;
};

/// One access under a layout.
struct AccessOutcome {
  bool Ok = true;          ///< decided, within its row
  std::string Why;         ///< when not Ok
  std::string Misaligned;  ///< "the 16-byte access at f.cu:3:5" when the layout misaligns it
  unsigned Degree = 0, Worst = 0;
  double Mean = 0;
  std::uint64_t Work = 0;
};

/// Query: A's query with the layout applied. PastRow ends the reason given
/// for an access reaching past its row ("which padding would change").
AccessOutcome evaluateAccess(const ArrayAccess &A, const bank::AccessQuery &Query, const std::string &PastRow);

/// Every access, in order, until one is not Ok.
struct Evaluation {
  bool Ok = true;
  std::string Why;           ///< when not Ok
  std::uint64_t Work = 0;
  std::string Misaligned;    ///< the first access misaligned ("" if none)
  unsigned MaxDegree = 0;
  std::vector<unsigned> Degree, Worst;
  std::vector<double> Mean;
  std::vector<std::optional<std::size_t>> WorstInstance;
};

/// The accesses with their innermost extent grown by Pad elements (nullopt:
/// the queries as they are). MisalignedStops: a misaligned access is not Ok
/// ("... is not aligned"). Only: these accesses alone, in this order (the
/// vectors of the result are parallel to it); null: every access.
Evaluation evaluateAccesses(const PaddingProblem &P, std::optional<std::int64_t> Pad, const std::string &PastRow,
                            bool MisalignedStops = false, const std::vector<std::size_t> *Only = nullptr);

/// Whether the padding Pad leaves every access of Only (indices into
/// P.Accesses) at no fewer wavefronts in its worst warp than Before found,
/// told from the instance that gave that warp alone: an access's worst over
/// all its instances is at least that one's (an access of one instance is
/// measured whole, and kept in the problem's memo). Only for accesses whose
/// ideal is one wavefront in every warp (LDS and STS of at most 4 bytes),
/// where the worst warp is the one with the most wavefronts; false where it
/// cannot tell (then the caller evaluates them). Work: the lane evaluations
/// spent.
/// Whole: every access of Only was measured whole (none of its instances
/// was left out).
bool keepsWorst(const PaddingProblem &P, std::int64_t Pad, const std::vector<std::size_t> &Only,
                const Evaluation &Before, std::uint64_t &Work, bool &Whole);

} // namespace bankcheck::fix::detail

#endif

//===- AccessEvaluation.cpp - One array's accesses under a layout ---------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Fix/AccessEvaluation.h"

#include <algorithm>

namespace bankcheck::fix::detail {

AccessOutcome evaluateAccess(const ArrayAccess &A, const bank::AccessQuery &Query, const std::string &PastRow) {
  AccessOutcome O;
  O.R = bank::analyzeAccess(Query, *A.Symbols);
  if (O.R.St == bank::Status::Unknown) {
    O.Ok = false;
    O.Why = "the access at " + A.Where + " cannot be analysed (" + O.R.Reason + ")";
  } else if (O.R.InvariantBroken || O.R.InvariantUnknown) {
    O.Ok = false;
    O.Why = "the access at " + A.Where + (O.R.InvariantBroken ? " reaches" : " may reach") +
            " past the end of its row, " + PastRow;
  } else if (O.R.Misaligned) {
    O.Misaligned = "the " + std::to_string(Query.AccessBytes) + "-byte access at " + A.Where;
  }
  return O;
}

Evaluation evaluateAccesses(const PaddingProblem &P, const std::function<void(std::size_t, bank::AccessQuery &)> &Layout,
                            const std::string &PastRow, bool MisalignedStops, const std::vector<std::size_t> *Only) {
  Evaluation E;
  const std::size_t N = Only ? Only->size() : P.Accesses.size();
  for (std::size_t K = 0; K < N; ++K) {
    const std::size_t I = Only ? (*Only)[K] : K;
    bank::AccessQuery Q = P.Accesses[I].Query;
    if (Layout)
      Layout(I, Q);
    AccessOutcome O = evaluateAccess(P.Accesses[I], Q, PastRow);
    E.Work += O.R.Work;
    if (!O.Ok || (MisalignedStops && !O.Misaligned.empty())) {
      E.Ok = false;
      E.Why = O.Ok ? O.Misaligned + " is not aligned" : O.Why;
      return E;
    }
    if (E.Misaligned.empty())
      E.Misaligned = O.Misaligned;
    E.MaxDegree = std::max(E.MaxDegree, O.R.Degree);
    E.Degree.push_back(O.R.Degree);
    E.Worst.push_back(O.R.WorstWavefronts);
    E.Mean.push_back(O.R.MeanWavefronts);
  }
  return E;
}

} // namespace bankcheck::fix::detail

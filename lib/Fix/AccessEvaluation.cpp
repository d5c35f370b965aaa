//===- AccessEvaluation.cpp - One array's accesses under a layout ---------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Fix/AccessEvaluation.h"

#include <algorithm>

namespace bankcheck::fix {

void shareEvaluations(PaddingProblem &P) {
  P.Memo = std::make_shared<detail::EvaluationMemo>();
  for (std::size_t I = 0; I < P.Accesses.size(); ++I)
    P.Accesses[I].MemoKey = I;
}

namespace detail {
namespace {
Measured measure(const bank::AccessQuery &Query, const symbolic::SymbolTable &Symbols,
                 symbolic::ProgramCache *Programs = nullptr) {
  bank::AccessResult R = bank::analyzeAccess(Query, Symbols, Programs);
  Measured M;
  M.St = R.St;
  M.Reason = std::move(R.Reason);
  M.InvariantBroken = R.InvariantBroken;
  M.InvariantUnknown = R.InvariantUnknown;
  M.Misaligned = R.Misaligned;
  M.Degree = R.Degree;
  M.Worst = R.WorstWavefronts;
  M.Mean = R.MeanWavefronts;
  M.Work = R.Work;
  if (R.Worst)
    M.WorstInstance = R.Worst->Instance;
  return M;
}

AccessOutcome outcomeOf(const ArrayAccess &A, const bank::AccessQuery &Query, const Measured &M,
                        const std::string &PastRow) {
  AccessOutcome O;
  O.Degree = M.Degree;
  O.Worst = M.Worst;
  O.Mean = M.Mean;
  O.Work = M.Work;
  if (M.St == bank::Status::Unknown) {
    O.Ok = false;
    O.Why = "the access at " + A.Where + " cannot be analysed (" + M.Reason + ")";
  } else if (M.InvariantBroken || M.InvariantUnknown) {
    O.Ok = false;
    O.Why = "the access at " + A.Where + (M.InvariantBroken ? " reaches" : " may reach") +
            " past the end of its row, " + PastRow;
  } else if (M.Misaligned) {
    O.Misaligned = "the " + std::to_string(Query.AccessBytes) + "-byte access at " + A.Where;
  }
  return O;
}

/// The value Q binds the innermost extent to, if it does (one value).
std::optional<std::int64_t> innerBinding(const ArrayAccess &A, const bank::AccessQuery &Q);

/// A's query under a padding, which binds the innermost extent (the only
/// change it makes), added where the query did not bind it; nullopt where
/// the query already binds it so.
std::optional<bank::AccessQuery> padded(const ArrayAccess &A, std::int64_t Pad) {
  const std::int64_t Extent = A.InnerExtent + Pad;
  if (innerBinding(A, A.Query) == Extent)
    return std::nullopt;
  bank::AccessQuery Q = A.Query;
  bool Bound = false;
  for (auto &[Id, V] : Q.Bindings)
    if (Id == A.Inner) {
      V = Extent;
      Bound = true;
    }
  if (!Bound)
    Q.Bindings.push_back({A.Inner, Extent});
  return Q;
}

/// The value Q binds the innermost extent to, if it does (one value).
std::optional<std::int64_t> innerBinding(const ArrayAccess &A, const bank::AccessQuery &Q) {
  std::optional<std::int64_t> Value;
  for (auto &[Id, V] : Q.Bindings)
    if (Id == A.Inner) {
      if (Value && *Value != V)
        return std::nullopt;
      Value = V;
    }
  return Value;
}
/// A's measure under Q (its query under a padding): the problem's memo's,
/// where it shares its evaluations (Q is A's query with only the innermost
/// extent's binding changed: the memo's key), else measured into Fresh.
const Measured *measured(const PaddingProblem &P, const ArrayAccess &A, const bank::AccessQuery &Q,
                         Measured &Fresh) {
  std::optional<std::int64_t> Inner = innerBinding(A, Q);
  if (P.Memo && Inner && A.MemoKey != ArrayAccess::NoMemoKey) {
    auto [It, New] = P.Memo->Results.try_emplace({A.MemoKey, *Inner});
    if (New)
      It->second = measure(Q, *A.Symbols, &P.Memo->Programs);
    return &It->second;
  }
  Fresh = measure(Q, *A.Symbols);
  return &Fresh;
}
} // namespace

AccessOutcome evaluateAccess(const ArrayAccess &A, const bank::AccessQuery &Query, const std::string &PastRow) {
  return outcomeOf(A, Query, measure(Query, *A.Symbols), PastRow);
}

Evaluation evaluateAccesses(const PaddingProblem &P, std::optional<std::int64_t> Pad, const std::string &PastRow,
                            bool MisalignedStops, const std::vector<std::size_t> *Only) {
  Evaluation E;
  const std::size_t N = Only ? Only->size() : P.Accesses.size();
  for (std::size_t K = 0; K < N; ++K) {
    const std::size_t I = Only ? (*Only)[K] : K;
    const ArrayAccess &A = P.Accesses[I];
    std::optional<bank::AccessQuery> Changed = Pad ? padded(A, *Pad) : std::nullopt;
    const bank::AccessQuery &Q = Changed ? *Changed : A.Query;
    Measured Fresh;
    const Measured *M = measured(P, A, Q, Fresh);
    AccessOutcome O = outcomeOf(A, Q, *M, PastRow);
    E.Work += O.Work;
    if (!O.Ok || (MisalignedStops && !O.Misaligned.empty())) {
      E.Ok = false;
      E.Why = O.Ok ? O.Misaligned + " is not aligned" : O.Why;
      return E;
    }
    if (E.Misaligned.empty())
      E.Misaligned = O.Misaligned;
    E.MaxDegree = std::max(E.MaxDegree, O.Degree);
    E.Degree.push_back(O.Degree);
    E.Worst.push_back(O.Worst);
    E.Mean.push_back(O.Mean);
    E.WorstInstance.push_back(M->WorstInstance);
  }
  return E;
}

bool keepsWorst(const PaddingProblem &P, std::int64_t Pad, const std::vector<std::size_t> &Only,
                const Evaluation &Before, std::uint64_t &Work, bool &Whole) {
  Whole = true;
  for (std::size_t I : Only) {
    const ArrayAccess &A = P.Accesses[I];
    const bank::AccessQuery &All = A.Query;
    if (I >= Before.Worst.size() || All.AccessBytes > 4 || (All.F != bank::Form::LDS && All.F != bank::Form::STS))
      return false;
    std::optional<bank::AccessQuery> Changed = padded(A, Pad);
    const bank::AccessQuery &Q = Changed ? *Changed : All;
    // The instance whose warp was the access's worst; an access of one
    // instance (or none known) is measured whole, as evaluateAccesses does.
    std::size_t K = All.Instances.size();
    if (I < Before.WorstInstance.size() && Before.WorstInstance[I])
      K = *Before.WorstInstance[I];
    if (All.Instances.size() < 2 || K >= All.Instances.size()) {
      Measured Fresh;
      const Measured *M = measured(P, A, Q, Fresh);
      Work += M->Work;
      if (M->St == bank::Status::Unknown || M->InvariantBroken || M->InvariantUnknown || M->Worst < Before.Worst[I])
        return false;
      continue;
    }
    Whole = false;
    bank::AccessQuery One = Q;
    bank::AccessInstance Worst = One.Instances[K];
    One.Instances.assign(1, std::move(Worst));
    Measured M = measure(One, *A.Symbols, P.Memo ? &P.Memo->Programs : nullptr);
    Work += M.Work;
    if (M.St == bank::Status::Unknown || M.Worst < Before.Worst[I])
      return false;
  }
  return true;
}

} // namespace detail
} // namespace bankcheck::fix

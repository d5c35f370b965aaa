//===- PaddingSolver.h - Choose padding that removes bank conflicts -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Given a __shared__ array's extents and every warp access on it, proposes
/// the smallest growth of the innermost extent that lowers the worst conflict
/// degree, never makes any access worse (worst or mean wavefronts), keeps every
/// access aligned to its width, and fits the static shared-memory limit. The
/// proposal is re-checked with the bank model; no source text is touched here.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FIX_PADDINGSOLVER_H
#define BANKCHECK_FIX_PADDINGSOLVER_H

#include "BankModel/AccessAnalysis.h"

#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bankcheck::fix {

namespace detail {
struct EvaluationMemo;
}

/// One access of the array, in one kernel (instantiation) and launch shape.
/// Accesses of different instantiations may see different extents
/// (`float tile[TILE][TILE]`): one padding is chosen for all of them.
struct ArrayAccess {
  bank::AccessQuery Query;                ///< Bindings must include Inner
  const symbolic::SymbolTable *Symbols = nullptr;
  symbolic::SymbolId Inner = 0;           ///< the innermost-extent symbol
  std::int64_t InnerExtent = 0;           ///< declared innermost extent, in elements
  std::int64_t ElementBytes = 0;
  std::int64_t OuterElements = 1;         ///< product of the other extents
  std::int64_t OtherStaticBytes = 0;      ///< the kernel's other static shared memory
  std::string Where;                      ///< "file:line:col" for messages
  /// Its key in the problem's shared evaluations (shareEvaluations).
  static constexpr std::size_t NoMemoKey = std::numeric_limits<std::size_t>::max();
  std::size_t MemoKey = NoMemoKey;
};

struct PaddingProblem {
  std::int64_t StaticLimit = 48 * 1024;   ///< bytes of static shared memory per block
  /// Lane evaluations the search may spend over all candidates; past it the
  /// best padding found so far is kept (or none is proposed).
  std::uint64_t WorkBudget = 40'000'000;
  /// Rows of an `extern __shared__` buffer carved by hand: their size is set
  /// at the launch, so StaticLimit does not apply, and OuterElements may be 0
  /// (row count unknown: BytesAdded is then 0 and only PadBytes is meaningful).
  bool Dynamic = false;
  std::vector<ArrayAccess> Accesses;
  /// Where set (shareEvaluations), each access's result under each innermost
  /// extent, kept for every search over this problem and its parts.
  std::shared_ptr<detail::EvaluationMemo> Memo;
};

/// Lets every search over P (and the per-extent parts made of it) analyse
/// an access under one extent once: the padding search, the per-extent
/// searches and the swizzle search's evaluation of the array as declared
/// ask the same queries. P's accesses must not change afterwards.
void shareEvaluations(PaddingProblem &P);

struct PaddingProposal {
  std::int64_t Pad = 0;                   ///< elements added to the innermost extent
  std::int64_t PadBytes = 0;              ///< bytes added to each row (Pad * element size)
  unsigned DegreeBefore = 0, DegreeAfter = 0;
  std::int64_t BytesAdded = 0;            ///< largest over the instantiations
  std::int64_t NewStaticBytes = 0;        ///< largest kernel static total after padding
};

struct PaddingOutcome {
  std::optional<PaddingProposal> Proposal;
  std::string WhyNot; ///< when there is no proposal
};

PaddingOutcome proposePadding(const PaddingProblem &P);

/// One template serving several innermost extents (`float tile[TILE][TILE]`
/// instantiated with TILE = 32 and 31), where no single padding serves all:
/// each extent's accesses are solved alone, and a proposal is made when the
/// paddings are Pad for the extents whose rows span whole bank periods
/// (extent % Modulus == 0, Modulus = 128 / element bytes) and 0 for the
/// others, so that `TILE + (TILE % Modulus == 0) * Pad` is proven for every
/// instantiation.
struct PerExtentProposal {
  std::int64_t Pad = 0, Modulus = 0;
  unsigned DegreeBefore = 0, DegreeAfter = 0;
  std::size_t Extents = 0;   ///< distinct extents (instantiations told apart)
  std::int64_t NewStaticBytes = 0;
};
std::optional<PerExtentProposal> proposePaddingPerExtent(const PaddingProblem &P, std::string &WhyNot);

} // namespace bankcheck::fix

#endif

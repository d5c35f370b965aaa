//===- AnalysisMemo.h - Results of access analyses asked again -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// analyzeAccess is a function of its query and of the symbols the query
/// names; the same question is asked many times in one run: the padding
/// search measures each access under a row length the finding builder or
/// another array's search already measured, and the instantiations of one
/// template, or kernels written alike, walk to the same queries over symbols
/// of the same names and facts. The memo keeps the answers, keyed by
/// everything the analysis reads: every field of the query (expressions
/// compared by structure, texts by content), the size of the symbol table
/// (the analysis numbers its own symbols after it) and the full description
/// of every symbol the query mentions, except two things the analysis only
/// copies: the instances' labels ("iteration 2 of the loop at line 85"; a
/// hit's witness takes the asking query's label of the same instance) and
/// the names of bound extents (values wherever the analysis looks, never
/// printed). A hit returns the result the analysis would compute, byte for
/// byte, including the work it counted.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_BANKMODEL_ANALYSISMEMO_H
#define BANKCHECK_BANKMODEL_ANALYSISMEMO_H

#include "BankModel/AccessAnalysis.h"

#include <cstdint>
#include <functional>

namespace bankcheck::bank {

struct MemoStats {
  std::uint64_t Hits = 0, Misses = 0, Skipped = 0;
};

/// Compute(Q) when no equal question was answered before on this thread,
/// else that answer. Questions too large to keep are computed and not kept.
AccessResult rememberedAnalysis(const AccessQuery &Q, const symbolic::SymbolTable &Symbols,
                                const std::function<AccessResult()> &Compute);

/// This thread's counts, and a way to start empty (tests).
MemoStats analysisMemoStats();
void clearAnalysisMemo();

} // namespace bankcheck::bank

#endif

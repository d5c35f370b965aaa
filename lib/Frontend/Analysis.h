//===- Analysis.h - Analyse every kernel of a translation unit -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// For each `__global__` function (each template instantiation separately)
/// and each of its launch configurations: walk it, analyse every shared access
/// with the bank model, and turn the results into report::Findings.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_ANALYSIS_H
#define BANKCHECK_FRONTEND_ANALYSIS_H

#include "BankModel/AccessAnalysis.h"
#include "Frontend/Config.h"
#include "Report/Finding.h"

#include "clang/AST/ASTContext.h"

#include <optional>
#include <vector>

namespace bankcheck::frontend {

struct AnalysisOptions {
  std::optional<bank::BlockShape> BlockDim; ///< --block-dim
  Config FileConfig;                        ///< the .bankcheck.yaml of the file
};

struct TUResult {
  std::vector<report::Finding> Findings;
  std::vector<report::Note> Remarks; ///< skipped uses, annotation errors, ...
  unsigned Kernels = 0;
};

void analyzeTranslationUnit(clang::ASTContext &Ctx, const AnalysisOptions &Opts, TUResult &Out);

} // namespace bankcheck::frontend

#endif

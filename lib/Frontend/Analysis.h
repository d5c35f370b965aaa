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
#include "Frontend/Coverage.h"
#include "Frontend/Project.h"
#include "Report/Finding.h"

#include "clang/AST/ASTContext.h"

#include <optional>
#include <vector>

namespace bankcheck::frontend {

struct AnalysisOptions {
  std::optional<bank::BlockShape> BlockDim; ///< --block-dim
  Config FileConfig;                        ///< the .bankcheck.yaml of the file
  /// Compiled widths (CompiledWidths.h): "auto" (nvcc's PTX when a finding
  /// could change and nvcc is there), "source", or "nvcc" (always).
  std::string Widths = "auto";
  std::string Nvcc;                   ///< nvcc to run; empty: none found
  std::vector<std::string> NvccArgs;  ///< -I, -D, -std, -arch of the file's command
  std::string File;                   ///< the main file, for nvcc
  std::string RecordedPtx;            ///< --ptx: this PTX instead of running nvcc
  /// Launches of this file's kernels found in the project's other files.
  const ProjectLaunches *FromProject = nullptr;
  /// Only collect the launches (Facts): a file of the project not analysed.
  bool LaunchesOnly = false;
  /// One file of several: give the padding tables of header arrays (Facts).
  bool InProject = false;
};

struct TUResult {
  report::FindingList Findings;
  std::vector<report::Note> Remarks; ///< skipped uses, annotation errors, ...
  unsigned Kernels = 0;
  SharedCoverage Coverage;
  ProjectFacts Facts; ///< launches and kernels, for the other files (Project.h)
};

/// An error Clang reported while parsing. Tolerated: a construct nvcc
/// accepts whose AST Clang keeps (`__shared__ cuda::barrier<...> bar;`).
struct ParseError {
  clang::SourceLocation Loc;
  std::string Message;
  bool Tolerated = false;
};

/// Analyses every kernel. With parse errors, only the kernels that neither
/// contain one nor call (directly or not) a function that does are
/// analysed, each of the others with a remark naming the error; false when
/// an error lies outside every function body (nothing is analysed then).
bool analyzeTranslationUnit(clang::ASTContext &Ctx, const AnalysisOptions &Opts, TUResult &Out,
                            const std::vector<ParseError> &Errors = {});

} // namespace bankcheck::frontend

#endif

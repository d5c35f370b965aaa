//===- ParseAction.h - One file's parse and analysis as a Clang action -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The front-end action each file is parsed with: its errors collected with
/// their places (the kernels they do not reach are still analysed), and the
/// translation unit analysed (Analysis.h). With a precompiled preamble, the
/// walks over the whole translation unit cover what the parse itself read.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_PARSEACTION_H
#define BANKCHECK_FRONTEND_PARSEACTION_H

#include "Frontend/Analysis.h"
#include "Frontend/NvccCompat.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Tooling/Tooling.h"

#include <string>
#include <vector>

namespace bankcheck::frontend {

/// Keeps the first error of the file, with its location.
class ErrorCollector : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level, const clang::Diagnostic &Info) override;
  unsigned Errors = 0;
  bool Fatal = false;
  std::string First;
  std::vector<ParseError> List;
  bool Recovered = false; ///< the kernels the errors do not reach were analysed
  /// Members of dependent types named without `template` (nvcc accepts
  /// them), outside system headers: where a second parse reads it.
  TemplateKeywordPlaces TemplateKeywords;

private:
  void noteTemplateKeyword(const clang::Diagnostic &Info);
};


class ActionFactory : public clang::tooling::FrontendActionFactory {
public:
  ActionFactory(const AnalysisOptions &O, TUResult &R, ErrorCollector &E) : Opts(O), Result(R), Errors(E) {}
  std::unique_ptr<clang::FrontendAction> create() override;
  const AnalysisOptions &Opts;
  TUResult &Result;
  ErrorCollector &Errors;
};

} // namespace bankcheck::frontend

#endif

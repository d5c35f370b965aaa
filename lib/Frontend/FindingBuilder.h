//===- FindingBuilder.h - Analyse one site and describe the result -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_FINDINGBUILDER_H
#define BANKCHECK_FRONTEND_FINDINGBUILDER_H

#include "Frontend/KernelWalker.h"
#include "Report/Finding.h"

namespace bankcheck::frontend {

/// Runs the bank model on the site and words the diagnostic and its notes.
report::Finding buildFinding(const clang::FunctionDecl &Kernel, const LaunchConfig &Config,
                             const AccessSite &Site, const KernelResult &Walk,
                             clang::ASTContext &Ctx);

/// The analysis query of a site: its instances, the block shape, and the
/// array extents bound (Extents overrides an array's innermost extent).
bank::AccessQuery queryFor(const LaunchConfig &Config, const AccessSite &Site,
                           const KernelResult &Walk,
                           const std::map<const clang::VarDecl *, std::int64_t> &Extents = {});

/// "0, 1, …, 31" for an arithmetic run longer than four, else the full list.
std::string formatList(const std::vector<std::uint64_t> &Values);

} // namespace bankcheck::frontend

#endif

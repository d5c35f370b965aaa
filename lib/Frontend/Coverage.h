//===- Coverage.h - Which uses of shared memory the walk evaluated -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// No silent gaps: every use of a __shared__ variable in the code a kernel's
/// walk went into is either evaluated (it is in the report, or in a remark
/// that says why not), or it is not: then it is counted, and a remark names
/// it, unless it lies in code the walk found unreachable (a branch whose
/// condition is constant, statements after a return).
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_COVERAGE_H
#define BANKCHECK_FRONTEND_COVERAGE_H

#include "Frontend/KernelWalker.h"
#include "Report/Finding.h"
#include "Report/Reporters.h"

#include <vector>

namespace bankcheck::frontend {

using report::SharedCoverage;

/// The coverage of one kernel over its walks (one per block shape); a
/// remark for each use not analysed (one per kernel when a budget cut the
/// walk).
SharedCoverage coverageOf(const clang::FunctionDecl &Kernel, const std::vector<const KernelResult *> &Walks,
                          clang::ASTContext &Ctx, std::vector<report::Note> &Remarks);

} // namespace bankcheck::frontend

#endif

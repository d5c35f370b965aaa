//===- ProjectPadding.h - Padding tables of arrays declared in headers -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// For each `__shared__` array declared in a user header and accessed in the
/// walks of this file: its accesses under each padding of the innermost
/// dimension (Project.h's PaddingTable), keyed "path:offset".
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_PROJECTPADDING_H
#define BANKCHECK_FRONTEND_PROJECTPADDING_H

#include "Frontend/PaddingFixes.h"
#include "Frontend/Project.h"

#include <map>
#include <string>
#include <vector>

namespace bankcheck::frontend {

std::map<std::string, PaddingTable> paddingTables(const std::vector<WalkRecord> &Walks, clang::ASTContext &Ctx);

} // namespace bankcheck::frontend

#endif

//===- InlineAsm.cpp - asm statements in kernels ---------------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The walker's handling of `asm` statements: the one place where inline PTX
/// is looked at.
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

namespace bankcheck::frontend {

using namespace clang;

void Walker::walkAsm(const AsmStmt *A) {
  Result.Skipped.push_back({toFileLoc(A->getBeginLoc(), Ctx.getSourceManager()),
                            "inline assembly is not analysed: shared-memory accesses in it are not seen"});
}

} // namespace bankcheck::frontend

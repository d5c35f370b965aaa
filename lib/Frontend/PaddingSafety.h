//===- PaddingSafety.h - Uses that a padded row type would break -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Padding `float tile[32][32]` to `[32][33]` changes the type of the array
/// and of every value derived from it whole: `tile` decays to `float (*)[33]`,
/// `tile[i]` is a `float[33]`. A use that carries such a value to a type
/// written with the old extent (a parameter `float (*t)[32]`, a reference
/// `float (&r)[32][32]`, a cast, a return type) would no longer compile. This
/// finds the first such use, following values into variables and parameters
/// whose types are deduced (`auto`, `decltype`, a template parameter) and on
/// through their own uses.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_PADDINGSAFETY_H
#define BANKCHECK_FRONTEND_PADDINGSAFETY_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace bankcheck::frontend {

/// Why padding the innermost extent of Decls (the instantiations of one
/// declaration) would leave code that does not compile: the first use that
/// converts a value of the array's row type to a type written with the
/// extent, as "'tile' is passed as 'float (*)[32]' to parameter 't' of 'f'
/// at path:line". Empty when no use does.
std::string paddingBlocker(llvm::ArrayRef<const clang::VarDecl *> Decls, clang::ASTContext &Ctx);

} // namespace bankcheck::frontend

#endif

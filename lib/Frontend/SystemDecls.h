//===- SystemDecls.h - Declarations of system headers the walks skip ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The walks of a whole translation unit (kernels, launches) skip what a
/// system header declares: the toolkit's and the C++ library's headers hold
/// no kernel of the user's, and their host bodies are not even parsed
/// (ParseAction.cpp). Namespaces and linkage blocks are still entered: a
/// user's header may be included into one.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_SYSTEMDECLS_H
#define BANKCHECK_FRONTEND_SYSTEMDECLS_H

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"

namespace bankcheck::frontend {

/// Whether D is a declaration of a system header that holds nothing of the
/// user's. An instantiation of a user's template has the template's place,
/// and a namespace the user reopens is a declaration of its own.
inline bool systemHeaderOnly(const clang::Decl *D, const clang::SourceManager &SM) {
  if (!D || llvm::isa<clang::TranslationUnitDecl, clang::NamespaceDecl, clang::LinkageSpecDecl,
                      clang::ExportDecl>(D))
    return false;
  return SM.isInSystemHeader(D->getLocation());
}

/// Declarations that hold no statement and no other declaration: nothing to
/// walk in them, wherever they are (asking where costs more than skipping).
inline bool leafDecl(const clang::Decl *D) {
  return llvm::isa_and_nonnull<clang::TypedefNameDecl, clang::EnumDecl, clang::UsingDecl,
                               clang::UsingDirectiveDecl, clang::UsingShadowDecl, clang::StaticAssertDecl,
                               clang::NamespaceAliasDecl, clang::EmptyDecl>(D);
}

} // namespace bankcheck::frontend

#endif

//===- BodyParents.h - Parent maps of function bodies, built when asked ---*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The parents of a statement within the body of the function that holds it,
/// each body's map built once, the first time one of its statements is asked
/// about. The whole translation unit's map, as ASTContext::getParents builds
/// it on its first question, costs more than the parse on template-heavy
/// files; the passes that ask (coverage, the ptxas rule, statement runs)
/// only ever ask about statements of the functions the walk went through.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_BODYPARENTS_H
#define BANKCHECK_FRONTEND_BODYPARENTS_H

#include "clang/AST/Decl.h"
#include "clang/AST/ParentMap.h"

#include <map>
#include <memory>

namespace bankcheck::frontend {

class BodyParents {
public:
  /// The map of Body (a function's body); null for none.
  const clang::ParentMap *of(const clang::Stmt *Body) {
    if (!Body)
      return nullptr;
    std::unique_ptr<clang::ParentMap> &M = Maps[Body];
    if (!M)
      M = std::make_unique<clang::ParentMap>(const_cast<clang::Stmt *>(Body));
    return M.get();
  }
  /// The map of F's body; null when F has none.
  const clang::ParentMap *of(const clang::FunctionDecl *F) { return F ? of(F->getBody()) : nullptr; }

private:
  std::map<const clang::Stmt *, std::unique_ptr<clang::ParentMap>> Maps;
};

} // namespace bankcheck::frontend

#endif

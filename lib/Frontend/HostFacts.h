//===- HostFacts.h - What one walk of a host function finds -----*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Private to lib/Frontend: the guards of each call of a host function (the
/// `if`s around it, the early returns and assertions before it), read by
/// the branch decisions (HostConditions.cpp).
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_HOSTFACTS_H
#define BANKCHECK_FRONTEND_HOSTFACTS_H

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include "llvm/ADT/FoldingSet.h"

#include <map>
#include <set>
#include <vector>

namespace bankcheck::frontend {

/// A condition that holds (or fails) where a call runs: an `if` around it,
/// an early return or an assertion before it. Owner is the `if` or the
/// assertion's statement.
struct HostGuard {
  const clang::Stmt *Owner;
  const clang::Expr *Cond;
  bool Holds;
};

/// An assertion no loop holds, with the guards it runs under: where they
/// held on a path, so did it, also for a call after the branch that held it
/// has closed (`if (colors > 3) {...} else { assert(numGroups == 1); ... }`,
/// then a launch in `if (colors <= 3)`).
struct Implication {
  std::vector<HostGuard> Guards;
  HostGuard Fact;
};

/// What one walk of a host function finds: the guards of each call, the
/// assertions before it, the `if`s and assertions no loop holds, the locals
/// declared in a loop, and whether it has a goto.
struct FunctionFacts {
  using Guards = std::vector<HostGuard>;
  std::map<const clang::CallExpr *, Guards> At;
  /// The assertions in source order; a call is preceded by the first
  /// ImpliedBefore[call] of them (none where it has no entry).
  std::vector<Implication> Implications;
  std::map<const clang::CallExpr *, std::size_t> ImpliedBefore;
  std::set<const clang::Stmt *> Once;
  std::set<const clang::VarDecl *> InLoop;
  bool HasGoto = false;
};

/// The decision of an `if` (or an assertion) of its own, by identity.
llvm::FoldingSetNodeID identityKey(const clang::Stmt *Owner);

/// One walk of a host function's body.
FunctionFacts factsOf(const clang::Stmt *Body);

/// E as a truth value: without parentheses, casts to bool
/// (`static_cast<bool>(c)`, as assert spells it) and `__builtin_expect`.
const clang::Expr *plainCondition(const clang::Expr *E);

} // namespace bankcheck::frontend

#endif // BANKCHECK_FRONTEND_HOSTFACTS_H

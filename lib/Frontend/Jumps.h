//===- Jumps.h - The jumps that leave a statement ---------------*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// One scan for the questions the walk asks about jumps: does a loop body
/// leave early (unrolling), does it continue (its iterations' flow), which
/// jumps of a switch's case leave the case. A jump is one that leaves the
/// statement scanned: a break of the loop or switch around it (not one of a
/// loop or switch inside it), a continue of the loop around it, a return or
/// goto. Those of a lambda inside it are the lambda's own.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_JUMPS_H
#define BANKCHECK_FRONTEND_JUMPS_H

#include "clang/AST/Stmt.h"

namespace bankcheck::frontend {

/// The jumps out of a statement, each the first found in source order.
struct JumpsOut {
  const clang::Stmt *Break = nullptr;
  const clang::Stmt *Continue = nullptr;
  const clang::Stmt *Return = nullptr;
  const clang::Stmt *Goto = nullptr; ///< goto or computed goto
  /// The first break, continue or return (the one a reason names).
  const clang::Stmt *First = nullptr;
  /// How many of break, continue and return are there.
  unsigned kinds() const { return unsigned(Break != nullptr) + unsigned(Continue != nullptr) + unsigned(Return != nullptr); }
};

/// The jumps that leave S (none when S is null).
JumpsOut jumpsOut(const clang::Stmt *S);

/// Whether S holds a break, continue, return or goto anywhere, those that
/// stay inside it (a nested loop's break) included: a condition around it
/// decides which of S's statements run after it.
bool holdsJump(const clang::Stmt *S);

/// True when S leaves the loop whose body it is early: by break, return or
/// goto (jumpsOut).
inline bool hasEarlyExit(const clang::Stmt *S) {
  JumpsOut J = jumpsOut(S);
  return J.Break || J.Return || J.Goto;
}

/// Whether S holds a break (Breaks) or continue (Continues) of the loop
/// whose body it is part of (jumpsOut).
inline bool loopJumpsIn(const clang::Stmt *S, bool Breaks, bool Continues) {
  JumpsOut J = jumpsOut(S);
  return (Breaks && J.Break) || (Continues && J.Continue);
}

} // namespace bankcheck::frontend

#endif

//===- Jumps.cpp - The jumps that leave a statement -----------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/Jumps.h"
#include "Frontend/StmtWalk.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {
/// Adds S's jumps to J: InLoop, inside a loop nested in the statement
/// scanned (its breaks and continues are its own); InSwitch, inside a
/// nested switch (its breaks are its own).
void scan(const Stmt *S, JumpsOut &J, bool InLoop, bool InSwitch) {
  auto Note = [&](const Stmt *&Slot, const Stmt *N, bool Named) {
    if (!Slot)
      Slot = N;
    if (Named && !J.First)
      J.First = N;
  };
  auto OnNode = [&](const Stmt *N) {
    if (isa<LambdaExpr>(N))
      return false; // its jumps are its own
    // A nested loop or switch: scanned again as such (the walk of its
    // parts as the plain walk has them), its own jumps set apart.
    if (!InLoop && isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(N)) {
      scan(N, J, /*InLoop=*/true, InSwitch);
      return false;
    }
    if (!InSwitch && isa<SwitchStmt>(N)) {
      scan(N, J, InLoop, /*InSwitch=*/true);
      return false;
    }
    if (isa<BreakStmt>(N) && !InLoop && !InSwitch)
      Note(J.Break, N, true);
    else if (isa<ContinueStmt>(N) && !InLoop)
      Note(J.Continue, N, true);
    else if (isa<ReturnStmt>(N))
      Note(J.Return, N, true);
    else if (isa<GotoStmt, IndirectGotoStmt>(N))
      Note(J.Goto, N, false);
    return true;
  };
  walkPreOrder(S, OnNode);
}
} // namespace

JumpsOut jumpsOut(const Stmt *S) {
  JumpsOut J;
  scan(S, J, false, false);
  return J;
}

bool holdsJump(const Stmt *S) {
  bool Found = false;
  auto OnNode = [&](const Stmt *N) {
    Found |= isa<BreakStmt, ContinueStmt, ReturnStmt, GotoStmt, IndirectGotoStmt>(N);
    return !Found;
  };
  walkPreOrder(S, OnNode);
  return Found;
}

} // namespace bankcheck::frontend

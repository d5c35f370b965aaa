//===- LoopJumps.cpp - break and continue: which lanes come back ----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Lanes that leave an iteration by `continue` come back at the next one, and
/// those that leave a loop by `break` come back after it, each with the
/// values it held where it jumped, not those the other lanes go on to set.
/// The walk follows `if (c) continue;` and `if (c) break;` (a then-branch
/// ending in the jump, no else) and a switch's `continue` at the top level
/// of a loop's body: the rest of the body runs where !c, and at its end each
/// variable is `c ? its value at the jump : its value now`
/// (Walker::walkCompound); a symbolic loop that lanes may leave by break at
/// different iterations has lane-varying carried integers after it, and where
/// a break leaves some lanes of an iteration in it, its body's accesses are
/// guarded by a lane's unknown "not left at an earlier iteration" (Loops.cpp).
/// A jump placed otherwise (deeper in a branch, beside an else) is not
/// followed that way: the loop's carried integers are then lane-varying
/// unknowns, which may leave its accesses undecided but never shows a
/// conflict as clean.
//===----------------------------------------------------------------------===//
#include "Frontend/StmtWalk.h"
#include "Frontend/WalkerState.h"

#include <algorithm>

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;

namespace {
/// `if (c) <jump>` as walkCompound follows it: no else, the then-branch a
/// jump or a block ending in one.
const IfStmt *jumpIf(const Stmt *S) {
  const auto *I = dyn_cast<IfStmt>(S);
  return I && !I->getElse() && !I->isConsteval() && isJump(I->getThen()) ? I : nullptr;
}

/// A then-branch ending in a jump whose inner jumps of the loop are each of
/// that form too.
bool jumpBlockModelled(const Stmt *S) {
  const auto *C = dyn_cast<CompoundStmt>(S);
  if (!C)
    return isJump(S);
  if (C->body_empty())
    return false;
  for (const Stmt *X : C->body()) {
    if (X == C->body_back())
      return jumpBlockModelled(X);
    if (const IfStmt *I = jumpIf(X)) {
      if (!jumpBlockModelled(I->getThen()))
        return false;
    } else if (loopJumpsIn(X, true, true)) {
      return false;
    }
  }
  return true;
}
} // namespace

bool loopJumpsModelled(const Stmt *Body) {
  const auto *C = dyn_cast_or_null<CompoundStmt>(Body);
  if (!C)
    return !Body || !loopJumpsIn(Body, true, true);
  for (const Stmt *X : C->body()) {
    if (const IfStmt *I = jumpIf(X)) {
      if (I->getInit() && loopJumpsIn(I->getInit(), true, true))
        return false;
      if (!jumpBlockModelled(I->getThen()))
        return false;
    } else if (isa<SwitchStmt>(X)) {
      // Its breaks are its own; Walker::walkSwitch follows the lanes that
      // continue in it (or gives them up as unknown).
      continue;
    } else if (loopJumpsIn(X, true, true)) {
      return false;
    }
  }
  return true;
}

Walker::LoopJumpFacts Walker::loopJumpFacts(const Stmt *Body) {
  if (!Body)
    return {};
  auto It = LoopJumpCache.find(Body);
  if (It == LoopJumpCache.end())
    It = LoopJumpCache.try_emplace(Body, LoopJumpFacts{loopJumpsModelled(Body), loopJumpsIn(Body, false, true)}).first;
  return It->second;
}

void Walker::noteBreak(const Expr &Cond) {
  if (JumpFrames.empty() || JumpFrames.back().Switch)
    return; // it leaves a switch (Switch.cpp follows those)
  JumpFrame &F = JumpFrames.back();
  // Lanes leave at different iterations where the break's condition, or a
  // condition around it inside the loop (the loop's own included), may
  // differ between them.
  const bool CondVaries = !Cond.isConst() && isVarying(Cond);
  bool Varying = CondVaries;
  for (std::size_t K = F.GuardDepth; K < Guards.size() && !Varying; ++K)
    Varying = isVarying(Guards[K].Cond);
  F.DivergentBreak |= Varying;
  // Some lanes of the iteration stay in the loop where the break's condition,
  // or one around it inside the body, may differ between them.
  bool Splits = CondVaries;
  for (std::size_t K = std::max(F.GuardDepth, F.BodyGuardDepth); K < Guards.size() && !Splits; ++K)
    Splits = isVarying(Guards[K].Cond);
  F.JumpSplits |= Splits;
}

void Walker::noteReturnInLoops(unsigned Loops) {
  // The symbolic loops of this function around the return are its
  // innermost symbolic loop frames (a loop holding a return is never
  // unrolled; a range-based for walked once has a frame of its own).
  for (std::size_t K = JumpFrames.size(); K-- > 0 && Loops;) {
    JumpFrame &F = JumpFrames[K];
    if (!F.Symbolic)
      continue;
    --Loops;
    for (std::size_t G = std::max(F.GuardDepth, F.BodyGuardDepth); G < Guards.size() && !F.JumpSplits; ++G)
      F.JumpSplits = isVarying(Guards[G].Cond);
  }
}

} // namespace bankcheck::frontend

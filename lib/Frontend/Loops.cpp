//===- Loops.cpp - Loops: unrolled over the block, or symbolic ------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A loop whose trip count can be decided over the whole block is unrolled
/// (its trip count learnt by a probe, a trial run without recording); any
/// other loop gets a uniform iteration counter, with simple inductions as
/// `init + J*step` and other carried values as unknowns.
//===----------------------------------------------------------------------===//
#include "Frontend/StmtWalk.h"
#include "Frontend/WalkerState.h"

#include "clang/AST/RecursiveASTVisitor.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;
using symbolic::SymbolKind;

namespace {
constexpr unsigned MaxTripCount = 1024;
constexpr unsigned MaxUnrollProduct = 1u << 16;
/// Work (walker steps + thread evaluations of loop conditions) one outermost
/// unroll probe may spend, nested probes included, before the loop is given
/// a symbolic counter instead; and the total thread evaluations of loop
/// conditions per kernel walk, beyond which no loop is unrolled.
constexpr std::uint64_t MaxProbeWork = 16'000'000;
constexpr std::uint64_t MaxDecideWork = 128'000'000;
} // namespace

void Walker::walkLoop(const Stmt *Init, const clang::Expr *Cond, const clang::Expr *Inc,
                      const Stmt *Body, const Stmt *Loop, bool CondFirst) {
  if (!Trials.empty() && trialSkips(Loop))
    return; // a uniformity trial that this loop's walk cannot inform
  LoopBreaks.push_back(nullptr); // a break in it leaves this loop
  struct Pop {
    decltype(LoopBreaks) &L;
    ~Pop() { L.pop_back(); }
  } PopBreaks{LoopBreaks};
  JumpScope Frame(*this, /*Switch=*/false);
  if (Init)
    walkStmt(Init);
  const std::set<const VarDecl *> &BodyAssigned = assignedIn(Body);
  std::set<const VarDecl *> Carried = BodyAssigned;
  for (const VarDecl *V : assignedIn(Inc)) Carried.insert(V);
  for (const VarDecl *V : assignedIn(Cond)) Carried.insert(V);
  unsigned Line = lineOf(Loop);
  // Inside a probe (a trial run of an enclosing loop to learn its trip
  // count) a nested loop is walked with a symbolic counter, not probed in
  // turn: probing nested loops multiplies their costs. The enclosing loop's
  // probe only needs the values it carries; one that depends on what the
  // nested loop computes becomes undecided, and the enclosing loop symbolic.
  if (CondFirst && Cond && !earlyExitIn(Body) && ProbeDepth == 0 && loopJumpFacts(Body).Modelled &&
      tryUnroll(Cond, Inc, Body, Carried, BodyAssigned, Line))
    return;
  symbolicLoop(Cond, Inc, Body, Carried, Line);
}

namespace {
/// The nodes of a body the probe may skip without walking it even once, or
/// none: a body whose walk can do nothing but compute values and record
/// accesses (no loop, no call of a function with a body, no lambda, asm or
/// statement expression, no jump), so that, where it cannot change the
/// loop's condition or increment, its walk teaches the probe nothing. The
/// count stands for the walk's steps in the probe's budgets.
std::optional<std::uint64_t> simpleBodyNodes(const Stmt *S, Walker &W) {
  if (!S)
    return 0;
  if (const auto *E = dyn_cast<clang::Expr>(S)) {
    if (isa<PseudoObjectExpr>(E))
      return W.builtinCoordinate(E) ? std::optional<std::uint64_t>(1) : std::nullopt;
    if (isa<LambdaExpr, StmtExpr, BlockExpr, CXXThrowExpr>(E))
      return std::nullopt;
    if (const auto *C = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *FD = C->getDirectCallee();
      if (!FD || FD->hasBody())
        return std::nullopt;
    }
    if (const auto *CC = dyn_cast<CXXConstructExpr>(E))
      if (!CC->getConstructor() || CC->getConstructor()->hasBody())
        return std::nullopt;
  } else if (!isa<CompoundStmt, DeclStmt, NullStmt, IfStmt>(S)) {
    return std::nullopt;
  }
  std::uint64_t N = 1;
  for (const Stmt *C : S->children()) {
    std::optional<std::uint64_t> Sub = simpleBodyNodes(C, W);
    if (!Sub)
      return std::nullopt;
    N += *Sub;
  }
  return N;
}
} // namespace

const std::set<const VarDecl *> &Walker::assignedIn(const Stmt *S) {
  auto It = AssignedCache.find(S);
  if (It == AssignedCache.end())
    It = AssignedCache.emplace(S, assignedVars(S)).first;
  return It->second;
}

const std::set<const VarDecl *> &Walker::initializedIn(const Stmt *S) {
  auto It = InitializedCache.find(S);
  if (It != InitializedCache.end())
    return It->second;
  std::set<const VarDecl *> Vars;
  auto OnNode = [](const Stmt *) { return true; };
  auto OnVar = [&](const VarDecl *VD) {
    if (VD->getInit() && !VD->isStaticLocal() && VD->getType()->isIntegralOrEnumerationType())
      Vars.insert(VD);
  };
  walkPreOrder(S, OnNode, OnVar);
  return InitializedCache.emplace(S, std::move(Vars)).first->second;
}

bool Walker::earlyExitIn(const Stmt *S) {
  auto It = EarlyExitCache.find(S);
  if (It == EarlyExitCache.end())
    It = EarlyExitCache.try_emplace(S, hasEarlyExit(S)).first;
  return It->second;
}

bool Walker::probeSkipsBody(const clang::Expr *Cond, const clang::Expr *Inc, const Stmt *Body,
                            const std::set<const VarDecl *> &Assigned) {
  std::set<const VarDecl *> Used = referencedVars(Cond);
  for (const VarDecl *V : referencedVars(Inc))
    Used.insert(V);
  for (const VarDecl *V : Used) {
    if (V->getType()->isReferenceType())
      return false;
    if (V->getType().isConstQualified())
      continue;
    // A local whose address never leaves the function (nothing can change it
    // but what names it), and that the body does not assign.
    if (!V->hasLocalStorage() || escapes(V) || Assigned.count(V))
      return false;
  }
  return onlyReads(Body, Used);
}

bool Walker::tryUnroll(const clang::Expr *Cond, const clang::Expr *Inc, const Stmt *Body,
                       const std::set<const VarDecl *> &Carried, const std::set<const VarDecl *> &BodyAssigned,
                       unsigned Line) {
  std::vector<Expr> GuardConds;
  for (const bank::Guard &G : Guards)
    GuardConds.push_back(G.Cond);
  auto Decide = [&](const Expr &C) {
    if (C.isConst())
      return C.constValue() ? bank::Truth::AllTrue : bank::Truth::AllFalse;
    if (!Config.Shape)
      return bank::Truth::Unknown;
    return bank::decideOverBlock(C, *Config.Shape, GuardConds, &DecideWork);
  };
  // Probe: run the loop without recording to learn its trip count. Nested
  // probes share the outermost probe's work budget, and see the iterations
  // probed so far in UnrollProduct, so that nested loops that never end (or
  // run long) are given up in bounded time.
  const std::size_t Mark = Vars.mark(); // the probe's writes are undone after it
  bool SavedRecording = Recording;
  std::vector<bank::Truth> Trips;
  bool Ok = true;
  Recording = false;
  if (ProbeDepth++ == 0)
    ProbeStart = Steps + DecideWork;
  unsigned SavedProduct = UnrollProduct;
  // Where the body cannot change what the condition and increment read, its
  // walk after the first iteration teaches the probe nothing: it is counted
  // (the first iteration's steps, for the budgets) but not done again.
  auto Skip = ProbeSkipCache.find(Body);
  if (Skip == ProbeSkipCache.end()) {
    ProbeSkip N;
    N.SkipBody = probeSkipsBody(Cond, Inc, Body, BodyAssigned);
    if (N.SkipBody)
      N.Nodes = simpleBodyNodes(Body, *this);
    Skip = ProbeSkipCache.try_emplace(Body, N).first;
  }
  const ProbeSkip P = Skip->second;
  bool SkipBody = P.SkipBody;
  std::uint64_t BodySteps = 0;
  // A simple body is not walked at all: its node count stands for the steps
  // of its walk.
  bool SkipFirst = false;
  if (P.Nodes) {
    SkipFirst = true;
    BodySteps = *P.Nodes;
  }
  for (;;) {
    if (Trips.size() >= MaxTripCount ||
        std::uint64_t(SavedProduct) * (Trips.size() + 1) > MaxUnrollProduct || overBudget() ||
        Steps + DecideWork - ProbeStart > MaxProbeWork || DecideWork > MaxDecideWork) {
      Ok = false;
      break;
    }
    bank::Truth T = Decide(intValue(Cond));
    if (T == bank::Truth::Unknown) {
      Ok = false;
      break;
    }
    if (T == bank::Truth::AllFalse)
      break;
    Trips.push_back(T);
    UnrollProduct = unsigned(std::uint64_t(SavedProduct) * Trips.size());
    if (!SkipBody || (Trips.size() == 1 && !SkipFirst)) {
      std::uint64_t Before = Steps;
      walkStmt(Body);
      BodySteps = Steps - Before;
    } else {
      Steps += BodySteps;
    }
    if (Inc)
      rvalue(Inc);
  }
  UnrollProduct = SavedProduct;
  --ProbeDepth;
  Vars.undo(Mark);
  Recording = SavedRecording;
  if (!Ok)
    return false;
  unsigned N = std::max<unsigned>(1, Trips.size());
  UnrollProduct *= N;
  std::set<const VarDecl *> Counters = assignedIn(Inc);
  if (Counters.empty())
    Counters = Carried;
  // The condition's value is needed only where lanes differ on it (a guard);
  // elsewhere it is lowered again only for what it may change.
  const bool CondFree = effectFree(Cond);
  // Lanes whose condition fails at an iteration leave the loop with the
  // values they have there; the others go on (and set them again).
  std::vector<std::pair<Expr, VarMap>> Left;
  for (std::size_t K = 0; K < Trips.size(); ++K) {
    const bool Mixed = Trips[K] == bank::Truth::Mixed;
    Expr C = Mixed || !CondFree ? intValue(Cond) : Expr();
    if (Mixed)
      Left.emplace_back(C, Vars);
    std::string Label;
    for (const VarDecl *V : Counters) {
      auto It = Vars.find(V);
      if (It != Vars.end() && It->second.K == Value::Int && It->second.E.isConst()) {
        if (!Label.empty()) Label += ", ";
        Label += nameOf(V) + " = " + std::to_string(It->second.E.constValue());
      }
    }
    if (Label.empty())
      Label = "iteration " + std::to_string(K) + " of the loop at line " + std::to_string(Line);
    if (Mixed)
      Guards.push_back(makeGuard(C, Cond));
    Labels.push_back(std::move(Label));
    walkStmt(Body);
    Labels.pop_back();
    if (Mixed)
      Guards.pop_back();
    if (Inc)
      rvalue(Inc);
  }
  // The last test of the condition, the one that ends the loop, runs too:
  // what it assigns (`while ((m = next()) < n)`) holds after the loop.
  if (!CondFree)
    rvalue(Cond);
  // After the loop each lane holds what it left with: C ? value now : value
  // where it left, the earliest iteration outermost.
  for (auto It = Left.rbegin(); It != Left.rend(); ++It)
    mergeFlow(It->second, It->first);
  UnrollProduct /= N;
  return true;
}

namespace {
/// `v += c`, `v -= c`, `++v`, `v = v + c` as the step of v, or nullptr.
const clang::Expr *stepOf(const Stmt *S, const VarDecl *V, int &Sign, bool &Unit) {
  const auto *E = dyn_cast_or_null<clang::Expr>(S);
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  auto IsV = [&](const clang::Expr *X) {
    const auto *DR = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts());
    return DR && DR->getDecl() == V;
  };
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->isIncrementDecrementOp() && IsV(U->getSubExpr())) {
      Sign = U->isIncrementOp() ? 1 : -1;
      Unit = true;
      return U;
    }
    return nullptr;
  }
  const auto *B = dyn_cast<BinaryOperator>(E);
  if (!B || !IsV(B->getLHS()))
    return nullptr;
  if (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) {
    Sign = B->getOpcode() == BO_AddAssign ? 1 : -1;
    Unit = false;
    return B->getRHS();
  }
  if (B->getOpcode() == BO_Assign) {
    const auto *R = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParenImpCasts());
    if (R && (R->getOpcode() == BO_Add || R->getOpcode() == BO_Sub) && IsV(R->getLHS())) {
      Sign = R->getOpcode() == BO_Add ? 1 : -1;
      Unit = false;
      return R->getRHS();
    }
  }
  return nullptr;
}
class RefVisitor : public RecursiveASTVisitor<RefVisitor> {
public:
  std::set<const VarDecl *> Uses;
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    if (auto *VD = dyn_cast<VarDecl>(D->getDecl()))
      Uses.insert(VD);
    return true;
  }
};

/// True when E mentions one of Vars.
bool mentionsAny(const clang::Expr *E, const std::set<const VarDecl *> &Vars) {
  RefVisitor R;
  R.TraverseStmt(const_cast<clang::Expr *>(E));
  for (const VarDecl *V : R.Uses)
    if (Vars.count(V))
      return true;
  return false;
}
} // namespace

bool Walker::constantStep(const VarDecl *V, const clang::Expr *StepE) {
  // The step is one top-level statement of the body (or the increment), the
  // only one that assigns V; it adds the same constant wherever it runs. V
  // must be written nowhere else: not through its address or a reference
  // (escapes), a lambda's capture or an asm output.
  if (StepE && !StepE->isIntegerConstantExpr(Ctx))
    return false;
  if (!V->hasLocalStorage() || V->getType()->isReferenceType() || escapes(V))
    return false;
  const auto *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  return F && !bodyFacts(*F).WrittenUnseen.count(V);
}

bool Walker::jumpSplitsLanes(const Stmt *Body, const clang::Expr *Inc) {
  if (JumpFrames.empty())
    return false;
  const std::size_t Frame = JumpFrames.size() - 1; // frames nested in the walk below come and go
  JumpFrames[Frame].BodyGuardDepth = Guards.size();
  // Inside a walk that records nothing (a probe, a uniformity trial) the
  // guard would guard nothing: no walk to learn it there (nested loops would
  // multiply them).
  if (JumpFrames[Frame].JumpSplits || !Recording || !Body || !earlyExitIn(Body))
    return JumpFrames[Frame].JumpSplits;
  // Learnt by a walk of the body without recording, as the real walk will
  // find it (the uniformity trial, where there was one, found it already).
  const VarMap Saved = Vars;
  walkUnrecorded(Body, Inc);
  Vars = Saved;
  return JumpFrames[Frame].JumpSplits;
}

void Walker::walkUnrecorded(const Stmt *Body, const clang::Expr *Inc) {
  const bool SavedRecording = Recording;
  const std::optional<Exited> SavedExit = Exits.empty() ? std::nullopt : std::optional<Exited>(Exits.back());
  Recording = false;
  walkStmt(Body);
  if (Inc)
    rvalue(Inc);
  Recording = SavedRecording;
  if (SavedExit)
    Exits.back() = *SavedExit; // no lane returns in a walk that records nothing
}

void Walker::symbolicLoop(const clang::Expr *Cond, const clang::Expr *Inc, const Stmt *Body,
                          const std::set<const VarDecl *> &Carried, unsigned Line) {
  symbolic::Symbol J;
  J.Name = "iteration@" + std::to_string(Line);
  J.Kind = SymbolKind::Uniform;
  J.Min = 0;
  J.Reason = "the trip count of the loop at line " + std::to_string(Line) + " is not known";
  Expr Iter = Expr::var(Result.Symbols.add(J));
  if (!JumpFrames.empty())
    JumpFrames.back().Symbolic = true; // walkLoop's frame for this loop

  // Statements that run once per iteration: the increment and the body's
  // top-level statements.
  std::vector<const Stmt *> Steps;
  if (Inc)
    Steps.push_back(Inc);
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(Body))
    for (const Stmt *S : C->body())
      Steps.push_back(S);
  else if (Body)
    Steps.push_back(Body);

  // Lanes that continue skip the rest of the iteration: a step there is not
  // taken by all of them. A jump the walk does not follow leaves every
  // carried integer lane-varying (LoopJumps.cpp).
  const bool Modelled = loopJumpFacts(Body).Modelled;
  const bool Continues = loopJumpFacts(Body).Continues;
  VarMap Saved = Vars;
  bool SavedRecording = Recording;
  Recording = false;
  std::map<const VarDecl *, Value> Entry;
  // Counters whose value after any iteration is their entry value plus a
  // constant: the trial walk below cannot find them varying.
  std::set<const VarDecl *> ConstantSteps;
  for (const VarDecl *V : Carried) {
    auto It = Saved.find(V);
    // Declared inside the loop: not seen before it, or seen at an earlier
    // walk of the same body (an enclosing loop's earlier iteration), where
    // its declaration sets it again.
    if (It == Saved.end() || (Body && initializedIn(Body).count(V)))
      continue;
    const Value &Before = It->second;
    // Find exactly one step statement for V, with a loop-invariant step.
    const clang::Expr *StepE = nullptr;
    int Sign = 0;
    bool Unit = false;
    unsigned Found = 0;
    bool InInc = false;
    for (const Stmt *S : Steps) {
      int Sg;
      bool U;
      if (const clang::Expr *X = stepOf(S, V, Sg, U)) {
        StepE = X;
        Sign = Sg;
        Unit = U;
        InInc = Inc && S == Inc;
        ++Found;
      }
    }
    unsigned Total = Cond ? assignedIn(Cond).count(V) : 0; // `while ((v = f()) < n)`
    for (const Stmt *S : Steps)
      Total += assignedIn(S).count(V);
    bool Invariant = StepE && (Unit || !mentionsAny(StepE, Carried));
    if (Found == 1 && Total == 1 && Invariant && Before.K != Value::None && Modelled && (InInc || !Continues)) {
      Expr Step = Unit ? Expr::constant(1) : intValue(StepE);
      Expr Delta = Iter * Step;
      if (Sign < 0)
        Delta = Expr::constant(0) - Delta;
      if (Before.K == Value::Int) {
        Entry[V] = Value::integer(Before.E + Delta);
        if (constantStep(V, Unit ? nullptr : StepE))
          ConstantSteps.insert(V);
      } else if (Before.K == Value::Window) {
        Value W = Before; // an integer address: the step is in bytes
        W.P.Offset = W.P.Offset + Delta;
        Entry[V] = W;
      } else {
        Value P = Before; // a shared or global pointer: the step is in elements
        P.P.Offset = P.P.Offset + Delta * pointeeBytes(P.P.Pointee, Ctx);
        Entry[V] = P;
      }
      continue;
    }
    if (V->getType()->isIntegralOrEnumerationType()) {
      // Uniform when it starts uniform and every assignment stays uniform:
      // decided by walking the loop once with the value as a uniform unknown.
      bool StartsUniform = Modelled && Before.K == Value::Int && !isVarying(Before.E);
      Entry[V] = Value::integer(opaque(nullptr, !StartsUniform,
                                       "'" + V->getNameAsString() + "' changes across iterations "
                                       "of the loop at line " + std::to_string(Line), V->getType()));
    } else {
      Entry[V] = Value();
    }
  }
  // Check uniformity of the carried values that were assumed uniform: walk the
  // body once (not recording) and see whether their new values vary by lane.
  // Not needed where every such value is a counter with a constant step.
  bool Trial = false;
  for (auto &[V, Val] : Entry)
    if (Val.K == Value::Int && !isVarying(Val.E) && !ConstantSteps.count(V))
      Trial = true;
  for (auto &[V, Val] : Entry)
    Vars[V] = Val;
  if (Trial) {
    TrialScope Scope;
    Scope.Body = Body;
    Scope.Cond = Cond;
    Scope.Inc = Inc;
    Scope.CallDepth = CallStack.size();
    for (auto &[V, Val] : Entry)
      if (Val.K == Value::Int && !isVarying(Val.E))
        Scope.Checked.insert(V);
    Trials.push_back(std::move(Scope));
    // The condition too: what it assigns runs at every iteration.
    if (Cond)
      rvalue(Cond);
    if (!JumpFrames.empty())
      JumpFrames.back().BodyGuardDepth = Guards.size();
    walkUnrecorded(Body, Inc);
    Trials.pop_back();
    for (auto &[V, Val] : Entry) {
      auto It = Vars.find(V);
      if (Val.K == Value::Int && !isVarying(Val.E) && It != Vars.end() &&
          (It->second.K != Value::Int || isVarying(It->second.E)))
        Val = Value::integer(opaque(nullptr, true, "'" + V->getNameAsString() +
                                                       "' changes across iterations of the loop "
                                                       "at line " + std::to_string(Line), V->getType()));
    }
  }
  Vars = Saved;
  for (auto &[V, Val] : Entry)
    Vars[V] = Val;
  Recording = SavedRecording;

  // The real walk: every iteration at once.
  Labels.push_back("any iteration of the loop at line " + std::to_string(Line));
  bool HasGuard = false;
  bool CondVaries = false; // lanes leave at different iterations
  if (Cond) {
    Expr C = intValue(Cond);
    if (!C.isConst()) {
      Guards.push_back(makeGuard(C, Cond));
      HasGuard = true;
      CondVaries = isVarying(C);
    }
  }
  // A return inside: which lanes take it at some iteration is not known.
  unsigned SavedLine = 0;
  if (!Exits.empty()) {
    SavedLine = Exits.back().Line;
    ++Exits.back().InLoop;
    Exits.back().Line = Line;
  }
  const bool LeftGuard = jumpSplitsLanes(Body, Inc);
  if (LeftGuard) {
    // Lanes that left by `break` or `return` at an earlier iteration take
    // none of the later accesses; which iteration each left at is not
    // followed: they are kept, as lanes an undecided guard keeps are (and
    // said so), but at the first iteration, where every lane that entered
    // is still in.
    std::string Left = "the lane has not left the loop at line " + std::to_string(Line) +
                       " (break or return) at an earlier iteration";
    Expr Stays = opaque(nullptr, true, Left, QualType());
    LeftGuards.push_back({Guards.size(), HasGuard ? Guards.size() - 1 : std::size_t(-1), Iter.symbol()});
    Guards.push_back(bank::Guard{
        Expr::select(Expr::binary(symbolic::Op::Eq, Iter, Expr::constant(0)), Expr::constant(1), Stays), Left});
  }
  walkStmt(Body);
  if (Inc)
    rvalue(Inc);
  if (LeftGuard) {
    Guards.pop_back();
    LeftGuards.pop_back();
  }
  if (!Exits.empty()) {
    --Exits.back().InLoop;
    Exits.back().Line = SavedLine;
  }
  if (HasGuard)
    Guards.pop_back();
  Labels.pop_back();
  // After the loop the carried values are unknown: lane-varying where the
  // lanes may have left it at different iterations.
  const bool LeftApart = !Modelled || CondVaries || (!JumpFrames.empty() && JumpFrames.back().DivergentBreak);
  for (const VarDecl *V : Carried) {
    if (!Saved.count(V))
      continue;
    auto E = Entry.find(V);
    bool Uniform = !LeftApart && E != Entry.end() && E->second.K == Value::Int && !isVarying(E->second.E);
    if (V->getType()->isIntegralOrEnumerationType())
      Vars[V] = Value::integer(opaque(nullptr, !Uniform,
                                      "value of '" + V->getNameAsString() + "' after the loop at line " +
                                          std::to_string(Line), V->getType()));
    else
      Vars[V] = Value();
  }
}

} // namespace bankcheck::frontend

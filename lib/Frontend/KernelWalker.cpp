//===- KernelWalker.cpp - Statements: locals, branches, loops, calls ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

#include "Frontend/AccessForms.h"

#include "Symbolic/Evaluate.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;
using symbolic::SymbolKind;

namespace {
constexpr unsigned MaxTripCount = 1024;
constexpr unsigned MaxUnrollProduct = 1u << 16;
constexpr std::uint64_t MaxSteps = 20'000'000;
/// Work (walker steps + thread evaluations of loop conditions) one outermost
/// unroll probe may spend, nested probes included, before the loop is given
/// a symbolic counter instead; and the total thread evaluations of loop
/// conditions per kernel walk, beyond which no loop is unrolled.
constexpr std::uint64_t MaxProbeWork = 16'000'000;
constexpr std::uint64_t MaxDecideWork = 128'000'000;

class AssignedVisitor : public RecursiveASTVisitor<AssignedVisitor> {
public:
  std::set<const VarDecl *> Vars;
  void note(const clang::Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DR = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
        Vars.insert(VD);
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      note(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      note(U->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->isAssignmentOp() && C->getNumArgs() > 0)
      note(C->getArg(0));
    return true;
  }
};

class ExitVisitor : public RecursiveASTVisitor<ExitVisitor> {
public:
  bool Found = false;
  unsigned LoopDepth = 0;
  bool TraverseForStmt(ForStmt *S) { return nested(S); }
  bool TraverseWhileStmt(WhileStmt *S) { return nested(S); }
  bool TraverseDoStmt(DoStmt *S) { return nested(S); }
  bool TraverseSwitchStmt(SwitchStmt *S) { return nested(S); }
  template <typename T> bool nested(T *S) {
    ++LoopDepth;
    RecursiveASTVisitor::TraverseStmt(S->getBody());
    --LoopDepth;
    return true;
  }
  bool VisitReturnStmt(ReturnStmt *) { Found = true; return true; }
  bool VisitGotoStmt(GotoStmt *) { Found = true; return true; }
  bool VisitBreakStmt(BreakStmt *) {
    if (LoopDepth == 0) Found = true;
    return true;
  }
};

bool isJump(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<ContinueStmt>(S) || isa<BreakStmt>(S))
    return true;
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return !C->body_empty() && isJump(C->body_back());
  return false;
}
} // namespace

std::set<const VarDecl *> assignedVars(const Stmt *S) {
  AssignedVisitor V;
  if (S)
    V.TraverseStmt(const_cast<Stmt *>(S));
  return V.Vars;
}

bool hasEarlyExit(const Stmt *S) {
  ExitVisitor V;
  if (S)
    V.TraverseStmt(const_cast<Stmt *>(S));
  return V.Found;
}

report::FileLoc toFileLoc(SourceLocation Loc, const SourceManager &SM) {
  report::FileLoc F;
  if (Loc.isInvalid())
    return F;
  Loc = SM.getExpansionLoc(Loc);
  PresumedLoc P = SM.getPresumedLoc(Loc);
  if (P.isInvalid())
    return F;
  F.Path = P.getFilename();
  F.Line = P.getLine();
  F.Column = P.getColumn();
  F.Offset = SM.getFileOffset(Loc);
  return F;
}

Walker::Walker(const FunctionDecl &Kernel, const LaunchConfig &Config, ASTContext &Ctx)
    : Kernel(Kernel), Config(Config), Ctx(Ctx) {}

std::string Walker::sourceText(const clang::Expr *E) const {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = CharSourceRange::getTokenRange(SM.getExpansionRange(E->getSourceRange()).getAsRange());
  StringRef Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts());
  std::string Out;
  bool Space = false;
  for (char C : Text) {
    if (C == '\n' || C == '\t' || C == ' ' || C == '\r') {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  return Out.empty() ? "<expr>" : Out;
}

unsigned Walker::lineOf(const Stmt *S) const {
  return toFileLoc(S->getBeginLoc(), Ctx.getSourceManager()).Line;
}

bank::Guard Walker::makeGuard(const Expr &Cond, const clang::Expr *Src) {
  return bank::Guard{Cond, Src ? sourceText(Src) : "condition"};
}

bool Walker::overBudget() {
  if (Steps > MaxSteps && Result.Aborted.empty())
    Result.Aborted = "the kernel is too large to walk within the analysis budget";
  return !Result.Aborted.empty();
}

namespace {
class GotoVisitor : public RecursiveASTVisitor<GotoVisitor> {
public:
  bool Found = false;
  bool VisitGotoStmt(GotoStmt *) { Found = true; return false; }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *) { Found = true; return false; }
};
bool hasGoto(const FunctionDecl &F) {
  GotoVisitor V;
  if (F.getBody())
    V.TraverseStmt(F.getBody());
  return V.Found;
}
} // namespace

KernelResult Walker::run() {
  if (hasGoto(Kernel))
    WithGoto.insert(&Kernel);
  if (const Stmt *Body = Kernel.getBody())
    walkStmt(Body);
  // Accesses in code whose control flow was not followed cannot be decided.
  for (AccessSite &S : Result.Sites) {
    if (!S.Unmodelled.empty() || !S.Func)
      continue;
    if (Recursive.count(S.Func))
      S.Unmodelled = "'" + S.Func->getNameAsString() + "' is recursive: not every call of it is analysed";
    else if (WithGoto.count(S.Func))
      S.Unmodelled = "'" + S.Func->getNameAsString() + "' uses goto: its control flow is not modelled";
  }
  return std::move(Result);
}

void Walker::walkStmt(const Stmt *S) {
  if (!S || overBudget())
    return;
  ++Steps;
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return walkCompound(C);
  if (const auto *I = dyn_cast<IfStmt>(S))
    return walkIf(I);
  if (const auto *F = dyn_cast<ForStmt>(S))
    return walkLoop(F->getInit(), F->getCond(), F->getInc(), F->getBody(), F, true);
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return walkLoop(nullptr, W->getCond(), nullptr, W->getBody(), W, true);
  if (const auto *D = dyn_cast<DoStmt>(S))
    return walkLoop(nullptr, D->getCond(), nullptr, D->getBody(), D, false);
  if (const auto *A = dyn_cast<AttributedStmt>(S))
    return walkStmt(A->getSubStmt());
  if (const auto *L = dyn_cast<LabelStmt>(S))
    return walkStmt(L->getSubStmt());
  if (const auto *R = dyn_cast<ReturnStmt>(S)) {
    if (const clang::Expr *V = R->getRetValue()) {
      Value Val;
      if (!Returns.empty() && V->isGLValue() && CallStack.back()->getReturnType()->isReferenceType()) {
        if (auto L = sharedLValue(V))
          Val = Value::pointer(*L);
      } else {
        Val = rvalue(V);
      }
      if (!Returns.empty()) {
        Expr Cond = Expr::constant(1);
        for (std::size_t G = ReturnGuardBase.back(); G < Guards.size(); ++G)
          Cond = Cond.isConst(1) ? Guards[G].Cond : Expr::binary(symbolic::Op::LAnd, Cond, Guards[G].Cond);
        Returns.back().push_back({Cond, Val});
      }
    }
    return;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD || VD->hasAttr<CUDASharedAttr>() || VD->isStaticLocal())
        continue;
      const clang::Expr *Init = VD->getInit();
      QualType T = VD->getType();
      if (T->isReferenceType()) {
        std::optional<SharedRef> L;
        if (Init)
          L = Init->isGLValue() ? sharedLValue(Init) : std::nullopt;
        if (Init && !Init->isGLValue())
          rvalue(Init);
        if (L)
          L->Pointee = T->getPointeeType();
        setVar(VD, L ? Value::pointer(*L) : Value());
        continue;
      }
      if (!Init) {
        if (T->isIntegralOrEnumerationType())
          setVar(VD, Value::integer(opaque(nullptr, true, "'" + VD->getNameAsString() +
                                                             "' is not initialized")));
        continue;
      }
      if (T->isPointerType()) {
        auto P = pointer(Init);
        setVar(VD, P ? Value::pointer(*P) : Value());
        continue;
      }
      Value V = rvalue(Init);
      if (T->isIntegralOrEnumerationType())
        setVar(VD, V.K == Value::Int ? V : Value::integer(opaque(Init, true, "unmodelled initializer")));
    }
    return;
  }
  if (const auto *SW = dyn_cast<SwitchStmt>(S)) {
    if (SW->getInit())
      walkStmt(SW->getInit());
    Expr C = intValue(SW->getCond());
    auto Carried = assignedVars(SW->getBody());
    Guards.push_back(makeGuard(opaque(SW->getCond(), true, "switch case"), SW->getCond()));
    walkStmt(SW->getBody());
    Guards.pop_back();
    for (const VarDecl *VD : Carried)
      if (VD->getType()->isIntegralOrEnumerationType())
        setVar(VD, Value::integer(opaque(nullptr, true, "value assigned in a switch")));
    (void)C;
    return;
  }
  if (const auto *A = dyn_cast<AsmStmt>(S))
    return walkAsm(A);
  if (const auto *CS = dyn_cast<CaseStmt>(S))
    return walkStmt(CS->getSubStmt());
  if (const auto *DS = dyn_cast<DefaultStmt>(S))
    return walkStmt(DS->getSubStmt());
  if (const auto *E = dyn_cast<clang::Expr>(S)) {
    if (E->isGLValue()) {
      const clang::Expr *I = E->IgnoreParens();
      if (const auto *B = dyn_cast<BinaryOperator>(I); B && B->isAssignmentOp())
        assign(B);
      else if (const auto *U = dyn_cast<UnaryOperator>(I); U && U->isIncrementDecrementOp())
        incDec(U);
      else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(I))
        call(OC);
      else
        sharedLValue(I);
      return;
    }
    rvalue(E);
    return;
  }
  // Anything else: walk the children that are statements or expressions.
  for (const Stmt *C : S->children())
    walkStmt(C);
}

void Walker::walkCompound(const CompoundStmt *C) {
  std::size_t GuardDepth = Guards.size();
  for (const Stmt *S : C->body()) {
    if (overBudget())
      break;
    const auto *I = dyn_cast<IfStmt>(S);
    if (I && !I->getElse() && isJump(I->getThen()) && !I->isConsteval()) {
      // `if (c) return;`: the rest of the block runs where !c.
      if (I->getInit())
        walkStmt(I->getInit());
      Expr Cond = intValue(I->getCond());
      auto Before = Vars;
      Guards.push_back(makeGuard(Cond, I->getCond()));
      walkStmt(I->getThen());
      Guards.pop_back();
      Vars = Before;
      if (Cond.isConst()) {
        if (Cond.constValue())
          break; // always exits
        continue;
      }
      Guards.push_back(makeGuard(Expr::lnot(Cond), I->getCond()));
      Guards.back().Text = "!(" + Guards.back().Text + ")";
      continue;
    }
    walkStmt(S);
  }
  Guards.resize(GuardDepth);
}

void Walker::walkIf(const IfStmt *I) {
  if (I->getInit())
    walkStmt(I->getInit());
  if (const DeclStmt *CV = I->getConditionVariableDeclStmt())
    walkStmt(CV);
  if (I->isConsteval()) {
    walkStmt(I->getElse());
    return;
  }
  Expr C = intValue(I->getCond());
  if (C.isConst()) {
    walkStmt(C.constValue() ? I->getThen() : I->getElse());
    return;
  }
  auto Before = Vars;
  Guards.push_back(makeGuard(C, I->getCond()));
  walkStmt(I->getThen());
  Guards.pop_back();
  auto Then = Vars;
  Vars = Before;
  if (I->getElse()) {
    Guards.push_back(makeGuard(Expr::lnot(C), I->getCond()));
    Guards.back().Text = "!(" + Guards.back().Text + ")";
    walkStmt(I->getElse());
    Guards.pop_back();
  }
  auto Else = Vars;
  if (isJump(I->getThen())) {
    Vars = Else;
    return;
  }
  if (I->getElse() && isJump(I->getElse())) {
    Vars = Then;
    return;
  }
  mergeBranches(Before, Then, Else, C);
}

void Walker::mergeBranches(const std::map<const VarDecl *, Value> &Before,
                           const std::map<const VarDecl *, Value> &Then,
                           const std::map<const VarDecl *, Value> &Else, const Expr &Cond) {
  std::map<const VarDecl *, Value> Out = Before;
  auto Get = [&](const std::map<const VarDecl *, Value> &M, const VarDecl *V) -> const Value * {
    auto It = M.find(V);
    return It == M.end() ? nullptr : &It->second;
  };
  std::set<const VarDecl *> Keys;
  for (auto &[K, V] : Then) Keys.insert(K);
  for (auto &[K, V] : Else) Keys.insert(K);
  for (const VarDecl *K : Keys) {
    const Value *A = Get(Then, K), *B = Get(Else, K);
    if (!A || !B)
      continue; // declared inside one branch only: out of scope now
    if (A->K == Value::Int && B->K == Value::Int) {
      Out[K] = A->E.equals(B->E) ? *A : Value::integer(Expr::select(Cond, A->E, B->E));
    } else if (A->K == Value::Ptr && B->K == Value::Ptr && A->P.Array == B->P.Array &&
               A->P.Pointee == B->P.Pointee) {
      SharedRef R = A->P;
      R.Offset = Expr::select(Cond, A->P.Offset, B->P.Offset);
      Out[K] = Value::pointer(R);
    } else {
      Out[K] = Value();
    }
  }
  Vars = std::move(Out);
}

void Walker::walkLoop(const Stmt *Init, const clang::Expr *Cond, const clang::Expr *Inc,
                      const Stmt *Body, const Stmt *Loop, bool CondFirst) {
  if (Init)
    walkStmt(Init);
  std::set<const VarDecl *> Carried = assignedVars(Body);
  for (const VarDecl *V : assignedVars(Inc)) Carried.insert(V);
  for (const VarDecl *V : assignedVars(Cond)) Carried.insert(V);
  unsigned Line = lineOf(Loop);
  // Inside a probe (a trial run of an enclosing loop to learn its trip
  // count) a nested loop is walked with a symbolic counter, not probed in
  // turn: probing nested loops multiplies their costs. The enclosing loop's
  // probe only needs the values it carries; one that depends on what the
  // nested loop computes becomes undecided, and the enclosing loop symbolic.
  if (CondFirst && Cond && !hasEarlyExit(Body) && ProbeDepth == 0 &&
      tryUnroll(Cond, Inc, Body, Carried, Line))
    return;
  symbolicLoop(Cond, Inc, Body, Carried, Line);
}

bool Walker::tryUnroll(const clang::Expr *Cond, const clang::Expr *Inc, const Stmt *Body,
                       const std::set<const VarDecl *> &Carried, unsigned Line) {
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
  auto Saved = Vars;
  bool SavedRecording = Recording;
  std::vector<bank::Truth> Trips;
  bool Ok = true;
  Recording = false;
  if (ProbeDepth++ == 0)
    ProbeStart = Steps + DecideWork;
  unsigned SavedProduct = UnrollProduct;
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
    walkStmt(Body);
    if (Inc)
      rvalue(Inc);
  }
  UnrollProduct = SavedProduct;
  --ProbeDepth;
  Vars = Saved;
  Recording = SavedRecording;
  if (!Ok)
    return false;
  unsigned N = std::max<unsigned>(1, Trips.size());
  UnrollProduct *= N;
  std::set<const VarDecl *> Counters = assignedVars(Inc);
  if (Counters.empty())
    Counters = Carried;
  for (std::size_t K = 0; K < Trips.size(); ++K) {
    Expr C = intValue(Cond);
    std::string Label;
    for (const VarDecl *V : Counters) {
      auto It = Vars.find(V);
      if (It != Vars.end() && It->second.K == Value::Int && It->second.E.isConst()) {
        if (!Label.empty()) Label += ", ";
        Label += V->getNameAsString() + " = " + std::to_string(It->second.E.constValue());
      }
    }
    if (Label.empty())
      Label = "iteration " + std::to_string(K) + " of the loop at line " + std::to_string(Line);
    bool Mixed = Trips[K] == bank::Truth::Mixed;
    if (Mixed)
      Guards.push_back(makeGuard(C, Cond));
    Labels.push_back(Label);
    walkStmt(Body);
    Labels.pop_back();
    if (Mixed)
      Guards.pop_back();
    if (Inc)
      rvalue(Inc);
  }
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

void Walker::symbolicLoop(const clang::Expr *Cond, const clang::Expr *Inc, const Stmt *Body,
                          const std::set<const VarDecl *> &Carried, unsigned Line) {
  symbolic::Symbol J;
  J.Name = "iteration@" + std::to_string(Line);
  J.Kind = SymbolKind::Uniform;
  J.Min = 0;
  J.Reason = "the trip count of the loop at line " + std::to_string(Line) + " is not known";
  Expr Iter = Expr::var(Result.Symbols.add(J));

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

  auto Saved = Vars;
  bool SavedRecording = Recording;
  Recording = false;
  std::map<const VarDecl *, Value> Entry;
  for (const VarDecl *V : Carried) {
    auto It = Saved.find(V);
    if (It == Saved.end())
      continue; // declared inside the loop
    const Value &Before = It->second;
    // Find exactly one step statement for V, with a loop-invariant step.
    const clang::Expr *StepE = nullptr;
    int Sign = 0;
    bool Unit = false;
    unsigned Found = 0;
    for (const Stmt *S : Steps) {
      int Sg;
      bool U;
      if (const clang::Expr *X = stepOf(S, V, Sg, U)) {
        StepE = X;
        Sign = Sg;
        Unit = U;
        ++Found;
      }
    }
    unsigned Total = 0;
    for (const Stmt *S : Steps)
      Total += assignedVars(S).count(V);
    bool Invariant = StepE && (Unit || !mentionsAny(StepE, Carried));
    if (Found == 1 && Total == 1 && Invariant && Before.K != Value::None) {
      Expr Step = Unit ? Expr::constant(1) : intValue(StepE);
      Expr Delta = Iter * Step;
      if (Sign < 0)
        Delta = Expr::constant(0) - Delta;
      if (Before.K == Value::Int) {
        Entry[V] = Value::integer(Before.E + Delta);
      } else {
        SharedRef P = Before.P;
        std::int64_t Size = Ctx.getTypeSizeInChars(P.Pointee).getQuantity();
        P.Offset = P.Offset + Delta * Size;
        Entry[V] = Value::pointer(P);
      }
      continue;
    }
    if (V->getType()->isIntegralOrEnumerationType()) {
      // Uniform when it starts uniform and every assignment stays uniform:
      // decided by walking the loop once with the value as a uniform unknown.
      bool StartsUniform = Before.K == Value::Int && !isVarying(Before.E);
      Entry[V] = Value::integer(opaque(nullptr, !StartsUniform,
                                       "'" + V->getNameAsString() + "' changes across iterations "
                                       "of the loop at line " + std::to_string(Line)));
    } else {
      Entry[V] = Value();
    }
  }
  // Check uniformity of the carried values that were assumed uniform: walk the
  // body once (not recording) and see whether their new values vary by lane.
  for (auto &[V, Val] : Entry)
    Vars[V] = Val;
  walkStmt(Body);
  if (Inc)
    rvalue(Inc);
  for (auto &[V, Val] : Entry) {
    auto It = Vars.find(V);
    if (Val.K == Value::Int && !isVarying(Val.E) && It != Vars.end() &&
        (It->second.K != Value::Int || isVarying(It->second.E)))
      Val = Value::integer(opaque(nullptr, true, "'" + V->getNameAsString() +
                                                     "' changes across iterations of the loop "
                                                     "at line " + std::to_string(Line)));
  }
  Vars = Saved;
  for (auto &[V, Val] : Entry)
    Vars[V] = Val;
  Recording = SavedRecording;

  // The real walk: every iteration at once.
  Labels.push_back("any iteration of the loop at line " + std::to_string(Line));
  bool HasGuard = false;
  if (Cond) {
    Expr C = intValue(Cond);
    if (!C.isConst()) {
      Guards.push_back(makeGuard(C, Cond));
      HasGuard = true;
    }
  }
  walkStmt(Body);
  if (Inc)
    rvalue(Inc);
  if (HasGuard)
    Guards.pop_back();
  Labels.pop_back();
  // After the loop the carried values are unknown.
  for (const VarDecl *V : Carried) {
    if (!Saved.count(V))
      continue;
    auto E = Entry.find(V);
    bool Uniform = E != Entry.end() && E->second.K == Value::Int && !isVarying(E->second.E);
    if (V->getType()->isIntegralOrEnumerationType())
      Vars[V] = Value::integer(opaque(nullptr, !Uniform,
                                      "value of '" + V->getNameAsString() + "' after the loop at line " +
                                          std::to_string(Line)));
    else
      Vars[V] = Value();
  }
}

Value Walker::inlineCall(const FunctionDecl *FD, const CallExpr *C, const std::vector<Value> &Args) {
  // Walk the helper's body in the caller's context: its parameters take the
  // caller's values, its accesses are reported at the helper's own lines.
  std::map<const VarDecl *, Value> Saved = Vars;
  for (unsigned I = 0; I < FD->getNumParams() && I < Args.size(); ++I)
    Vars[FD->getParamDecl(I)] = Args[I];
  if (hasGoto(*FD))
    WithGoto.insert(FD);
  CallStack.push_back(FD);
  Returns.emplace_back();
  std::size_t GuardDepth = Guards.size();
  ReturnGuardBase.push_back(GuardDepth);
  walkStmt(FD->getBody());
  Guards.resize(GuardDepth);
  ReturnGuardBase.pop_back();
  std::vector<std::pair<Expr, Value>> Rets = std::move(Returns.back());
  Returns.pop_back();
  CallStack.pop_back();
  // Restore the caller's locals; a helper cannot assign them except through
  // pointers, which the analysis does not follow into locals.
  Vars = std::move(Saved);
  if (Rets.size() == 1)
    return Rets.front().second;
  if (FD->getReturnType()->isVoidType())
    return Value();
  // Several returns: the first one whose condition holds, as nested selects.
  if (!Rets.empty()) {
    Value R = Rets.back().second;
    bool Ok = R.K != Value::None;
    for (std::size_t I = Rets.size() - 1; Ok && I-- > 0;) {
      const Value &V = Rets[I].second;
      const Expr &C = Rets[I].first;
      if (V.K == Value::Int && R.K == Value::Int)
        R = Value::integer(Expr::select(C, V.E, R.E));
      else if (V.K == Value::Ptr && R.K == Value::Ptr && V.P.Array == R.P.Array)
        R.P.Offset = Expr::select(C, V.P.Offset, R.P.Offset);
      else
        Ok = false;
    }
    if (Ok)
      return R;
  }
  return Value::integer(opaque(C, true, "result of '" + FD->getNameAsString() +
                                            "' (several return statements)"));
}

KernelResult walkKernel(const FunctionDecl &Kernel, const LaunchConfig &Config, ASTContext &Ctx) {
  Walker W(Kernel, Config, Ctx);
  KernelResult R = W.run();
  assignForms(R, Ctx);
  return R;
}

} // namespace bankcheck::frontend

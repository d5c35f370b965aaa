//===- KernelWalker.cpp - Statements: locals, branches, returns -----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

#include "Frontend/AccessForms.h"
#include "Frontend/StmtWalk.h"

#include "Symbolic/Evaluate.h"

#include "clang/AST/Attr.h"
#include "clang/Lex/Lexer.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;
using symbolic::SymbolKind;

namespace {
/// The variable an assigned lvalue is part of (storedVariable).
void noteAssigned(const clang::Expr *E, std::set<const VarDecl *> &Vars) {
  if (const VarDecl *VD = storedVariable(E))
    Vars.insert(VD);
}
} // namespace

const VarDecl *storedVariable(const clang::Expr *E) {
  E = E->IgnoreParenImpCasts();
  for (;;) {
    if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow())
      E = ME->getBase()->IgnoreParenImpCasts();
    else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E);
             AS && AS->getBase()->getType()->isPointerType() &&
             isa<ImplicitCastExpr>(AS->getBase()->IgnoreParens()) &&
             cast<ImplicitCastExpr>(AS->getBase()->IgnoreParens())->getCastKind() == CK_ArrayToPointerDecay)
      E = cast<ImplicitCastExpr>(AS->getBase()->IgnoreParens())->getSubExpr()->IgnoreParenImpCasts();
    else
      break;
  }
  const auto *DR = dyn_cast<DeclRefExpr>(E);
  return DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
}

bool isJump(const Stmt *S) { return finalJumpOf(S) != nullptr; }

const Stmt *finalJumpOf(const Stmt *S) {
  while (const auto *C = dyn_cast_or_null<CompoundStmt>(S))
    S = C->body_empty() ? nullptr : C->body_back();
  return isa_and_nonnull<ReturnStmt, ContinueStmt, BreakStmt>(S) ? S : nullptr;
}

std::set<const VarDecl *> assignedVars(const Stmt *S) {
  std::set<const VarDecl *> Vars;
  auto OnNode = [&](const Stmt *N) {
    if (const auto *B = dyn_cast<BinaryOperator>(N)) {
      if (B->isAssignmentOp())
        noteAssigned(B->getLHS(), Vars);
    } else if (const auto *U = dyn_cast<UnaryOperator>(N)) {
      if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
        noteAssigned(U->getSubExpr(), Vars);
    } else if (const auto *C = dyn_cast<CXXOperatorCallExpr>(N)) {
      if (C->isAssignmentOp() && C->getNumArgs() > 0)
        noteAssigned(C->getArg(0), Vars);
    }
    return true;
  };
  walkPreOrder(S, OnNode);
  return Vars;
}

namespace {
/// The variables S names (Only null), or how often it names those of Only
/// (Refs; a lambda's capture names its variable without a DeclRefExpr) and
/// how often it reads them (Reads: an lvalue-to-rvalue conversion).
struct References {
  const std::set<const VarDecl *> *Only = nullptr;
  std::set<const VarDecl *> Vars;
  unsigned Refs = 0, Reads = 0;
  void of(const Stmt *S) {
    auto OnNode = [&](const Stmt *N) {
      if (const auto *DR = dyn_cast<DeclRefExpr>(N)) {
        if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl())) {
          if (!Only)
            Vars.insert(VD);
          else if (Only->count(VD))
            ++Refs;
        }
      } else if (const auto *CE = dyn_cast<ImplicitCastExpr>(N)) {
        if (Only && CE->getCastKind() == CK_LValueToRValue)
          if (const auto *DR = dyn_cast<DeclRefExpr>(CE->getSubExpr()->IgnoreParens()))
            if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()); VD && Only->count(VD))
              ++Reads;
      } else if (const auto *L = dyn_cast<LambdaExpr>(N)) {
        for (const LambdaCapture &C : L->captures())
          if (C.capturesVariable())
            if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar()); VD && Only && Only->count(VD))
              ++Refs;
      }
      return true;
    };
    walkPreOrder(S, OnNode);
  }
};
} // namespace

std::set<const VarDecl *> referencedVars(const Stmt *S) {
  References R;
  R.of(S);
  return std::move(R.Vars);
}

bool onlyReads(const Stmt *S, const std::set<const VarDecl *> &Vars) {
  References R;
  R.Only = &Vars;
  R.of(S);
  return R.Refs == R.Reads;
}

bool isBreak(const Stmt *S) {
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(S))
    return C->size() == 1 && isBreak(C->body_back());
  return isa_and_nonnull<BreakStmt>(S);
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
  F.SystemHeader = SM.isInSystemHeader(Loc);
  return F;
}

Walker::Walker(const FunctionDecl &Kernel, const LaunchConfig &Config, ASTContext &Ctx)
    : Kernel(Kernel), Config(Config), Ctx(Ctx) {
  Hints = hintsFor(Config);
}

const std::string &Walker::sourceText(const clang::Expr *E) const {
  auto [It, New] = TextCache.try_emplace(E);
  if (!New)
    return It->second;
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
  It->second = Out.empty() ? "<expr>" : Out;
  return It->second;
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

Expr Walker::returnPath(std::string *Text) const {
  Expr Path = Expr::constant(1);
  for (std::size_t G = ReturnGuardBase.empty() ? 0 : ReturnGuardBase.back(); G < Guards.size(); ++G) {
    Path = Path.isConst(1) ? Guards[G].Cond : Expr::binary(symbolic::Op::LAnd, Path, Guards[G].Cond);
    if (Text)
      *Text += (Text->empty() ? "" : " && ") + Guards[G].Text.str();
  }
  return Path;
}

void Walker::noteReturn(const ReturnStmt *R, Expr Path, std::string Text) {
  if (Exits.empty())
    return;
  Exited &E = Exits.back();
  if (E.InLoop) {
    noteReturnInLoops(E.InLoop);
    Path = opaque(nullptr, true, "the lanes that returned inside the loop at line " + std::to_string(E.Line));
    Text = "returned inside the loop at line " + std::to_string(E.Line);
  } else {
    // Conditions spelled by a macro over a whole block are not a readable text.
    if (Text.size() > 120 || Text.find('\n') != std::string::npos)
      Text = "returned at line " + std::to_string(lineOf(R));
  }
  E.Cond = E.Version ? Expr::binary(symbolic::Op::LOr, E.Cond, Path) : Path;
  E.Text = E.Version ? E.Text + " || " + Text : Text;
  ++E.Version;
}

KernelResult Walker::run() {
  if (hasGoto(Kernel))
    WithGoto.insert(&Kernel);
  Result.Walked.insert(&Kernel);
  Exits.emplace_back();
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
  Result.WalkedStmts.insert(S);
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
  if (const auto *FR = dyn_cast<CXXForRangeStmt>(S))
    return walkRangeFor(FR);
  if (const auto *A = dyn_cast<AttributedStmt>(S))
    return walkStmt(A->getSubStmt());
  if (const auto *L = dyn_cast<LabelStmt>(S))
    return walkStmt(L->getSubStmt());
  if (const auto *R = dyn_cast<ReturnStmt>(S)) {
    Value Val;
    if (const clang::Expr *V = R->getRetValue()) {
      if (!Returns.empty() && V->isGLValue() && CallStack.back()->getReturnType()->isReferenceType()) {
        if (auto L = sharedLValue(V))
          Val = Value::pointer(*L);
      } else {
        Val = rvalue(V);
      }
    }
    // The lanes that take this return: the guards of its function, joined.
    std::string Text;
    Expr Path = returnPath(&Text);
    if (!Returns.empty() && R->getRetValue())
      Returns.back().push_back({Path, Val});
    noteReturn(R, Path, std::move(Text));
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
      if (isLocalObjectType(T) && !escapes(VD)) {
        // A local struct or array: its parts are followed.
        Value V = Init ? objectValue(Init) : Value::object(ObjectValue());
        if (V.K != Value::Obj) {
          ObjectValue O;
          O.Missing = "value of '" + VD->getNameAsString() + "' is not known here";
          V = Value::object(std::move(O));
        }
        setVar(VD, V);
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
        setVar(VD, P ? Value::pointer(*P) : globalPointer(Init));
        continue;
      }
      Value V = rvalue(Init);
      if (T->isIntegralOrEnumerationType())
        setVar(VD, V.K == Value::Int || V.K == Value::Window
                       ? V
                       : Value::integer(opaque(Init, true, "unmodelled initializer")));
      else if (T->isRealFloatingType())
        setVar(VD, V.K == Value::Int ? V : Value()); // as `=` keeps it: its unknown, by lane or not
    }
    return;
  }
  if (const auto *SW = dyn_cast<SwitchStmt>(S)) {
    walkSwitch(SW); // lanes that return in it: see walkCompound
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
  std::vector<std::pair<Expr, VarMap>> Continued; // `if (c) continue;` met here
  for (const Stmt *S : C->body()) {
    if (overBudget())
      break;
    const unsigned Exit0 = Exits.empty() ? 0 : Exits.back().Version;
    const auto *I = dyn_cast<IfStmt>(S);
    if (I && !I->getElse() && isJump(I->getThen()) && !I->isConsteval()) {
      // `if (c) return;`: the rest of the block runs where !c.
      if (I->getInit())
        walkStmt(I->getInit());
      Expr Cond = intValue(I->getCond());
      if (!LoopBreaks.empty() && LoopBreaks.back() && isBreak(I->getThen()))
        LoopBreaks.back()->push_back({Cond, I->getCond()}); // for the unrolled loop's later iterations
      VarMap Before = Vars;
      Guards.push_back(makeGuard(Cond, I->getCond()));
      walkStmt(I->getThen());
      Guards.pop_back();
      // Lanes that continue come back at the end of the iteration, those
      // that break after the loop, with the values they jumped with
      // (LoopJumps.cpp).
      const Stmt *Jump = finalJumpOf(I->getThen());
      if (isa<ContinueStmt>(Jump))
        Continued.emplace_back(Cond, Vars);
      else if (isa<BreakStmt>(Jump))
        noteBreak(Cond);
      Vars = Before;
      if (Cond.isConst()) {
        if (Cond.constValue())
          break; // always exits
        continue;
      }
      Guards.push_back(makeGuard(Expr::lnot(Cond), I->getCond()));
      Guards.back().Text = "!(" + Guards.back().Text.str() + ")";
      continue;
    }
    if (const auto *SW = dyn_cast<SwitchStmt>(S)) {
      // Lanes that return or continue inside the switch skip the rest.
      ++Steps;
      std::optional<bank::Guard> Left = walkSwitch(SW);
      if (!Left)
        continue;
      // Lanes that continued in it come back at the iteration's end with
      // the values they have now.
      if (loopJumpsIn(SW, false, true))
        Continued.emplace_back(Left->Cond, Vars);
      if (Left->Cond.isConst())
        break; // every lane left
      Guards.push_back({Expr::lnot(Left->Cond), "!(" + Left->Text.str() + ")"});
      continue;
    }
    walkStmt(S);
    // Lanes that returned inside S (`if (a) { if (b) return; }`) skip the rest.
    if (!Exits.empty() && Exits.back().Version != Exit0) {
      const Exited &E = Exits.back();
      if (E.Cond.isConst()) {
        if (E.Cond.constValue())
          break; // every lane returned
        continue;
      }
      Guards.push_back({Expr::lnot(E.Cond), "!(" + E.Text + ")"});
    }
  }
  Guards.resize(GuardDepth);
  // The lanes that continued rejoin, the latest first: c ? value at the
  // jump : value now.
  for (auto It = Continued.rbegin(); It != Continued.rend(); ++It)
    mergeFlow(It->second, Expr::lnot(It->first));
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
  // The variables before, after the then-branch and after the else-branch
  // (before, where there is none): copies that share storage until written.
  const VarMap Before = Vars;
  Guards.push_back(makeGuard(C, I->getCond()));
  walkStmt(I->getThen());
  Guards.pop_back();
  VarMap Then = std::move(Vars);
  Vars = Before;
  VarMap WalkedElse;
  if (I->getElse()) {
    Guards.push_back(makeGuard(Expr::lnot(C), I->getCond()));
    Guards.back().Text = "!(" + Guards.back().Text.str() + ")";
    walkStmt(I->getElse());
    Guards.pop_back();
    WalkedElse = std::move(Vars);
  }
  const auto &Else = I->getElse() ? WalkedElse : Before;
  if (isJump(I->getThen())) {
    Vars = Else;
    return;
  }
  if (I->getElse() && isJump(I->getElse())) {
    Vars = std::move(Then);
    return;
  }
  mergeBranches(Before, Then, Else, C);
}

bool sameValue(const Value &A, const Value &B) {
  return A.K == B.K && A.E.node() == B.E.node() && A.O == B.O && A.P.Array == B.P.Array &&
         A.P.Offset.node() == B.P.Offset.node() && A.P.Pointee == B.P.Pointee &&
         A.P.GlobalBase == B.P.GlobalBase && A.P.Facts == B.P.Facts;
}

void Walker::mergeBranches(const VarMap &Before, const VarMap &Then, const VarMap &Else, const Expr &Cond) {
  VarMap Out = Before;
  // The variables of both branches, in key order (one declared inside one
  // branch only is out of scope now). Only a merged value that is not the
  // one before is written: Out shares Before's storage until one is.
  auto A = Then.begin(), B = Else.begin();
  while (A != Then.end() && B != Else.end()) {
    if (A->first < B->first) {
      ++A;
    } else if (B->first < A->first) {
      ++B;
    } else {
      const VarDecl *K = A->first;
      Value M = bounded(mergeValue(Cond, A->second, B->second), [&] { return K->getNameAsString(); });
      auto Old = Out.find(K);
      if (Old == Out.end() || !sameValue(Old->second, M))
        Out[K] = std::move(M);
      ++A;
      ++B;
    }
  }
  Vars = std::move(Out);
}

Value Walker::bounded(Value V, llvm::function_ref<std::string()> What) {
  // Expressions are trees over shared nodes; a value merged over many
  // branches (`if (c) x += 1;` unrolled) doubles at each one.
  constexpr std::size_t MaxValueNodes = 4096;
  auto Big = [&](const Expr &E) { return !E.isNull() && E.sizeExceeds(MaxValueNodes); };
  if ((V.K == Value::Int && Big(V.E)) || (V.K == Value::Ptr && Big(V.P.Offset)))
    return Value::integer(opaque(nullptr, true, "the value of '" + What() + "' is an expression of more than " +
                                                    std::to_string(MaxValueNodes) +
                                                    " terms (merged over many branches, or a variable used "
                                                    "twice per step); not followed"));
  if (V.K == Value::Obj) {
    bool Any = false;
    for (const auto &[Off, P] : V.O->Parts)
      Any |= (P.V.K == Value::Int && Big(P.V.E)) || (P.V.K == Value::Ptr && Big(P.V.P.Offset));
    if (!Any)
      return V;
    ObjectValue O = *V.O;
    for (auto It = O.Parts.begin(); It != O.Parts.end();) {
      const Value &PV = It->second.V;
      if ((PV.K == Value::Int && Big(PV.E)) || (PV.K == Value::Ptr && Big(PV.P.Offset)))
        It = O.Parts.erase(It);
      else
        ++It;
    }
    O.Missing = "a part of '" + What() + "' is an expression of more than " + std::to_string(MaxValueNodes) +
                " terms; not followed";
    return Value::object(std::move(O));
  }
  return V;
}

Value mergeValue(const Expr &Cond, const Value &A, const Value &B) {
  if (A.K == Value::Obj && B.K == Value::Obj)
    return A.O == B.O ? A : mergeObjects(Cond, *A.O, *B.O);
  if (A.K == Value::Int && B.K == Value::Int)
    return A.E.equals(B.E) ? A : Value::integer(Expr::select(Cond, A.E, B.E));
  if (A.K == B.K && (A.K == Value::Ptr || A.K == Value::Window || A.K == Value::Global) &&
      A.P.Array == B.P.Array && A.P.GlobalBase == B.P.GlobalBase && A.P.Pointee == B.P.Pointee) {
    Value M = A;
    M.P.Offset = Expr::select(Cond, A.P.Offset, B.P.Offset);
    return M;
  }
  return Value();
}

KernelResult walkKernel(const FunctionDecl &Kernel, const LaunchConfig &Config, ASTContext &Ctx) {
  Walker W(Kernel, Config, Ctx);
  KernelResult R = W.run();
  assignForms(R, Ctx);
  return R;
}

void dropWalkOnly(KernelResult &R) {
  MovableDenseSet<const DeclRefExpr *>().swap(R.SharedRefsSeen);
  MovableDenseSet<const Stmt *>().swap(R.WalkedStmts);
  std::set<const FunctionDecl *>().swap(R.Walked);
  for (AccessSite &S : R.Sites)
    std::unordered_multimap<std::size_t, std::size_t>().swap(S.InstanceIndex);
}

} // namespace bankcheck::frontend

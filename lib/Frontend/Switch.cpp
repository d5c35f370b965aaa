//===- Switch.cpp - switch statements with exact per-case guards ----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A switch is walked as the sequence of its top-level statements (nested
/// blocks flattened) with a *flow*: the condition under which a lane is
/// executing at that point. A case label adds the lanes whose value matches
/// it (default: no case matches); `break` removes every lane and
/// `if (c) break;` those where c holds; `return` and `continue` do the same
/// and are handed to the enclosing block, whose remaining statements then run
/// where they did not happen. Each statement runs with the flow as a guard and
/// the values it assigns are merged as `flow ? new : old`, so that after the
/// switch every variable holds, lane by lane, the value of the path the lane
/// took. A constant condition folds every flow to 0 or 1: only its case runs.
///
/// Other shapes (a case label inside a nested statement, as in Duff's device;
/// a break out of a nested statement other than `if (c) break;`) make the
/// accesses from there to the end of the switch unknown, with the reason, and
/// the values assigned there unknown after it.
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"


namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;
using symbolic::Op;

namespace {
/// A condition and its text for notes; constants fold away with their text.
struct Flow {
  Expr E;
  std::string Text;
};

std::string grouped(const std::string &T) {
  return T.find("||") != std::string::npos || T.find('?') != std::string::npos ? "(" + T + ")" : T;
}

Flow anyOf(const Flow &A, const Flow &B) {
  if (A.E.isConst())
    return A.E.constValue() ? A : B;
  if (B.E.isConst())
    return B.E.constValue() ? B : A;
  return {Expr::binary(Op::LOr, A.E, B.E), A.Text + " || " + B.Text};
}

Flow allOf(const Flow &A, const Flow &B) {
  if (A.E.isConst())
    return A.E.constValue() ? B : A;
  if (B.E.isConst())
    return B.E.constValue() ? A : B;
  return {Expr::binary(Op::LAnd, A.E, B.E), grouped(A.Text) + " && " + grouped(B.Text)};
}

Flow negated(const Flow &A) { return {Expr::lnot(A.E), "!(" + A.Text + ")"}; }

Flow never() { return {Expr::constant(0), "false"}; }

/// The condition's text as an operand of `==`.
std::string operandText(const std::string &T) {
  return T.find_first_of(" +-*/%&|^<>!~?:=,") == std::string::npos ? T : "(" + T + ")";
}

/// One top-level statement of the switch body and the labels in front of it.
struct Item {
  std::vector<const SwitchCase *> Labels;
  const Stmt *Body = nullptr; ///< null: labels at the end of a block
};

/// The body as a sequence; blocks at the top level are flattened, so that
/// `case 0: { ...; break; }` and labels inside plain nested blocks are seen.
void flatten(const Stmt *S, std::vector<Item> &Out) {
  Item I;
  for (;;) {
    if (const auto *SC = dyn_cast<SwitchCase>(S)) {
      I.Labels.push_back(SC);
      S = SC->getSubStmt();
    } else if (const auto *A = dyn_cast<AttributedStmt>(S); A && isa<SwitchCase>(A->getSubStmt())) {
      S = A->getSubStmt();
    } else {
      break;
    }
  }
  if (const auto *C = dyn_cast<CompoundStmt>(S)) {
    if (!I.Labels.empty())
      Out.push_back(I);
    for (const Stmt *X : C->body())
      flatten(X, Out);
    return;
  }
  I.Body = S;
  Out.push_back(I);
}

bool isPlainJump(const Stmt *S) { return isa<BreakStmt>(S) || isa<ContinueStmt>(S) || isa<ReturnStmt>(S); }

/// The jump that ends S (a jump, or a block whose last statement is one).
const Stmt *finalJump(const Stmt *S) {
  while (const auto *C = dyn_cast_or_null<CompoundStmt>(S))
    S = C->body_empty() ? nullptr : C->body_back();
  return S && isPlainJump(S) ? S : nullptr;
}
} // namespace

void Walker::mergeFlow(const VarMap &Before, const Expr &Cond) {
  // Only the values the merge changes are written (see sameValue).
  std::vector<std::pair<const VarDecl *, Value>> Changed;
  for (const auto &[K, V] : Vars) {
    auto It = Before.find(K);
    if (It == Before.end())
      continue;
    Value M = bounded(mergeValue(Cond, V, It->second), [&, K = K] { return K->getNameAsString(); });
    if (!sameValue(M, V))
      Changed.emplace_back(K, std::move(M));
  }
  for (auto &[K, M] : Changed)
    Vars[K] = std::move(M);
}

std::optional<bank::Guard> Walker::walkSwitch(const SwitchStmt *SW) {
  LoopBreaks.push_back(nullptr); // a break in it leaves the switch
  struct Pop {
    decltype(LoopBreaks) &L;
    ~Pop() { L.pop_back(); }
  } PopBreaks{LoopBreaks};
  JumpScope Frame(*this, /*Switch=*/true);
  if (SW->getInit())
    walkStmt(SW->getInit());
  if (const DeclStmt *CV = SW->getConditionVariableDeclStmt())
    walkStmt(CV);
  Expr C = intValue(SW->getCond());
  const std::string CondText = operandText(sourceText(SW->getCond()));
  const std::string Where = "the switch at line " + std::to_string(lineOf(SW));

  std::vector<Item> Items;
  if (SW->getBody())
    flatten(SW->getBody(), Items);

  // The value (range) of each case label; default matches none of them.
  std::string Unsupported;
  std::set<const SwitchCase *> Top;
  for (const Item &I : Items)
    Top.insert(I.Labels.begin(), I.Labels.end());
  std::map<const SwitchCase *, Flow> Match;
  std::vector<Flow> NoMatch;
  for (const SwitchCase *SC = SW->getSwitchCaseList(); SC; SC = SC->getNextSwitchCase()) {
    if (!Top.count(SC)) {
      Unsupported = Where + " has a case label inside a nested statement (line " + std::to_string(lineOf(SC)) +
                    "): its control flow is not modelled";
      continue;
    }
    const auto *CS = dyn_cast<CaseStmt>(SC);
    if (!CS)
      continue;
    clang::Expr::EvalResult Lo, Hi;
    bool Range = CS->caseStmtIsGNURange();
    if (!CS->getLHS()->EvaluateAsInt(Lo, Ctx) || !Lo.Val.getInt().isSignedIntN(64) ||
        (Range && (!CS->getRHS()->EvaluateAsInt(Hi, Ctx) || !Hi.Val.getInt().isSignedIntN(64)))) {
      Unsupported = Where + " has a case value the analysis cannot represent (line " +
                    std::to_string(lineOf(SC)) + ")";
      continue;
    }
    Expr L = Expr::constant(Lo.Val.getInt().getExtValue());
    Flow M{Expr::binary(Op::Eq, C, L), CondText + " == " + sourceText(CS->getLHS())};
    if (Range) {
      Expr H = Expr::constant(Hi.Val.getInt().getExtValue());
      M = allOf({Expr::binary(Op::Le, L, C), CondText + " >= " + sourceText(CS->getLHS())},
                {Expr::binary(Op::Le, C, H), CondText + " <= " + sourceText(CS->getRHS())});
    }
    Match[SC] = M;
    NoMatch.push_back(negated(M));
  }
  Flow Default{Expr::constant(1), "true"};
  for (const Flow &N : NoMatch)
    Default = allOf(Default, N);
  if (NoMatch.size() > 4)
    Default.Text = CondText + " matches no case label";

  Flow Live = never(); // lanes executing here
  Flow Left = never(); // lanes that returned or continued
  bool LeftUnknown = false;
  std::set<const VarDecl *> Unsure; // assigned where the flow is not modelled
  std::string SavedFlowReason = FlowUnmodelled;
  if (!Unsupported.empty()) {
    Live = {Expr::constant(1), "true"};
    if (FlowUnmodelled.empty())
      FlowUnmodelled = Unsupported;
  }

  // Runs Fn with F as a guard, then merges what it assigned as `F ? new : old`.
  auto Under = [&](const Flow &F, auto &&Fn) {
    if (F.E.isConst(0))
      return false;
    if (F.E.isConst()) {
      Fn();
      return true;
    }
    VarMap Before = Vars;
    Guards.push_back(bank::Guard{F.E, F.Text});
    Fn();
    Guards.pop_back();
    mergeFlow(Before, F.E);
    return true;
  };
  auto GiveUp = [&](const Stmt *At) {
    Unsupported = Where + " leaves a case from inside a nested statement (line " + std::to_string(lineOf(At)) +
                  "): its control flow is not modelled";
    if (FlowUnmodelled.empty())
      FlowUnmodelled = Unsupported;
  };

  for (const Item &I : Items) {
    if (overBudget())
      break;
    if (Unsupported.empty())
      for (const SwitchCase *SC : I.Labels)
        Live = anyOf(Live, isa<DefaultStmt>(SC) ? Default : Match[SC]);
    const Stmt *S = I.Body;
    if (!S)
      continue;
    if (!Unsupported.empty()) {
      // Not modelled: walked to record the accesses (unknown) and values.
      Under(Live, [&] { walkStmt(S); });
      for (const VarDecl *V : assignedIn(S))
        Unsure.insert(V);
      JumpsOut J = jumpsOut(S);
      LeftUnknown |= J.Continue || J.Return;
      continue;
    }
    if (isa<BreakStmt>(S)) {
      Live = never();
      continue;
    }
    if (isPlainJump(S)) { // return, continue
      Under(Live, [&] { walkStmt(S); });
      Left = anyOf(Left, Live);
      Live = never();
      continue;
    }
    const auto *If = dyn_cast<IfStmt>(S);
    const Stmt *Jump = If && !If->isConsteval() ? finalJump(If->getThen()) : nullptr;
    JumpsOut ThenJumps = jumpsOut(Jump ? If->getThen() : nullptr);
    if (Jump && ThenJumps.kinds() == 1 && !jumpsOut(If->getElse()).kinds()) {
      // `if (c) { ...; break; } [else ...]`: the lanes where c holds leave.
      Flow Cond = never();
      Under(Live, [&] {
        if (If->getInit())
          walkStmt(If->getInit());
        if (const DeclStmt *CV = If->getConditionVariableDeclStmt())
          walkStmt(CV);
        Cond = {intValue(If->getCond()), sourceText(If->getCond())};
      });
      Flow Taken = allOf(Live, Cond);
      Under(Taken, [&] { walkStmt(If->getThen()); });
      if (!isa<BreakStmt>(Jump))
        Left = anyOf(Left, Taken);
      Live = allOf(Live, negated(Cond));
      if (If->getElse())
        Under(Live, [&] { walkStmt(If->getElse()); });
      continue;
    }
    if (const auto *Inner = dyn_cast<SwitchStmt>(S)) {
      // A nested switch: its returns and continues leave this flow too.
      std::optional<bank::Guard> InnerLeft;
      Under(Live, [&] { InnerLeft = walkSwitch(Inner); });
      if (InnerLeft) {
        Flow Gone = allOf(Live, {InnerLeft->Cond, InnerLeft->Text});
        Left = anyOf(Left, Gone);
        Live = allOf(Live, negated({InnerLeft->Cond, InnerLeft->Text}));
      }
      continue;
    }
    JumpsOut J = jumpsOut(S);
    if (J.kinds()) {
      GiveUp(J.First);
      Under(Live, [&] { walkStmt(S); });
      for (const VarDecl *V : assignedIn(S))
        Unsure.insert(V);
      LeftUnknown |= J.Continue || J.Return;
      Live = {Expr::constant(1), "true"}; // from here on every statement is walked
      continue;
    }
    Under(Live, [&] { walkStmt(S); });
  }
  FlowUnmodelled = SavedFlowReason;

  for (const VarDecl *V : Unsure)
    if (Vars.count(V))
      setVar(V, V->getType()->isIntegralOrEnumerationType()
                    ? Value::integer(opaque(nullptr, true, "value assigned in " + Where))
                    : Value());
  if (LeftUnknown)
    Left = anyOf(Left, {opaque(nullptr, true, "whether the lane left " + Where),
                        "the lane returned or continued in " + Where});
  if (Left.E.isConst(0))
    return std::nullopt;
  return bank::Guard{Left.E, Left.Text};
}

} // namespace bankcheck::frontend

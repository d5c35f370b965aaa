//===- Calls.cpp - Calls: helpers walked in the caller's context ----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A call is, in order: a known device function (BuiltinCalls.cpp), a member
/// function, operator member or lambda with a body (Methods.cpp), an
/// operator on objects (copies of shared objects are loads and stores), a
/// `__device__` helper with a body (walked with its parameters bound to the
/// caller's values), or an opaque result.
//===----------------------------------------------------------------------===//
#include "Frontend/SystemBodies.h"
#include "Frontend/WalkerState.h"

#include "clang/AST/Attr.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;

namespace {
/// Operator calls on class types (__half arithmetic, float4 assignment).
Value operatorCall(Walker &W, const CXXOperatorCallExpr *OC) {
  if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
    const clang::Expr *Src = OC->getArg(1)->IgnoreParens();
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Src))
      Src = MT->getSubExpr()->IgnoreParens();
    Value V;
    if (Src->isGLValue()) {
      if (std::optional<LocalRef> R = W.localRef(Src))
        V = W.readLocal(*R, Src);
      else if (auto Loc = W.sharedLValue(Src))
        W.record(*Loc, Src, "load"); // copying from a shared object
    } else {
      V = W.objectValue(Src);
    }
    if (std::optional<LocalRef> R = W.localRef(OC->getArg(0)))
      W.writeLocal(*R, V);
    else if (auto Loc = W.sharedLValue(OC->getArg(0)))
      W.record(*Loc, OC->getArg(0), "store");
    return Value::integer(W.opaque(OC, true, "assignment"));
  }
  bool CompoundAssign = OC->isAssignmentOp();
  for (unsigned I = 0; I < OC->getNumArgs(); ++I) {
    const clang::Expr *A = OC->getArg(I);
    if (A->isGLValue()) {
      if (auto Loc = W.sharedLValue(A)) {
        W.record(*Loc, A, "load");
        if (I == 0 && CompoundAssign)
          W.record(*Loc, A, "store");
      }
    } else {
      W.rvalue(A);
    }
  }
  return Value::integer(W.opaque(OC, true, "result of an operator on objects"));
}

/// The function a call through a pointer names when the pointer is a
/// constant (`constexpr load_tiles_t load_tiles = traits<T>::load_tiles;
/// load_tiles(...)`, ggml's quantized matrix products): what Clang's constant
/// evaluator makes of the callee, or nullptr.
const FunctionDecl *constantCallee(const CallExpr *C, const ASTContext &Ctx) {
  const clang::Expr *Callee = C->getCallee();
  if (!Callee || Callee->isValueDependent() || isa<CXXOperatorCallExpr, CXXMemberCallExpr>(C) ||
      !Callee->getType()->isFunctionPointerType())
    return nullptr;
  clang::Expr::EvalResult R;
  if (!Callee->EvaluateAsRValue(R, Ctx) || !R.Val.isLValue() || !R.Val.getLValueOffset().isZero() ||
      (R.Val.hasLValuePath() && !R.Val.getLValuePath().empty()))
    return nullptr;
  const auto *D = R.Val.getLValueBase().dyn_cast<const ValueDecl *>();
  return dyn_cast_or_null<FunctionDecl>(D);
}

/// How a call's callee is named in notes: the function, or the pointer the
/// call goes through.
std::string calleeText(const CallExpr *C, const FunctionDecl *FD) {
  if (FD)
    return "'" + nameOf(FD) + "'";
  if (const auto *DR = dyn_cast<DeclRefExpr>(C->getCallee()->IgnoreParenImpCasts()))
    return "the function pointer '" + DR->getDecl()->getNameAsString() + "'";
  return "a function pointer";
}
} // namespace

Value Walker::call(const CallExpr *C) {
  const FunctionDecl *FD = C->getDirectCallee();
  if (!FD)
    FD = constantCallee(C, Ctx);
  if (FD)
    if (std::optional<Value> V = builtinCall(C, FD))
      return *V;
  if (std::optional<Value> V = methodCall(C, FD))
    return *V;
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(C))
    return operatorCall(*this, OC);
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C)) {
    // A member function not walked (a __half conversion, say): its object
    // is read, a load when it lives in shared memory.
    const clang::Expr *Obj = MC->getImplicitObjectArgument();
    const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
    if (Obj && Obj->isGLValue() && !(ME && ME->isArrow())) {
      if (auto L = sharedLValue(Obj))
        record(*L, Obj, "load");
    } else if (Obj) {
      rvalue(Obj);
    }
  }
  const std::string Name = calleeText(C, FD);
  std::vector<Value> Args = callArgs(C, FD, 0);
  const FunctionDecl *Def = nullptr;
  if (FD && FD->hasBody(Def) && Def &&
      (Def == &Kernel || std::find(CallStack.begin(), CallStack.end(), Def) != CallStack.end()))
    Recursive.insert(Def); // not walked again: its accesses cannot all be seen
  if (FD && FD->hasBody(Def) && Def && CallStack.size() < MaxCallDepth &&
      std::find(CallStack.begin(), CallStack.end(), Def) == CallStack.end() &&
      (Def->hasAttr<CUDADeviceAttr>() || Def->isConstexpr()) && !Def->isVariadic())
    return pureCall(Def, C, Args);
  // A libdevice function (`__clz`, `__popc`, `sqrtf` in CUDA's headers
  // call `__nv_*`, declared without a body), or a math function whose body
  // the parse skipped (SystemBodies.h), computes from its arguments alone:
  // the same in every lane where they are. Any other function without a
  // body may read which thread runs it.
  bool Varying = true;
  if (FD && !Def &&
      ((FD->getIdentifier() && FD->getName().starts_with("__nv_")) ||
       skippedPure(*FD, Ctx.getSourceManager())))
    Varying = std::any_of(Args.begin(), Args.end(),
                          [&](const Value &V) { return V.K != Value::Int || isVarying(V.E); });
  bool PassesShared = false;
  for (const Value &V : Args)
    PassesShared |= V.K == Value::Ptr;
  if (PassesShared) {
    // Say why the callee is not walked: its accesses are not seen.
    std::string Why = FD ? "whose body is not available" : "which function it calls is not known";
    if (Def && std::find(CallStack.begin(), CallStack.end(), Def) != CallStack.end())
      Why = "a recursive call";
    else if (Def && CallStack.size() >= MaxCallDepth)
      Why = "called " + std::to_string(MaxCallDepth) + " calls deep, deeper than the analysis follows";
    else if (Def && Def->isVariadic())
      Why = "a variadic function";
    else if (Def)
      Why = "not a __device__ function";
    Result.Skipped.push_back({toFileLoc(Ctx.getSourceManager().getExpansionLoc(C->getBeginLoc()),
                                        Ctx.getSourceManager()),
                              "shared memory passed to " + Name + " (" + Why +
                                  "): its accesses are not analysed"});
  }
  return Value::integer(opaque(C, Varying, "result of call to " + Name));
}

std::vector<Value> Walker::callArgs(const CallExpr *C, const FunctionDecl *FD, unsigned First) {
  std::vector<Value> Args;
  for (unsigned I = First; I < C->getNumArgs(); ++I) {
    const clang::Expr *A = C->getArg(I);
    QualType PT;
    if (FD && I - First < FD->getNumParams())
      PT = FD->getParamDecl(I - First)->getType();
    if (!PT.isNull() && PT->isReferenceType() && A->isGLValue()) {
      // An integer by const reference (`const int &k00`, ggml's tile
      // loaders): the value, read when the callee reads the parameter
      // (ValueLowering.cpp). It holds for the whole call: a temporary made
      // for it (`f(0)`, `f(i + 1)`) has no other name, and a local of the
      // caller's that does not escape is changed by nothing the callee runs.
      if (PT->getPointeeType().isConstQualified() && isIntegral(PT->getPointeeType())) {
        const clang::Expr *Arg = A->IgnoreParenNoopCasts(Ctx);
        if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Arg); MT && !MT->getSubExpr()->isGLValue()) {
          Args.push_back(rvalue(MT->getSubExpr()));
          continue;
        }
        const auto *DR = dyn_cast<DeclRefExpr>(Arg);
        const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
        if (VD && VD->hasLocalStorage() && !VD->getType()->isReferenceType() && !isShared(VD) && !escapes(VD)) {
          Args.push_back(lookupVar(VD, Arg));
          continue;
        }
      }
      if (std::optional<LocalRef> R = localRef(A)) {
        Args.push_back(readLocal(*R, A)); // a local object, by (const) reference
        continue;
      }
      if (auto Loc = sharedLValue(A)) {
        Loc->Pointee = PT->getPointeeType();
        Args.push_back(Value::pointer(*Loc)); // a reference to shared memory
        continue;
      }
      Args.push_back(Value());
      continue;
    }
    Args.push_back(rvalue(A));
  }
  return Args;
}

Value Walker::inlineCall(const FunctionDecl *FD, const CallExpr *C, const std::vector<Value> &Args,
                         bool KeepOuter, const std::map<const VarDecl *, Value> &Bind,
                         std::map<const VarDecl *, Value> *BoundAfter) {
  // Walk the helper's body in the caller's context: its parameters take the
  // caller's values, its accesses are reported at the helper's own lines.
  // The caller's values are restored after the walk. A helper's body names
  // only its own parameters and locals, and variables outside any function:
  // it is walked with those alone (no copy of the caller's locals), unless it
  // may run a lambda of the caller's, whose by-reference captures are the
  // caller's own variables.
  VarMap Saved;
  const unsigned GlobalWritesBefore = GlobalWrites;
  const bool Own = !KeepOuter && Bind.empty() && std::none_of(Args.begin(), Args.end(), [](const Value &V) {
    return V.K == Value::Obj && V.O->Fn;
  });
  if (Own) {
    Saved = Vars;
    Vars.startFromOutside(Saved);
  } else {
    Saved = Vars;
  }
  for (const auto &[VD, V] : Bind)
    Vars[VD] = V;
  for (unsigned I = 0; I < FD->getNumParams() && I < Args.size(); ++I)
    Vars[FD->getParamDecl(I)] = Args[I];
  if (hasGoto(*FD))
    WithGoto.insert(FD);
  Result.Walked.insert(FD);
  CallStack.push_back(FD);
  CallSites.push_back(C);
  Returns.emplace_back();
  std::size_t GuardDepth = Guards.size();
  ReturnGuardBase.push_back(GuardDepth);
  Exits.emplace_back();
  walkStmt(FD->getBody());
  Exits.pop_back();
  Guards.resize(GuardDepth);
  ReturnGuardBase.pop_back();
  std::vector<std::pair<Expr, Value>> Rets = std::move(Returns.back());
  Returns.pop_back();
  CallStack.pop_back();
  CallSites.pop_back();
  // Restore the caller's locals; a helper cannot assign them except through
  // pointers, which the analysis does not follow into locals. A member
  // function or a lambda can (through `this` and by-reference captures), and
  // so can a helper given a lambda of the caller's, by calling it: what it
  // gave the caller's variables is kept.
  if (KeepOuter || !Own) {
    for (auto &[VD, V] : Saved.mut()) {
      if (Bind.count(VD))
        continue;
      auto It = Vars.find(VD);
      if (It != Vars.end())
        V = It->second;
    }
  }
  if (BoundAfter)
    for (const auto &[VD, V] : Bind)
      if (auto It = Vars.find(VD); It != Vars.end())
        (*BoundAfter)[VD] = It->second;
  // Variables outside any function that the helper wrote keep what it wrote.
  std::vector<std::pair<const VarDecl *, Value>> Globals;
  if (GlobalWrites != GlobalWritesBefore)
    for (const auto &[VD, V] : Vars)
      if (VD->hasGlobalStorage())
        Globals.emplace_back(VD, V);
  Vars = std::move(Saved);
  for (auto &[VD, V] : Globals)
    Vars[VD] = std::move(V);
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
      else if (V.K == Value::Obj && R.K == Value::Obj)
        R = mergeObjects(C, *V.O, *R.O);
      else
        Ok = false;
    }
    if (Ok)
      return R;
  }
  return Value::integer(opaque(C, true, "result of '" + FD->getNameAsString() +
                                            "' (several return statements)"));
}

} // namespace bankcheck::frontend

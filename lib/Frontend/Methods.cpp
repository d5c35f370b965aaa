//===- Methods.cpp - Member functions, operators, lambdas and `this` ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A member function (an operator member, a conversion operator, a functor's
/// operator()) is walked like a helper, with `this` bound to the object it is
/// called on: a shared object (`__shared__ Tile t; t.at(r, c)`), a local
/// object or a temporary one (`BlockReduce(temp_storage).Sum(x)`). Inside,
/// `this->m` is that object's member: shared members are shared lvalues,
/// local ones are parts of the local object, and a member of reference or
/// pointer type that was given shared storage (CUB's `TempStorage &`)
/// points there.
///
/// A lambda is a closure object made where the lambda expression is
/// evaluated: by-copy captures keep the values they had there, by-reference
/// ones are the caller's variables, read and written when the lambda runs.
/// Its call operator is walked in the caller's context wherever the closure
/// is called (directly, or as a parameter of a helper).
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

#include "clang/AST/RecordLayout.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;

bool isWalkedMethod(const CXXMethodDecl *MD, const FunctionDecl *&Def) {
  Def = nullptr;
  if (!MD || MD->isStatic() || !MD->hasBody(Def) || !Def || Def->isVariadic())
    return false;
  const CXXRecordDecl *RD = MD->getParent();
  // The CUDA scalar classes (__half, __nv_bfloat16, ...): their bodies are
  // intrinsics, and operatorCall sees the shared operands.
  if (RD && RD->getIdentifier() && RD->getName().starts_with("__"))
    return false;
  return (RD && RD->isLambda()) || Def->hasAttr<CUDADeviceAttr>() || Def->isConstexpr();
}

namespace {
const clang::Expr *stripTemporaries(const clang::Expr *E) {
  E = E->IgnoreParens();
  while (true) {
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MT->getSubExpr()->IgnoreParens();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BT->getSubExpr()->IgnoreParens();
    else if (const auto *IC = dyn_cast<ImplicitCastExpr>(E); IC && IC->getCastKind() == CK_NoOp)
      E = IC->getSubExpr()->IgnoreParens();
    else
      return E;
  }
}

std::int64_t fieldOffset(const FieldDecl *FD, ASTContext &Ctx) {
  return Ctx.getASTRecordLayout(FD->getParent()).getFieldOffset(FD->getFieldIndex()) / 8;
}
} // namespace

std::optional<SharedRef> Walker::thisShared() const {
  if (ThisStack.empty() || !ThisStack.back().Shared)
    return std::nullopt;
  return ThisStack.back().Shared;
}

std::optional<LocalRef> Walker::thisLocal() {
  if (ThisStack.empty() || !ThisStack.back().Local)
    return std::nullopt;
  LocalRef R = *ThisStack.back().Local;
  if (R.Var) { // the object as it is now: the method may have written it
    auto It = Vars.find(R.Var);
    R.Root = It != Vars.end() && It->second.K == Value::Obj ? It->second : Value();
  }
  return R;
}

std::optional<LocalRef> Walker::memberOwner(const MemberExpr *ME) {
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!FD || FD->isBitField())
    return std::nullopt;
  std::optional<LocalRef> R;
  if (!ME->isArrow())
    R = localRef(ME->getBase());
  else if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
    R = thisLocal();
  if (!R)
    return std::nullopt;
  std::int64_t Off = fieldOffset(FD, Ctx);
  R->Offset = R->Offset + Off;
  for (std::int64_t &C : R->Candidates)
    C += Off;
  R->Type = ME->getType();
  return R;
}

std::optional<SharedRef> Walker::referenceMember(const MemberExpr *ME) {
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!FD || !(FD->getType()->isReferenceType() || FD->getType()->isPointerType()))
    return std::nullopt;
  std::optional<LocalRef> R = memberOwner(ME);
  if (!R || !R->Offset.isConst() || R->Root.K != Value::Obj)
    return std::nullopt;
  auto It = R->Root.O->Parts.find(R->Offset.constValue());
  if (It == R->Root.O->Parts.end() || It->second.V.K != Value::Ptr)
    return std::nullopt;
  SharedRef P = It->second.V.P;
  P.Pointee = FD->getType()->isReferenceType() ? ME->getType() : FD->getType()->getPointeeType();
  return P;
}

Value Walker::lambdaValue(const LambdaExpr *L) {
  auto F = std::make_shared<Closure>();
  F->Lambda = L;
  auto Init = L->capture_init_begin();
  for (const LambdaCapture &C : L->captures()) {
    const clang::Expr *E = Init != L->capture_init_end() ? *Init++ : nullptr;
    if (!C.capturesVariable())
      continue;
    const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar());
    if (!VD)
      continue;
    if (VD->isInitCapture()) { // [v = expr]: a variable of the lambda's own
      Value V = VD->getInit() ? rvalue(VD->getInit()) : Value();
      F->ByCopy[VD] = V;
    } else if (C.getCaptureKind() == LCK_ByCopy) {
      if (isLocalObjectType(VD->getType()) && E)
        F->ByCopy[VD] = objectValue(E);
      else if (auto It = Vars.find(VD); It != Vars.end())
        F->ByCopy[VD] = It->second;
    }
  }
  ObjectValue O;
  O.Fn = std::move(F);
  return Value::object(std::move(O));
}

std::optional<Value> Walker::methodCall(const CallExpr *C, const FunctionDecl *FD) {
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(FD);
  if (!MD || MD->isStatic())
    return std::nullopt;
  const CXXRecordDecl *RD = MD->getParent();
  const clang::Expr *Object = nullptr;
  unsigned First = 0;
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C)) {
    Object = MC->getImplicitObjectArgument();
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(C); OC && OC->getNumArgs() >= 1) {
    if (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator())
      return std::nullopt; // object copies: operatorCall
    Object = OC->getArg(0);
    First = 1;
  }
  const FunctionDecl *Def = nullptr;
  if (!Object || !isWalkedMethod(MD, Def) || CallStack.size() >= MaxCallDepth ||
      std::find(CallStack.begin(), CallStack.end(), Def) != CallStack.end())
    return std::nullopt; // the helper path: recursion, depth and opaque calls
  bool Lambda = RD && RD->isLambda();
  // The object: shared, local (or a temporary), or not known. An object
  // reached through a pointer (`p->f()`) is the pointee.
  ThisObject This;
  bool Arrow = false;
  if (const auto *ME = dyn_cast<MemberExpr>(C->getCallee()->IgnoreParens()))
    Arrow = ME->isArrow();
  const clang::Expr *Obj = stripTemporaries(Object);
  if (Arrow) {
    if (isa<CXXThisExpr>(Obj->IgnoreParenImpCasts()) && !ThisStack.empty())
      This = ThisStack.back(); // this->f(): the same object
    else if (std::optional<SharedRef> P = pointer(Object))
      This.Shared = P;
  } else if (Obj->isGLValue()) {
    if (std::optional<SharedRef> L = sharedLValue(Obj))
      This.Shared = L;
    else
      This.Local = localRef(Obj);
  } else {
    This.Local = localRef(Object);
  }
  if (This.Shared)
    This.Shared->Pointee = Ctx.getRecordType(RD);
  if (This.Local && !This.Local->Var)
    This.Local->OfThis = true;
  std::vector<Value> Args = callArgs(C, MD, First);
  if (!Lambda) {
    ThisStack.push_back(std::move(This));
    Value V = inlineCall(Def, C, Args, /*KeepOuter=*/true);
    ThisStack.pop_back();
    return V;
  }
  // A lambda: its by-copy captures as the closure holds them; `this` inside
  // is the enclosing member function's, so the stack is left as it is.
  std::map<const VarDecl *, Value> Bind;
  Value Closure;
  if (This.Local)
    Closure = readLocal(*This.Local, Obj);
  // A closure the kernel takes by value (moderngpu's and Thrust-style
  // launchers: `k<<<g, b>>>(f)`, then `f(tid, cta)`, directly or through a
  // copy) was made by the host: every thread holds the same copy, so a
  // capture is one value for every lane, and a pointer captured points into
  // memory that is not shared. Not for a mutable lambda: what a call leaves
  // in its copies (per lane) the next call of the same closure starts from.
  const bool Host = Closure.K == Value::Obj && Closure.O->Fn && Closure.O->Fn->FromHost;
  const bool FromHost = Host && MD->isConst();
  bool Known = Closure.K == Value::Obj && Closure.O->Fn && !Host;
  if (Known) {
    Bind = Closure.O->Fn->ByCopy;
  } else {
    // The closure is not known (made where the walk did not follow, or by
    // the host): its by-copy captures are unknown rather than the caller's
    // current values.
    for (const LambdaCapture &Cap : RD->captures())
      if (Cap.capturesVariable() && Cap.getCaptureKind() == LCK_ByCopy)
        if (const auto *VD = dyn_cast<VarDecl>(Cap.getCapturedVar())) {
          if (isIntegral(VD->getType()))
            Bind[VD] = Value::integer(opaque(Object, !FromHost,
                                             "value '" + VD->getNameAsString() +
                                                 "' captured by copy where the lambda was made is not known"));
          else if (FromHost && VD->getType()->isPointerType())
            Bind[VD] = Value::global(VD, Expr::constant(0), VD->getType()->getPointeeType());
        }
  }
  // A mutable lambda's copies are state of the closure: a later call of the
  // same closure starts from what this one left in them.
  const bool Mutable = Known && !MD->isConst() && This.Local;
  std::map<const VarDecl *, Value> After;
  Value V = inlineCall(Def, C, Args, /*KeepOuter=*/true, Bind, Mutable ? &After : nullptr);
  if (Mutable) {
    auto F = std::make_shared<frontend::Closure>(*Closure.O->Fn);
    for (auto &[VD, Val] : After)
      F->ByCopy[VD] = std::move(Val);
    ObjectValue O = *Closure.O;
    O.Fn = std::move(F);
    writeLocal(*This.Local, Value::object(std::move(O)));
  }
  return V;
}

bool Walker::constructorBody(const CXXConstructorDecl *CD, ObjectValue &O) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(CD->getBody());
  if (!Body || CallStack.size() >= MaxCallDepth || std::find(CallStack.begin(), CallStack.end(), CD) != CallStack.end())
    return false;
  ThisObject This;
  This.Local = thisOf(O, CD->getParent());
  ThisStack.push_back(std::move(This));
  Result.Walked.insert(CD);
  CallStack.push_back(CD);
  CallSites.push_back(nullptr);
  Returns.emplace_back();
  ReturnGuardBase.push_back(Guards.size());
  std::size_t GuardDepth = Guards.size();
  Exits.emplace_back();
  walkStmt(Body);
  Exits.pop_back();
  Guards.resize(GuardDepth);
  ReturnGuardBase.pop_back();
  Returns.pop_back();
  CallStack.pop_back();
  CallSites.pop_back();
  Value Root = ThisStack.back().Local->Root;
  ThisStack.pop_back();
  if (Root.K != Value::Obj)
    return false;
  O = *Root.O;
  return true;
}

} // namespace bankcheck::frontend

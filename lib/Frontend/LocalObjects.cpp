//===- LocalObjects.cpp - Values kept in local structs and arrays ---------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A local of class or array type (`int idx[4]`, `struct { int row, col; } p`,
/// `dim3 t`) holds an ObjectValue: its scalar parts by byte offset. Reads and
/// writes go through a LocalRef, the byte offset of the lvalue in its object
/// and the constant offsets it can take; a constant offset reads its part, a
/// lane-dependent one selects over the parts it can reach (a few dozen at
/// most), anything else is unknown with the reason. Objects come from
/// aggregate initialisation, constructors whose body is empty (their member
/// initialisers are evaluated), copies, and the calls that return them.
//===----------------------------------------------------------------------===//
#include "Frontend/CooperativeGroups.h"
#include "Frontend/WalkerState.h"

#include "clang/AST/RecordLayout.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;
using symbolic::Op;

namespace {
/// Most constant offsets a LocalRef lists (and so the widest select a
/// lane-dependent index into a local array becomes).
constexpr std::size_t MaxCandidates = 64;
/// Largest local object followed, in bytes.
constexpr std::int64_t MaxObjectBytes = 16384;

/// The parts of O inside [At, At + Bytes), moved to start at 0.
ObjectValue slice(const ObjectValue &O, std::int64_t At, std::int64_t Bytes) {
  ObjectValue S;
  S.Missing = O.Missing;
  for (auto It = O.Parts.lower_bound(At); It != O.Parts.end() && It->first < At + Bytes; ++It)
    if (It->first + It->second.Bytes <= At + Bytes)
      S.Parts.emplace(It->first - At, It->second);
  if (At == 0) {
    S.Group = O.Group;
    S.Fn = O.Fn;
  }
  return S;
}

/// Removes the parts of O that overlap [At, At + Bytes).
void erase(ObjectValue &O, std::int64_t At, std::int64_t Bytes) {
  for (auto It = O.Parts.begin(); It != O.Parts.end();)
    if (It->first < At + Bytes && It->first + It->second.Bytes > At)
      It = O.Parts.erase(It);
    else
      ++It;
}

void insertShifted(ObjectValue &O, const ObjectValue &Sub, std::int64_t At) {
  for (const auto &[Off, P] : Sub.Parts)
    O.Parts[At + Off] = P;
}
} // namespace

bool Walker::isLocalObjectType(QualType T) const {
  auto [It, New] = LocalObjectTypes.try_emplace(T.getAsOpaquePtr(), false);
  if (!New)
    return It->second;
  T = T.getNonReferenceType();
  bool Is = false;
  if (T->isIncompleteType() || T->isDependentType())
    Is = false;
  else if (const auto *RD = T->getAsRecordDecl())
    Is = !RD->isUnion() && !RD->isInvalidDecl();
  else
    Is = Ctx.getAsConstantArrayType(T) != nullptr;
  It->second = Is && Ctx.getTypeSizeInChars(T).getQuantity() <= MaxObjectBytes;
  return It->second;
}

std::optional<LocalRef> Walker::localRef(const clang::Expr *E) {
  E = E->IgnoreParens();
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
    if (!VD || isShared(VD) || VD->hasGlobalStorage() || !isLocalObjectType(VD->getType()) || escapes(VD))
      return std::nullopt;
    auto It = Vars.find(VD);
    bool Known = It != Vars.end() && It->second.K == Value::Obj;
    if (VD->getType()->isReferenceType() && !Known)
      return std::nullopt; // a reference to an object the analysis does not hold
    LocalRef R;
    R.Var = VD;
    if (Known)
      R.Root = It->second;
    R.Offset = Expr::constant(0);
    R.Candidates = {0};
    R.Type = VD->getType().getNonReferenceType();
    return R;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    // `o.m` and `this->m`; a reference member's referent is elsewhere.
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD || FD->getType()->isReferenceType())
      return std::nullopt;
    return memberOwner(ME);
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref && isa<CXXThisExpr>(U->getSubExpr()->IgnoreParenImpCasts()))
    return thisLocal(); // *this
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    const auto *Decay = dyn_cast<ImplicitCastExpr>(AS->getBase()->IgnoreParens());
    if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay)
      return std::nullopt;
    const auto *AT = Ctx.getAsConstantArrayType(Decay->getSubExpr()->getType());
    if (!AT)
      return std::nullopt;
    std::optional<LocalRef> R = localRef(Decay->getSubExpr());
    if (!R)
      return std::nullopt;
    std::int64_t N = AT->getSize().getSExtValue();
    std::int64_t Size = Ctx.getTypeSizeInChars(AT->getElementType()).getQuantity();
    Expr I = intValue(AS->getIdx());
    R->Offset = R->Offset + I * Size;
    std::vector<std::int64_t> Cands;
    if (I.isConst()) {
      for (std::int64_t C : R->Candidates)
        Cands.push_back(C + I.constValue() * Size);
    } else if (R->Candidates.size() * std::size_t(N) <= MaxCandidates) {
      for (std::int64_t C : R->Candidates)
        for (std::int64_t K = 0; K < N; ++K)
          Cands.push_back(C + K * Size);
    }
    R->Candidates = std::move(Cands);
    R->Type = AS->getType();
    return R;
  }
  if (const auto *CE = dyn_cast<ImplicitCastExpr>(E); CE && CE->getCastKind() == CK_NoOp)
    return localRef(CE->getSubExpr());
  if (const auto *CE = dyn_cast<ImplicitCastExpr>(E);
      CE && (CE->getCastKind() == CK_DerivedToBase || CE->getCastKind() == CK_UncheckedDerivedToBase)) {
    // A base-class subobject: at its offset in the derived object.
    const CXXRecordDecl *Derived = CE->getSubExpr()->getType()->getAsCXXRecordDecl();
    std::int64_t Off = 0;
    for (const CXXBaseSpecifier *B : CE->path()) {
      const CXXRecordDecl *Base = B->getType()->getAsCXXRecordDecl();
      if (!Derived || !Base || B->isVirtual())
        return std::nullopt;
      Off += Ctx.getASTRecordLayout(Derived).getBaseClassOffset(Base).getQuantity();
      Derived = Base;
    }
    std::optional<LocalRef> R = localRef(CE->getSubExpr());
    if (!R)
      return std::nullopt;
    R->Offset = R->Offset + Off;
    for (std::int64_t &C : R->Candidates)
      C += Off;
    R->Type = CE->getType();
    return R;
  }
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E)) {
    if (MT->getSubExpr()->isGLValue())
      return localRef(MT->getSubExpr());
    E = MT->getSubExpr();
  }
  if (E->isGLValue() || !isLocalObjectType(E->getType()))
    return std::nullopt;
  // A temporary object: `f().x`, `block.thread_index().y`.
  LocalRef R;
  R.Root = objectValue(E);
  R.Offset = Expr::constant(0);
  R.Candidates = {0};
  R.Type = E->getType();
  return R;
}

Value Walker::readLocal(const LocalRef &R, const clang::Expr *Use) {
  QualType T = R.Type.getNonReferenceType();
  std::int64_t Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
  std::string Text = Use ? sourceText(Use) : "value";
  const ObjectValue *O = R.Root.K == Value::Obj ? R.Root.O.get() : nullptr;
  std::string Unknown = O && !O->Missing.empty() ? O->Missing : "value of '" + Text + "' is not known here";
  if (isLocalObjectType(T)) {
    if (!O) {
      // The kernel's lambda taken by value (`k<<<g, b>>>(f)`): the host's.
      const auto *Param = dyn_cast_or_null<ParmVarDecl>(R.Var);
      const auto *RD = T->getAsCXXRecordDecl();
      if (Param && Param->getDeclContext() == &Kernel && !Param->getType()->isReferenceType() && RD &&
          RD->isLambda() && R.Offset.isConst(0) && !Vars.count(Param)) {
        auto F = std::make_shared<Closure>();
        F->FromHost = true;
        ObjectValue Host;
        Host.Fn = std::move(F);
        return Value::object(std::move(Host));
      }
      return Value();
    }
    if (R.Offset.isConst())
      return Value::object(slice(*O, R.Offset.constValue(), Bytes));
    if (R.Candidates.empty())
      return Value();
    Value V = Value::object(slice(*O, R.Candidates.back(), Bytes));
    for (std::size_t I = R.Candidates.size() - 1; I-- > 0;)
      V = mergeValue(Expr::binary(Op::Eq, R.Offset, Expr::constant(R.Candidates[I])),
                     Value::object(slice(*O, R.Candidates[I], Bytes)), V);
    return V;
  }
  auto Part = [&](std::int64_t At) -> Value {
    if (O) {
      auto It = O->Parts.find(At);
      if (It != O->Parts.end() && It->second.Bytes == Bytes)
        return It->second.V;
    }
    return Value::integer(opaque(Use, true, Unknown));
  };
  // A member of a kernel parameter of struct type: one uniform value per part.
  const auto *Param = dyn_cast_or_null<ParmVarDecl>(R.Var);
  bool Have = O && O->Parts.count(R.Offset.isConst() ? R.Offset.constValue() : -1);
  if (!Have && Param && Param->getDeclContext() == &Kernel && R.Offset.isConst() && isIntegral(T) &&
      (!O || O->Missing.empty())) {
    symbolic::Symbol S;
    S.Name = Text;
    S.Kind = symbolic::SymbolKind::Uniform;
    S.Reason = "kernel parameter '" + Text + "'";
    if (T->isUnsignedIntegerType())
      S.Min = 0;
    Value V = Value::integer(Expr::var(Result.Symbols.add(S)));
    ObjectValue Whole = O ? *O : ObjectValue();
    erase(Whole, R.Offset.constValue(), Bytes);
    Whole.Parts[R.Offset.constValue()] = {V, Bytes};
    Vars[R.Var] = Value::object(std::move(Whole));
    return V;
  }
  if (R.Offset.isConst())
    return Part(R.Offset.constValue());
  if (R.Candidates.empty())
    return Value::integer(opaque(Use, true, "'" + Text + "' is read at a lane-dependent index of a local array "
                                            "with more than " + std::to_string(MaxCandidates) +
                                            " elements"));
  // A lane-dependent index: the element it selects, as nested selects.
  Value V = Part(R.Candidates.back());
  for (std::size_t I = R.Candidates.size() - 1; I-- > 0;) {
    Value P = Part(R.Candidates[I]);
    // Integers, or pointers into one variable (`SA[stage % 4]` of a table of
    // stage buffers): the offset is the select.
    Value M = (P.K == Value::Int) == (V.K == Value::Int)
                  ? mergeValue(Expr::binary(Op::Eq, R.Offset, Expr::constant(R.Candidates[I])), P, V)
                  : Value();
    if (M.K != Value::Int && M.K != Value::Ptr && M.K != Value::Window)
      return Value::integer(opaque(Use, true, "'" + Text + "' selects pointers to different variables (or a pointer and an integer) at an "
                                              "index that is not constant"));
    V = M;
  }
  return bounded(V, [&] { return Text; });
}

void Walker::writeLocal(const LocalRef &R, const Value &V) {
  // Where the object lives: a local, or the temporary a member function runs on.
  Value *ThisTemp = nullptr;
  if (!R.Var) {
    if (!R.OfThis || ThisStack.empty() || !ThisStack.back().Local || ThisStack.back().Local->Var)
      return; // a temporary: nothing reads it again
    ThisTemp = &ThisStack.back().Local->Root;
  }
  std::string Name = R.Var ? R.Var->getNameAsString() : std::string("*this");
  QualType WholeType = R.Var ? R.Var->getType().getNonReferenceType() : ThisStack.back().Local->Type;
  QualType T = R.Type.getNonReferenceType();
  std::int64_t Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
  ObjectValue O;
  if (ThisTemp) {
    if (ThisTemp->K == Value::Obj)
      O = *ThisTemp->O;
  } else if (auto It = Vars.find(R.Var); It != Vars.end() && It->second.K == Value::Obj) {
    O = *It->second.O;
  }
  bool Whole = isLocalObjectType(T);
  if (R.Offset.isConst()) {
    std::int64_t At = R.Offset.constValue();
    erase(O, At, Bytes);
    if (Whole && V.K == Value::Obj) {
      insertShifted(O, *V.O, At);
      if (At == 0 && Bytes == Ctx.getTypeSizeInChars(WholeType).getQuantity()) {
        O.Group = V.O->Group;
        O.Fn = V.O->Fn;
      }
    } else if (!Whole && (V.K == Value::Int || V.K == Value::Ptr)) {
      O.Parts[At] = {V, Bytes};
    }
  } else if (!Whole && V.K == Value::Int && !R.Candidates.empty()) {
    // Each element it may reach: the new value where the index selects it.
    for (std::int64_t C : R.Candidates) {
      auto P = O.Parts.find(C);
      Value Old = P != O.Parts.end() && P->second.Bytes == Bytes && P->second.V.K == Value::Int
                      ? P->second.V
                      : Value::integer(opaque(nullptr, true, O.Missing.empty() ? "value of an element of '" + Name +
                                                                                     "' is not known here"
                                                                               : O.Missing));
      erase(O, C, Bytes);
      O.Parts[C] = {Value::integer(Expr::select(Expr::binary(Op::Eq, R.Offset, Expr::constant(C)), V.E, Old.E)),
                    Bytes};
    }
  } else {
    // Written where the analysis does not follow: every part it may reach.
    if (R.Candidates.empty() || Whole)
      O.Parts.clear();
    else
      for (std::int64_t C : R.Candidates)
        erase(O, C, Bytes);
    O.Missing = "'" + Name + "' was written at an index the analysis does not follow";
  }
  Value New = bounded(Value::object(std::move(O)), [&] { return Name; });
  if (ThisTemp)
    *ThisTemp = std::move(New);
  else
    Vars[R.Var] = std::move(New);
}

Value Walker::objectValue(const clang::Expr *E) {
  E = E->IgnoreParens();
  if (isa<InitListExpr>(E) || Ctx.getAsConstantArrayType(E->getType())) {
    if (const auto *IL = dyn_cast<InitListExpr>(E))
      return initListObject(IL);
    if (E->isGLValue())
      if (std::optional<LocalRef> R = localRef(E))
        return readLocal(*R, E);
    evalChildren(E);
    return Value();
  }
  Value V = rvalue(E);
  return V.K == Value::Obj ? V : Value();
}

Value Walker::initListObject(const InitListExpr *IL) {
  if (IL->isTransparent())
    return objectValue(IL->getInit(0));
  QualType T = IL->getType();
  ObjectValue O;
  // One element or field: its value at byte At (scalars and sub-objects).
  auto Put = [&](const clang::Expr *Init, QualType ET, std::int64_t At) {
    if (isLocalObjectType(ET)) {
      Value V = objectValue(Init);
      if (V.K == Value::Obj)
        insertShifted(O, *V.O, At);
      return;
    }
    std::int64_t Bytes = Ctx.getTypeSizeInChars(ET).getQuantity();
    if (ET->isPointerType()) {
      if (std::optional<SharedRef> P = pointer(Init))
        O.Parts[At] = {Value::pointer(*P), Bytes};
      return;
    }
    Value V = rvalue(Init);
    if (V.K == Value::Int && isIntegral(ET))
      O.Parts[At] = {V, Bytes};
  };
  if (const auto *AT = Ctx.getAsConstantArrayType(T)) {
    QualType ET = AT->getElementType();
    std::int64_t Size = Ctx.getTypeSizeInChars(ET).getQuantity();
    std::int64_t N = AT->getSize().getSExtValue();
    for (unsigned I = 0; I < IL->getNumInits() && I < N; ++I)
      Put(IL->getInit(I), ET, I * Size);
    if (const clang::Expr *Filler = IL->getArrayFiller()) {
      ObjectValue Explicit = O;
      O.Parts.clear();
      Put(Filler, ET, 0); // evaluated once, the same for every element
      ObjectValue One = O;
      O = Explicit;
      for (std::int64_t I = IL->getNumInits(); I < N; ++I)
        insertShifted(O, One, I * Size);
    }
    return Value::object(std::move(O));
  }
  const RecordDecl *RD = T->getAsRecordDecl();
  const auto *CRD = dyn_cast<CXXRecordDecl>(RD);
  if (!RD || (CRD && CRD->getNumBases())) {
    evalChildren(IL);
    return Value();
  }
  const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
  unsigned I = 0;
  for (const FieldDecl *FD : RD->fields()) {
    if (FD->isUnnamedBitField())
      continue;
    if (I >= IL->getNumInits())
      break;
    const clang::Expr *Init = IL->getInit(I++);
    if (FD->isBitField()) {
      rvalue(Init);
      continue;
    }
    Put(Init, FD->getType(), L.getFieldOffset(FD->getFieldIndex()) / 8);
  }
  return Value::object(std::move(O));
}

Value Walker::constructObject(const CXXConstructExpr *CC) {
  const CXXConstructorDecl *Ctor = CC->getConstructor();
  // A copy or move: the source object (a load when it is shared).
  if (CC->getNumArgs() >= 1 && Ctor && Ctor->isCopyOrMoveConstructor()) {
    const clang::Expr *A = CC->getArg(0)->IgnoreParens();
    if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(A))
      A = MT->getSubExpr()->IgnoreParens();
    if (A->isGLValue()) {
      if (std::optional<LocalRef> R = localRef(A))
        return readLocal(*R, A);
      if (auto Loc = sharedLValue(A)) {
        record(*Loc, A, "load");
        ObjectValue O;
        O.Missing = "value loaded from shared '" + Loc->Array->getNameAsString() + "'";
        return Value::object(std::move(O));
      }
      return Value();
    }
    return objectValue(A);
  }
  // Arguments: objects and references to locals by value; shared lvalues are loads.
  std::vector<Value> Args;
  for (unsigned I = 0; I < CC->getNumArgs(); ++I) {
    const clang::Expr *A = CC->getArg(I);
    if (A->isGLValue()) {
      if (std::optional<LocalRef> R = localRef(A)) {
        Args.push_back(readLocal(*R, A));
        continue;
      }
      bool ByRef = Ctor && I < Ctor->getNumParams() && Ctor->getParamDecl(I)->getType()->isReferenceType();
      if (auto Loc = sharedLValue(A)) {
        if (ByRef) { // shared storage handed to the object (CUB's TempStorage &)
          Loc->Pointee = Ctor->getParamDecl(I)->getType()->getPointeeType();
          Args.push_back(Value::pointer(*Loc));
          continue;
        }
        record(*Loc, A, "load");
      }
      Args.push_back(Value());
    } else {
      Args.push_back(rvalue(A));
    }
  }
  if (!Ctor)
    return Value();
  // Cooperative groups: a tile converted to another tile type stays the same group.
  for (const Value &V : Args)
    if (V.K == Value::Obj && V.O->Group && isCooperativeGroupsType(CC->getType())) {
      ObjectValue O;
      O.Group = V.O->Group;
      return Value::object(std::move(O));
    }
  const FunctionDecl *Def = nullptr;
  const CXXRecordDecl *RD = Ctor->getParent();
  if (!Ctor->hasBody(Def) || !Def || !RD || RD->isUnion()) {
    if (Ctor->isTrivial())
      return Value::object(ObjectValue());
    return Value();
  }
  const auto *CD = cast<CXXConstructorDecl>(Def);
  const auto *Body = dyn_cast_or_null<CompoundStmt>(CD->getBody());
  if (!Body || CD->isVariadic() || !(CD->hasAttr<CUDADeviceAttr>() || CD->isConstexpr() || Body->body_empty()))
    return Value();
  // `T(a, b) : x(a), y(b) {}`: the member initialisers with the parameters bound.
  const std::size_t Mark = Vars.mark(); // the parameters' values are undone after
  for (unsigned I = 0; I < CD->getNumParams() && I < Args.size(); ++I)
    Vars[CD->getParamDecl(I)] = Args[I];
  ObjectValue O;
  const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
  // An initialiser reads the members made before it (`warp = tid / 32`, a
  // default member initialiser): `this` is the object so far.
  ThisStack.emplace_back();
  for (const CXXCtorInitializer *Init : CD->inits()) {
    ThisStack.back().Local = thisOf(O, RD);
    const FieldDecl *FD = Init->getMember();
    if (!FD || FD->isBitField() || Init->isIndirectMemberInitializer()) {
      if (Init->getInit())
        rvalue(Init->getInit());
      continue;
    }
    std::int64_t At = L.getFieldOffset(FD->getFieldIndex()) / 8;
    QualType FT = FD->getType();
    if (FT->isReferenceType()) {
      // A reference member bound to shared storage: kept as a pointer part.
      if (std::optional<SharedRef> P = sharedLValue(Init->getInit()->IgnoreParens()))
        O.Parts[At] = {Value::pointer(*P), Ctx.getTypeSizeInChars(Ctx.VoidPtrTy).getQuantity()};
    } else if (isLocalObjectType(FT)) {
      Value V = objectValue(Init->getInit());
      if (V.K == Value::Obj)
        insertShifted(O, *V.O, At);
    } else if (FT->isPointerType()) {
      if (std::optional<SharedRef> P = pointer(Init->getInit()))
        O.Parts[At] = {Value::pointer(*P), Ctx.getTypeSizeInChars(FT).getQuantity()};
    } else {
      Value V = rvalue(Init->getInit());
      if (V.K == Value::Int && isIntegral(FT))
        O.Parts[At] = {V, Ctx.getTypeSizeInChars(FT).getQuantity()};
    }
  }
  ThisStack.pop_back();
  // The body, if any, runs on the object its initialisers made.
  if (!Body->body_empty() && !constructorBody(CD, O)) {
    Vars.undo(Mark);
    return Value();
  }
  Vars.undo(Mark);
  return Value::object(std::move(O));
}

LocalRef Walker::thisOf(const ObjectValue &O, const CXXRecordDecl *RD) {
  LocalRef R;
  R.Root = Value::object(O);
  R.Offset = Expr::constant(0);
  R.Candidates = {0};
  R.Type = Ctx.getRecordType(RD);
  R.OfThis = true;
  return R;
}

Value mergeObjects(const Expr &Cond, const ObjectValue &A, const ObjectValue &B) {
  ObjectValue O;
  O.Missing = A.Missing.empty() ? B.Missing : A.Missing;
  for (const auto &[Off, P] : A.Parts) {
    auto It = B.Parts.find(Off);
    if (It == B.Parts.end() || It->second.Bytes != P.Bytes)
      continue;
    Value V = mergeValue(Cond, P.V, It->second.V);
    if (V.K != Value::None)
      O.Parts[Off] = {V, P.Bytes};
  }
  if (A.Group && B.Group) {
    ThreadGroup G;
    G.Rank = Expr::select(Cond, A.Group->Rank, B.Group->Rank);
    G.Size = Expr::select(Cond, A.Group->Size, B.Group->Size);
    G.MetaRank = Expr::select(Cond, A.Group->MetaRank, B.Group->MetaRank);
    G.MetaSize = Expr::select(Cond, A.Group->MetaSize, B.Group->MetaSize);
    G.Block = A.Group->Block && B.Group->Block;
    O.Group = G;
  }
  if (A.Fn && B.Fn && A.Fn->Lambda == B.Fn->Lambda && A.Fn->ByCopy.empty() && B.Fn->ByCopy.empty())
    O.Fn = A.Fn;
  return Value::object(std::move(O));
}

} // namespace bankcheck::frontend

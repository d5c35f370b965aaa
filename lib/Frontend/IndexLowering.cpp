//===- IndexLowering.cpp - Expressions to symbolic values -----------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Lowers Clang expressions to symbolic values and records every shared access
/// met on the way. Each expression node is evaluated exactly once, so every
/// access is recorded once per walk of its statement.
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Lex/Lexer.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;
using symbolic::Op;
using symbolic::SymbolKind;

namespace {
bool isShared(const VarDecl *VD) { return VD && VD->hasAttr<CUDASharedAttr>(); }

const Expr &nullExpr() {
  static const Expr N;
  return N;
}

std::optional<Op> binaryOp(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add: case BO_AddAssign: return Op::Add;
  case BO_Sub: case BO_SubAssign: return Op::Sub;
  case BO_Mul: case BO_MulAssign: return Op::Mul;
  case BO_Div: case BO_DivAssign: return Op::Div;
  case BO_Rem: case BO_RemAssign: return Op::Mod;
  case BO_And: case BO_AndAssign: return Op::And;
  case BO_Or: case BO_OrAssign: return Op::Or;
  case BO_Xor: case BO_XorAssign: return Op::Xor;
  case BO_Shl: case BO_ShlAssign: return Op::Shl;
  case BO_Shr: case BO_ShrAssign: return Op::Shr;
  case BO_LT: case BO_GT: return Op::Lt;
  case BO_LE: case BO_GE: return Op::Le;
  case BO_EQ: return Op::Eq;
  case BO_NE: return Op::Ne;
  case BO_LAnd: return Op::LAnd;
  case BO_LOr: return Op::LOr;
  default: return std::nullopt;
  }
}

bool isIntegral(QualType T) {
  return T->isIntegralOrEnumerationType();
}
} // namespace

Expr Walker::opaque(const clang::Expr *E, bool LaneVarying, const std::string &Why) {
  symbolic::Symbol S;
  S.Name = E ? sourceText(E) : "value";
  if (S.Name.size() > 40)
    S.Name = S.Name.substr(0, 37) + "...";
  S.Name += "#" + std::to_string(++OpaqueCount);
  S.Kind = LaneVarying ? SymbolKind::LaneOpaque : SymbolKind::Uniform;
  S.Reason = Why;
  return Expr::var(Result.Symbols.add(S));
}

std::optional<Expr> Walker::builtinCoordinate(const clang::Expr *E) {
  // threadIdx.x is a PseudoObjectExpr whose result calls
  // __cuda_builtin_threadIdx_t::__fetch_builtin_x().
  const auto *PO = dyn_cast<PseudoObjectExpr>(E);
  if (!PO)
    return std::nullopt;
  const clang::Expr *R = PO->getResultExpr();
  if (!R)
    return std::nullopt;
  R = R->IgnoreImplicit();
  // The semantic form calls the static member __fetch_builtin_x() of the
  // builtin's record type.
  const auto *Call = dyn_cast<CallExpr>(R);
  if (!Call)
    return std::nullopt;
  const auto *ME = dyn_cast<MemberExpr>(Call->getCallee()->IgnoreImpCasts());
  const auto *MD = ME ? dyn_cast<CXXMethodDecl>(ME->getMemberDecl()) : nullptr;
  if (!MD)
    return std::nullopt;
  StringRef Name = MD->getName();
  if (!Name.starts_with("__fetch_builtin_") || Name.size() != 17)
    return std::nullopt;
  unsigned Dim = Name.back() - 'x';
  if (Dim > 2)
    return std::nullopt;
  const CXXRecordDecl *RD = MD->getParent();
  if (!RD)
    return std::nullopt;
  StringRef Rec = RD->getName();
  if (Rec == "__cuda_builtin_threadIdx_t")
    return Expr::var(symbolic::SymbolTable::threadIdx(Dim));
  if (Rec == "__cuda_builtin_blockDim_t")
    return Expr::var(symbolic::SymbolTable::blockDim(Dim));
  if (Rec == "__cuda_builtin_blockIdx_t")
    return Expr::var(symbolic::SymbolTable::blockIdx(Dim));
  if (Rec == "__cuda_builtin_gridDim_t")
    return Expr::var(symbolic::SymbolTable::gridDim(Dim));
  return std::nullopt;
}

Expr Walker::memoryValue(const std::string &What, Expr Address) {
  symbolic::Symbol F;
  F.Name = "load#" + std::to_string(++OpaqueCount);
  F.Kind = SymbolKind::Function;
  F.Reason = "value loaded from " + What;
  return Expr::apply(Result.Symbols.add(F), std::move(Address));
}

Expr Walker::sizeOf(QualType T, const VarDecl *A) {
  std::int64_t Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
  const auto *RowT = Ctx.getAsConstantArrayType(T);
  const auto *DeclT = A ? Ctx.getAsConstantArrayType(A->getType()) : nullptr;
  if (!RowT || !DeclT)
    return Expr::constant(Bytes);
  // Extents of the declaration, outermost first.
  std::vector<std::int64_t> Extents;
  QualType Elem = A->getType();
  while (const auto *CT = Ctx.getAsConstantArrayType(Elem)) {
    Extents.push_back(CT->getSize().getSExtValue());
    Elem = CT->getElementType();
  }
  unsigned RowRank = 0;
  QualType RowElem = T;
  while (const auto *CT = Ctx.getAsConstantArrayType(RowElem)) {
    ++RowRank;
    RowElem = CT->getElementType();
  }
  if (Extents.size() < 2 || RowRank == 0 || RowRank >= Extents.size() ||
      !Ctx.hasSameType(RowElem, Elem))
    return Expr::constant(Bytes);
  auto It = Result.Layouts.find(A);
  if (It == Result.Layouts.end()) {
    ArrayLayout L;
    symbolic::Symbol S;
    S.Name = A->getNameAsString() + ".extent";
    S.Kind = SymbolKind::Layout;
    L.Inner = Result.Symbols.add(S);
    L.InnerExtent = Extents.back();
    L.Extents = Extents;
    L.ElementBytes = Ctx.getTypeSizeInChars(Elem).getQuantity();
    It = Result.Layouts.emplace(A, L).first;
  }
  // Row of rank k: extents[n-k .. n-2] * inner * element size.
  std::int64_t Middle = It->second.ElementBytes;
  for (std::size_t I = Extents.size() - RowRank; I + 1 < Extents.size(); ++I)
    Middle *= Extents[I];
  return Expr::var(It->second.Inner) * Middle;
}

/// A named constant: a constexpr/const variable, an enumerator, a template
/// argument, or an object-like macro. Its name and where it is spelled.
bool namedConstant(const clang::Expr *E, ASTContext &Ctx, std::string &Name, SourceRange &Spelled) {
  const SourceManager &SM = Ctx.getSourceManager();
  const clang::Expr *X = E->IgnoreParenImpCasts();
  if (X->getBeginLoc().isMacroID()) {
    // The whole expression must be one object-like macro's expansion.
    SourceLocation B = X->getBeginLoc(), En = X->getEndLoc();
    if (!SM.isMacroArgExpansion(B) && SM.getExpansionLoc(B) == SM.getExpansionLoc(En)) {
      StringRef Macro = Lexer::getImmediateMacroName(B, SM, Ctx.getLangOpts());
      CharSourceRange R = SM.getExpansionRange(X->getSourceRange());
      StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(R.getAsRange()), SM, Ctx.getLangOpts());
      if (!Macro.empty() && Text == Macro) {
        Name = Macro.str();
        Spelled = R.getAsRange();
        return true;
      }
    }
    return false;
  }
  if (const auto *S = dyn_cast<SubstNonTypeTemplateParmExpr>(X)) {
    Name = S->getParameter()->getNameAsString();
    Spelled = S->getSourceRange();
    return !Name.empty();
  }
  if (const auto *DR = dyn_cast<DeclRefExpr>(X)) {
    const ValueDecl *D = DR->getDecl();
    if (isa<EnumConstantDecl>(D) || isa<NonTypeTemplateParmDecl>(D)) {
      Name = D->getNameAsString();
      Spelled = DR->getSourceRange();
      return true;
    }
    if (const auto *VD = dyn_cast<VarDecl>(D))
      if (VD->getType().isConstQualified() && VD->getInit() && !isa<ParmVarDecl>(VD)) {
        Name = VD->getNameAsString();
        Spelled = DR->getSourceRange();
        return true;
      }
  }
  return false;
}

namespace {
/// `X * W + Y`, `Y + X * W` or `X * W`, with W a named constant (or, when
/// AllowLiteral, an integer literal written in the file): the parts.
struct RowForm {
  const clang::Expr *Row = nullptr, *Col = nullptr;
  std::string Name;
  SourceRange Spelled;
  std::int64_t W = 0;
};

std::optional<RowForm> rowForm(const ArraySubscriptExpr *AS, ASTContext &Ctx, bool AllowLiteral) {
  const clang::Expr *Idx = AS->getIdx()->IgnoreParenImpCasts();
  const auto *Add = dyn_cast<BinaryOperator>(Idx);
  const clang::Expr *MulE = nullptr;
  RowForm F;
  if (Add && Add->getOpcode() == BO_Add) {
    for (int Side = 0; Side < 2 && !MulE; ++Side) {
      const clang::Expr *M = (Side ? Add->getRHS() : Add->getLHS())->IgnoreParenImpCasts();
      if (const auto *B = dyn_cast<BinaryOperator>(M); B && B->getOpcode() == BO_Mul) {
        MulE = M;
        F.Col = Side ? Add->getLHS() : Add->getRHS();
      }
    }
  } else if (const auto *B = dyn_cast<BinaryOperator>(Idx); B && B->getOpcode() == BO_Mul) {
    MulE = Idx; // s[row * W]: column 0
  }
  if (!MulE)
    return std::nullopt;
  const auto *Mul = cast<BinaryOperator>(MulE);
  if (namedConstant(Mul->getRHS(), Ctx, F.Name, F.Spelled))
    F.Row = Mul->getLHS();
  else if (namedConstant(Mul->getLHS(), Ctx, F.Name, F.Spelled))
    F.Row = Mul->getRHS();
  else if (AllowLiteral) {
    const SourceManager &SM = Ctx.getSourceManager();
    for (int Side = 0; Side < 2 && !F.Row; ++Side) {
      const clang::Expr *L = (Side ? Mul->getLHS() : Mul->getRHS())->IgnoreParenImpCasts();
      const clang::Expr *O = (Side ? Mul->getRHS() : Mul->getLHS())->IgnoreParenImpCasts();
      if (isa<IntegerLiteral>(L) && !isa<IntegerLiteral>(O) && !L->getBeginLoc().isMacroID()) {
        F.Spelled = L->getSourceRange();
        F.Name = Lexer::getSourceText(CharSourceRange::getTokenRange(F.Spelled), SM, Ctx.getLangOpts()).str();
        F.Row = Side ? Mul->getRHS() : Mul->getLHS();
      }
    }
  }
  if (!F.Row)
    return std::nullopt;
  clang::Expr::EvalResult WV;
  const clang::Expr *WE = F.Row == Mul->getLHS() ? Mul->getRHS() : Mul->getLHS();
  if (!WE->EvaluateAsInt(WV, Ctx) || !WV.Val.isInt())
    return std::nullopt;
  F.W = WV.Val.getInt().getExtValue();
  if (F.W <= 0)
    return std::nullopt;
  return F;
}
} // namespace

std::optional<Expr> Walker::linearizedIndex(const ArraySubscriptExpr *AS, const VarDecl *A, SharedRef &Out) {
  const auto *DeclT = Ctx.getAsConstantArrayType(A->getType());
  if (!DeclT || Ctx.getAsArrayType(DeclT->getElementType()))
    return std::nullopt; // only 1-D arrays
  std::optional<RowForm> F = rowForm(AS, Ctx, /*AllowLiteral=*/false);
  if (!F)
    return std::nullopt;
  const std::string &Name = F->Name;
  std::int64_t W = F->W;
  std::int64_t N = DeclT->getSize().getSExtValue();
  if (N % W != 0)
    return std::nullopt;
  // The row length becomes a Layout symbol of this array.
  auto It = Result.Layouts.find(A);
  if (It == Result.Layouts.end()) {
    ArrayLayout L;
    symbolic::Symbol S;
    S.Name = Name;
    S.Kind = SymbolKind::Layout;
    L.Inner = Result.Symbols.add(S);
    L.InnerExtent = W;
    L.Extents = {N / W, W};
    L.ElementBytes = Ctx.getTypeSizeInChars(DeclT->getElementType()).getQuantity();
    L.Linearized = true;
    L.StrideName = Name;
    It = Result.Layouts.emplace(A, L).first;
  } else if (!It->second.Linearized || It->second.StrideName != Name || It->second.InnerExtent != W) {
    return std::nullopt;
  }
  Expr RowV = intValue(F->Row);
  Expr ColV = F->Col ? intValue(F->Col) : Expr::constant(0);
  Out.Invariant = Expr::binary(symbolic::Op::LAnd, Expr::binary(symbolic::Op::Le, Expr::constant(0), ColV),
                               Expr::binary(symbolic::Op::Lt, ColV, Expr::constant(W)));
  const SourceManager &SM = Ctx.getSourceManager();
  report::TextEdit T;
  T.Loc = toFileLoc(F->Spelled.getBegin(), SM);
  StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(F->Spelled), SM, Ctx.getLangOpts());
  T.Length = Text.size();
  T.Expected = Text.str();
  Out.StrideTokens = {T};
  Out.StrideName = Name;
  return RowV * Expr::var(It->second.Inner) + ColV;
}

std::optional<Expr> Walker::externRowIndex(const ArraySubscriptExpr *AS, const VarDecl *A, std::int64_t Base,
                                           const VarDecl *Rep, SharedRef &Out) {
  if (AS->getType()->isIncompleteType() || Ctx.getAsArrayType(AS->getType()))
    return std::nullopt;
  std::optional<RowForm> F = rowForm(AS, Ctx, /*AllowLiteral=*/true);
  if (!F)
    return std::nullopt;
  std::int64_t Elem = Ctx.getTypeSizeInChars(AS->getType()).getQuantity();
  auto Key = std::make_pair(A, Base);
  auto It = Result.Regions.find(Key);
  if (It == Result.Regions.end()) {
    if (Result.Layouts.count(Rep))
      return std::nullopt; // Rep already names another region (a helper walked twice)
    ArrayLayout L;
    symbolic::Symbol S;
    S.Name = F->Name;
    S.Kind = SymbolKind::Layout;
    L.Inner = Result.Symbols.add(S);
    L.InnerExtent = F->W;
    L.Extents = {0, F->W};
    L.ElementBytes = Elem;
    L.Linearized = true;
    L.StrideName = F->Name;
    It = Result.Regions.emplace(Key, L).first;
    Result.Layouts.emplace(Rep, L);
  } else if (It->second.StrideName != F->Name || It->second.InnerExtent != F->W ||
             It->second.ElementBytes != Elem) {
    return std::nullopt; // another row length or element type in the same region
  }
  Expr RowV = intValue(F->Row);
  Expr ColV = F->Col ? intValue(F->Col) : Expr::constant(0);
  Out.Invariant = Expr::binary(symbolic::Op::LAnd, Expr::binary(symbolic::Op::Le, Expr::constant(0), ColV),
                               Expr::binary(symbolic::Op::Lt, ColV, Expr::constant(F->W)));
  report::TextEdit T;
  T.Loc = toFileLoc(Ctx.getSourceManager().getExpansionLoc(F->Spelled.getBegin()), Ctx.getSourceManager());
  T.Expected = F->Name;
  T.Length = F->Name.size();
  Out.StrideTokens = {T};
  Out.StrideName = F->Name;
  return RowV * Expr::var(It->second.Inner) + ColV;
}

std::optional<std::int64_t> Walker::carvedBase(const clang::Expr *Base, const SharedRef &P, std::string &Via,
                                               const VarDecl *&Rep) {
  const auto *DR = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts());
  if (!DR)
    return std::nullopt;
  if (DR->getDecl() == P.Array) {
    Via.clear();
    Rep = P.Array;
    return 0;
  }
  const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
  const FunctionDecl *F = CallStack.empty() ? &Kernel : CallStack.back();
  if (!VD || isa<ParmVarDecl>(VD) || !VD->getType()->isPointerType() || !VD->hasLocalStorage() ||
      !VD->getInit() || VD->getDeclContext() != F || !F->getBody() || !P.Offset.isConst() ||
      P.Offset.constValue() < 0)
    return std::nullopt;
  auto It = AssignedIn.find(F);
  if (It == AssignedIn.end())
    It = AssignedIn.emplace(F, assignedVars(F->getBody())).first;
  if (It->second.count(VD))
    return std::nullopt; // p += ..., p = q, &p: it may point elsewhere
  Via = VD->getNameAsString();
  Rep = VD;
  return P.Offset.constValue();
}

Value Walker::lookupVar(const VarDecl *VD, const clang::Expr *Use) {
  auto It = Vars.find(VD);
  if (It != Vars.end())
    return It->second;
  // Constants (constexpr, const with constant initializer, template args).
  if (isIntegral(VD->getType()) && VD->getType().isConstQualified() && !isa<ParmVarDecl>(VD) &&
      VD->getInit() && !VD->getInit()->isValueDependent()) {
    if (const APValue *V = VD->evaluateValue())
      if (V->isInt())
        return Value::integer(Expr::constant(V->getInt().getExtValue()));
  }
  if (const auto *P = dyn_cast<ParmVarDecl>(VD)) {
    // A kernel parameter: warp-uniform; constant when the launch says so.
    if (P->getDeclContext() == &Kernel) {
      unsigned Index = P->getFunctionScopeIndex();
      auto C = Config.ConstantArgs.find(Index);
      if (C != Config.ConstantArgs.end() && isIntegral(VD->getType()))
        return Value::integer(Expr::constant(C->second));
      if (isIntegral(VD->getType())) {
        symbolic::Symbol S;
        S.Name = VD->getNameAsString();
        S.Kind = SymbolKind::Uniform;
        S.Reason = "kernel parameter '" + S.Name + "'";
        if (VD->getType()->isUnsignedIntegerType())
          S.Min = 0;
        Value V = Value::integer(Expr::var(Result.Symbols.add(S)));
        Vars[VD] = V;
        return V;
      }
    }
  }
  if (isIntegral(VD->getType())) {
    bool Global = VD->hasGlobalStorage();
    Value V = Value::integer(opaque(Use, !Global,
                                    Global ? "value of global '" + VD->getNameAsString() + "'"
                                           : "value of '" + VD->getNameAsString() +
                                                 "' is not known here"));
    if (Global)
      Vars[VD] = V;
    return V;
  }
  return Value();
}

void Walker::setVar(const VarDecl *VD, Value V) { Vars[VD] = std::move(V); }

Expr Walker::intValue(const clang::Expr *E) {
  Value V = rvalue(E);
  if (V.K == Value::Int)
    return V.E;
  return opaque(E, true, "'" + sourceText(E) + "' is not an integer the analysis models");
}

void Walker::evalChildren(const Stmt *S) {
  for (const Stmt *C : S->children())
    if (const auto *CE = dyn_cast_or_null<clang::Expr>(C)) {
      if (CE->isGLValue()) {
        // A shared lvalue used in a way we do not model: say so.
        if (auto L = sharedLValue(CE))
          Result.Skipped.push_back({toFileLoc(CE->getBeginLoc(), Ctx.getSourceManager()),
                                    "use of shared '" + L->Array->getNameAsString() +
                                        "' is not analysed here"});
      } else {
        rvalue(CE);
      }
    }
}

Value Walker::rvalue(const clang::Expr *E) {
  ++Steps;
  E = E->IgnoreParens();
  // Own recursion is bounded like the evaluator's: deeper operands are
  // opaque (unknown, with the reason), never a stack overflow.
  struct DepthGuard {
    unsigned &D;
    explicit DepthGuard(unsigned &D) : D(++D) {}
    ~DepthGuard() { --D; }
  } Guard(RvalueDepth);
  if (RvalueDepth > symbolic::MaxEvalDepth) {
    if (E->getType()->isPointerType() || E->getType()->isArrayType())
      return Value();
    return Value::integer(opaque(E, true, "the index expression is nested too deeply"));
  }
  if (E->isValueDependent() || E->isTypeDependent())
    return Value::integer(opaque(E, true, "dependent expression"));
  if (isIntegral(E->getType())) {
    // Clang's constant evaluation of a subexpression does not depend on the
    // walk: computed once per expression (loops re-walk their bodies, and a
    // chain of n operators would otherwise be evaluated O(n^2) times).
    auto It = ConstantCache.find(E);
    if (It == ConstantCache.end()) {
      std::optional<std::int64_t> C;
      clang::Expr::EvalResult R;
      if (!E->HasSideEffects(Ctx) && E->EvaluateAsInt(R, Ctx) && R.Val.isInt() &&
          R.Val.getInt().isSignedIntN(64))
        C = R.Val.getInt().getExtValue();
      It = ConstantCache.emplace(E, C).first;
    }
    if (It->second)
      return Value::integer(Expr::constant(*It->second));
  }
  if (auto C = builtinCoordinate(E))
    return Value::integer(*C);
  if (const auto *PO = dyn_cast<PseudoObjectExpr>(E))
    return rvalue(PO->getResultExpr());
  if (E->getType()->isPointerType() || E->getType()->isArrayType()) {
    if (auto P = pointer(E))
      return Value::pointer(*P);
    return Value();
  }

  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    const clang::Expr *Sub = CE->getSubExpr();
    switch (CE->getCastKind()) {
    case CK_LValueToRValue: {
      const clang::Expr *L = Sub->IgnoreParens();
      if (auto C = builtinCoordinate(L))
        return Value::integer(*C);
      if (const auto *DR = dyn_cast<DeclRefExpr>(L))
        if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
          if (!isShared(VD) && !VD->getType()->isReferenceType())
            return lookupVar(VD, E);
      if (auto Loc = sharedLValue(L)) {
        record(*Loc, L, "load");
        // Lanes reading the same address read the same value.
        return Value::integer(memoryValue("shared '" + Loc->Array->getNameAsString() + "'", Loc->Offset));
      }
      // Global memory through a uniform base: a function of the index.
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(L)) {
        auto It = UniformBaseIndex.find(AS);
        if (It != UniformBaseIndex.end() && isIntegral(E->getType()))
          return Value::integer(memoryValue("'" + sourceText(L) + "'", It->second));
      }
      // Memory we do not model (local arrays, struct members, pointers).
      return Value::integer(opaque(E, true, "value loaded from '" + sourceText(L) + "'"));
    }
    case CK_IntegralCast:
    case CK_NoOp:
    case CK_IntegralToBoolean:
    case CK_BooleanToSignedIntegral: {
      Value V = rvalue(Sub);
      if (V.K != Value::Int)
        return Value::integer(opaque(E, true, "unmodelled conversion"));
      if (CE->getCastKind() == CK_IntegralToBoolean)
        return Value::integer(Expr::binary(Op::Ne, V.E, Expr::constant(0)));
      return V;
    }
    case CK_PointerToBoolean: {
      rvalue(Sub);
      return Value::integer(opaque(E, true, "pointer tested as a boolean"));
    }
    default: {
      Value V = rvalue(Sub);
      bool Varying = V.K != Value::Int || isVarying(V.E);
      return Value::integer(opaque(E, Varying, "conversion '" + sourceText(E) +
                                                   "' (floating point or unmodelled)"));
    }
    }
  }

  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp())
      return assign(B);
    if (B->getOpcode() == BO_Comma) {
      rvalue(B->getLHS());
      return rvalue(B->getRHS());
    }
    Value L = rvalue(B->getLHS());
    Value R = rvalue(B->getRHS());
    auto O = binaryOp(B->getOpcode());
    if (O && L.K == Value::Int && R.K == Value::Int && isIntegral(B->getLHS()->getType()) &&
        isIntegral(B->getRHS()->getType())) {
      switch (B->getOpcode()) {
      case BO_GT: return Value::integer(Expr::binary(Op::Lt, R.E, L.E));
      case BO_GE: return Value::integer(Expr::binary(Op::Le, R.E, L.E));
      default: return Value::integer(Expr::binary(*O, L.E, R.E));
      }
    }
    bool Varying = (L.K == Value::Int ? isVarying(L.E) : true) ||
                   (R.K == Value::Int ? isVarying(R.E) : true);
    return Value::integer(opaque(E, Varying, "'" + sourceText(E) + "' is not integer arithmetic"));
  }

  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    switch (U->getOpcode()) {
    case UO_PreInc: case UO_PreDec: case UO_PostInc: case UO_PostDec:
      return incDec(U);
    case UO_Plus:
      return rvalue(U->getSubExpr());
    case UO_Minus: {
      Value V = rvalue(U->getSubExpr());
      if (V.K == Value::Int && isIntegral(U->getType()))
        return Value::integer(Expr::constant(0) - V.E);
      break;
    }
    case UO_Not: {
      Value V = rvalue(U->getSubExpr());
      if (V.K == Value::Int)
        return Value::integer(V.E ^ Expr::constant(-1));
      break;
    }
    case UO_LNot: {
      Value V = rvalue(U->getSubExpr());
      if (V.K == Value::Int)
        return Value::integer(Expr::lnot(V.E));
      break;
    }
    default:
      evalChildren(U);
      break;
    }
    return Value::integer(opaque(E, true, "'" + sourceText(E) + "' is not modelled"));
  }

  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    Expr C = intValue(CO->getCond());
    Guards.push_back(makeGuard(C, CO->getCond()));
    Value T = rvalue(CO->getTrueExpr());
    Guards.back() = makeGuard(Expr::lnot(C), CO->getCond());
    Value F = rvalue(CO->getFalseExpr());
    Guards.pop_back();
    if (T.K == Value::Int && F.K == Value::Int)
      return Value::integer(Expr::select(C, T.E, F.E));
    return Value::integer(opaque(E, true, "conditional of non-integers"));
  }

  if (const auto *C = dyn_cast<CallExpr>(E))
    return call(C);

  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    return rvalue(EWC->getSubExpr());
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return rvalue(MT->getSubExpr());
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return rvalue(BT->getSubExpr());
  if (const auto *CE = dyn_cast<ConstantExpr>(E))
    return rvalue(CE->getSubExpr());
  if (const auto *DA = dyn_cast<CXXDefaultArgExpr>(E))
    return rvalue(DA->getExpr());

  if (const auto *CC = dyn_cast<CXXConstructExpr>(E)) {
    // Copying a shared object of class type (float4, __half, a struct) is a load.
    if (CC->getNumArgs() >= 1 && CC->getConstructor() &&
        (CC->getConstructor()->isCopyOrMoveConstructor())) {
      const clang::Expr *A = CC->getArg(0)->IgnoreParens();
      if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(A))
        A = MT->getSubExpr()->IgnoreParens();
      if (A->isGLValue()) {
        if (auto Loc = sharedLValue(A)) {
          record(*Loc, A, "load");
          return Value::integer(opaque(E, isVarying(Loc->Offset), "value loaded from shared '" +
                                                                       Loc->Array->getNameAsString() + "'"));
        }
        return Value::integer(opaque(E, true, "object copy"));
      }
    }
    for (const clang::Expr *A : CC->arguments())
      if (A->isGLValue()) {
        if (auto Loc = sharedLValue(A))
          record(*Loc, A, "load");
      } else {
        rvalue(A);
      }
    return Value::integer(opaque(E, true, "constructed object"));
  }

  if (isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E) || isa<DeclRefExpr>(E) ||
      isa<UnaryOperator>(E)) {
    if (E->isGLValue())
      sharedLValue(E);
    return Value::integer(opaque(E, true, "'" + sourceText(E) + "' is not modelled"));
  }

  evalChildren(E);
  return Value::integer(opaque(E, true, "'" + sourceText(E) + "' is not modelled"));
}

std::optional<SharedRef> Walker::pointer(const clang::Expr *E) {
  ++Steps;
  E = E->IgnoreParens();
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    const clang::Expr *Sub = CE->getSubExpr();
    switch (CE->getCastKind()) {
    case CK_ArrayToPointerDecay: {
      auto L = sharedLValue(Sub);
      if (!L)
        return std::nullopt;
      const clang::ArrayType *AT = Ctx.getAsArrayType(L->Pointee);
      if (!AT)
        return std::nullopt;
      return SharedRef{L->Array, L->Offset, AT->getElementType(), Expr(), {}, "", -1, ""};
    }
    case CK_LValueToRValue: {
      const clang::Expr *L = Sub->IgnoreParens();
      if (const auto *DR = dyn_cast<DeclRefExpr>(L))
        if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl())) {
          auto It = Vars.find(VD);
          if (It != Vars.end() && It->second.K == Value::Ptr)
            return It->second.P;
          return std::nullopt;
        }
      if (auto Loc = sharedLValue(L)) // a pointer stored in shared memory
        record(*Loc, L, "load");
      return std::nullopt;
    }
    case CK_BitCast:
    case CK_NoOp:
    case CK_ReinterpretMemberPointer:
    case CK_AddressSpaceConversion: {
      auto P = pointer(Sub);
      if (P && E->getType()->isPointerType())
        P->Pointee = E->getType()->getPointeeType();
      return P;
    }
    default:
      rvalue(Sub);
      return std::nullopt;
    }
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_AddrOf) {
      auto L = sharedLValue(U->getSubExpr());
      if (L) {
        L->Pointee = U->getSubExpr()->getType();
        L->Invariant = Expr(); // a pointer walks on from here: not a plain row access
        L->StrideTokens.clear();
        L->StrideName.clear();
      }
      return L;
    }
    if (U->isIncrementDecrementOp()) {
      incDec(U);
      if (const auto *DR = dyn_cast<DeclRefExpr>(U->getSubExpr()->IgnoreParens()))
        if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl())) {
          auto It = Vars.find(VD);
          if (It != Vars.end() && It->second.K == Value::Ptr)
            return It->second.P; // pre/post differ; post is approximate
        }
      return std::nullopt;
    }
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp()) {
      Value V = assign(B);
      if (V.K == Value::Ptr)
        return V.P;
      return std::nullopt;
    }
    if (B->getOpcode() == BO_Comma) {
      rvalue(B->getLHS());
      return pointer(B->getRHS());
    }
    if (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) {
      bool LeftPtr = B->getLHS()->getType()->isPointerType();
      const clang::Expr *PE = LeftPtr ? B->getLHS() : B->getRHS();
      const clang::Expr *IE = LeftPtr ? B->getRHS() : B->getLHS();
      if (IE->getType()->isPointerType()) { // p - q: not a pointer
        rvalue(PE);
        rvalue(IE);
        return std::nullopt;
      }
      auto P = pointer(PE);
      Expr I = intValue(IE);
      if (!P)
        return std::nullopt;
      Expr Size = P->Pointee->isIncompleteType() || P->Pointee->isVoidType()
                      ? Expr::constant(1)
                      : sizeOf(P->Pointee, P->Array);
      Expr Delta = I * Size;
      P->Offset = B->getOpcode() == BO_Add ? P->Offset + Delta : P->Offset - Delta;
      return P;
    }
  }
  if (const auto *C = dyn_cast<CallExpr>(E)) {
    Value V = call(C);
    if (V.K == Value::Ptr)
      return V.P;
    return std::nullopt;
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    Expr C = intValue(CO->getCond());
    auto T = pointer(CO->getTrueExpr());
    auto F = pointer(CO->getFalseExpr());
    if (T && F && T->Array == F->Array) {
      T->Offset = Expr::select(C, T->Offset, F->Offset);
      return T;
    }
    return std::nullopt;
  }
  if (E->isGLValue() && E->getType()->isArrayType()) {
    return sharedLValue(E);
  }
  evalChildren(E);
  return std::nullopt;
}

std::optional<SharedRef> Walker::sharedLValue(const clang::Expr *E) {
  ++Steps;
  E = E->IgnoreParens();
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DR->getDecl());
    if (isShared(VD))
      return SharedRef{VD, Expr::constant(0), VD->getType()};
    if (VD && VD->getType()->isReferenceType()) {
      auto It = Vars.find(VD);
      if (It != Vars.end() && It->second.K == Value::Ptr)
        return It->second.P;
    }
    return std::nullopt;
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    auto P = pointer(AS->getBase());
    SharedRef Stride;
    std::optional<Expr> Linear;
    std::int64_t Region = -1;
    std::string Via;
    const VarDecl *Rep = nullptr;
    if (P && P->Array->hasExternalStorage()) {
      // extern __shared__: rows of a region carved by hand (no fix-it; notes only).
      if (std::optional<std::int64_t> Base = carvedBase(AS->getBase(), *P, Via, Rep)) {
        Linear = externRowIndex(AS, P->Array, *Base, Rep, Stride);
        // Through the array itself, only a row access is known to stay in region 0.
        if (Linear || !Via.empty())
          Region = *Base;
      }
    } else if (P && P->Offset.isConst(0))
      if (const auto *DR = dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts()))
        if (DR->getDecl() == P->Array)
          Linear = linearizedIndex(AS, P->Array, Stride);
    Expr I = Linear ? *Linear : intValue(AS->getIdx());
    if (!P) {
      // Remember the index of a load through a kernel parameter or a global.
      const clang::Expr *Base = AS->getBase()->IgnoreParenImpCasts();
      if (const auto *DR = dyn_cast<DeclRefExpr>(Base))
        if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
          if ((isa<ParmVarDecl>(VD) && VD->getDeclContext() == &Kernel &&
               !Vars.count(VD)) || VD->hasGlobalStorage())
            UniformBaseIndex[AS] = I;
      return std::nullopt;
    }
    if (AS->getType()->isIncompleteType())
      return std::nullopt;
    SharedRef R{P->Array, P->Offset + I * sizeOf(AS->getType(), P->Array), AS->getType()};
    R.Invariant = Stride.Invariant;
    R.StrideTokens = Stride.StrideTokens;
    R.StrideName = Stride.StrideName;
    R.RegionBase = Region;
    R.RegionVia = Via;
    return R;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Deref) {
      auto P = pointer(U->getSubExpr());
      if (P)
        P->Pointee = E->getType();
      return P;
    }
    evalChildren(U);
    return std::nullopt;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    std::optional<SharedRef> Base =
        ME->isArrow() ? pointer(ME->getBase()) : sharedLValue(ME->getBase());
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!Base || !FD)
      return std::nullopt;
    const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(FD->getParent());
    std::int64_t Bits = Layout.getFieldOffset(FD->getFieldIndex());
    if (FD->isBitField() || Bits % 8)
      return std::nullopt;
    return SharedRef{Base->Array, Base->Offset + Bits / 8, E->getType()};
  }
  if (const auto *CE = dyn_cast<CastExpr>(E)) {
    if (CE->getCastKind() == CK_NoOp || CE->getCastKind() == CK_LValueBitCast ||
        CE->getCastKind() == CK_UncheckedDerivedToBase || CE->getCastKind() == CK_DerivedToBase) {
      auto L = sharedLValue(CE->getSubExpr());
      if (L)
        L->Pointee = E->getType();
      return L;
    }
    rvalue(CE->getSubExpr());
    return std::nullopt;
  }
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return sharedLValue(MT->getSubExpr());
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    Expr C = intValue(CO->getCond());
    auto T = sharedLValue(CO->getTrueExpr());
    auto F = sharedLValue(CO->getFalseExpr());
    if (T && F && T->Array == F->Array) {
      T->Offset = Expr::select(C, T->Offset, F->Offset);
      return T;
    }
    return std::nullopt;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    if (B->isAssignmentOp()) { // (s[i] = x) as an lvalue: the store is recorded
      assign(B);
      return std::nullopt;
    }
  }
  if (isa<CallExpr>(E)) {
    rvalue(E);
    return std::nullopt;
  }
  evalChildren(E);
  return std::nullopt;
}

void Walker::record(const SharedRef &L, const clang::Expr *Where, const char *Kind) {
  if (!Recording)
    return;
  auto Key = std::make_pair(Where, std::string(Kind));
  auto It = SiteIndex.find(Key);
  if (It == SiteIndex.end()) {
    AccessSite S;
    S.Where = Where;
    SourceLocation Loc = Ctx.getSourceManager().getExpansionLoc(Where->getBeginLoc());
    S.Loc = toFileLoc(Loc, Ctx.getSourceManager());
    S.Array = L.Array;
    S.Kind = Kind;
    QualType T = L.Pointee;
    if (T->isIncompleteType() || T->isVoidType()) {
      S.Unmodelled = "the access has an incomplete type";
    } else {
      S.AccessBytes = static_cast<unsigned>(Ctx.getTypeSizeInChars(T).getQuantity());
      if (!bank::isValidAccessWidth(S.AccessBytes))
        S.Unmodelled = "an access of " + std::to_string(S.AccessBytes) + " bytes ('" +
                       T.getAsString() + "') is split by the compiler into several "
                       "instructions; not modelled";
    }
    S.Func = CallStack.empty() ? &Kernel : CallStack.back();
    S.StrideTokens = L.StrideTokens;
    S.StrideName = L.StrideName;
    S.RegionBase = L.RegionBase;
    S.RegionVia = L.RegionVia;
    It = SiteIndex.emplace(Key, Result.Sites.size()).first;
    Result.Sites.push_back(std::move(S));
  }
  AccessSite &S = Result.Sites[It->second];
  if (S.RegionBase != L.RegionBase || S.StrideName != L.StrideName) {
    // One source access seen in two regions or row forms (a helper walked
    // with other pointers): it is in none of them.
    S.RegionBase = -1;
    S.StrideName.clear();
    S.StrideTokens.clear();
  }
  if (!S.Unmodelled.empty())
    return;
  if (S.Instances.size() >= 4096) {
    S.Unmodelled = "more than 4096 distinct loop instances";
    return;
  }
  bank::AccessInstance I;
  I.ByteOffset = L.Offset;
  I.Invariant = L.Invariant;
  I.Guards = Guards;
  std::string Label;
  for (const std::string &Part : Labels) {
    if (Part.empty())
      continue;
    if (!Label.empty())
      Label += ", ";
    Label += Part;
  }
  I.Label = Label;
  std::string DedupKey = symbolic::print(I.ByteOffset, Result.Symbols);
  for (const bank::Guard &G : I.Guards)
    DedupKey += "|" + symbolic::print(G.Cond, Result.Symbols);
  if (!I.Invariant.isNull())
    DedupKey += "|inv " + symbolic::print(I.Invariant, Result.Symbols);
  auto D = S.InstanceIndex.find(DedupKey);
  if (D != S.InstanceIndex.end()) {
    ++S.Instances[D->second].Multiplicity;
    return;
  }
  S.InstanceIndex.emplace(DedupKey, S.Instances.size());
  S.Instances.push_back(std::move(I));
}

Value Walker::assign(const BinaryOperator *B) {
  const clang::Expr *LHS = B->getLHS()->IgnoreParens();
  bool Compound = B->isCompoundAssignmentOp();
  // A local variable.
  if (const auto *DR = dyn_cast<DeclRefExpr>(LHS))
    if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
      if (!isShared(VD) && !VD->getType()->isReferenceType()) {
        if (VD->getType()->isPointerType()) {
          if (!Compound) {
            auto P = pointer(B->getRHS());
            Value V = P ? Value::pointer(*P) : Value();
            setVar(VD, V);
            return V;
          }
          Expr I = intValue(B->getRHS());
          auto It = Vars.find(VD);
          if (It != Vars.end() && It->second.K == Value::Ptr &&
              (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign)) {
            SharedRef P = It->second.P;
            std::int64_t Size = Ctx.getTypeSizeInChars(P.Pointee).getQuantity();
            P.Offset = B->getOpcode() == BO_AddAssign ? P.Offset + I * Size : P.Offset - I * Size;
            setVar(VD, Value::pointer(P));
            return Value::pointer(P);
          }
          setVar(VD, Value());
          return Value();
        }
        Value R = rvalue(B->getRHS());
        Value New;
        if (!Compound) {
          New = R;
        } else {
          Value Old = lookupVar(VD, LHS);
          auto O = binaryOp(B->getOpcode());
          if (O && Old.K == Value::Int && R.K == Value::Int && isIntegral(VD->getType()))
            New = Value::integer(Expr::binary(*O, Old.E, R.E));
          else
            New = Value::integer(opaque(B, true, "'" + sourceText(B) + "' is not modelled"));
        }
        if (New.K != Value::Int && isIntegral(VD->getType()))
          New = Value::integer(opaque(B, true, "'" + sourceText(B) + "' is not modelled"));
        setVar(VD, New);
        return New;
      }
  // A shared location: store (and load for op=).
  Value R = rvalue(B->getRHS());
  if (auto Loc = sharedLValue(LHS)) {
    if (Compound)
      record(*Loc, LHS, "load");
    record(*Loc, LHS, "store");
    return R;
  }
  return Value::integer(opaque(B, true, "assignment to memory"));
}

Value Walker::incDec(const UnaryOperator *U) {
  const clang::Expr *Sub = U->getSubExpr()->IgnoreParens();
  bool Inc = U->isIncrementOp();
  if (const auto *DR = dyn_cast<DeclRefExpr>(Sub))
    if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
      if (!isShared(VD)) {
        Value Old = lookupVar(VD, Sub);
        Value New;
        if (Old.K == Value::Int) {
          New = Value::integer(Inc ? Old.E + 1 : Old.E + (-1));
        } else if (Old.K == Value::Ptr) {
          SharedRef P = Old.P;
          std::int64_t Size = Ctx.getTypeSizeInChars(P.Pointee).getQuantity();
          P.Offset = P.Offset + (Inc ? Size : -Size);
          New = Value::pointer(P);
        }
        setVar(VD, New);
        return U->isPrefix() ? New : Old;
      }
  if (auto Loc = sharedLValue(Sub)) {
    record(*Loc, Sub, "load");
    record(*Loc, Sub, "store");
    return Value::integer(opaque(U, true, "value loaded from shared '" +
                                              Loc->Array->getNameAsString() + "'"));
  }
  return Value::integer(opaque(U, true, "increment of memory"));
}

Value Walker::call(const CallExpr *C) {
  const FunctionDecl *FD = C->getDirectCallee();
  std::string Name = FD ? FD->getNameAsString() : "";
  // Atomics on shared memory.
  if (FD && (StringRef(Name).starts_with("atomic") || StringRef(Name).starts_with("__atomic")) &&
      C->getNumArgs() >= 1) {
    auto P = pointer(C->getArg(0));
    for (unsigned I = 1; I < C->getNumArgs(); ++I)
      rvalue(C->getArg(I));
    if (P) {
      SharedRef Loc = *P;
      record(Loc, C, "atomic");
    }
    return Value::integer(opaque(C, true, "result of '" + Name + "'"));
  }
  // min/max.
  if (FD && C->getNumArgs() == 2 &&
      (Name == "min" || Name == "max" || Name == "umin" || Name == "umax" || Name == "llmin" ||
       Name == "llmax" || Name == "ullmin" || Name == "ullmax") &&
      isIntegral(C->getType())) {
    Expr A = intValue(C->getArg(0)), B = intValue(C->getArg(1));
    return Value::integer(Expr::binary(StringRef(Name).contains("min") ? Op::Min : Op::Max, A, B));
  }
  if (FD && (Name == "__mul24" || Name == "__umul24") && C->getNumArgs() == 2)
    return Value::integer(intValue(C->getArg(0)) * intValue(C->getArg(1)));
  // Operator calls on class types (__half arithmetic, float4 assignment).
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(C)) {
    if (OC->getOperator() == OO_Equal && OC->getNumArgs() == 2) {
      const clang::Expr *Src = OC->getArg(1)->IgnoreParens();
      if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(Src))
        Src = MT->getSubExpr()->IgnoreParens();
      if (Src->isGLValue()) {
        if (auto Loc = sharedLValue(Src))
          record(*Loc, Src, "load"); // copying from a shared object
      } else {
        rvalue(Src);
      }
      if (auto Loc = sharedLValue(OC->getArg(0)))
        record(*Loc, OC->getArg(0), "store");
      return Value::integer(opaque(C, true, "assignment"));
    }
    bool CompoundAssign = OC->isAssignmentOp();
    for (unsigned I = 0; I < OC->getNumArgs(); ++I) {
      const clang::Expr *A = OC->getArg(I);
      if (A->isGLValue()) {
        if (auto Loc = sharedLValue(A)) {
          record(*Loc, A, "load");
          if (I == 0 && CompoundAssign)
            record(*Loc, A, "store");
        }
      } else {
        rvalue(A);
      }
    }
    return Value::integer(opaque(C, true, "result of an operator on objects"));
  }
  std::vector<Value> Args;
  for (unsigned I = 0; I < C->getNumArgs(); ++I) {
    const clang::Expr *A = C->getArg(I);
    QualType PT;
    if (FD && I < FD->getNumParams())
      PT = FD->getParamDecl(I)->getType();
    if (!PT.isNull() && PT->isReferenceType() && A->isGLValue()) {
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
  const FunctionDecl *Def = nullptr;
  if (FD && FD->hasBody(Def) && Def &&
      (Def == &Kernel || std::find(CallStack.begin(), CallStack.end(), Def) != CallStack.end()))
    Recursive.insert(Def); // not walked again: its accesses cannot all be seen
  if (FD && FD->hasBody(Def) && Def && CallStack.size() < 8 &&
      std::find(CallStack.begin(), CallStack.end(), Def) == CallStack.end() &&
      (Def->hasAttr<CUDADeviceAttr>() || Def->isConstexpr()) && !Def->isVariadic())
    return inlineCall(Def, C, Args);
  bool Varying = true;
  bool PassesShared = false;
  for (const Value &V : Args)
    PassesShared |= V.K == Value::Ptr;
  if (PassesShared)
    Result.Skipped.push_back({toFileLoc(Ctx.getSourceManager().getExpansionLoc(C->getBeginLoc()),
                                        Ctx.getSourceManager()),
                              "shared memory passed to '" + Name +
                                  "', whose body is not available: its accesses are not analysed"});
  return Value::integer(opaque(C, Varying, "result of call to '" + Name + "'"));
}

} // namespace bankcheck::frontend

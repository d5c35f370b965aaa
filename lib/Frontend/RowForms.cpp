//===- RowForms.cpp - Rows of linearized and extern shared arrays ---------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Recognises `s[row * W + col]` (W the coefficient of one added term) on 1-D
/// shared arrays (W a named constant) and on regions of `extern __shared__`
/// buffers carved by hand, so that the row length becomes a Layout symbol the
/// padding solver can vary.
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

#include "clang/Lex/Lexer.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;
using symbolic::SymbolKind;

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
/// An affine index with the stride W (a named constant, or, when
/// AllowLiteral, an integer literal written in the file) as the coefficient of
/// exactly one of its added terms: `X * W + Y`, `W * X + Y + Z`, `Y + (X + j) *
/// W`, `X * W`. The row is X; the column, the sum of the other terms.
struct RowForm {
  const clang::Expr *Row = nullptr;
  std::vector<const clang::Expr *> Cols;
  std::string Name;
  SourceRange Spelled;
  std::int64_t W = 0;
};

/// The terms of a chain of additions (parentheses and implicit casts seen
/// through).
void addedTerms(const clang::Expr *E, std::vector<const clang::Expr *> &Out) {
  const clang::Expr *X = E->IgnoreParenImpCasts();
  if (const auto *B = dyn_cast<BinaryOperator>(X); B && B->getOpcode() == BO_Add) {
    addedTerms(B->getLHS(), Out);
    addedTerms(B->getRHS(), Out);
    return;
  }
  Out.push_back(E);
}

bool isStrideTerm(const clang::Expr *T, ASTContext &Ctx, bool AllowLiteral) {
  const auto *M = dyn_cast<BinaryOperator>(T->IgnoreParenImpCasts());
  if (!M || M->getOpcode() != BO_Mul)
    return false;
  std::string N;
  SourceRange R;
  if (namedConstant(M->getRHS(), Ctx, N, R) || namedConstant(M->getLHS(), Ctx, N, R))
    return true;
  if (!AllowLiteral)
    return false;
  const clang::Expr *L = M->getLHS()->IgnoreParenImpCasts(), *Rt = M->getRHS()->IgnoreParenImpCasts();
  return isa<IntegerLiteral>(L) != isa<IntegerLiteral>(Rt);
}

std::optional<RowForm> rowForm(const ArraySubscriptExpr *AS, ASTContext &Ctx, bool AllowLiteral) {
  std::vector<const clang::Expr *> Terms;
  addedTerms(AS->getIdx(), Terms);
  const clang::Expr *MulE = nullptr;
  RowForm F;
  // A named stride first; a literal one only where no term has a named one.
  for (bool Literal : {false, true}) {
    if (Literal && !AllowLiteral)
      break;
    for (const clang::Expr *T : Terms)
      if (isStrideTerm(T, Ctx, Literal)) {
        if (MulE)
          return std::nullopt; // two strided terms: which is the row is not clear
        MulE = T->IgnoreParenImpCasts();
      }
    if (MulE)
      break;
  }
  if (!MulE)
    return std::nullopt;
  for (const clang::Expr *T : Terms)
    if (T->IgnoreParenImpCasts() != MulE)
      F.Cols.push_back(T);
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

bool rowFormSpelling(const ArraySubscriptExpr *AS, ASTContext &Ctx, const clang::Expr *&Row,
                     std::vector<const clang::Expr *> &Cols, std::string &Stride) {
  std::optional<RowForm> F = rowForm(AS, Ctx, /*AllowLiteral=*/true);
  if (!F)
    return false;
  Row = F->Row;
  Cols = F->Cols;
  Stride = F->Name;
  return true;
}

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
  Expr ColV = Expr::constant(0);
  for (std::size_t I = 0; I < F->Cols.size(); ++I)
    ColV = I ? ColV + intValue(F->Cols[I]) : intValue(F->Cols[I]);
  SharedRefFacts &OutFacts = Out.setFacts();
  OutFacts.Invariant = Expr::binary(symbolic::Op::LAnd, Expr::binary(symbolic::Op::Le, Expr::constant(0), ColV),
                                    Expr::binary(symbolic::Op::Lt, ColV, Expr::constant(W)));
  const SourceManager &SM = Ctx.getSourceManager();
  report::TextEdit T;
  T.Loc = toFileLoc(F->Spelled.getBegin(), SM);
  StringRef Text = Lexer::getSourceText(CharSourceRange::getTokenRange(F->Spelled), SM, Ctx.getLangOpts());
  T.Length = Text.size();
  T.Expected = Text.str();
  OutFacts.StrideTokens = {T};
  OutFacts.StrideName = Name;
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
  Expr ColV = Expr::constant(0);
  for (std::size_t I = 0; I < F->Cols.size(); ++I)
    ColV = I ? ColV + intValue(F->Cols[I]) : intValue(F->Cols[I]);
  SharedRefFacts &OutFacts = Out.setFacts();
  OutFacts.Invariant = Expr::binary(symbolic::Op::LAnd, Expr::binary(symbolic::Op::Le, Expr::constant(0), ColV),
                                    Expr::binary(symbolic::Op::Lt, ColV, Expr::constant(F->W)));
  report::TextEdit T;
  T.Loc = toFileLoc(Ctx.getSourceManager().getExpansionLoc(F->Spelled.getBegin()), Ctx.getSourceManager());
  T.Expected = F->Name;
  T.Length = F->Name.size();
  OutFacts.StrideTokens = {T};
  OutFacts.StrideName = F->Name;
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
  if (assignedIn(F->getBody()).count(VD))
    return std::nullopt; // p += ..., p = q, &p: it may point elsewhere
  Via = VD->getNameAsString();
  Rep = VD;
  return P.Offset.constValue();
}

} // namespace bankcheck::frontend

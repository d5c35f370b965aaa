//===- PaddingSafety.cpp - Uses that a padded row type would break --------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/PaddingSafety.h"
#include "Frontend/KernelWalker.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include "llvm/ADT/SmallPtrSet.h"


namespace bankcheck::frontend {

using namespace clang;

namespace {

/// T still holds the array's innermost dimension: an array, a pointer to
/// one or a reference to one (`float[32]`, `float (*)[32]`, `float (&)[4][32]`).
bool carriesRow(QualType T) {
  T = T.getNonReferenceType();
  for (unsigned Depth = 0; Depth < 16 && !T.isNull(); ++Depth) {
    if (const auto *P = T->getAs<PointerType>())
      T = P->getPointeeType();
    else if (T->isArrayType())
      return true;
    else
      return false;
  }
  return false;
}

/// Whether the array part of a declared type was deduced rather than written:
/// reached through `auto`, `decltype`, `typeof`, or a template parameter when
/// FromArguments (a function template's, deduced from the call's arguments).
bool deducedRow(QualType T, const ASTContext &Ctx, bool FromArguments = false) {
  for (unsigned Depth = 0; Depth < 32 && !T.isNull(); ++Depth) {
    const Type *Ty = T.getTypePtr();
    if (isa<AutoType, DecltypeType, TypeOfExprType, TypeOfType>(Ty) ||
        (FromArguments && isa<SubstTemplateTypeParmType, TemplateTypeParmType>(Ty)))
      return true;
    if (const auto *P = dyn_cast<PointerType>(Ty))
      T = P->getPointeeType();
    else if (const auto *R = dyn_cast<ReferenceType>(Ty))
      T = R->getPointeeTypeAsWritten();
    else if (const auto *A = dyn_cast<ArrayType>(Ty))
      T = A->getElementType();
    else if (QualType D = T.getSingleStepDesugaredType(Ctx); D != T)
      T = D;
    else
      return false;
  }
  return false;
}

std::string typeText(QualType T, ASTContext &Ctx) {
  PrintingPolicy P(Ctx.getLangOpts());
  P.SuppressTagKeyword = true;
  return T.getAsString(P);
}

/// One node of the traversal's ancestry: a statement or a declaration.
struct Node {
  const Stmt *S = nullptr;
  const Decl *D = nullptr;
};

class RowUseFinder : public RecursiveASTVisitor<RowUseFinder> {
public:
  RowUseFinder(ASTContext &Ctx) : Ctx(Ctx), SM(Ctx.getSourceManager()) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    if (D->getLocation().isValid() && SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())) &&
        !isa<TranslationUnitDecl>(D))
      return true;
    Stack.push_back({nullptr, D});
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    Stack.pop_back();
    return R && Why.empty();
  }
  /// Written types are not walked: nothing in them (decltype, sizeof of a
  /// type, an array bound) is evaluated.
  bool TraverseTypeLoc(TypeLoc) { return true; }
  bool dataTraverseStmtPre(Stmt *S) {
    Stack.push_back({S, nullptr});
    return true;
  }
  bool dataTraverseStmtPost(Stmt *S) {
    Stack.pop_back();
    return Why.empty();
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *VD = dyn_cast<VarDecl>(E->getDecl());
    if (VD && Roots.count(VD) && carriesRow(E->getType()))
      check(E, VD);
    return Why.empty();
  }

  /// Variables whose values are the array or derived from it.
  llvm::SmallPtrSet<const VarDecl *, 8> Roots;
  /// Variables and parameters found to take such a value by deduction, whose
  /// own uses are to be checked (with the functions that hold them).
  std::vector<const VarDecl *> Found;
  /// The array's own declarations.
  llvm::SmallPtrSet<const VarDecl *, 8> Origin;
  std::string Why;

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  std::vector<Node> Stack;

  std::string where(SourceLocation L) {
    report::FileLoc F = toFileLoc(SM.getExpansionLoc(L), SM);
    return F.Path + ":" + std::to_string(F.Line);
  }

  void flowsInto(const VarDecl *Into) {
    if (Roots.insert(Into).second)
      Found.push_back(Into);
  }

  void blocked(const VarDecl *Root, QualType As, const std::string &How, SourceLocation At,
               const char *Tail = ", a type written with its innermost extent") {
    Why = "it is " + How + (Origin.count(Root) ? "" : " through '" + Root->getNameAsString() + "'") +
          (As.isNull() ? "" : " as '" + typeText(As.getCanonicalType(), Ctx) + "'") + " (" + where(At) + ")" + Tail;
  }

  /// The function or lambda whose body holds the node at stack index I.
  const FunctionDecl *enclosingFunction(std::size_t I) const {
    for (std::size_t J = I + 1; J-- > 0;) {
      if (const auto *FD = dyn_cast_or_null<FunctionDecl>(Stack[J].D))
        return FD;
      if (const auto *L = dyn_cast_or_null<LambdaExpr>(Stack[J].S); L && J != I)
        return L->getCallOperator();
    }
    return nullptr;
  }

  /// A call's argument Cur bound to the callee's parameter.
  void checkArgument(const VarDecl *Root, const Expr *Cur, const FunctionDecl *FD, unsigned ArgIndex,
                     const Expr *Callee) {
    if (!FD) {
      blocked(Root, Cur->getType(), "passed to a function called through a pointer", Cur->getExprLoc());
      return;
    }
    if (ArgIndex >= FD->getNumParams())
      return; // a variadic argument: a pointer value
    const ParmVarDecl *P = FD->getParamDecl(ArgIndex);
    bool Explicit = false;
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(Callee ? Callee->IgnoreParenImpCasts() : nullptr))
      Explicit = DRE->hasExplicitTemplateArgs();
    if (const auto *ME = dyn_cast_or_null<MemberExpr>(Callee ? Callee->IgnoreParenImpCasts() : nullptr))
      Explicit = ME->hasExplicitTemplateArgs();
    // A function template's parameter deduced from this argument follows
    // the padding; a class template's, or one given explicitly, does not.
    const bool FromArguments = FD->getPrimaryTemplate() && !Explicit;
    bool Deduced = deducedRow(P->getType(), Ctx, FromArguments);
    if (!Deduced && FromArguments)
      if (const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern())
        if (ArgIndex < Pattern->getNumParams())
          Deduced = Pattern->getParamDecl(ArgIndex)->getType()->isDependentType();
    if (!Deduced) {
      blocked(Root, P->getType(),
              "passed to parameter '" + P->getNameAsString() + "' of '" + FD->getNameAsString() + "'",
              Cur->getExprLoc());
      return;
    }
    flowsInto(P);
  }

  /// Follows a use of Root up through the expressions that keep the row
  /// type, to where the value is consumed.
  void check(const DeclRefExpr *E, const VarDecl *Root) {
    const Stmt *Cur = E;
    for (std::size_t I = Stack.size() - 1; I-- > 0;) {
      const Node &P = Stack[I];
      if (P.D) {
        const auto *VD = dyn_cast<VarDecl>(P.D);
        if (!VD || VD->getInit() != Cur) {
          if (!VD)
            blocked(Root, cast<Expr>(Cur)->getType(), "used", E->getExprLoc());
          return; // a default argument, say, or a bound in a written type
        }
        if (deducedRow(VD->getType(), Ctx))
          flowsInto(VD);
        else
          blocked(Root, VD->getType(), "bound to '" + VD->getNameAsString() + "'", E->getExprLoc());
        return;
      }
      const Stmt *S = P.S;
      const auto *CurE = dyn_cast<Expr>(Cur);
      if (const auto *PE = dyn_cast<Expr>(S); PE && PE->isInstantiationDependent())
        return; // a template's pattern: its instantiations are what compile
      // Expressions that pass the value on, perhaps with a new type.
      if (isa<ParenExpr, ImplicitCastExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr, ConditionalOperator,
              BinaryConditionalOperator, ExprWithCleanups, ConstantExpr>(S) ||
          (isa<UnaryOperator>(S) && (cast<UnaryOperator>(S)->getOpcode() == UO_AddrOf ||
                                     cast<UnaryOperator>(S)->getOpcode() == UO_Deref)) ||
          (isa<ArraySubscriptExpr>(S) && cast<ArraySubscriptExpr>(S)->getBase() == Cur) ||
          (isa<BinaryOperator>(S) && cast<BinaryOperator>(S)->isAdditiveOp()) ||
          (isa<BinaryOperator>(S) && cast<BinaryOperator>(S)->getOpcode() == BO_Comma &&
           cast<BinaryOperator>(S)->getRHS() == Cur)) {
        if (!carriesRow(cast<Expr>(S)->getType()))
          return; // `tile[i]` decays to `float *`, a pointer becomes a bool
        Cur = S;
        continue;
      }
      if (const auto *C = dyn_cast<ExplicitCastExpr>(S)) {
        if (carriesRow(C->getType()) && !deducedRow(C->getTypeAsWritten(), Ctx))
          blocked(Root, C->getTypeAsWritten(), "cast", C->getBeginLoc());
        return;
      }
      if (isa<UnaryExprOrTypeTraitExpr, CXXTypeidExpr, CXXNoexceptExpr>(S))
        return; // sizeof, alignof, typeid: unevaluated or a size
      if (const auto *FR = dyn_cast<CXXForRangeStmt>(S); FR && FR->getRangeInit() == Cur) {
        // `for (auto &row : tile)`: each element (a row) is bound to the loop variable.
        const VarDecl *LV = FR->getLoopVariable();
        if (LV && carriesRow(LV->getType()) && !deducedRow(LV->getType(), Ctx))
          blocked(Root, LV->getType(), "iterated by '" + LV->getNameAsString() + "'", E->getExprLoc());
        else if (LV)
          flowsInto(LV);
        return;
      }
      if (const auto *Call = dyn_cast<CallExpr>(S)) {
        const FunctionDecl *FD = Call->getDirectCallee();
        unsigned Shift = isa<CXXOperatorCallExpr>(Call) && FD && isa<CXXMethodDecl>(FD) &&
                                 !cast<CXXMethodDecl>(FD)->isStatic()
                             ? 1
                             : 0;
        for (unsigned A = 0; A < Call->getNumArgs(); ++A)
          if (Call->getArg(A) == Cur) {
            if (A < Shift)
              break; // the object of a member operator: not an array
            checkArgument(Root, CurE, FD, A - Shift, Call->getCallee());
            return;
          }
        if (Call->getCallee() == Cur)
          return;
        blocked(Root, CurE->getType(), "used", E->getExprLoc());
        return;
      }
      if (const auto *CE = dyn_cast<CXXConstructExpr>(S)) {
        for (unsigned A = 0; A < CE->getNumArgs(); ++A)
          if (CE->getArg(A) == Cur) {
            checkArgument(Root, CurE, CE->getConstructor(), A, nullptr);
            return;
          }
      }
      if (isa<ReturnStmt>(S)) {
        // Returned: the call's value in each caller is not followed.
        const FunctionDecl *FD = enclosingFunction(I);
        blocked(Root, FD ? FD->getDeclaredReturnType() : CurE->getType(),
                "returned from '" + (FD ? FD->getNameAsString() : std::string("a function")) + "'",
                E->getExprLoc(), ", and the value of its calls is not followed");
        return;
      }
      if (CurE && !carriesRow(CurE->getType()))
        return;
      // Anything else that takes the row type whole (an assignment to a
      // pointer declared elsewhere, an initializer list): its type is written.
      blocked(Root, CurE ? CurE->getType() : QualType(), "used", E->getExprLoc());
      return;
    }
  }
};

/// The declaration whose body holds VD's uses: its function, or the
/// translation unit for a variable outside any function.
Decl *scopeOf(const VarDecl *VD, ASTContext &Ctx) {
  if (const DeclContext *DC = VD->getParentFunctionOrMethod())
    return const_cast<Decl *>(cast<Decl>(DC));
  return Ctx.getTranslationUnitDecl();
}

} // namespace

std::string paddingBlocker(llvm::ArrayRef<const VarDecl *> Decls, ASTContext &Ctx) {
  RowUseFinder F(Ctx);
  std::vector<Decl *> Scopes;
  llvm::SmallPtrSet<const Decl *, 8> ScopeSet;
  auto AddScopes = [&](llvm::ArrayRef<const VarDecl *> Vars) {
    for (const VarDecl *VD : Vars)
      if (Decl *S = scopeOf(VD, Ctx); ScopeSet.insert(S).second)
        Scopes.push_back(S);
  };
  for (const VarDecl *VD : Decls) {
    F.Roots.insert(VD);
    F.Origin.insert(VD);
  }
  AddScopes(Decls);
  // Every scope again while a walk finds new variables holding the array:
  // a callee's parameter is used in the callee, a local after its scope's
  // walk may have passed it.
  for (unsigned Round = 0; Round < 8; ++Round) {
    std::size_t Before = F.Roots.size();
    for (std::size_t I = 0; I < Scopes.size() && F.Why.empty(); ++I)
      F.TraverseDecl(Scopes[I]);
    if (!F.Why.empty() || F.Roots.size() == Before)
      return F.Why;
    AddScopes(F.Found);
    F.Found.clear();
  }
  return "its values flow into more functions and variables than are followed";
}

} // namespace bankcheck::frontend

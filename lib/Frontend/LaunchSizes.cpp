//===- LaunchSizes.cpp - The dynamic shared size of each launch -----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/LaunchSizes.h"
#include "Frontend/KernelWalker.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {
/// References to every declaration in the translation unit.
class CountRefs : public RecursiveASTVisitor<CountRefs> {
public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitDeclRefExpr(DeclRefExpr *R) {
    ++Count[R->getDecl()];
    return true;
  }
  std::map<const ValueDecl *, unsigned> Count;
};
} // namespace

unsigned LaunchSizeReader::macroUses(SourceLocation BodyStart) {
  if (!MacroUses) {
    const SourceManager &SM = Ctx.getSourceManager();
    MacroUses.emplace();
    for (unsigned I = 1, N = SM.local_sloc_entry_size(); I < N; ++I) {
      const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
      if (E.isExpansion() && !E.getExpansion().isMacroArgExpansion())
        ++(*MacroUses)[E.getExpansion().getSpellingLoc()];
    }
  }
  auto It = MacroUses->find(BodyStart);
  return It == MacroUses->end() ? 0 : It->second;
}

unsigned LaunchSizeReader::references(const ValueDecl *D) {
  if (!Refs) {
    CountRefs C;
    C.TraverseDecl(Ctx.getTranslationUnitDecl());
    Refs = std::move(C.Count);
  }
  auto It = Refs->find(D);
  return It == Refs->end() ? 0 : It->second;
}

namespace {
struct Reader {
  LaunchSizeReader &Counts;
  ASTContext &Ctx;
  const SourceManager &SM;
  fix::LaunchSize &Out;
  /// The macro expansion being read through (its use written in the file):
  /// tokens written directly in its body can be edited there.
  SourceLocation MacroUse;

  std::optional<std::int64_t> value(const clang::Expr *E) {
    clang::Expr::EvalResult R;
    if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx) || !R.Val.isInt())
      return std::nullopt;
    return R.Val.getInt().getExtValue();
  }

  /// Where a leaf token can be edited: written in the file, or directly in
  /// the body of the macro read through. Invalid otherwise.
  SourceLocation editable(SourceLocation L) {
    if (L.isFileID())
      return SM.isInSystemHeader(L) || MacroUse.isValid() ? SourceLocation() : L;
    if (MacroUse.isInvalid() || SM.isMacroArgExpansion(L))
      return {};
    SourceLocation Spelled = SM.getImmediateSpellingLoc(L);
    if (!Spelled.isFileID() || SM.isInSystemHeader(Spelled) ||
        SM.getImmediateExpansionRange(L).getBegin() != MacroUse)
      return {};
    return Spelled;
  }

  void term(SourceLocation At, std::int64_t Value, std::int64_t Coef, bool Named) {
    At = editable(At);
    if (At.isInvalid())
      return;
    fix::SizeTerm T;
    T.Loc = toFileLoc(At, SM);
    T.Text = Lexer::getSourceText(CharSourceRange::getTokenRange(At, At), SM, Ctx.getLangOpts()).str();
    T.Value = Value;
    T.Coef = Coef;
    T.Named = Named;
    if (!T.Text.empty())
      Out.Terms.push_back(T);
  }

  void read(const clang::Expr *E, std::int64_t Coef, unsigned Depth) {
    if (Depth > 64)
      return;
    // A whole object-like macro (`SMEM_BYTES`, or `TILE` as a factor).
    std::string Name;
    SourceRange Spelled;
    if (MacroUse.isInvalid() && E->getBeginLoc().isMacroID() && namedConstant(E, Ctx, Name, Spelled)) {
      std::optional<std::int64_t> V = value(E);
      if (!V)
        return;
      term(Spelled.getBegin(), *V, Coef, /*Named=*/true);
      // Its body, when the macro is used only here.
      SourceLocation Body = SM.getSpellingLoc(E->getBeginLoc());
      const SrcMgr::SLocEntry &Entry = SM.getSLocEntry(SM.getFileID(E->getBeginLoc()));
      if (Entry.isExpansion())
        Body = Entry.getExpansion().getSpellingLoc();
      unsigned Uses = Counts.macroUses(Body);
      if (Uses == 1 && !SM.isInSystemHeader(Body)) {
        MacroUse = Spelled.getBegin();
        read(E, Coef, Depth + 1);
        MacroUse = SourceLocation();
      } else if (Uses > 1 && Depth == 0) {
        Out.Why = "'" + Name + "' is a macro used " + std::to_string(Uses) +
                  " times, whose definition is not edited for one launch";
      }
      return;
    }
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<CastExpr>(E)) {
      if (C->getType()->isIntegerType() && C->getSubExpr()->getType()->isIntegerType())
        read(C->getSubExpr(), Coef, Depth + 1);
      return;
    }
    if (const auto *B = dyn_cast<BinaryOperator>(E)) {
      switch (B->getOpcode()) {
      case BO_Add:
        read(B->getLHS(), Coef, Depth + 1);
        read(B->getRHS(), Coef, Depth + 1);
        return;
      case BO_Sub:
        read(B->getLHS(), Coef, Depth + 1);
        read(B->getRHS(), -Coef, Depth + 1);
        return;
      case BO_Mul: {
        std::optional<std::int64_t> L = value(B->getLHS()), R = value(B->getRHS());
        if (L && R) {
          read(B->getLHS(), Coef * *R, Depth + 1);
          read(B->getRHS(), Coef * *L, Depth + 1);
        }
        return;
      }
      default:
        return; // /, %, shifts: the size is not linear in their operands
      }
    }
    if (const auto *L = dyn_cast<IntegerLiteral>(E)) {
      term(L->getLocation(), L->getValue().getSExtValue(), Coef, /*Named=*/false);
      return;
    }
    const auto *R = dyn_cast<DeclRefExpr>(E);
    const ValueDecl *D = R ? R->getDecl() : nullptr;
    std::optional<std::int64_t> V = value(E);
    if (!D || !V)
      return;
    if (isa<EnumConstantDecl>(D) || isa<NonTypeTemplateParmDecl>(D)) {
      term(R->getLocation(), *V, Coef, /*Named=*/true);
      return;
    }
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || !VD->getType().isConstQualified() || !VD->getInit() || isa<ParmVarDecl>(VD))
      return;
    term(R->getLocation(), *V, Coef, /*Named=*/true);
    // A constant named only here: its initializer is this size's.
    if (MacroUse.isInvalid() && VD->getInit()->getBeginLoc().isFileID() &&
        !SM.isInSystemHeader(VD->getLocation())) {
      unsigned Count = Counts.references(VD);
      if (Count == 1)
        read(VD->getInit(), Coef, Depth + 1);
      else if (Depth == 0)
        Out.Why = "'" + VD->getNameAsString() + "' is used " + std::to_string(Count) +
                  " times, and its initializer is not edited for one launch";
    }
  }
};
} // namespace

fix::LaunchSize LaunchSizeReader::read(const clang::Expr *Size, const std::string &Why, const std::string &Where) {
  fix::LaunchSize Out;
  Out.Where = Where;
  Out.Why = Why;
  if (!Size || isa<CXXDefaultArgExpr>(Size))
    return Out;
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange R = SM.getExpansionRange(Size->getSourceRange());
  Out.Loc = toFileLoc(R.getBegin(), SM);
  Out.Text = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  Reader Rd{*this, Ctx, SM, Out, {}};
  Out.Bytes = Rd.value(Size);
  if (!Out.Bytes) {
    Out.Why = "a value known only at run time";
    return Out;
  }
  Rd.read(Size, 1, 0);
  return Out;
}

namespace {
class OptInVisitor : public RecursiveASTVisitor<OptInVisitor> {
public:
  explicit OptInVisitor(ASTContext &Ctx) : Ctx(Ctx) {}
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *Callee = C->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || Callee->getName() != "cudaFuncSetAttribute" || C->getNumArgs() < 3 ||
        Ctx.getSourceManager().isInSystemHeader(C->getBeginLoc()))
      return true;
    const auto *Attr = dyn_cast<DeclRefExpr>(C->getArg(1)->IgnoreParenCasts());
    if (!Attr || Attr->getDecl()->getName() != "cudaFuncAttributeMaxDynamicSharedMemorySize")
      return true;
    const clang::Expr *K = C->getArg(0)->IgnoreParenCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(K); U && U->getOpcode() == UO_AddrOf)
      K = U->getSubExpr()->IgnoreParenCasts();
    const auto *Ref = dyn_cast<DeclRefExpr>(K);
    const auto *F = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
    if (!F)
      return true;
    clang::Expr::EvalResult R;
    std::int64_t N = -1;
    const clang::Expr *V = C->getArg(2);
    if (!V->isValueDependent() && V->EvaluateAsInt(R, Ctx) && R.Val.isInt())
      N = R.Val.getInt().getExtValue();
    auto [It, New] = Out.emplace(F->getCanonicalDecl(), N);
    if (!New)
      It->second = It->second < 0 || N < 0 ? -1 : std::max(It->second, N);
    return true;
  }
  ASTContext &Ctx;
  std::map<const FunctionDecl *, std::int64_t> Out;
};
} // namespace

std::map<const FunctionDecl *, std::int64_t> optInSizes(ASTContext &Ctx) {
  OptInVisitor V(Ctx);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  return V.Out;
}

} // namespace bankcheck::frontend

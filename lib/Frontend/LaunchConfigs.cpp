//===- LaunchConfigs.cpp - Block shapes from launches and annotations -----===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/LaunchConfigs.h"
#include "Frontend/WalkerState.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringExtras.h"

namespace bankcheck::frontend {

using namespace clang;

std::optional<bank::BlockShape> parseBlockDim(llvm::StringRef Text, std::string &Error) {
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  Text.trim().split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3) {
    Error = "block-dim takes X[,Y[,Z]], got '" + Text.str() + "'";
    return std::nullopt;
  }
  unsigned Dims[3] = {1, 1, 1};
  for (std::size_t I = 0; I < Parts.size(); ++I) {
    unsigned V;
    if (Parts[I].trim().getAsInteger(10, V) || V == 0 || V > 1024) {
      Error = "block-dim component '" + Parts[I].trim().str() + "' is not a number in 1..1024";
      return std::nullopt;
    }
    Dims[I] = V;
  }
  if (Dims[2] > 64 || std::uint64_t(Dims[0]) * Dims[1] * Dims[2] > 1024) {
    Error = "block-dim (" + std::to_string(Dims[0]) + "," + std::to_string(Dims[1]) + "," +
            std::to_string(Dims[2]) + ") exceeds CUDA's limits (1024 threads, z <= 64)";
    return std::nullopt;
  }
  return bank::BlockShape{Dims[0], Dims[1], Dims[2]};
}

namespace {

/// True when the local VD keeps the value of its initialiser: nothing in its
/// function assigns it or a member of it, takes its address or binds a
/// non-const reference to it (`dim3 b; b.x = 16;` is not its initialiser).
bool keepsInit(const VarDecl *VD) {
  if (!VD->hasInit() || !VD->hasLocalStorage())
    return false;
  const auto *F = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!F || !F->getBody())
    return false;
  // (Launches are few: the function is scanned for each variable asked about.)
  return !assignedVars(F->getBody()).count(VD) && !escapingObjects(F->getBody()).count(VD);
}

/// An integer the host code computes from constants and from locals that
/// keep their initialisers (`int block = 16; dim3 b(block, block / 2);`).
std::optional<std::int64_t> constantInt(const clang::Expr *E, ASTContext &Ctx, unsigned Depth = 0) {
  if (!E || Depth > 16 || E->isValueDependent())
    return std::nullopt;
  clang::Expr::EvalResult R;
  if (E->EvaluateAsInt(R, Ctx) && R.Val.isInt())
    return R.Val.getInt().getExtValue();
  E = E->IgnoreParenImpCasts();
  if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()); VD && VD->getType()->isIntegralOrEnumerationType() &&
                                                            keepsInit(VD))
      return constantInt(VD->getInit(), Ctx, Depth + 1);
    return std::nullopt;
  }
  if (const auto *B = dyn_cast<BinaryOperator>(E)) {
    auto L = constantInt(B->getLHS(), Ctx, Depth + 1), Rv = constantInt(B->getRHS(), Ctx, Depth + 1);
    if (!L || !Rv)
      return std::nullopt;
    switch (B->getOpcode()) {
    case BO_Add: return *L + *Rv;
    case BO_Sub: return *L - *Rv;
    case BO_Mul: return *L * *Rv;
    case BO_Div: return *Rv ? std::optional<std::int64_t>(*L / *Rv) : std::nullopt;
    case BO_Rem: return *Rv ? std::optional<std::int64_t>(*L % *Rv) : std::nullopt;
    case BO_Shl: return *Rv >= 0 && *Rv < 32 ? std::optional<std::int64_t>(*L << *Rv) : std::nullopt;
    case BO_Shr: return *Rv >= 0 && *Rv < 63 ? std::optional<std::int64_t>(*L >> *Rv) : std::nullopt;
    default: return std::nullopt;
    }
  }
  return std::nullopt;
}

/// The value of a dim3 (or integer) launch argument.
std::optional<bank::BlockShape> evalDim3(const clang::Expr *E, ASTContext &Ctx, unsigned Depth = 0) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = E->IgnoreImplicit()->IgnoreParens();
  if (E->getType()->isIntegralOrEnumerationType()) {
    if (auto V = constantInt(E, Ctx); V && *V > 0)
      return bank::BlockShape{unsigned(*V), 1, 1};
    return std::nullopt;
  }
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return evalDim3(FC->getSubExpr(), Ctx, Depth + 1);
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    if (CE->getConstructor() && CE->getConstructor()->isCopyOrMoveConstructor() && CE->getNumArgs() == 1)
      return evalDim3(CE->getArg(0), Ctx, Depth + 1);
    unsigned Dims[3] = {1, 1, 1};
    for (unsigned I = 0; I < CE->getNumArgs() && I < 3; ++I) {
      auto V = constantInt(CE->getArg(I), Ctx);
      if (!V || *V <= 0 || *V > 1024)
        return std::nullopt;
      Dims[I] = unsigned(*V);
    }
    return bank::BlockShape{Dims[0], Dims[1], Dims[2]};
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    unsigned Dims[3] = {1, 1, 1};
    for (unsigned I = 0; I < IL->getNumInits() && I < 3; ++I) {
      auto V = constantInt(IL->getInit(I), Ctx);
      if (!V || *V <= 0)
        return std::nullopt;
      Dims[I] = unsigned(*V);
    }
    return bank::BlockShape{Dims[0], Dims[1], Dims[2]};
  }
  if (const auto *DR = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DR->getDecl()))
      if (VD->hasInit() && (keepsInit(VD) || (!VD->hasLocalStorage() && VD->getType().isConstQualified())))
        return evalDim3(VD->getInit(), Ctx, Depth + 1);
  return std::nullopt;
}

class LaunchVisitor : public RecursiveASTVisitor<LaunchVisitor> {
public:
  explicit LaunchVisitor(ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *K) {
    const FunctionDecl *FD = K->getDirectCallee();
    const CallExpr *Config = K->getConfig();
    if (!FD || !Config || Config->getNumArgs() < 2)
      return true;
    LaunchConfig L;
    L.Shape = evalDim3(Config->getArg(1), Ctx);
    report::FileLoc Loc = toFileLoc(K->getBeginLoc(), Ctx.getSourceManager());
    L.Source = "launch at " + Loc.Path + ":" + std::to_string(Loc.Line);
    if (!L.Shape)
      L.Source += " (block shape not a constant)";
    for (unsigned I = 0; I < K->getNumArgs(); ++I)
      if (K->getArg(I)->getType()->isIntegralOrEnumerationType())
        if (auto V = constantInt(K->getArg(I), Ctx))
          L.ConstantArgs[I] = *V;
    Launches[FD->getCanonicalDecl()].push_back(L);
    return true;
  }
  /// cudaLaunchKernel(func, grid, block, args, ...) and
  /// cudaLaunchCooperativeKernel: the kernel named by func, at block.
  bool VisitCallExpr(CallExpr *C) {
    if (isa<CUDAKernelCallExpr>(C))
      return true;
    const FunctionDecl *Callee = C->getDirectCallee();
    if (!Callee || !Callee->getIdentifier() || C->getNumArgs() < 3)
      return true;
    llvm::StringRef Name = Callee->getName();
    if (Name != "cudaLaunchKernel" && Name != "cudaLaunchCooperativeKernel")
      return true;
    // Inside the toolkit's own template wrapper the kernel is a parameter:
    // only calls in the user's code name it.
    if (Ctx.getSourceManager().isInSystemHeader(C->getBeginLoc()))
      return true;
    const clang::Expr *F = C->getArg(0);
    for (;;) {
      F = F->IgnoreParenCasts();
      if (const auto *U = dyn_cast<UnaryOperator>(F); U && U->getOpcode() == UO_AddrOf)
        F = U->getSubExpr();
      else
        break;
    }
    const auto *DR = dyn_cast<DeclRefExpr>(F);
    const auto *K = DR ? dyn_cast<FunctionDecl>(DR->getDecl()) : nullptr;
    if (!K || !K->hasAttr<CUDAGlobalAttr>())
      return true;
    LaunchConfig L;
    L.Shape = evalDim3(C->getArg(2), Ctx);
    report::FileLoc Loc = toFileLoc(C->getBeginLoc(), Ctx.getSourceManager());
    L.Source = Name.str() + " at " + Loc.Path + ":" + std::to_string(Loc.Line);
    if (!L.Shape)
      L.Source += " (block shape not a constant)";
    Launches[K->getCanonicalDecl()].push_back(L);
    return true;
  }
  ASTContext &Ctx;
  std::map<const FunctionDecl *, std::vector<LaunchConfig>> Launches;
};

} // namespace

std::map<const FunctionDecl *, std::vector<LaunchConfig>> collectLaunches(ASTContext &Ctx) {
  LaunchVisitor V(Ctx);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  return std::move(V.Launches);
}

std::optional<LaunchConfig> annotationFor(const FunctionDecl &Kernel, ASTContext &Ctx,
                                          std::string &Error) {
  const SourceManager &SM = Ctx.getSourceManager();
  const FunctionDecl *Pattern = Kernel.getTemplateInstantiationPattern();
  const FunctionDecl &D = Pattern ? *Pattern : Kernel;
  SourceLocation Begin = D.getBeginLoc();
  if (const FunctionTemplateDecl *T = D.getDescribedFunctionTemplate())
    Begin = T->getBeginLoc();
  Begin = SM.getExpansionLoc(Begin);
  if (Begin.isInvalid())
    return std::nullopt;
  FileID FID = SM.getFileID(Begin);
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return std::nullopt;
  unsigned Offset = SM.getFileOffset(Begin);
  // Walk back over the lines directly above: comments and blank lines.
  llvm::StringRef Before = Buffer.substr(0, Offset);
  std::size_t LineStart = Before.rfind('\n');
  Before = LineStart == llvm::StringRef::npos ? llvm::StringRef() : Before.substr(0, LineStart);
  while (!Before.empty()) {
    std::size_t Start = Before.rfind('\n');
    llvm::StringRef Line = Start == llvm::StringRef::npos ? Before : Before.substr(Start + 1);
    llvm::StringRef T = Line.trim();
    if (!T.starts_with("//") && !T.starts_with("/*") && !T.starts_with("*") && !T.empty())
      break;
    std::size_t At = T.find("bankcheck: block-dim(");
    if (At != llvm::StringRef::npos) {
      llvm::StringRef Args = T.substr(At + strlen("bankcheck: block-dim("));
      std::size_t Close = Args.find(')');
      report::FileLoc Loc = toFileLoc(
          SM.getComposedLoc(FID, Start == llvm::StringRef::npos ? 0 : unsigned(Start + 1)), SM);
      if (Close == llvm::StringRef::npos) {
        Error = Loc.Path + ":" + std::to_string(Loc.Line) + ": bankcheck annotation lacks ')'";
        return std::nullopt;
      }
      std::string Why;
      auto Shape = parseBlockDim(Args.substr(0, Close), Why);
      if (!Shape) {
        Error = Loc.Path + ":" + std::to_string(Loc.Line) + ": " + Why;
        return std::nullopt;
      }
      LaunchConfig L;
      L.Shape = Shape;
      L.Source = "annotation at " + Loc.Path + ":" + std::to_string(Loc.Line);
      return L;
    }
    if (Start == llvm::StringRef::npos)
      break;
    Before = Before.substr(0, Start);
  }
  return std::nullopt;
}

std::vector<LaunchConfig>
configsFor(const FunctionDecl &Kernel, ASTContext &Ctx,
           const std::map<const FunctionDecl *, std::vector<LaunchConfig>> &Launches,
           const std::optional<bank::BlockShape> &Option, std::string &Error,
           const Config *FileConfig) {
  if (auto A = annotationFor(Kernel, Ctx, Error))
    return {*A};
  std::vector<LaunchConfig> Out;
  auto It = Launches.find(Kernel.getCanonicalDecl());
  if (It != Launches.end()) {
    for (const LaunchConfig &L : It->second) {
      if (!L.Shape)
        continue;
      bool Same = false;
      for (LaunchConfig &O : Out)
        if (O.Shape->X == L.Shape->X && O.Shape->Y == L.Shape->Y && O.Shape->Z == L.Shape->Z &&
            O.ConstantArgs == L.ConstantArgs)
          Same = true;
      if (!Same)
        Out.push_back(L);
    }
  }
  if (!Out.empty())
    return Out;
  LaunchConfig L;
  if (Option) {
    L.Shape = Option;
    L.Source = "--block-dim";
    return {L};
  }
  if (FileConfig) {
    std::string Name = Kernel.getNameAsString(); // patterns match the plain name
    if (auto Dim = FileConfig->blockDimFor(Name)) {
      unsigned D[3] = {1, 1, 1};
      for (std::size_t I = 0; I < Dim->size() && I < 3; ++I)
        D[I] = (*Dim)[I];
      L.Shape = bank::BlockShape{D[0], D[1], D[2]};
      L.Source = "configuration " + FileConfig->Source;
      return {L};
    }
  }
  L.Source = "assumed";
  return {L};
}

} // namespace bankcheck::frontend

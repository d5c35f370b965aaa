//===- LaunchConfigs.cpp - Block shapes from launches and annotations -----===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/LaunchConfigs.h"
#include "Frontend/HostValues.h"
#include "Frontend/LaunchSizes.h"
#include "Frontend/StmtWalk.h"
#include "Frontend/SystemDecls.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/StringExtras.h"

#include <deque>
#include <set>

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

/// A place where host code launches a kernel: the expressions naming the
/// kernel and the block shape, and where the kernel's own arguments start.
struct LaunchSite {
  const CallExpr *Call = nullptr;
  std::string What; ///< "launch", "cudaLaunchKernel", ...
  const clang::Expr *Kernel = nullptr;
  const clang::Expr *Block = nullptr;
  std::string BlockMember; ///< cudaLaunchKernelEx: "blockDim" of the config object
  unsigned FirstArg = 0;   ///< the kernel's arguments in Call (0: not given one by one)
  bool HasArgs = false;
  const clang::Expr *Size = nullptr; ///< the dynamic shared-memory size as written
  std::string SizeWhy;               ///< how the launch gives it when not as an argument
  const FunctionDecl *In = nullptr;  ///< the function that holds the launch
};

/// Launch sites and every call of a function (for the calls of wrappers),
/// outside uninstantiated templates.
class LaunchVisitor : public RecursiveASTVisitor<LaunchVisitor> {
public:
  explicit LaunchVisitor(ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  /// Types are not walked: what they spell (decltype, sizeof of an array
  /// bound) is never run, so it launches and calls nothing.
  bool TraverseTypeLoc(TypeLoc) { return true; }
  /// Statements (function bodies, initializers) by the plain walk of
  /// StmtWalk.h: only calls are looked at, and a body is most of a file.
  bool TraverseStmt(Stmt *S) {
    CallFinder OnNode{*this};
    walkPreOrder(S, OnNode);
    return true;
  }
  /// The walk's visit of one node: calls and launches, and a generic
  /// lambda's instantiations (its body as written is a pattern: its launches
  /// are those of each instantiation, `[&](auto n) { k<n.value><<<g, n.value>>>(); }`
  /// called with std::integral_constant<int, 32>, ...).
  struct CallFinder {
    LaunchVisitor &V;
    bool operator()(const Stmt *N) {
      if (const auto *C = dyn_cast<CallExpr>(N)) {
        V.VisitCallExpr(const_cast<CallExpr *>(C));
        if (const auto *K = dyn_cast<CUDAKernelCallExpr>(C))
          V.VisitCUDAKernelCallExpr(const_cast<CUDAKernelCallExpr *>(K));
      }
      if (const auto *L = dyn_cast<LambdaExpr>(N))
        if (const FunctionTemplateDecl *FT = L->getCallOperator()->getDescribedFunctionTemplate())
          for (const FunctionDecl *Spec : FT->specializations())
            if (Spec->getBody()) {
              V.Functions.push_back(Spec);
              walkPreOrder(Spec->getBody(), *this);
              V.Functions.pop_back();
            }
      return true;
    }
  };
  bool TraverseDecl(Decl *D) {
    // Nothing in an uninstantiated template is collected: its
    // instantiations are reached through the template. What a system header
    // declares launches no kernel of the user's: its host bodies are not
    // parsed (ParseAction.cpp), its device ones launch nothing (below).
    if (leafDecl(D))
      return true;
    if (const auto *F = dyn_cast_or_null<FunctionDecl>(D); F && F->isDependentContext())
      return true;
    // Device code launches nothing Clang accepts (no dynamic parallelism) and
    // is no launch wrapper: its bodies, most of a file of kernels, are skipped.
    if (const auto *F = dyn_cast_or_null<FunctionDecl>(D);
        F && (F->hasAttr<CUDAGlobalAttr>() || (F->hasAttr<CUDADeviceAttr>() && !F->hasAttr<CUDAHostAttr>())))
      return true;
    // A declaration with no body or initializer runs nothing.
    if (const auto *F = dyn_cast_or_null<FunctionDecl>(D); F && !F->doesThisDeclarationHaveABody())
      return true;
    if (const auto *V = dyn_cast_or_null<VarDecl>(D); V && !V->hasInit())
      return true;
    if (systemHeaderOnly(D, Ctx.getSourceManager()))
      return true;
    const auto *F = dyn_cast_or_null<FunctionDecl>(D);
    if (F)
      Functions.push_back(F);
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    if (F)
      Functions.pop_back();
    return R;
  }
  /// The functions being traversed, innermost last.
  std::vector<const FunctionDecl *> Functions;
  bool VisitCUDAKernelCallExpr(CUDAKernelCallExpr *K) {
    const CallExpr *Config = K->getConfig();
    if (!Config || Config->getNumArgs() < 2)
      return true;
    LaunchSite S;
    S.Call = K;
    S.What = "launch";
    S.Kernel = K->getCallee();
    S.Block = Config->getArg(1);
    if (Config->getNumArgs() > 2)
      S.Size = Config->getArg(2);
    S.HasArgs = true;
    S.In = Functions.empty() ? nullptr : Functions.back();
    Sites.push_back(S);
    return true;
  }
  /// cudaLaunchKernel(func, grid, block, ...), cudaLaunchCooperativeKernel,
  /// cudaLaunchKernelEx(&config, func, args...) and cudaLaunchKernelExC.
  bool VisitCallExpr(CallExpr *C) {
    if (isa<CUDAKernelCallExpr>(C))
      return true;
    const FunctionDecl *Callee = C->getDirectCallee();
    if (!Callee)
      return true;
    Callers[Callee->getCanonicalDecl()].push_back(C);
    if (!Callee->getIdentifier() || C->getNumArgs() < 2)
      return true;
    // Inside the toolkit's own template wrappers the kernel is a parameter:
    // only calls in the user's code name it.
    if (Ctx.getSourceManager().isInSystemHeader(C->getBeginLoc()))
      return true;
    llvm::StringRef Name = Callee->getName();
    LaunchSite S;
    S.Call = C;
    S.What = Name.str();
    if ((Name == "cudaLaunchKernel" || Name == "cudaLaunchCooperativeKernel") && C->getNumArgs() >= 3) {
      S.Kernel = C->getArg(0);
      S.Block = C->getArg(2);
      if (C->getNumArgs() > 4)
        S.Size = C->getArg(4);
    } else if (Name == "cudaLaunchKernelEx" || Name == "cudaLaunchKernelExC") {
      const clang::Expr *Cfg = C->getArg(0)->IgnoreParenImpCasts();
      const auto *U = dyn_cast<UnaryOperator>(Cfg);
      S.Kernel = C->getArg(1);
      S.Block = U && U->getOpcode() == UO_AddrOf ? U->getSubExpr() : Cfg;
      S.BlockMember = "blockDim";
      S.FirstArg = 2;
      S.HasArgs = Name == "cudaLaunchKernelEx";
      S.SizeWhy = "sets its size in the dynamicSmemBytes of its cudaLaunchConfig_t, which is not read";
    } else {
      return true;
    }
    S.In = Functions.empty() ? nullptr : Functions.back();
    Sites.push_back(S);
    return true;
  }
  ASTContext &Ctx;
  std::vector<LaunchSite> Sites;
  std::map<const FunctionDecl *, std::vector<const CallExpr *>> Callers;
};

std::string where(SourceLocation L, const SourceManager &SM) {
  report::FileLoc Loc = toFileLoc(L, SM);
  return Loc.Path + ":" + std::to_string(Loc.Line);
}

bool validShape(const Dims &D) {
  return D[0] >= 1 && D[1] >= 1 && D[2] >= 1 && D[0] <= 1024 && D[1] <= 1024 && D[2] <= 64 &&
         D[0] * D[1] * D[2] <= 1024;
}

/// The block shapes of a launch site read through Frames; locals that take
/// several values and make the shape together are taken together.
Choices<Dims> shapeAt(const LaunchSite &S, HostValues &HV, const std::vector<Frame> &Frames) {
  Choices<Dims> Shape = S.BlockMember.empty() ? HV.dims(S.Block, Frames)
                                              : HV.dimsOfMember(S.Block, S.BlockMember, Frames);
  if (Shape.Values.size() > 1 && !HV.choosers().empty()) {
    // Each combination of the locals' values, pinned: the shapes they make together.
    std::vector<std::pair<const VarDecl *, std::vector<std::int64_t>>> Vars(HV.choosers().begin(),
                                                                            HV.choosers().end());
    std::size_t Combos = 1;
    for (const auto &V : Vars)
      Combos *= V.second.size();
    if (Combos <= HostValues::MaxChoices) {
      Choices<Dims> Joint;
      Joint.RunTime = true;
      for (std::size_t Code = 0; Code < Combos; ++Code) {
        std::map<const VarDecl *, std::int64_t> Pin;
        for (std::size_t I = 0, Rest = Code; I < Vars.size(); Rest /= Vars[I].second.size(), ++I)
          Pin[Vars[I].first] = Vars[I].second[Rest % Vars[I].second.size()];
        HV.pin(Pin);
        Choices<Dims> One = S.BlockMember.empty() ? HV.dims(S.Block, Frames)
                                                  : HV.dimsOfMember(S.Block, S.BlockMember, Frames);
        for (const Dims &D : One.Values)
          if (std::find(Joint.Values.begin(), Joint.Values.end(), D) == Joint.Values.end())
            Joint.Values.push_back(D);
      }
      HV.pin({});
      if (Joint.known())
        Shape = Joint;
    }
  }
  return Shape;
}

/// Each kernel and shape a launch site gives, read through the calls of the
/// functions whose parameters it depends on (launch wrappers).
void resolveSite(const LaunchSite &S, LaunchVisitor &V, HostValues &HV, LaunchSizeReader &Sizes, LaunchMap &Out) {
  const SourceManager &SM = V.Ctx.getSourceManager();
  constexpr std::size_t MaxChains = 64, MaxCallDepth = 6;
  std::deque<std::vector<Frame>> Queue(1);
  for (std::size_t Explored = 0; !Queue.empty() && Explored < MaxChains; ++Explored) {
    std::vector<Frame> Frames = std::move(Queue.front());
    Queue.pop_front();
    // The cases of switches around the launch fix their variables there:
    // one value each, for the whole launch; several, for its shape.
    std::vector<std::map<const VarDecl *, std::int64_t>> CaseCombos(1);
    std::string CaseText;
    if (const HostValues::CaseValues *Cases = HV.casesAt(S.Call, S.In))
      for (const auto &[Var, Values] : *Cases) {
        if (CaseCombos.size() * Values.size() > HostValues::MaxChoices)
          break;
        std::vector<std::map<const VarDecl *, std::int64_t>> More;
        for (const auto &Combo : CaseCombos)
          for (std::int64_t V : Values) {
            More.push_back(Combo);
            More.back()[Var] = V;
          }
        CaseCombos = std::move(More);
        std::string Vals;
        for (std::int64_t V : Values)
          Vals += (Vals.empty() ? "" : " or ") + std::to_string(V);
        CaseText += std::string(CaseText.empty() ? " (in the " : ", ") + (Values.size() > 1 ? "cases '" : "case '") +
                    Var->getNameAsString() + "' == " + Vals;
      }
    if (!CaseText.empty())
      CaseText += ")";
    if (CaseCombos.size() == 1)
      HV.setCases(CaseCombos[0]);
    // What the conditions around the launch decide; none when the chain
    // enters a function twice (its conditions are then not one call's).
    // (Frames[0], when there is one, is the call of S.In itself.)
    std::set<const FunctionDecl *> Entered;
    bool Once = S.In != nullptr;
    for (const Frame &F : Frames)
      Once &= Entered.insert(F.F->getCanonicalDecl()).second;
    if (Once && !Frames.empty() && Frames[0].F->getCanonicalDecl() != S.In->getCanonicalDecl())
      Once = !Entered.count(S.In->getCanonicalDecl());
    HV.setDeciding(Once);
    const HostValues::Decisions Base = HV.decisionsAt(S.Call, Once ? S.In : nullptr); // none when not Once
    HV.decide(Base);
    Choices<const FunctionDecl *> K = HV.kernels(S.Kernel, Frames);
    Choices<Dims> Shape;
    bool CasesRead = HV.casesRead();
    for (const auto &Combo : CaseCombos) {
      if (CaseCombos.size() > 1)
        HV.setCases(Combo);
      // On each path to the launch (HostConditions.cpp).
      Choices<Dims> One = HV.onEachPath(Base, Frames, [&] { return shapeAt(S, HV, Frames); });
      CasesRead |= HV.casesRead();
      Shape = &Combo == &CaseCombos[0] ? One : joinChoices(Shape, One);
    }
    if (!CasesRead)
      CaseText.clear(); // the shape does not depend on the switch
    if (CaseCombos.size() > 1)
      HV.setCases({});
    const FunctionDecl *Unbound = K.Unbound ? K.Unbound : Shape.Unbound;
    if (Unbound && Frames.size() < MaxCallDepth) {
      auto It = V.Callers.find(Unbound->getCanonicalDecl());
      if (It != V.Callers.end() && !It->second.empty()) {
        for (const CallExpr *Call : It->second) {
          std::vector<Frame> Longer = Frames;
          Longer.push_back({Unbound, Call});
          Queue.push_back(std::move(Longer));
        }
        HV.setCases({});
        continue;
      }
      if (!Shape.known())
        Shape.Why += " (no call of it is in this file)";
    }
    if (!K.known()) {
      HV.setCases({});
      continue; // no kernel to give the shape to
    }
    std::string Source = S.What + " at " + where(S.Call->getBeginLoc(), SM) + CaseText;
    for (const Frame &F : Frames)
      Source += " via '" + F.F->getNameAsString() + "' called at " + where(F.Call->getBeginLoc(), SM);
    std::vector<bank::BlockShape> Shapes;
    for (const Dims &D : Shape.Values)
      if (validShape(D))
        Shapes.push_back({unsigned(D[0]), unsigned(D[1]), unsigned(D[2])});
    if (Shape.known() && Shapes.empty())
      Shape.Why = "it is not a valid block shape";
    if (Shapes.size() > 1 || (Shape.RunTime && !Shapes.empty()))
      Source += " (one of " + std::to_string(Shapes.size()) + " block shapes chosen at run time)";
    std::map<unsigned, std::int64_t> Args;
    if (S.HasArgs)
      for (unsigned I = S.FirstArg; I < S.Call->getNumArgs(); ++I)
        if (S.Call->getArg(I)->getType()->isIntegralOrEnumerationType())
          if (Choices<std::int64_t> A = HV.ints(S.Call->getArg(I), Frames); A.Values.size() == 1 && !A.RunTime)
            Args[I - S.FirstArg] = A.Values[0];
    fix::LaunchSize Size = Sizes.read(S.Size, S.SizeWhy, S.What + " at " + where(S.Call->getBeginLoc(), SM));
    for (const FunctionDecl *Kernel : K.Values) {
      auto &List = Out[Kernel->getCanonicalDecl()];
      if (Shapes.empty()) {
        LaunchConfig L;
        L.Source = Source;
        L.Unresolved = Source + ": the block shape is not known: " + (Shape.Why.empty() ? "it is computed at run time" : Shape.Why);
        L.DynamicSize = Size;
        List.push_back(L);
        continue;
      }
      for (const bank::BlockShape &B : Shapes) {
        LaunchConfig L;
        L.Shape = B;
        L.Source = Source;
        L.ConstantArgs = Args;
        L.DynamicSize = Size;
        List.push_back(L);
      }
    }
    HV.setCases({});
  }
}

} // namespace

LaunchMap collectLaunches(ASTContext &Ctx) {
  LaunchVisitor V(Ctx);
  V.TraverseDecl(Ctx.getTranslationUnitDecl());
  HostValues HV(Ctx);
  LaunchSizeReader Sizes(Ctx);
  LaunchMap Out;
  for (const LaunchSite &S : V.Sites)
    resolveSite(S, V, HV, Sizes, Out);
  return Out;
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

namespace {
/// True when the kernel's body names a y or z thread index or block size.
class UsesYZ : public RecursiveASTVisitor<UsesYZ> {
public:
  bool VisitMemberExpr(MemberExpr *M) {
    llvm::StringRef N = M->getMemberDecl()->getName();
    Found |= N == "__fetch_builtin_y" || N == "__fetch_builtin_z";
    return !Found;
  }
  bool Found = false;
};

/// The most threads `__launch_bounds__(N)` allows a block of this kernel
/// (of this instantiation: `(ncols <= 4 ? 4 : 2) * 32`), when it says.
std::optional<std::int64_t> launchBoundsMax(const FunctionDecl &Kernel, ASTContext &Ctx) {
  const auto *A = Kernel.getAttr<CUDALaunchBoundsAttr>();
  if (!A || !A->getMaxThreads())
    return std::nullopt;
  clang::Expr::EvalResult R;
  if (A->getMaxThreads()->isValueDependent() || !A->getMaxThreads()->EvaluateAsInt(R, Ctx) || !R.Val.isInt())
    return std::nullopt;
  std::int64_t N = R.Val.getInt().getExtValue();
  if (N < 1 || N > 1024)
    return std::nullopt;
  return N;
}

std::string shapeText(const bank::BlockShape &B) {
  return "(" + std::to_string(B.X) + ", " + std::to_string(B.Y) + ", " + std::to_string(B.Z) + ")";
}

/// `__launch_bounds__(N)` on a kernel that indexes only in x: the block of
/// at most N threads, taken as (N, 1, 1) and said to be assumed.
std::optional<LaunchConfig> launchBoundsShape(const FunctionDecl &Kernel, ASTContext &Ctx) {
  if (!Kernel.getBody())
    return std::nullopt;
  const auto *A = Kernel.getAttr<CUDALaunchBoundsAttr>();
  std::optional<std::int64_t> Max = launchBoundsMax(Kernel, Ctx);
  if (!Max)
    return std::nullopt;
  std::int64_t N = *Max;
  UsesYZ V;
  V.TraverseStmt(Kernel.getBody());
  if (V.Found)
    return std::nullopt;
  LaunchConfig L;
  L.Shape = bank::BlockShape{unsigned(N), 1, 1};
  report::FileLoc Loc = toFileLoc(A->getLocation(), Ctx.getSourceManager());
  L.Source = "__launch_bounds__(" + std::to_string(N) + ") at " + Loc.Path + ":" + std::to_string(Loc.Line) +
             ", assumed: no launch gives the shape, and a kernel indexed only in x is taken at the most "
             "threads it allows";
  return L;
}
} // namespace

std::vector<LaunchConfig>
configsFor(const FunctionDecl &Kernel, ASTContext &Ctx,
           const LaunchMap &Launches,
           const std::optional<bank::BlockShape> &Option, std::string &Error,
           const Config *FileConfig) {
  if (auto A = annotationFor(Kernel, Ctx, Error))
    return {*A};
  std::vector<LaunchConfig> Out;
  std::string Unresolved; // launches whose shape is not known
  // A block of more threads than __launch_bounds__ allows cannot start (the
  // launch fails): host code that picks the shape at run time (a switch
  // around the kernel's instantiations) never gives it to this one.
  const std::optional<std::int64_t> MaxThreads = launchBoundsMax(Kernel, Ctx);
  std::map<std::string, std::string> TooLarge; // launch -> its shapes left out
  std::set<std::string> Fits;                   // launches with a shape that can run
  auto It = Launches.find(Kernel.getCanonicalDecl());
  if (It != Launches.end()) {
    for (const LaunchConfig &L : It->second) {
      if (!L.Shape) {
        if (Unresolved.find(L.Unresolved) == std::string::npos)
          Unresolved += (Unresolved.empty() ? "" : "; ") + L.Unresolved;
        continue;
      }
      if (MaxThreads && L.Shape->threads() > *MaxThreads) {
        std::string &Shapes = TooLarge[L.Source];
        if (Shapes.find(shapeText(*L.Shape)) == std::string::npos)
          Shapes += (Shapes.empty() ? "" : ", ") + shapeText(*L.Shape);
        continue;
      }
      Fits.insert(L.Source);
      bool Same = false;
      for (LaunchConfig &O : Out)
        if (O.Shape->X == L.Shape->X && O.Shape->Y == L.Shape->Y && O.Shape->Z == L.Shape->Z &&
            O.ConstantArgs == L.ConstantArgs)
          Same = true;
      if (!Same)
        Out.push_back(L);
    }
  }
  for (const auto &[Source, Shapes] : TooLarge) {
    const std::string Why = "block " + Shapes + " not analysed: more threads than the " +
                            std::to_string(*MaxThreads) + " of the kernel's __launch_bounds__, a launch with " +
                            (Shapes.find("), (") == std::string::npos ? "it" : "them") + " fails";
    if (!Fits.count(Source)) { // every shape the launch can take: none of them runs this kernel
      Unresolved += (Unresolved.empty() ? "" : "; ") + Source + ": " + Why;
      continue;
    }
    bool Said = false;
    for (LaunchConfig &L : Out)
      if (L.Source == Source) {
        L.Source += "; " + Why;
        Said = true;
      }
    if (!Said && !Out.empty()) // its shapes that run are another launch's too
      Out.front().Source += "; " + Source + ": " + Why;
  }
  if (!Out.empty() && Unresolved.empty())
    return Out;
  // No launch gives a shape, or some launches give none: those are analysed
  // with what stands in for a launch (never left out because others are known).
  auto With = [&Out](LaunchConfig L) {
    Out.push_back(std::move(L));
    return Out;
  };
  LaunchConfig L;
  L.Unresolved = Unresolved;
  if (Option) {
    L.Shape = Option;
    L.Source = "--block-dim";
    return With(L);
  }
  if (FileConfig) {
    std::string Name = Kernel.getNameAsString(); // patterns match the plain name
    if (auto Dim = FileConfig->blockDimFor(Name)) {
      unsigned D[3] = {1, 1, 1};
      for (std::size_t I = 0; I < Dim->size() && I < 3; ++I)
        D[I] = (*Dim)[I];
      L.Shape = bank::BlockShape{D[0], D[1], D[2]};
      L.Source = "configuration " + FileConfig->Source;
      return With(L);
    }
  }
  if (auto Bound = launchBoundsShape(Kernel, Ctx)) {
    L.Shape = Bound->Shape;
    L.Source = Bound->Source;
    return With(L);
  }
  L.Source = "assumed";
  return With(L);
}

} // namespace bankcheck::frontend

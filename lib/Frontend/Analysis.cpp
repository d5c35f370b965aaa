//===- Analysis.cpp - Analyse every kernel of a translation unit ----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/Analysis.h"
#include "Frontend/CompiledWidths.h"
#include "Frontend/FindingBuilder.h"
#include "Frontend/KernelWalker.h"
#include "Frontend/LaunchConfigs.h"
#include "Frontend/PaddingFixes.h"
#include "Frontend/ProjectPadding.h"
#include "Frontend/ParseErrors.h"
#include "Frontend/SystemDecls.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <array>
#include <map>
#include <tuple>

namespace bankcheck::frontend {

using namespace clang;

namespace {
class KernelCollector : public RecursiveASTVisitor<KernelCollector> {
public:
  explicit KernelCollector(ASTContext &Ctx) : Ctx(Ctx) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  /// A kernel is never declared inside a function body: nvcc rejects member
  /// kernels, and a local class cannot define a friend.
  bool TraverseStmt(Stmt *) { return true; }
  bool TraverseTypeLoc(TypeLoc) { return true; }
  bool TraverseDecl(Decl *D) {
    // A function is a kernel or holds none (its body is not walked), and
    // asking whether a declaration is a system header's is costly.
    if (leafDecl(D) || isa_and_nonnull<VarDecl, FieldDecl>(D))
      return true;
    if (const auto *F = dyn_cast_or_null<FunctionDecl>(D); F && !F->hasAttr<CUDAGlobalAttr>())
      return true;
    return systemHeaderOnly(D, Ctx.getSourceManager()) || RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>() || !FD->doesThisDeclarationHaveABody())
      return true;
    if (FD->isDependentContext()) {
      if (FD->getDescribedFunctionTemplate())
        Patterns.push_back(FD);
      return true;
    }
    if (Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
      return true;
    Kernels.push_back(FD);
    return true;
  }
  ASTContext &Ctx;
  std::vector<const FunctionDecl *> Kernels;
  std::vector<const FunctionDecl *> Patterns;
};
} // namespace

namespace {
bool compiledNoted(const KernelResult &Walk) {
  return std::any_of(Walk.Sites.begin(), Walk.Sites.end(),
                     [](const AccessSite &S) { return !S.CompiledNote.empty(); });
}

/// The compiled PTX's widths (when given) and the ptxas rule applied to one
/// walk: true when they changed it (merged accesses or noted a width).
bool widen(KernelResult &Walk, const FunctionDecl &Kernel, const CompiledPtx *Ptx, ASTContext &Ctx) {
  unsigned Merged = 0;
  if (Ptx)
    Merged += applyCompiledWidths(Walk, Kernel, *Ptx, Ctx);
  // What ptxas merges after the PTX (or, without nvcc, all it merges).
  Merged += applyPtxasWidening(Walk, Ctx);
  return Merged || compiledNoted(Walk);
}

/// The findings of Walks (the last of Findings, from the first walk's) made
/// again for the walks Changed, from their merged sites; the others keep
/// theirs. Remarks and coverage stay. A conflict as written that the ptxas
/// rule alone would make clean is possible, not clean: ptxas does not merge
/// every aligned run (SGEMM kernel 5's As loads stay scalar in its SASS).
void findAgain(llvm::MutableArrayRef<WalkRecord> Walks, const std::vector<bool> &Changed,
               report::FindingList &Findings, ASTContext &Ctx) {
  auto keyOf = [](const report::Finding &F) {
    std::array<unsigned, 3> B = F.BlockDim.value_or(std::array<unsigned, 3>{0, 0, 0});
    return std::make_tuple(F.Kernel, B, F.Loc.Path, F.Loc.Line, F.Loc.Column, F.Kind, F.Part);
  };
  std::map<decltype(keyOf(report::Finding())), report::Finding> AsWritten;
  for (std::size_t I = 0; I < Walks.size(); ++I)
    if (Changed[I])
      for (std::size_t Idx : Walks[I].FindingOfSite)
        if (Findings[Idx].Status == "conflict")
          AsWritten.emplace(keyOf(Findings[Idx]), Findings[Idx]);
  const std::size_t Begin = Walks.front().FirstFinding;
  std::vector<report::Finding> Old(std::make_move_iterator(Findings.begin() + Begin),
                                   std::make_move_iterator(Findings.end()));
  Findings.resize(Begin);
  for (std::size_t I = 0; I < Walks.size(); ++I) {
    WalkRecord &W = Walks[I];
    const std::size_t New = Findings.size();
    if (!Changed[I]) {
      for (std::size_t J = 0; J < W.NumFindings; ++J)
        Findings.push_back(std::move(Old[W.FirstFinding - Begin + J]));
      for (std::size_t &Idx : W.FindingOfSite)
        Idx = Idx - W.FirstFinding + New;
      W.FirstFinding = New;
      continue;
    }
    W.FindingOfSite.clear();
    for (const AccessSite &Site : W.Walk.Sites) {
      W.FindingOfSite.push_back(Findings.size());
      report::Finding F = buildFinding(*W.Kernel, W.Config, Site, W.Walk, Ctx);
      if (!Site.CompiledNote.empty()) {
        auto Src = AsWritten.find(keyOf(F));
        if (Site.CompiledFrom == "ptxas rule" && F.Status == "clean" && Src != AsWritten.end()) {
          report::Finding C = Src->second;
          C.Status = "possible";
          C.Reason = "as written, a " + std::to_string(C.Degree) + "-way conflict; none if ptxas issues them " +
                     "as one " + std::to_string(F.AccessBytes) + "-byte access, as it may";
          C.Message = "possible " + C.Message + ": " + C.Reason;
          F = std::move(C);
        }
        F.WidthFrom = Site.CompiledFrom;
        F.Notes.insert(F.Notes.begin() + std::min<std::size_t>(1, F.Notes.size()), {F.Loc, Site.CompiledNote});
      }
      Findings.push_back(std::move(F));
    }
    W.FirstFinding = New;
    W.NumFindings = Findings.size() - New;
  }
}

/// Where a finding could change if the compiler merged accesses, the
/// compiler's PTX decides the widths: the walks not yet final are merged as
/// it issues them and their findings made again. RuleNeeded: a final walk's
/// finding as written may merge (finishKernel).
void applyCompiled(std::vector<WalkRecord> &Walks, const AnalysisOptions &Opts, ASTContext &Ctx, TUResult &Out,
                   bool RuleNeeded) {
  if (Opts.Widths == "source" || Walks.empty())
    return;
  bool Needed = Opts.Widths == "nvcc" || !Opts.RecordedPtx.empty() || RuleNeeded;
  for (const WalkRecord &W : Walks) {
    if (W.Final)
      continue;
    for (std::size_t I = 0; I < W.NumFindings; ++I)
      Needed |= mayMerge(Out.Findings[W.FirstFinding + I]);
  }
  if (!Needed)
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  CompiledPtx Ptx;
  std::string Error;
  bool HavePtx = false;
  if (!Opts.RecordedPtx.empty()) {
    auto Buf = llvm::MemoryBuffer::getFile(Opts.RecordedPtx);
    if (!Buf) {
      Out.Remarks.push_back({report::FileLoc(), "cannot read the PTX file '" + Opts.RecordedPtx +
                                                    "': the widths nvcc gives are not known"});
    } else {
      Ptx.Module = ptx::readPtxModule((*Buf)->getBuffer());
      Ptx.From = "the PTX in " + llvm::sys::path::filename(Opts.RecordedPtx).str();
      Ptx.MatchByName = true;
      HavePtx = true;
      // An abridged listing (function headers without their `{ }` bodies)
      // gives its instructions to no kernel: say so rather than judge every
      // access as written in silence.
      bool InFunction = false;
      for (const ptx::PtxModuleAccess &A : Ptx.Module.Accesses)
        InFunction |= !A.Function.empty();
      if (!Ptx.Module.Accesses.empty() && !InFunction)
        Out.Remarks.push_back({report::FileLoc(), "the PTX file '" + Opts.RecordedPtx +
                                                      "' has its shared loads and stores in no function body "
                                                      "(no '{ }' after its .entry lines): the widths nvcc gives "
                                                      "are not known"});
    }
  } else if (Opts.Nvcc.empty()) {
    if (Opts.Widths == "nvcc")
      Out.Remarks.push_back({report::FileLoc(), "--widths=nvcc: no nvcc found (--nvcc, --cuda-path); "
                                                "the widths nvcc gives are not known"});
  } else if (!compileToPtx(Opts.Nvcc, Opts.File, Opts.NvccArgs, Ptx, Error)) {
    Out.Remarks.push_back({toFileLoc(SM.getLocForStartOfFile(SM.getMainFileID()), SM),
                           Error + "; the widths nvcc gives are not known"});
  } else {
    Ptx.From = "nvcc -O3 PTX";
    HavePtx = true;
  }
  // Only the walks the compiled widths changed are evaluated again; the
  // others keep their findings.
  std::vector<bool> Changed(Walks.size(), false);
  bool Any = false;
  for (std::size_t I = 0; I < Walks.size(); ++I) {
    Changed[I] = !Walks[I].Final && widen(Walks[I].Walk, *Walks[I].Kernel, HavePtx ? &Ptx : nullptr, Ctx);
    Any |= Changed[I];
  }
  if (Any)
    findAgain(Walks, Changed, Out.Findings, Ctx);
}

/// An array only this kernel's walks can access, with a declaration of its
/// own: a local `__shared__` array of a kernel that is no template's
/// instantiation, declared outside any macro.
bool ownArray(const VarDecl *A, const FunctionDecl *K) {
  return !A->hasExternalStorage() && A->isLocalVarDecl() && A->getDeclContext() == K &&
         !A->getLocation().isMacroID() && K->getTemplateSpecializationKind() == TSK_Undeclared &&
         !K->getTemplateInstantiationPattern();
}

/// Without a compiled PTX (the ptxas rule at most), one kernel's walks are
/// finished as soon as they are made, so that the memory held to the end of
/// the file does not grow with its kernels: the rule applied (where a finding
/// of the kernel may merge), the paddings of its own arrays decided and their
/// sites released. Where no finding of the kernel may merge, whether the rule
/// applies depends on the file's other kernels (applyCompiled applies it to
/// every walk when any finding may merge): a walk the rule would change waits
/// for the end of the file, as do all walks when nvcc's PTX may be read.
void finishKernel(llvm::MutableArrayRef<WalkRecord> Mine, const AnalysisOptions &Opts, ASTContext &Ctx,
                  report::FindingList &Findings, bool &RuleNeeded, symbolic::Expr::RenamePool &Pool) {
  if (Mine.empty())
    return;
  if (Opts.Widths != "source") {
    bool Needed = false;
    for (std::size_t I = Mine.front().FirstFinding; I < Findings.size(); ++I)
      Needed |= mayMerge(Findings[I]);
    RuleNeeded |= Needed;
    if (Needed) {
      std::vector<bool> Changed(Mine.size(), false);
      bool Any = false;
      for (std::size_t I = 0; I < Mine.size(); ++I)
        Any |= Changed[I] = widen(Mine[I].Walk, *Mine[I].Kernel, nullptr, Ctx);
      if (Any)
        findAgain(Mine, Changed, Findings, Ctx);
    } else {
      // As widen() without compiled widths would tell, on the walk itself.
      for (const WalkRecord &W : Mine)
        if (compiledNoted(W.Walk) || ptxasWouldWiden(W.Walk, Ctx))
          return;
    }
  }
  const FunctionDecl *K = Mine.front().Kernel;
  auto Own = [K](const VarDecl *A) { return ownArray(A, K); };
  for (WalkRecord &W : Mine) {
    W.Final = true;
    W.StaticBytes = walkStaticBytes(W, Ctx);
  }
  addPaddingFixes(Mine, Findings, Ctx, Own);
  for (WalkRecord &W : Mine) {
    std::vector<AccessSite> Kept;
    std::vector<std::size_t> KeptFindings;
    for (std::size_t S = 0; S < W.Walk.Sites.size(); ++S)
      if (!Own(W.Walk.Sites[S].Array)) {
        Kept.push_back(std::move(W.Walk.Sites[S]));
        KeptFindings.push_back(W.FindingOfSite[S]);
      }
    W.Walk.Sites = std::move(Kept);
    W.FindingOfSite = std::move(KeptFindings);
    if (W.Walk.Sites.empty()) {
      W.Walk.Symbols = symbolic::SymbolTable(nullptr);
      W.Walk.Layouts.clear();
      W.Walk.Regions.clear();
    } else {
      compactSymbols(W.Walk, &Pool);
    }
  }
}
} // namespace

bool analyzeTranslationUnit(ASTContext &Ctx, const AnalysisOptions &Opts, TUResult &Out,
                            const std::vector<ParseError> &Errors) {
  ErrorScope Scope;
  std::string Global;
  if (!Scope.init(Ctx, Errors, Global))
    return false;
  LaunchMap Launches = collectLaunches(Ctx);
  // A kernel's key (its USR) once per kernel: launched kernels are asked twice.
  std::map<const FunctionDecl *, std::string> Keys;
  auto KeyOf = [&](const FunctionDecl &K) -> const std::string & {
    auto [It, New] = Keys.try_emplace(K.getCanonicalDecl());
    if (New)
      It->second = kernelKey(K);
    return It->second;
  };
  for (const auto &[Kernel, List] : Launches) {
    const std::string &Key = KeyOf(*Kernel);
    for (const LaunchConfig &L : List) {
      if (L.Shape && !Key.empty())
        Out.Facts.Launches[Key].push_back(L);
      // Every launch's dynamic size, once per launch (not per block shape).
      std::vector<fix::LaunchSize> &Sizes = Out.Facts.LaunchSizes[Key];
      if (!Key.empty() && std::none_of(Sizes.begin(), Sizes.end(), [&](const fix::LaunchSize &S) {
            return S.Where == L.DynamicSize.Where && S.Loc.Offset == L.DynamicSize.Loc.Offset;
          }))
        Sizes.push_back(L.DynamicSize);
    }
  }
  if (Opts.LaunchesOnly)
    return true;
  KernelCollector C(Ctx);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  const SourceManager &SM = Ctx.getSourceManager();
  // Template kernels never instantiated here cannot be analysed: say so.
  for (const FunctionDecl *P : C.Patterns) {
    bool Instantiated = false;
    if (const FunctionTemplateDecl *T = P->getDescribedFunctionTemplate())
      Instantiated = !T->specializations().empty();
    if (!Instantiated && !SM.isInSystemHeader(P->getLocation()))
      Out.Remarks.push_back({toFileLoc(P->getLocation(), SM),
                             "template kernel '" + P->getNameAsString() +
                                 "' is never instantiated in this file; not analysed"});
  }
  std::vector<WalkRecord> Walks;
  symbolic::Expr::RenamePool Pool; // the kept walks' expression nodes by structure (compactSymbols)
  // Each kernel finished as it is walked (finishKernel), unless the file's
  // PTX may be read or the project's padding tables need every site.
  const bool Finish = !Opts.InProject && Opts.RecordedPtx.empty() && Opts.Widths != "nvcc" &&
                      (Opts.Widths == "source" || Opts.Nvcc.empty());
  bool RuleNeeded = false;
  for (const FunctionDecl *K : C.Kernels) {
    ++Out.Kernels;
    if (std::optional<std::string> Broken = Scope.reaches(*K)) {
      Out.Remarks.push_back({toFileLoc(K->getLocation(), SM),
                             "kernel '" + K->getNameAsString() + "' is not analysed: Clang rejects " + *Broken +
                                 ", which nvcc may accept; the other kernels of the file are analysed"});
      continue;
    }
    std::string Error;
    const std::string &Key = KeyOf(*K);
    if (Opts.FromProject && !Key.empty())
      if (auto It = Opts.FromProject->find(Key); It != Opts.FromProject->end()) {
        std::vector<LaunchConfig> &Mine = Launches[K->getCanonicalDecl()];
        Mine.insert(Mine.end(), It->second.begin(), It->second.end());
      }
    std::vector<LaunchConfig> Configs = configsFor(*K, Ctx, Launches, Opts.BlockDim, Error, &Opts.FileConfig);
    if (!Key.empty() && !llvm::StringRef(Configs.front().Source).starts_with("annotation")) {
      std::vector<LaunchConfig> &Used = Out.Facts.Kernels[Key];
      for (const LaunchConfig &L : Configs)
        if (L.Shape && L.Source != "--block-dim" && !llvm::StringRef(L.Source).starts_with("configuration"))
          Used.push_back(L);
    }
    if (!Error.empty())
      Out.Remarks.push_back({toFileLoc(K->getLocation(), SM), Error});
    std::size_t FirstWalk = Walks.size();
    for (const LaunchConfig &Config : Configs) {
      WalkRecord W;
      W.Kernel = K;
      W.Config = Config;
      W.Walk = walkKernel(*K, Config, Ctx);
      for (const report::Note &N : W.Walk.Skipped)
        Out.Remarks.push_back(N);
      if (!W.Walk.Aborted.empty())
        Out.Remarks.push_back({toFileLoc(K->getLocation(), SM),
                               "kernel '" + K->getNameAsString() + "': " + W.Walk.Aborted});
      W.FirstFinding = Out.Findings.size();
      for (const AccessSite &Site : W.Walk.Sites) {
        W.FindingOfSite.push_back(Out.Findings.size());
        Out.Findings.push_back(buildFinding(*K, Config, Site, W.Walk, Ctx));
      }
      W.NumFindings = W.Walk.Sites.size();
      Walks.push_back(std::move(W));
    }
    std::vector<const KernelResult *> Mine;
    for (std::size_t I = FirstWalk; I < Walks.size(); ++I)
      Mine.push_back(&Walks[I].Walk);
    Out.Coverage += coverageOf(*K, Mine, Ctx, Out.Remarks);
    for (std::size_t I = FirstWalk; I < Walks.size(); ++I)
      dropWalkOnly(Walks[I].Walk);
    if (Finish)
      finishKernel(llvm::MutableArrayRef<WalkRecord>(Walks).drop_front(FirstWalk), Opts, Ctx, Out.Findings,
                   RuleNeeded, Pool);
  }
  applyCompiled(Walks, Opts, Ctx, Out, RuleNeeded);
  addPaddingFixes(Walks, Out.Findings, Ctx, [](const VarDecl *) { return true; });
  addExternPaddingNotes(Walks, Out.Findings, Ctx, Launches, Out.Facts.RowsFixes);
  if (Opts.InProject)
    Out.Facts.Paddings = paddingTables(Walks, Ctx);
  return true;
}

} // namespace bankcheck::frontend

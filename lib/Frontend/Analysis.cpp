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

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

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
/// Where a finding could change if the compiler merged accesses, the
/// compiler's PTX decides the widths: the walks are merged as it issues them
/// and the findings made again.
void applyCompiled(std::vector<WalkRecord> &Walks, const AnalysisOptions &Opts, ASTContext &Ctx, TUResult &Out) {
  if (Opts.Widths == "source" || Walks.empty())
    return;
  bool Needed = Opts.Widths == "nvcc" || !Opts.RecordedPtx.empty();
  for (const report::Finding &F : Out.Findings)
    Needed |= mayMerge(F);
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
    WalkRecord &W = Walks[I];
    unsigned Merged = 0;
    if (HavePtx)
      Merged += applyCompiledWidths(W.Walk, *W.Kernel, Ptx, Ctx);
    // What ptxas merges after the PTX (or, without nvcc, all it merges).
    Merged += applyPtxasWidening(W.Walk, Ctx);
    bool Noted = false;
    for (const AccessSite &S : W.Walk.Sites)
      Noted |= !S.CompiledNote.empty();
    Changed[I] = Merged || Noted;
    Any |= Changed[I];
  }
  if (!Any)
    return;
  // The findings again, from the merged walks (remarks and coverage stay).
  // A conflict as written that the ptxas rule alone would make clean is
  // possible, not clean: ptxas does not merge every aligned run (SGEMM
  // kernel 5's As loads stay scalar in its SASS).
  auto keyOf = [](const report::Finding &F) {
    std::array<unsigned, 3> B = F.BlockDim.value_or(std::array<unsigned, 3>{0, 0, 0});
    return std::make_tuple(F.Kernel, B, F.Loc.Path, F.Loc.Line, F.Loc.Column, F.Kind, F.Part);
  };
  std::map<decltype(keyOf(report::Finding())), report::Finding> AsWritten;
  for (std::size_t I = 0; I < Walks.size(); ++I)
    if (Changed[I])
      for (std::size_t Idx : Walks[I].FindingOfSite)
        if (Out.Findings[Idx].Status == "conflict")
          AsWritten.emplace(keyOf(Out.Findings[Idx]), Out.Findings[Idx]);
  std::vector<report::Finding> Old = std::move(Out.Findings);
  Out.Findings.clear();
  for (std::size_t I = 0; I < Walks.size(); ++I) {
    WalkRecord &W = Walks[I];
    if (!Changed[I]) {
      for (std::size_t &Idx : W.FindingOfSite) {
        Out.Findings.push_back(std::move(Old[Idx]));
        Idx = Out.Findings.size() - 1;
      }
      continue;
    }
    W.FindingOfSite.clear();
    for (const AccessSite &Site : W.Walk.Sites) {
      W.FindingOfSite.push_back(Out.Findings.size());
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
      Out.Findings.push_back(std::move(F));
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
  for (const auto &[Kernel, List] : Launches) {
    std::string Key = kernelKey(*Kernel);
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
  for (const FunctionDecl *K : C.Kernels) {
    ++Out.Kernels;
    if (std::optional<std::string> Broken = Scope.reaches(*K)) {
      Out.Remarks.push_back({toFileLoc(K->getLocation(), SM),
                             "kernel '" + K->getNameAsString() + "' is not analysed: Clang rejects " + *Broken +
                                 ", which nvcc may accept; the other kernels of the file are analysed"});
      continue;
    }
    std::string Error;
    std::string Key = kernelKey(*K);
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
      for (const AccessSite &Site : W.Walk.Sites) {
        W.FindingOfSite.push_back(Out.Findings.size());
        Out.Findings.push_back(buildFinding(*K, Config, Site, W.Walk, Ctx));
      }
      Walks.push_back(std::move(W));
    }
    std::vector<const KernelResult *> Mine;
    for (std::size_t I = FirstWalk; I < Walks.size(); ++I)
      Mine.push_back(&Walks[I].Walk);
    Out.Coverage += coverageOf(*K, Mine, Ctx, Out.Remarks);
  }
  applyCompiled(Walks, Opts, Ctx, Out);
  addPaddingFixes(Walks, Out.Findings, Ctx, Launches, Out.Facts.RowsFixes);
  if (Opts.InProject)
    Out.Facts.Paddings = paddingTables(Walks, Ctx);
  return true;
}

} // namespace bankcheck::frontend

//===- Analysis.cpp - Analyse every kernel of a translation unit ----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/Analysis.h"
#include "Frontend/FindingBuilder.h"
#include "Frontend/KernelWalker.h"
#include "Frontend/LaunchConfigs.h"
#include "Frontend/PaddingFixes.h"
#include "Frontend/ParseErrors.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"

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

bool analyzeTranslationUnit(ASTContext &Ctx, const AnalysisOptions &Opts, TUResult &Out,
                            const std::vector<ParseError> &Errors) {
  ErrorScope Scope;
  std::string Global;
  if (!Scope.init(Ctx, Errors, Global))
    return false;
  KernelCollector C(Ctx);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  auto Launches = collectLaunches(Ctx);
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
    std::vector<LaunchConfig> Configs = configsFor(*K, Ctx, Launches, Opts.BlockDim, Error, &Opts.FileConfig);
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
  addPaddingFixes(Walks, Out.Findings, Ctx);
  return true;
}

} // namespace bankcheck::frontend

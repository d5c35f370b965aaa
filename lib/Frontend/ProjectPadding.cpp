//===- ProjectPadding.cpp - Padding tables of arrays declared in headers --===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A `__shared__` array of a header (a template kernel's tile) is used by
/// every file that includes and instantiates it, each with its own template
/// arguments and block shapes. Each file gives, for each padding of the
/// array's innermost dimension, the worst degree over its accesses and
/// whether one of them gets worse; Project.cpp chooses from all the files.
//===----------------------------------------------------------------------===//
#include "Frontend/ProjectPadding.h"
#include "Frontend/FindingBuilder.h"
#include "Frontend/PaddingSafety.h"

#include "BankModel/AccessAnalysis.h"

namespace bankcheck::frontend {

using namespace clang;

std::map<std::string, PaddingTable> paddingTables(const std::vector<WalkRecord> &Walks, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  constexpr std::int64_t MaxPad = 32; // one bank period of 4-byte elements
  struct Access {
    const WalkRecord *W;
    const AccessSite *Site;
  };
  std::map<std::pair<std::string, unsigned>, std::vector<Access>> ByArray;
  std::map<std::pair<std::string, unsigned>, std::vector<const VarDecl *>> Decls; // each instantiation's
  for (const WalkRecord &W : Walks)
    for (const AccessSite &Site : W.Walk.Sites) {
      const VarDecl *A = Site.Array;
      SourceLocation L = SM.getExpansionLoc(A->getLocation());
      if (A->hasExternalStorage() || SM.isInSystemHeader(L) || SM.isInMainFile(L))
        continue;
      auto Key = declKey(A, SM);
      ByArray[Key].push_back({&W, &Site});
      if (Decls[Key].empty() || Decls[Key].back() != A)
        Decls[Key].push_back(A);
    }
  std::map<std::string, PaddingTable> Out;
  for (const auto &[Key, Accesses] : ByArray) {
    PaddingTable T;
    T.Name = Decls[Key].front()->getNameAsString();
    T.Degree.assign(MaxPad + 1, 0);
    T.Worse.assign(MaxPad + 1, false);
    std::vector<unsigned> Base(Accesses.size(), 0);
    for (std::int64_t P = 0; P <= MaxPad; ++P) {
      for (std::size_t I = 0; I < Accesses.size(); ++I) {
        const WalkRecord &W = *Accesses[I].W;
        const AccessSite &Site = *Accesses[I].Site;
        auto L = W.Walk.Layouts.find(Site.Array);
        if (L == W.Walk.Layouts.end() || !Site.Unmodelled.empty()) {
          // Not seen through its dimensions: no padding is proven safe for it.
          if (P > 0)
            T.Worse[P] = true;
          continue;
        }
        bank::AccessQuery Q = queryFor(W.Config, Site, W.Walk);
        for (auto &[Id, V] : Q.Bindings)
          if (Id == L->second.Inner)
            V = L->second.InnerExtent + P;
        bank::AccessResult R = bank::analyzeAccess(Q, W.Walk.Symbols);
        if (R.St == bank::Status::Unknown && P > 0)
          T.Worse[P] = true;
        unsigned Wavefronts = R.WorstWavefronts;
        if (P == 0)
          Base[I] = Wavefronts;
        else if (Wavefronts > Base[I])
          T.Worse[P] = true;
        T.Degree[P] = std::max(T.Degree[P], R.Degree);
      }
    }
    if (T.Degree[0] > 1)
      T.Blocked = paddingBlocker(Decls[Key], Ctx);
    Out[Key.first + ":" + std::to_string(Key.second)] = std::move(T);
  }
  return Out;
}

} // namespace bankcheck::frontend

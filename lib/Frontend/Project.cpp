//===- Project.cpp - Launches shared between the files of a project -------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/Project.h"

#include "clang/AST/Decl.h"
#include "clang/Index/USRGeneration.h"

namespace bankcheck::frontend {

std::string kernelKey(const clang::FunctionDecl &Kernel) {
  llvm::SmallString<128> Buf;
  if (clang::index::generateUSRForDecl(Kernel.getCanonicalDecl(), Buf))
    return "";
  return std::string(Buf);
}

bool sameLaunch(const LaunchConfig &A, const LaunchConfig &B) {
  if (A.Shape.has_value() != B.Shape.has_value())
    return false;
  if (A.Shape && (A.Shape->X != B.Shape->X || A.Shape->Y != B.Shape->Y || A.Shape->Z != B.Shape->Z))
    return false;
  return A.ConstantArgs == B.ConstantArgs;
}

ProjectLaunches launchesFromElsewhere(const ProjectFacts &Mine, const std::vector<const ProjectFacts *> &Others) {
  ProjectLaunches Out;
  for (const auto &[Key, Used] : Mine.Kernels) {
    for (const ProjectFacts *O : Others) {
      if (O == &Mine)
        continue;
      auto It = O->Launches.find(Key);
      if (It == O->Launches.end())
        continue;
      for (const LaunchConfig &L : It->second) {
        auto Same = [&](const LaunchConfig &U) { return sameLaunch(U, L); };
        std::vector<LaunchConfig> &Mo = Out[Key];
        if (std::none_of(Used.begin(), Used.end(), Same) && std::none_of(Mo.begin(), Mo.end(), Same))
          Mo.push_back(L);
      }
    }
  }
  for (auto It = Out.begin(); It != Out.end();)
    It = It->second.empty() ? Out.erase(It) : std::next(It);
  return Out;
}

} // namespace bankcheck::frontend

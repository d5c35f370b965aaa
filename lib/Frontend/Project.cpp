//===- Project.cpp - Launches shared between the files of a project -------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/Project.h"

#include "clang/AST/Decl.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cstdint>
#include <optional>

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

namespace bankcheck::frontend {

namespace {
/// The text of a fix-it edit made for another padding, for padding Pad: the
/// forms PaddingFixes.cpp writes ("36", "TILE + 1", "(A + B) + 1", "(W + 1)").
std::optional<std::string> withPad(const report::TextEdit &E, std::int64_t Pad) {
  llvm::StringRef X = E.Expected, T = E.Text;
  std::string P = std::to_string(Pad);
  std::int64_t N;
  if (!X.getAsInteger(10, N) && !T.getAsInteger(10, N)) {
    X.getAsInteger(10, N);
    return std::to_string(N + Pad);
  }
  if (T.starts_with(("(" + X + " + ").str()) && T.ends_with(")"))
    return "(" + X.str() + " + " + P + ")";
  if (T.starts_with((X + " + ").str()))
    return X.str() + " + " + P;
  if (T.starts_with(("(" + X + ") + ").str()))
    return "(" + X.str() + ") + " + P;
  return std::nullopt;
}
} // namespace

void choosePaddings(std::vector<report::Finding> &Findings, const std::vector<const ProjectFacts *> &All,
                    const std::vector<std::string> &Files) {
  std::map<std::string, std::vector<std::size_t>> Users; // array -> files with a table for it
  for (std::size_t I = 0; I < All.size(); ++I)
    for (const auto &[Key, T] : All[I]->Paddings)
      Users[Key].push_back(I);
  for (const auto &[Key, Who] : Users) {
    if (Who.size() < 2)
      continue; // one file: its own choice stands
    std::size_t Pads = SIZE_MAX;
    unsigned Before = 0;
    for (std::size_t I : Who) {
      const PaddingTable &T = All[I]->Paddings.at(Key);
      Pads = std::min(Pads, T.Degree.size());
      Before = std::max(Before, T.Degree.empty() ? 0u : T.Degree[0]);
    }
    std::optional<std::int64_t> Chosen;
    unsigned After = 0;
    std::string Blocked; // a file where padded rows would not compile
    for (std::size_t I : Who)
      if (Blocked.empty() && !All[I]->Paddings.at(Key).Blocked.empty())
        Blocked = All[I]->Paddings.at(Key).Blocked + " in " + Files[I];
    for (std::size_t P = 1; P < Pads && !Chosen && Blocked.empty(); ++P) {
      bool Ok = true;
      unsigned Worst = 0;
      for (std::size_t I : Who) {
        const PaddingTable &T = All[I]->Paddings.at(Key);
        Ok &= !T.Worse[P];
        Worst = std::max(Worst, T.Degree[P]);
      }
      if (Ok && Worst < Before) {
        Chosen = std::int64_t(P);
        After = Worst;
      }
    }
    std::string Name = All[Who.front()]->Paddings.at(Key).Name, In;
    for (std::size_t I : Who)
      In += (In.empty() ? "" : ", ") + Files[I];
    for (report::Finding &F : Findings) {
      if (F.ArrayDecl.Path + ":" + std::to_string(F.ArrayDecl.Offset) != Key)
        continue;
      bool HadFix = !F.Fixes.empty();
      std::vector<report::Note> Kept;
      for (report::Note &N : F.Notes)
        if (!llvm::StringRef(N.Message).starts_with("pad the ") &&
            !llvm::StringRef(N.Message).starts_with("no padding fix-it for '" + Name + "'"))
          Kept.push_back(std::move(N));
      F.Notes = std::move(Kept);
      bool Rewritten = Chosen.has_value();
      for (report::TextEdit &E : F.Fixes) {
        std::optional<std::string> Text = Chosen ? withPad(E, *Chosen) : std::nullopt;
        Rewritten &= Text.has_value();
        if (Text)
          E.Text = *Text;
      }
      if (!Rewritten)
        F.Fixes.clear();
      std::string Msg;
      if (Chosen && (Rewritten || !HadFix))
        Msg = "pad the innermost dimension of '" + Name + "' by " + std::to_string(*Chosen) +
              (*Chosen == 1 ? " element" : " elements") + ", chosen against every file that uses it (" + In +
              "): " + std::to_string(Before) + "-way -> " + std::to_string(After) + "-way";
      else if (!Blocked.empty())
        Msg = "no padding fix-it for '" + Name + "': " + Blocked;
      else if (Chosen)
        Msg = "no padding fix-it for '" + Name + "': padding it by " + std::to_string(*Chosen) +
              " suits every file that uses it (" + In + ") but its size is not written in a form to rewrite";
      else
        Msg = "no padding fix-it for '" + Name + "': no padding lowers its conflicts without making an access "
              "worse in one of the files that use it (" + In + ")";
      F.Notes.push_back({F.ArrayDecl, Msg});
    }
  }
}

} // namespace bankcheck::frontend

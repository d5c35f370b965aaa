//===- CommandVariants.cpp - A file analysed under each of its commands ---===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/CommandVariants.h"

#include <map>
#include <set>

namespace bankcheck::frontend {

namespace {
std::string locKey(const report::FileLoc &L) {
  return L.Path + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column);
}

/// What a reader sees of a finding: equal keys, the same report.
std::string findingKey(const report::Finding &F) {
  std::string K = F.CheckId + '\0' + locKey(F.Loc) + '\0' + F.Kernel + '\0' + F.Array + '\0' + F.Kind + '\0' +
                  std::to_string(F.Part) + '\0' + F.Status + '\0' + std::to_string(F.Degree) + '\0' +
                  std::to_string(F.WavefrontsWorst) + '\0' + F.Instruction + '\0' + F.Message + '\0' +
                  F.BlockDimSource + '\0';
  if (F.BlockDim)
    for (unsigned D : *F.BlockDim)
      K += std::to_string(D) + ",";
  for (const report::Note &N : F.Notes)
    K += '\0' + locKey(N.Loc) + N.Message;
  for (const report::TextEdit &E : F.Fixes)
    K += '\0' + locKey(E.Loc) + std::to_string(E.Length) + E.Text;
  if (F.OutOfBounds)
    K += '\0' + F.OutOfBounds->Message;
  return K;
}
} // namespace

std::vector<report::Finding> mergeCommandVariants(std::vector<std::vector<report::Finding>> PerCommand,
                                                  const std::vector<std::string> &Labels) {
  if (PerCommand.size() == 1)
    return std::move(PerCommand.front());
  std::map<std::string, std::set<std::size_t>> Under; // finding -> the commands that give it
  for (std::size_t I = 0; I < PerCommand.size(); ++I)
    for (const report::Finding &F : PerCommand[I])
      Under[findingKey(F)].insert(I);
  std::vector<report::Finding> Out;
  std::set<std::string> Done;
  for (std::vector<report::Finding> &List : PerCommand)
    for (report::Finding &F : List) {
      std::string Key = findingKey(F);
      if (!Done.insert(Key).second)
        continue;
      const std::set<std::size_t> &Which = Under[Key];
      if (Which.size() < PerCommand.size()) {
        std::string Names;
        for (std::size_t I : Which)
          Names += (Names.empty() ? "" : "; ") + Labels[I];
        F.Notes.insert(F.Notes.begin() + std::min<std::size_t>(1, F.Notes.size()),
                       {F.Loc, "under " + Names + " only"});
      }
      Out.push_back(std::move(F));
    }
  return Out;
}

std::vector<report::Note> mergeCommandRemarks(std::vector<std::vector<report::Note>> PerCommand) {
  std::vector<report::Note> Out;
  std::set<std::string> Seen;
  for (std::vector<report::Note> &List : PerCommand)
    for (report::Note &N : List)
      if (Seen.insert(locKey(N.Loc) + '\0' + N.Message).second)
        Out.push_back(std::move(N));
  return Out;
}

} // namespace bankcheck::frontend

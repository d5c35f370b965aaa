//===- CompiledWidths.cpp - Accesses as the compiler issues them ----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/CompiledWidths.h"
#include "Frontend/MergedAccesses.h"
#include "Symbolic/Evaluate.h"

#include "clang/AST/Mangle.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <functional>
#include <map>
#include <set>
#include <tuple>

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;

namespace {
std::string mangledName(const FunctionDecl &FD, ASTContext &Ctx) {
  std::unique_ptr<MangleContext> MC(Ctx.createMangleContext());
  std::string S;
  llvm::raw_string_ostream OS(S);
  if (MC->shouldMangleDeclName(&FD))
    MC->mangleName(GlobalDecl(&FD), OS);
  else
    OS << FD.getName();
  return OS.str();
}

std::string canonical(llvm::StringRef P) {
  llvm::SmallString<256> R;
  if (!llvm::sys::fs::real_path(P, R))
    return std::string(R);
  return P.str();
}

constexpr std::size_t MaxMergedInstances = 256;

const char *vectorName(unsigned Bytes) {
  switch (Bytes) {
  case 8: return ".64";
  case 16: return ".128";
  default: return "";
  }
}
} // namespace

bool mayMerge(const report::Finding &F) {
  return (F.Status == "conflict" || F.Status == "possible") && (F.Instruction == "LDS" || F.Instruction == "STS") &&
         F.AccessBytes <= 8;
}

namespace {
/// The PTX's shared loads and stores of one kernel, by (file, line, store).
using PtxLines = std::map<std::tuple<std::string, unsigned, bool>, std::vector<const ptx::PtxModuleAccess *>>;

/// Instances in chains of exactly K at consecutive addresses, E bytes apart
/// under equal keys, greedily from the lowest: nullopt when some are left.
std::optional<std::vector<std::vector<std::size_t>>>
chainsOfK(const KernelResult &Walk, const std::vector<InstanceRef> &All, unsigned E, unsigned K, OffsetFacts &Facts) {
  // Each offset's affine form once (the pairs below compare them).
  std::vector<std::optional<symbolic::Affine>> Forms = Facts.forms(Walk, All);
  std::vector<bool> Used(All.size(), false);
  std::vector<std::vector<std::size_t>> Chains;
  // Repeatedly: an unused instance with no unused one an element below it
  // heads a chain of K consecutive unused instances.
  while (true) {
    std::size_t A = All.size();
    for (std::size_t X = 0; X < All.size() && A == All.size(); ++X) {
      if (Used[X])
        continue;
      bool Head = true;
      for (std::size_t B = 0; B < All.size() && Head; ++B)
        if (!Used[B] && B != X && All[B].Key == All[X].Key) {
          std::optional<std::int64_t> D = OffsetFacts::distance(Forms[B], Forms[X]);
          Head = !(D && *D == std::int64_t(E));
        }
      if (Head)
        A = X;
    }
    if (A == All.size())
      break; // all used, or a cycle (never: distances are positive)
    std::vector<std::size_t> Chain = {A};
    Used[A] = true;
    for (unsigned Step = 1; Step < K; ++Step) {
      std::size_t Next = All.size();
      for (std::size_t B = 0; B < All.size() && Next == All.size(); ++B)
        if (!Used[B] && All[B].Key == All[A].Key) {
          std::optional<std::int64_t> D = OffsetFacts::distance(Forms[A], Forms[B]);
          if (D && *D == std::int64_t(Step * E))
            Next = B;
        }
      if (Next == All.size())
        return std::nullopt;
      Used[Next] = true;
      Chain.push_back(Next);
    }
    Chains.push_back(std::move(Chain));
  }
  for (bool U : Used)
    if (!U)
      return std::nullopt;
  return Chains;
}

/// One group as the PTX issues it. Where every instruction of its kind on
/// the group's lines is one vector Wp bytes wide, its instances in chains of
/// K = Wp / width at consecutive addresses under equal keys, each chain one
/// access at its first address. Where the PTX has such vectors beside scalar
/// ones of the source width (nvcc merged some, ptxas merges the others:
/// MatmulTutorial's stores), the same when every instance is in a run of K
/// whose first byte is aligned to Wp, as the ptxas rule asks. Returns how
/// many accesses were merged away.
unsigned mergeGroup(KernelResult &Walk, const SiteGroup &G, const PtxLines &ByLine,
                    const std::function<const std::string &(const std::string &)> &Canon, const CompiledPtx &Ptx,
                    const std::map<const VarDecl *, std::int64_t> &Layout, OffsetFacts &Facts,
                    std::set<std::size_t> &Remove) {
  std::vector<const ptx::PtxModuleAccess *> Instrs;
  std::set<std::tuple<std::string, unsigned, bool>> Lines;
  for (std::size_t S : G.Sites)
    Lines.insert({Canon(Walk.Sites[S].Loc.Path), Walk.Sites[S].Loc.Line, G.Store});
  std::set<unsigned> Widths;
  for (const auto &L : Lines)
    if (auto It = ByLine.find(L); It != ByLine.end())
      for (const ptx::PtxModuleAccess *A : It->second) {
        Instrs.push_back(A);
        Widths.insert(A->Instr.BytesPerAddress);
      }
  if (Instrs.empty())
    return 0;
  const unsigned E = G.Bytes, Wp = *Widths.rbegin(), K = Wp / E;
  if (Wp <= E || Wp % E || Wp > 16)
    return 0; // no wider instruction
  const bool Mixed = Widths.size() > 1;
  if (Mixed && (Widths.size() > 2 || *Widths.begin() != E))
    return 0; // widths other than the source's and one vector's: the source widths stand
  std::vector<InstanceRef> All = groupInstances(Walk, G);
  if (All.size() % K || All.size() > MaxMergedInstances)
    return 0;
  std::optional<std::vector<std::vector<std::size_t>>> Runs;
  if (!Mixed) {
    Runs = chainsOfK(Walk, All, E, K, Facts);
  } else if (auto Base = Layout.find(Walk.Sites[G.Sites.front()].Array); Base != Layout.end()) {
    if (std::optional<std::vector<std::vector<std::size_t>>> Chains = consecutiveChains(Walk, All, E, Facts))
      Runs = alignedRuns(Walk, All, *Chains, E, Wp, Base->second, Facts);
  }
  if (!Runs || Runs->empty())
    return 0;
  // Each run is reported where the PTX has the vector; a site left without
  // heads is covered by the others.
  std::set<std::size_t> OnVectorLines;
  for (std::size_t S : G.Sites)
    if (auto It = ByLine.find({Canon(Walk.Sites[S].Loc.Path), Walk.Sites[S].Loc.Line, G.Store}); It != ByLine.end())
      for (const ptx::PtxModuleAccess *A : It->second)
        if (A->Instr.BytesPerAddress == Wp)
          OnVectorLines.insert(S);
  auto Heads = headsOf(Walk, G, All, *Runs, [&](std::size_t S) { return OnVectorLines.count(S) > 0; });
  std::string Name = std::string(G.Store ? "STS" : "LDS") + vectorName(Wp);
  return mergeSites(Walk, G.Sites, std::move(Heads), Wp,
                    "issued as " + std::to_string(Wp) + "-byte " + Name + " (" + std::to_string(K) + " " +
                        std::to_string(E) + "-byte accesses" + (G.CrossLine ? " of " + linesText(Walk, G) : "") +
                        " merged, per " + Ptx.From +
                        (Mixed ? ": it has some as one vector, and ptxas merges the others, at consecutive, "
                                 "aligned addresses"
                               : "") +
                        ")",
                    Ptx.From, Remove);
}
} // namespace

unsigned applyCompiledWidths(KernelResult &Walk, const FunctionDecl &Kernel, const CompiledPtx &Ptx,
                             ASTContext &Ctx) {
  const std::string Fn = mangledName(Kernel, Ctx);
  PtxLines ByLine;
  std::map<std::string, std::string> CanonOf;
  auto canon = [&](const std::string &P) -> const std::string & {
    auto It = CanonOf.find(P);
    if (It == CanonOf.end())
      It = CanonOf.emplace(P, Ptx.MatchByName ? llvm::sys::path::filename(P).str() : canonical(P)).first;
    return It->second;
  };
  for (const ptx::PtxModuleAccess &A : Ptx.Module.Accesses) {
    if (A.Function != Fn || A.InInlineAsm || A.Loc.Path.empty() || A.Instr.Atomic)
      continue;
    if (A.Instr.Form != ptx::PtxForm::LDS && A.Instr.Form != ptx::PtxForm::STS)
      continue;
    ByLine[{canon(A.Loc.Path), A.Loc.Line, A.Instr.Form == ptx::PtxForm::STS}].push_back(&A);
  }
  if (ByLine.empty())
    return 0;
  auto keep = [](const AccessSite &S) { return mergeable(S) && S.CompiledNote.empty(); };
  std::map<const VarDecl *, std::int64_t> Layout = sharedLayout(Walk, Ctx);
  OffsetFacts Facts(Walk.Symbols, declaredExtents(Walk));
  unsigned Merged = 0;
  // Each line's accesses, then those of consecutive statements on several
  // lines: nvcc merges `s[2*t] = a;` and `s[2*t+1] = b;` into one st.shared.v2.
  for (bool Cross : {false, true}) {
    std::set<std::size_t> Remove;
    for (const SiteGroup &G : Cross ? crossLineGroups(Walk, keep, Ctx) : lineGroups(Walk, keep))
      Merged += mergeGroup(Walk, G, ByLine, canon, Ptx, Layout, Facts, Remove);
    removeSites(Walk, Remove);
  }
  return Merged;
}

bool compileToPtx(const std::string &Nvcc, const std::string &File, const std::vector<std::string> &Args,
                  CompiledPtx &Out, std::string &Error) {
  llvm::SmallString<128> Ptx;
  if (llvm::sys::fs::createTemporaryFile("bankcheck", "ptx", Ptx)) {
    Error = "cannot create a temporary file for nvcc's PTX";
    return false;
  }
  llvm::SmallString<128> Log;
  llvm::sys::fs::createTemporaryFile("bankcheck-nvcc", "log", Log);
  std::vector<std::string> Cmd = {Nvcc, "-ptx", "-O3", "-lineinfo", "-w"};
  Cmd.insert(Cmd.end(), Args.begin(), Args.end());
  Cmd.push_back(File);
  Cmd.push_back("-o");
  Cmd.push_back(std::string(Ptx));
  std::vector<llvm::StringRef> Argv(Cmd.begin(), Cmd.end());
  std::optional<llvm::StringRef> Redirects[] = {std::nullopt, llvm::StringRef(Log), llvm::StringRef(Log)};
  std::string ExecError;
  int RC = llvm::sys::ExecuteAndWait(Nvcc, Argv, std::nullopt, Redirects, /*SecondsToWait=*/120, 0, &ExecError);
  auto Buf = llvm::MemoryBuffer::getFile(Ptx);
  llvm::sys::fs::remove(Ptx);
  if (RC != 0 || !Buf) {
    auto L = llvm::MemoryBuffer::getFile(Log);
    std::string Msg = L ? (*L)->getBuffer().take_front(400).str() : ExecError;
    llvm::sys::fs::remove(Log);
    Error = "nvcc could not compile the file to PTX (" + (Msg.empty() ? "status " + std::to_string(RC) : Msg) +
            ")";
    return false;
  }
  llvm::sys::fs::remove(Log);
  Out.Module = ptx::readPtxModule((*Buf)->getBuffer());
  return true;
}

} // namespace bankcheck::frontend

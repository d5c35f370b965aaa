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

unsigned applyCompiledWidths(KernelResult &Walk, const FunctionDecl &Kernel, const CompiledPtx &Ptx,
                             ASTContext &Ctx) {
  const std::string Fn = mangledName(Kernel, Ctx);
  // The kernel's plain shared loads and stores, by (file, line, store).
  std::map<std::tuple<std::string, unsigned, bool>, std::vector<const ptx::PtxModuleAccess *>> ByLine;
  std::map<std::string, std::string> Canon;
  auto canon = [&](const std::string &P) -> const std::string & {
    auto It = Canon.find(P);
    if (It == Canon.end())
      It = Canon.emplace(P, Ptx.MatchByName ? llvm::sys::path::filename(P).str() : canonical(P)).first;
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
  // The source accesses that could merge, by line, array and width.
  std::map<std::tuple<std::string, unsigned, bool, const VarDecl *, unsigned>, std::vector<std::size_t>> Groups;
  for (std::size_t I = 0; I < Walk.Sites.size(); ++I) {
    const AccessSite &S = Walk.Sites[I];
    if (!S.Unmodelled.empty() || !S.Opcode.empty() || !S.Form || S.Instances.empty() || S.AccessBytes > 8 ||
        (*S.Form != bank::Form::LDS && *S.Form != bank::Form::STS) || S.Kind == "atomic")
      continue;
    Groups[{canon(S.Loc.Path), S.Loc.Line, *S.Form == bank::Form::STS, S.Array, S.AccessBytes}].push_back(I);
  }
  std::set<std::size_t> Remove;
  unsigned Merged = 0;
  for (auto &[Key, Idx] : Groups) {
    auto It = ByLine.find({std::get<0>(Key), std::get<1>(Key), std::get<2>(Key)});
    if (It == ByLine.end())
      continue;
    unsigned E = std::get<4>(Key), Wp = 0;
    bool Same = true;
    for (const ptx::PtxModuleAccess *A : It->second) {
      if (!Wp)
        Wp = A->Instr.BytesPerAddress;
      Same &= A->Instr.BytesPerAddress == Wp;
    }
    if (!Same || Wp <= E || Wp % E || Wp > 16)
      continue; // mixed widths, or no wider instruction: the source widths stand
    unsigned K = Wp / E;
    // Every instance of the group, and chains of K at consecutive addresses.
    struct Ref {
      std::size_t Site, Inst;
      std::string Guards;
    };
    std::vector<Ref> All;
    for (std::size_t S : Idx)
      for (std::size_t J = 0; J < Walk.Sites[S].Instances.size(); ++J)
        All.push_back({S, J, guardKey(Walk.Sites[S].Instances[J], Walk.Symbols)});
    if (All.size() % K || All.size() > MaxMergedInstances)
      continue;
    auto off = [&](const Ref &R) -> const Expr & { return Walk.Sites[R.Site].Instances[R.Inst].ByteOffset; };
    OffsetFacts Facts(Walk.Symbols);
    auto constantDistance = [&](const Expr &A, const Expr &B) { return Facts.distance(A, B); };
    std::vector<bool> Used(All.size(), false);
    std::vector<std::vector<std::size_t>> Chains;
    bool Ok = true;
    // Repeatedly: an unused instance with no unused one an element below it
    // heads a chain of K consecutive unused instances.
    while (Ok) {
      std::size_t A = All.size();
      for (std::size_t X = 0; X < All.size() && A == All.size(); ++X) {
        if (Used[X])
          continue;
        bool Head = true;
        for (std::size_t B = 0; B < All.size() && Head; ++B)
          if (!Used[B] && B != X && All[B].Guards == All[X].Guards) {
            std::optional<std::int64_t> D = constantDistance(off(All[B]), off(All[X]));
            Head = !(D && *D == std::int64_t(E));
          }
        if (Head)
          A = X;
      }
      if (A == All.size())
        break; // all used, or a cycle (never: distances are positive)
      std::vector<std::size_t> Chain = {A};
      Used[A] = true;
      for (unsigned Step = 1; Step < K && Ok; ++Step) {
        std::size_t Next = All.size();
        for (std::size_t B = 0; B < All.size() && Next == All.size(); ++B)
          if (!Used[B] && All[B].Guards == All[A].Guards) {
            std::optional<std::int64_t> D = constantDistance(off(All[A]), off(All[B]));
            if (D && *D == std::int64_t(Step * E))
              Next = B;
          }
        if (Next == All.size()) {
          Ok = false;
        } else {
          Used[Next] = true;
          Chain.push_back(Next);
        }
      }
      Chains.push_back(std::move(Chain));
    }
    for (bool U : Used)
      Ok &= U;
    if (!Ok || Chains.empty())
      continue;
    // Each chain becomes its head, Wp bytes wide; a site left without heads
    // is covered by the others.
    std::map<std::size_t, std::vector<bank::AccessInstance>> Heads;
    for (const auto &C : Chains)
      Heads[All[C[0]].Site].push_back(Walk.Sites[All[C[0]].Site].Instances[All[C[0]].Inst]);
    std::string Name = std::string(std::get<2>(Key) ? "STS" : "LDS") + vectorName(Wp);
    Merged += mergeSites(Walk, Idx, std::move(Heads), Wp,
                         "issued as " + std::to_string(Wp) + "-byte " + Name + " (" + std::to_string(K) + " " +
                             std::to_string(E) + "-byte accesses merged, per " + Ptx.From + ")",
                         Ptx.From, Remove);
  }
  removeSites(Walk, Remove);
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

//===- DeviceCommands.cpp - The device-only Clang command of each file ---===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/DeviceCommands.h"
#include "Frontend/BuiltinHeaders.h"
#include "Frontend/CompileFlags.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>

namespace bankcheck::frontend {

using namespace clang;
using llvm::StringRef;

namespace {
constexpr const char *BuiltinDir = BuiltinHeaderDir;
constexpr const char *CompatDir = CompatHeaderDir;
} // namespace

tooling::CompileCommand DeviceDatabase::translate(StringRef File, std::vector<std::string> Argv, std::string Dir,
                                                  std::vector<std::string> *Errors,
                                                  std::vector<std::string> *FrontEnd) const {
  if (Argv.empty())
    Argv = {"clang++", File.str()};
  Argv.insert(Argv.begin() + 1, ExtraBefore.begin(), ExtraBefore.end()); // --extra-arg-before
  for (const std::string &E : Extra)
    Argv.push_back(E);
  TranslatedCommand T = translateCompileCommand(Argv, Dir, File.str());
  if (Errors)
    Errors->insert(Errors->end(), T.Errors.begin(), T.Errors.end());
  if (FrontEnd)
    *FrontEnd = T.NvccFrontEnd;
  std::vector<std::string> Cmd = {"clang++"};
  Cmd.insert(Cmd.end(), Prefix.begin(), Prefix.end());
  Cmd.push_back("--cuda-gpu-arch=" + clampGpuArch(T.GpuArch ? *T.GpuArch : "sm_90"));
  Cmd.insert(Cmd.end(), T.Args.begin(), T.Args.end());
  Cmd.push_back(File.str());
  return tooling::CompileCommand(Dir, File, Cmd, "");
}

std::vector<tooling::CompileCommand> DeviceDatabase::variantsOf(StringRef File, std::vector<std::string> *Errors,
                                                                std::vector<std::vector<std::string>> *FrontEnd) const {
  std::vector<tooling::CompileCommand> Raw;
  if (Inner)
    Raw = Inner->getCompileCommands(File);
  if (Raw.empty()) {
    std::vector<std::string> Flags;
    tooling::CompileCommand C = translate(File, {}, ".", Errors, &Flags);
    if (FrontEnd)
      FrontEnd->push_back(std::move(Flags));
    return {C};
  }
  std::vector<tooling::CompileCommand> Out;
  for (const tooling::CompileCommand &R : Raw) {
    std::vector<std::string> Mine, Flags;
    tooling::CompileCommand C = translate(File, R.CommandLine, R.Directory, &Mine, &Flags);
    // The same device parse (an object file's name, host-only flags): once.
    bool Seen = false;
    for (const tooling::CompileCommand &O : Out)
      Seen |= O.CommandLine == C.CommandLine && O.Directory == C.Directory;
    if (Seen)
      continue;
    if (Errors && Out.size() == Variant)
      Errors->insert(Errors->end(), Mine.begin(), Mine.end());
    Out.push_back(std::move(C));
    if (FrontEnd)
      FrontEnd->push_back(std::move(Flags));
  }
  return Out;
}

std::vector<std::string> DeviceDatabase::nvccArgs(StringRef File) const {
  std::vector<std::vector<std::string>> FrontEnd;
  std::vector<tooling::CompileCommand> All = variantsOf(File, nullptr, &FrontEnd);
  std::size_t I = std::min<std::size_t>(Variant, All.size() - 1);
  std::vector<std::string> Out = nvccArgsOf({All[I]});
  for (const std::string &F : FrontEnd[I])
    if (std::find(Out.begin(), Out.end(), F) == Out.end())
      Out.push_back(F);
  return Out;
}

std::vector<tooling::CompileCommand> DeviceDatabase::getCompileCommands(StringRef File) const {
  std::vector<std::string> Errors;
  std::vector<tooling::CompileCommand> All = variantsOf(File, &Errors);
  for (std::string &E : Errors)
    Notes.push_back(std::move(E));
  tooling::CompileCommand C = All[std::min<std::size_t>(Variant, All.size() - 1)];
  if (Pre) {
    std::vector<std::string> Pch = Pre->argsFor(C);
    C.CommandLine.insert(C.CommandLine.end() - 1, Pch.begin(), Pch.end());
  }
  return {C};
}

std::string variantLabel(const std::vector<tooling::CompileCommand> &Variants, unsigned I) {
  std::map<std::string, unsigned> In; // argument -> how many variants have it
  for (const tooling::CompileCommand &C : Variants) {
    std::set<std::string> Once(C.CommandLine.begin(), C.CommandLine.end() - 1);
    for (const std::string &A : Once)
      ++In[A];
  }
  std::string Label;
  const std::vector<std::string> &Mine = Variants[I].CommandLine;
  for (std::size_t J = 0; J + 1 < Mine.size(); ++J) {
    if (In[Mine[J]] == Variants.size())
      continue;
    // A separate value (-D X) goes with its flag.
    if (J > 0 && (Mine[J - 1] == "-D" || Mine[J - 1] == "-U" || Mine[J - 1] == "-I") &&
        In[Mine[J - 1]] == Variants.size())
      Label += (Label.empty() ? "" : " ") + Mine[J - 1];
    Label += (Label.empty() ? "" : " ") + Mine[J];
  }
  std::string Which = "compile command " + std::to_string(I + 1) + " of " + std::to_string(Variants.size());
  return Label.empty() ? Which : Which + " (" + Label + ")";
}

std::string findToolkit(const DriverOptions &Opts) { return Opts.NoToolkit ? "" : installedToolkit(Opts); }

std::string installedToolkit(const DriverOptions &Opts) {
  std::vector<std::string> Candidates;
  if (!Opts.CudaPath.empty())
    Candidates.push_back(Opts.CudaPath);
  if (const char *E = std::getenv("CUDA_PATH"))
    Candidates.push_back(E);
  Candidates.push_back("/usr/local/cuda");
  for (const std::string &C : Candidates) {
    llvm::SmallString<256> P(C);
    llvm::sys::path::append(P, "include", "cuda_runtime.h");
    if (llvm::sys::fs::exists(P))
      return C;
  }
  return "";
}

/// The real file system with the built-in headers (and the preambles) on
/// top, served from memory.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> headerFileSystem(const Preambles &Pre) {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const BuiltinHeader &H : builtinHeaders())
    Memory->addFile(std::string(BuiltinDir) + "/" + H.Name, 0,
                    llvm::MemoryBuffer::getMemBuffer(H.Contents, H.Name));
  for (const BuiltinHeader &H : toolkitCompatHeaders())
    Memory->addFile(std::string(CompatDir) + "/" + H.Name, 0,
                    llvm::MemoryBuffer::getMemBuffer(H.Contents, H.Name));
  Pre.serve(*Memory);
  // A physical file system of its own: ClangTool sets the working directory
  // of each compile command on it, and on the process-wide real file system
  // that would be a chdir() racing the other files' threads (-j).
  auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>(llvm::vfs::createPhysicalFileSystem().release()));
  Overlay->pushOverlay(Memory);
  return Overlay;
}

/// The arguments of a device-only Clang command that nvcc takes as they are
/// (-I, -D, -U, -isystem, -include, -std), and the GPU architecture.
std::vector<std::string> nvccArgsOf(const std::vector<tooling::CompileCommand> &Cmds) {
  std::vector<std::string> Out;
  if (Cmds.empty())
    return Out;
  const std::vector<std::string> &C = Cmds.front().CommandLine;
  auto Ours = [](StringRef A) { return A.contains("__bankcheck_builtin__") || A.starts_with("bankcheck_"); };
  for (std::size_t I = 0; I < C.size(); ++I) {
    StringRef A = C[I];
    bool Separate = (A == "-I" || A == "-D" || A == "-U" || A == "-isystem" || A == "-include") && I + 1 < C.size();
    if (Separate) {
      if (!Ours(C[I + 1]))
        Out.insert(Out.end(), {C[I], C[I + 1]});
      ++I;
    } else if ((A.starts_with("-I") || A.starts_with("-D") || A.starts_with("-U") || A.starts_with("-std=")) &&
               !Ours(A)) {
      Out.push_back(C[I]);
    } else if (A.consume_front("--cuda-gpu-arch=")) {
      Out.push_back("-arch=" + A.str());
    } else if (A == "-fgpu-rdc") {
      Out.push_back("-rdc=true");
    }
  }
  return Out;
}

bool isCudaFile(StringRef Path) {
  StringRef Ext = llvm::sys::path::extension(Path);
  return Ext == ".cu" || Ext == ".cuh";
}
} // namespace bankcheck::frontend

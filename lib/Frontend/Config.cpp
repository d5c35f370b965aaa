//===- Config.cpp - .bankcheck.yaml, found upward like .clang-tidy --------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/Config.h"
#include "Report/CheckSelection.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/raw_ostream.h"

using bankcheck::frontend::Config;
using bankcheck::frontend::KernelBlockDim;

LLVM_YAML_IS_SEQUENCE_VECTOR(KernelBlockDim)

namespace llvm::yaml {
template <> struct MappingTraits<KernelBlockDim> {
  static void mapping(IO &IO, KernelBlockDim &K) {
    IO.mapRequired("Kernel", K.Kernel);
    IO.mapRequired("Dim", K.Dim);
  }
  static std::string validate(IO &, KernelBlockDim &K) {
    if (K.Dim.empty() || K.Dim.size() > 3)
      return "Dim takes 1 to 3 values";
    std::uint64_t Threads = 1;
    for (unsigned D : K.Dim) {
      if (D == 0 || D > 1024)
        return "each Dim value must be in 1..1024";
      Threads *= D;
    }
    if (Threads > 1024)
      return "a block has at most 1024 threads";
    return "";
  }
};
template <> struct MappingTraits<Config> {
  static void mapping(IO &IO, Config &C) {
    if (IO.outputting()) { // --dump-config shows every key, defaults included
      IO.mapRequired("BlockDim", C.BlockDim);
      IO.mapRequired("MinDegree", C.MinDegree);
      IO.mapRequired("FailOn", C.FailOn);
      IO.mapRequired("HeaderFilter", C.HeaderFilter);
      return;
    }
    IO.mapOptional("BlockDim", C.BlockDim);
    IO.mapOptional("MinDegree", C.MinDegree, 2u);
    IO.mapOptional("FailOn", C.FailOn, std::string("conflict"));
    IO.mapOptional("HeaderFilter", C.HeaderFilter, std::string(".*"));
  }
  static std::string validate(IO &, Config &C) {
    if (C.FailOn != "conflict" && C.FailOn != "possible" && C.FailOn != "never")
      return "FailOn must be conflict, possible or never";
    if (C.MinDegree < 2 || C.MinDegree > 32)
      return "MinDegree must be in 2..32";
    return "";
  }
};
} // namespace llvm::yaml

namespace bankcheck::frontend {

bool globMatch(const std::string &P, const std::string &T) { return report::wildcardMatch(P, T, true); }

std::optional<std::vector<unsigned>> Config::blockDimFor(const std::string &Kernel) const {
  // Match the plain name and the name with template arguments.
  std::string Plain = Kernel.substr(0, Kernel.find('<'));
  for (const KernelBlockDim &K : BlockDim)
    if (globMatch(K.Kernel, Kernel) || globMatch(K.Kernel, Plain))
      return K.Dim;
  return std::nullopt;
}

bool parseConfig(const std::string &Text, const std::string &Path, Config &Out, std::string &Error) {
  std::string Diag;
  auto Handler = [](const llvm::SMDiagnostic &D, void *Ctx) {
    auto *S = static_cast<std::string *>(Ctx);
    if (!S->empty())
      return;
    *S = std::to_string(D.getLineNo()) + ":" + std::to_string(D.getColumnNo() + 1) + ": error: " +
         D.getMessage().str();
  };
  Config C;
  llvm::yaml::Input In(Text, &Diag, Handler, &Diag);
  In >> C;
  if (In.error() || !Diag.empty()) {
    Error = Path + ":" + (Diag.empty() ? "1:1: error: malformed configuration" : Diag);
    return false;
  }
  C.Source = Path;
  Out = C;
  return true;
}

bool configForFile(const std::string &SourcePath, Config &Out, std::string &Error) {
  llvm::SmallString<256> Dir(SourcePath);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_dots(Dir, true);
  llvm::sys::path::remove_filename(Dir);
  while (!Dir.empty()) {
    llvm::SmallString<256> Candidate(Dir);
    llvm::sys::path::append(Candidate, ".bankcheck.yaml");
    if (llvm::sys::fs::is_regular_file(Candidate)) {
      auto Buf = llvm::MemoryBuffer::getFile(Candidate);
      if (!Buf) {
        Error = std::string(Candidate) + ": error: cannot read the configuration";
        return false;
      }
      return parseConfig((*Buf)->getBuffer().str(), std::string(Candidate), Out, Error);
    }
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent == Dir)
      break;
    // Parent is a prefix of Dir: shorten in place (assigning a range of the
    // string to itself is undefined for SmallString).
    Dir.resize(Parent.size());
  }
  Out = Config();
  return true;
}

std::string dumpConfig(const Config &C) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  if (!C.Source.empty())
    OS << "# from " << C.Source << "\n";
  else
    OS << "# defaults (no .bankcheck.yaml found)\n";
  Config Copy = C;
  llvm::yaml::Output Out(OS);
  Out << Copy;
  return OS.str();
}

} // namespace bankcheck::frontend

//===- Preamble.cpp - The CUDA headers parsed once per flag set -----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/Preamble.h"
#include "Frontend/SystemBodies.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Serialization/ASTWriter.h"
#include "clang/Serialization/PCHContainerOperations.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"

#include <iterator>

namespace bankcheck::frontend {

using namespace clang;

namespace {
/// The one command of a preamble's build.
class OneCommand : public tooling::CompilationDatabase {
public:
  explicit OneCommand(tooling::CompileCommand C) : C(std::move(C)) {}
  std::vector<tooling::CompileCommand> getCompileCommands(StringRef) const override { return {C}; }
  std::vector<std::string> getAllFiles() const override { return {C.Filename}; }
  tooling::CompileCommand C;
};

/// The PCH writer, skipping the bodies a file's own parse skips
/// (SystemBodies.h): the same declarations, with or without a preamble.
class SkippingPchGenerator : public PCHGenerator {
public:
  SkippingPchGenerator(CompilerInstance &CI, StringRef Sysroot, std::shared_ptr<PCHBuffer> Buffer)
      : PCHGenerator(CI.getPreprocessor(), CI.getModuleCache(), "", Sysroot, std::move(Buffer),
                     ArrayRef<std::shared_ptr<ModuleFileExtension>>(),
                     /*AllowASTWithErrors=*/false, /*IncludeTimestamps=*/false),
        SM(CI.getSourceManager()) {}
  bool shouldSkipFunctionBody(Decl *D) override { return systemBody(*D, SM) != SystemBody::Kept; }

private:
  const SourceManager &SM;
};

/// Parses the empty file after the injected headers and writes the AST, as
/// a PCH, into a buffer (as clangd's preamble does) instead of a file.
class PchAction : public ASTFrontendAction {
public:
  explicit PchAction(std::shared_ptr<PCHBuffer> B) : Buffer(std::move(B)) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    std::string Sysroot;
    if (!GeneratePCHAction::ComputeASTConsumerArguments(CI, Sysroot))
      return nullptr;
    CI.getFrontendOpts().SkipFunctionBodies = true; // only where the consumer says so
    return std::make_unique<SkippingPchGenerator>(CI, Sysroot, Buffer);
  }
  TranslationUnitKind getTranslationUnitKind() override { return TU_Prefix; }
  bool BeginSourceFileAction(CompilerInstance &CI) override {
    CI.getLangOpts().CompilingPCH = true;
    return true;
  }
  std::shared_ptr<PCHBuffer> Buffer;
};

class PchFactory : public tooling::FrontendActionFactory {
public:
  explicit PchFactory(std::shared_ptr<PCHBuffer> B) : Buffer(std::move(B)) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<PchAction>(Buffer); }
  std::shared_ptr<PCHBuffer> Buffer;
};

/// The first error of the build, if any.
class FirstError : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error || !Message.empty())
      return;
    llvm::SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    Message = std::string(Msg);
  }
  std::string Message;
};

std::string prefixFile() { return std::string(PreambleDir) + "/prefix.cu"; }
} // namespace

std::optional<std::string> preambleKey(const tooling::CompileCommand &Cmd) {
  const std::vector<std::string> &A = Cmd.CommandLine;
  if (A.empty())
    return std::nullopt;
  std::string Key = Cmd.Directory;
  for (std::size_t I = 0; I + 1 < A.size(); ++I) {
    StringRef Arg = A[I];
    // The user's own forced includes would be part of the preamble (and
    // bankcheck's are named bankcheck_*).
    if (Arg.starts_with("-include") || Arg.starts_with("-imacros") || Arg.starts_with("--include") ||
        Arg.starts_with("-Xclang")) {
      StringRef Value = Arg == "-include" && I + 2 < A.size() ? StringRef(A[I + 1]) : StringRef();
      if (!Value.starts_with("bankcheck_"))
        return std::nullopt;
    }
    Key += '\0';
    Key += Arg;
  }
  return Key;
}

void Preambles::count(const tooling::CompileCommand &Cmd) {
  std::optional<std::string> Key = preambleKey(Cmd);
  if (!Key)
    return;
  Entry &E = ByKey[*Key];
  if (E.Parses++ == 0)
    E.Example = Cmd;
}

std::vector<std::string> Preambles::worthBuilding(unsigned MinParses) const {
  std::vector<std::string> Out;
  for (const auto &[Key, E] : ByKey)
    if (E.Parses >= MinParses)
      Out.push_back(Key);
  return Out;
}

bool Preambles::build(const std::string &Key, const FileSystemMaker &Files, std::string &Why) {
  auto It = ByKey.find(Key);
  if (It == ByKey.end())
    return false;
  Entry &E = It->second;
  tooling::CompileCommand C = E.Example;
  C.Filename = prefixFile();
  C.CommandLine.back() = C.Filename;
  OneCommand Db(C);
  tooling::ClangTool Tool(Db, {C.Filename}, std::make_shared<PCHContainerOperations>(), Files());
  FirstError Diags;
  Tool.setDiagnosticConsumer(&Diags);
  Tool.setPrintErrorMessage(false);
  auto Buffer = std::make_shared<PCHBuffer>();
  Buffer->IsComplete = false;
  PchFactory Factory(Buffer);
  int RC = Tool.run(&Factory);
  if (RC != 0 || !Diags.Message.empty() || !Buffer->IsComplete || Buffer->Data.empty()) {
    Why = Diags.Message.empty() ? "the headers could not be precompiled" : Diags.Message;
    return false;
  }
  E.Data = std::move(Buffer);
  E.Path = std::string(PreambleDir) + "/" + std::to_string(std::distance(ByKey.begin(), It)) + ".pch";
  return true;
}

std::vector<std::string> Preambles::argsFor(const tooling::CompileCommand &Cmd) const {
  if (ByKey.empty())
    return {};
  std::optional<std::string> Key = preambleKey(Cmd);
  if (!Key)
    return {};
  auto It = ByKey.find(*Key);
  if (It == ByKey.end() || It->second.Path.empty())
    return {};
  return {"-include-pch", It->second.Path};
}

void Preambles::serve(llvm::vfs::InMemoryFileSystem &Memory) const {
  Memory.addFile(prefixFile(), 0, llvm::MemoryBuffer::getMemBuffer("", prefixFile()));
  for (const auto &[Key, E] : ByKey)
    if (!E.Path.empty())
      Memory.addFile(E.Path, 0,
                     llvm::MemoryBuffer::getMemBuffer(StringRef(E.Data->Data.data(), E.Data->Data.size()), E.Path,
                                                      /*RequiresNullTerminator=*/false));
}

unsigned Preambles::built() const {
  unsigned N = 0;
  for (const auto &[Key, E] : ByKey)
    N += !E.Path.empty();
  return N;
}

} // namespace bankcheck::frontend

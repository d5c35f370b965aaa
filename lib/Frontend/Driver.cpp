//===- Driver.cpp - Parse the inputs with Clang and analyse them ----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/Driver.h"
#include "Frontend/BuiltinHeaders.h"
#include "Frontend/CompileFlags.h"
#include "Frontend/KernelWalker.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/Program.h"
#include "Frontend/CompatFileSystem.h"
#include <algorithm>
#include "clang/Basic/DiagnosticSema.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <functional>
#include <set>
#include <cstdlib>
#include <mutex>
#include <thread>

#ifndef BANKCHECK_CLANG_RESOURCE_DIR
#define BANKCHECK_CLANG_RESOURCE_DIR "/usr/lib/llvm-19/lib/clang/19"
#endif

namespace bankcheck::frontend {

using namespace clang;

namespace {
constexpr const char *BuiltinDir = BuiltinHeaderDir;
constexpr const char *CompatDir = CompatHeaderDir;

/// Keeps the first error of the file, with its location.
class ErrorCollector : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < DiagnosticsEngine::Error)
      return;
    ++Errors;
    Fatal |= Level == DiagnosticsEngine::Fatal;
    llvm::SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    std::string Where;
    ParseError E;
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      report::FileLoc L = toFileLoc(Info.getLocation(), Info.getSourceManager());
      if (L.valid())
        Where = L.Path + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column) + ": ";
      E.Loc = Info.getLocation();
    }
    E.Message = Where + "error: " + std::string(Msg);
    // nvcc accepts (and warns at most about) a __shared__ variable of a class
    // with a non-trivial constructor, such as cuda::barrier: Clang keeps the
    // declaration, so the accesses around it are analysed.
    E.Tolerated = Info.getID() == diag::err_shared_var_init;
    if (First.empty())
      First = E.Message;
    if (E.Loc.isValid())
      List.push_back(std::move(E));
    else
      Fatal = true; // an error with no place in the source: trust nothing
  }
  unsigned Errors = 0;
  bool Fatal = false;
  std::string First;
  std::vector<ParseError> List;
  bool Recovered = false; ///< the kernels the errors do not reach were analysed
};

class AnalysisConsumer : public ASTConsumer {
public:
  AnalysisConsumer(const AnalysisOptions &O, TUResult &R, CompilerInstance &CI, ErrorCollector &E)
      : Opts(O), Result(R), CI(CI), Errors(E) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (CI.getDiagnostics().hasErrorOccurred()) {
      // Errors inside function bodies leave the other kernels analysable;
      // a fatal error or one outside every body does not.
      if (Errors.Fatal || Errors.List.empty())
        return;
      if (!analyzeTranslationUnit(Ctx, Opts, Result, Errors.List))
        return;
      Errors.Recovered = true;
      const SourceManager &SM = Ctx.getSourceManager();
      for (const ParseError &E : Errors.List)
        if (E.Tolerated)
          Result.Remarks.push_back({toFileLoc(E.Loc, SM),
                                    "accepted as nvcc does: " + E.Message.substr(E.Message.find("error: ") + 7) +
                                        "; Clang keeps the declaration but not the expressions that use it "
                                        "(each is a remark)"});
      return;
    }
    analyzeTranslationUnit(Ctx, Opts, Result);
  }
  const AnalysisOptions &Opts;
  TUResult &Result;
  CompilerInstance &CI;
  ErrorCollector &Errors;
};

class AnalysisAction : public ASTFrontendAction {
public:
  AnalysisAction(const AnalysisOptions &O, TUResult &R, ErrorCollector &E) : Opts(O), Result(R), Errors(E) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    return std::make_unique<AnalysisConsumer>(Opts, Result, CI, Errors);
  }
  const AnalysisOptions &Opts;
  TUResult &Result;
  ErrorCollector &Errors;
};

class ActionFactory : public tooling::FrontendActionFactory {
public:
  ActionFactory(const AnalysisOptions &O, TUResult &R, ErrorCollector &E) : Opts(O), Result(R), Errors(E) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<AnalysisAction>(Opts, Result, Errors);
  }
  const AnalysisOptions &Opts;
  TUResult &Result;
  ErrorCollector &Errors;
};

/// Wraps the user's database: each command becomes a device-only clang parse.
class DeviceDatabase : public tooling::CompilationDatabase {
public:
  DeviceDatabase(std::vector<std::string> Prefix, const tooling::CompilationDatabase *Inner,
                 std::vector<std::string> Extra, std::vector<std::string> ExtraBefore,
                 std::vector<std::string> &Notes)
      : Prefix(std::move(Prefix)), Inner(Inner), Extra(std::move(Extra)), ExtraBefore(std::move(ExtraBefore)),
        Notes(Notes) {}

  std::vector<tooling::CompileCommand> getCompileCommands(StringRef File) const override {
    std::vector<std::string> Argv;
    std::string Dir = ".";
    if (Inner) {
      auto Cmds = Inner->getCompileCommands(File);
      if (!Cmds.empty()) {
        Argv = Cmds.front().CommandLine;
        Dir = Cmds.front().Directory;
      }
    }
    if (Argv.empty())
      Argv = {"clang++", File.str()};
    Argv.insert(Argv.begin() + 1, ExtraBefore.begin(), ExtraBefore.end()); // --extra-arg-before
    for (const std::string &E : Extra)
      Argv.push_back(E);
    TranslatedCommand T = translateCompileCommand(Argv, Dir, File.str());
    for (const std::string &E : T.Errors)
      Notes.push_back(E);
    std::vector<std::string> Cmd = {"clang++"};
    Cmd.insert(Cmd.end(), Prefix.begin(), Prefix.end());
    Cmd.push_back("--cuda-gpu-arch=" + clampGpuArch(T.GpuArch ? *T.GpuArch : "sm_90"));
    Cmd.insert(Cmd.end(), T.Args.begin(), T.Args.end());
    Cmd.push_back(File.str());
    return {tooling::CompileCommand(Dir, File, Cmd, "")};
  }
  std::vector<std::string> getAllFiles() const override {
    return Inner ? Inner->getAllFiles() : std::vector<std::string>();
  }

  std::vector<std::string> Prefix;
  const tooling::CompilationDatabase *Inner;
  std::vector<std::string> Extra, ExtraBefore;
  std::vector<std::string> &Notes;
};

std::string findToolkit(const DriverOptions &Opts) {
  if (Opts.NoToolkit)
    return "";
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

/// The real file system with the built-in headers on top, served from memory.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> headerFileSystem() {
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  for (const BuiltinHeader &H : builtinHeaders())
    Memory->addFile(std::string(BuiltinDir) + "/" + H.Name, 0,
                    llvm::MemoryBuffer::getMemBuffer(H.Contents, H.Name));
  for (const BuiltinHeader &H : toolkitCompatHeaders())
    Memory->addFile(std::string(CompatDir) + "/" + H.Name, 0,
                    llvm::MemoryBuffer::getMemBuffer(H.Contents, H.Name));
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
    }
  }
  return Out;
}

bool isCudaFile(StringRef Path) {
  StringRef Ext = llvm::sys::path::extension(Path);
  return Ext == ".cu" || Ext == ".cuh";
}
} // namespace

unsigned shardOf(const std::string &Path, unsigned Count) {
  llvm::SmallString<256> P(Path), Cwd;
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, true);
  StringRef Rel = P;
  if (!llvm::sys::fs::current_path(Cwd) && Rel.starts_with(Cwd) && Rel.size() > Cwd.size() &&
      llvm::sys::path::is_separator(Rel[Cwd.size()]))
    Rel = Rel.drop_front(Cwd.size() + 1);
  // FNV-1a, 64 bits: the same split on every machine and every version.
  std::uint64_t H = 14695981039346656037ull;
  for (char C : Rel) {
    H ^= static_cast<unsigned char>(C);
    H *= 1099511628211ull;
  }
  return unsigned(H % Count) + 1;
}

bool runAnalysis(const DriverOptions &Opts, DriverResult &Result, std::string &Error) {
  std::unique_ptr<tooling::CompilationDatabase> Inner;
  if (!Opts.BuildPath.empty()) {
    std::string Why;
    Inner = tooling::JSONCompilationDatabase::loadFromDirectory(
        Opts.BuildPath, Why);
    if (!Inner) {
      Error = "cannot load compile_commands.json from '" + Opts.BuildPath + "': " + Why;
      return false;
    }
  }
  std::vector<std::string> Files = Opts.Files;
  if (Files.empty() && Inner)
    for (const std::string &F : Inner->getAllFiles())
      if (isCudaFile(F))
        Files.push_back(F);
  if (Files.empty()) {
    Error = Inner ? "no CUDA source (.cu, .cuh) in the compilation database" : "no input files";
    return false;
  }
  std::vector<std::string> OtherShards; // for their launches only
  if (!Opts.Shard.empty()) {
    unsigned I = 0, N = 0;
    StringRef T = Opts.Shard, A, B;
    std::tie(A, B) = T.split('/');
    if (A.getAsInteger(10, I) || B.getAsInteger(10, N) || N == 0 || I == 0 || I > N) {
      Error = "--shard takes I/N with 1 <= I <= N, got '" + Opts.Shard + "'";
      return false;
    }
    std::vector<std::string> Mine;
    for (std::string &F : Files)
      (shardOf(F, N) == I ? Mine : OtherShards).push_back(std::move(F));
    Files = std::move(Mine);
    if (Files.empty()) {
      Result.ToolkitUsed = "none needed";
      return true; // an empty shard: nothing to report
    }
  }

  std::vector<std::string> Prefix = {"-x", "cuda", "--cuda-device-only", "-fsyntax-only",
                                     "-resource-dir=" BANKCHECK_CLANG_RESOURCE_DIR,
                                     "-Wno-unknown-cuda-version", "-w", "-fno-caret-diagnostics",
                                     // nvcc's front end parses 20,000 nested parentheses; clang stops
                                     // at 256. The parse runs on a 512 MiB stack (robustness.md).
                                     "-fbracket-depth=20000"};
  std::string Toolkit = findToolkit(Opts);
  if (!Toolkit.empty()) {
    Prefix.push_back("--cuda-path=" + Toolkit);
    Prefix.push_back("-isystem");
    Prefix.push_back(CompatDir);
    Prefix.push_back("-include");
    Prefix.push_back("bankcheck_compat.h");
    llvm::SmallString<256> Cccl(Toolkit);
    llvm::sys::path::append(Cccl, "include", "cccl");
    if (llvm::sys::fs::is_directory(Cccl)) {
      Prefix.push_back("-isystem");
      Prefix.push_back(std::string(Cccl));
    }
    Result.ToolkitUsed = Toolkit;
  } else {
    for (const char *A : {"-nocudainc", "-nocudalib", "-isystem", BuiltinDir, "-include",
                          "bankcheck_cuda_prelude.h", "-include", "bankcheck_compat.h"})
      Prefix.push_back(A);
    Result.ToolkitUsed = "built-in headers";
  }

  // Header trees read as they are (CompatFileSystem.h).
  std::vector<std::string> SystemDirs = {BANKCHECK_CLANG_RESOURCE_DIR "/", "/usr/include/", "/usr/lib/",
                                         std::string(BuiltinDir) + "/", std::string(CompatDir) + "/"};
  if (!Toolkit.empty()) {
    SystemDirs.push_back(Toolkit + "/");
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::real_path(Toolkit, Real))
      SystemDirs.push_back(std::string(Real) + "/");
  }
  std::vector<std::string> DbNotes;
  DeviceDatabase Db(Prefix, Inner.get(), Opts.ExtraArgs, Opts.ExtraArgsBefore, DbNotes); // for --print-clang-command
  AnalysisOptions AOpts;
  AOpts.BlockDim = Opts.BlockDim;
  AOpts.Widths = Opts.Widths;
  AOpts.RecordedPtx = Opts.Ptx;
  if (Opts.Widths != "source" && Opts.Widths != "rule" && Opts.Ptx.empty()) {
    // The device compiler whose PTX decides merged widths: --nvcc, the
    // toolkit's, or nvcc on PATH.
    if (!Opts.Nvcc.empty()) {
      AOpts.Nvcc = Opts.Nvcc;
    } else {
      llvm::SmallString<256> N(Toolkit);
      llvm::sys::path::append(N, "bin", "nvcc");
      if (!Toolkit.empty() && llvm::sys::fs::can_execute(N))
        AOpts.Nvcc = std::string(N);
      else if (auto P = llvm::sys::findProgramByName("nvcc"))
        AOpts.Nvcc = *P;
    }
  }

  if (Opts.PrintCommands) {
    for (const std::string &File : Files)
      for (const tooling::CompileCommand &C : Db.getCompileCommands(File)) {
        std::string Line;
        for (const std::string &A : C.CommandLine)
          Line += (Line.empty() ? "" : " ") + A;
        llvm::outs() << Line << "\n";
      }
    return true;
  }

  // One file: its status, findings and remarks. Each file gets its own
  // database wrapper, file system and diagnostics, so files run in parallel.
  struct PerFile {
    report::FileStatus Status;
    TUResult TU;
    std::vector<std::string> Notes;
  };
  auto AnalyzeOne = [&](const std::string &File, PerFile &Out, const ProjectLaunches *FromProject,
                        bool LaunchesOnly) {
    Out.Status.Path = File;
    if (!llvm::sys::fs::exists(File)) {
      Out.Status.Ok = false;
      Out.Status.Error = File + ": error: no such file";
      return;
    }
    if (llvm::sys::fs::is_directory(File)) {
      Out.Status.Ok = false;
      Out.Status.Error = File + ": error: is a directory";
      return;
    }
    AnalysisOptions FileOpts = AOpts;
    FileOpts.File = File;
    FileOpts.FromProject = FromProject;
    FileOpts.LaunchesOnly = LaunchesOnly;
    if (LaunchesOnly)
      FileOpts.Nvcc.clear();
    if (!FileOpts.Nvcc.empty())
      FileOpts.NvccArgs = nvccArgsOf(Db.getCompileCommands(File));
    std::string ConfigError;
    if (!configForFile(File, FileOpts.FileConfig, ConfigError)) {
      Out.Status.Ok = false;
      Out.Status.Error = ConfigError;
      return;
    }
    DeviceDatabase Db(Prefix, Inner.get(), Opts.ExtraArgs, Opts.ExtraArgsBefore, Out.Notes);
    ErrorCollector Diags;
    auto Compat = std::make_shared<CompatLog>();
    tooling::ClangTool Tool(Db, {File}, std::make_shared<PCHContainerOperations>(),
                            nvccCompatFileSystem(headerFileSystem(), Compat, SystemDirs));
    Tool.setDiagnosticConsumer(&Diags);
    Tool.setPrintErrorMessage(false);
    ActionFactory Factory(FileOpts, Out.TU, Diags);
    int RC = Tool.run(&Factory);
    bool OnlyTolerated = Diags.Recovered && std::all_of(Diags.List.begin(), Diags.List.end(),
                                                         [](const ParseError &E) { return E.Tolerated; });
    if (!OnlyTolerated && (Diags.Errors > 0 || RC != 0)) {
      // The file is in error (exit status 2) even when the kernels that its
      // errors do not reach were analysed (Recovered): their findings stay.
      Out.Status.Ok = false;
      std::string First;
      for (const ParseError &E : Diags.List)
        if (!E.Tolerated && First.empty())
          First = E.Message;
      if (First.empty())
        First = Diags.First;
      Out.Status.Error = First.empty() ? File + ": error: the file could not be parsed" : First;
      if (Diags.Recovered)
        Out.Status.Error += " (the kernels this error does not reach are analysed)";
    }
    for (report::Note &N : Compat->Edits)
      Out.TU.Remarks.push_back(std::move(N));
  };

  // The project's other files: with -p and named files, the database's
  // other CUDA files are read for their launches only.
  std::vector<std::string> Others = OtherShards;
  if (Inner && !Opts.Files.empty()) {
    std::set<std::string> Named;
    std::vector<std::string> Seen = Files;
    Seen.insert(Seen.end(), OtherShards.begin(), OtherShards.end());
    for (const std::string &F : Seen) {
      llvm::SmallString<256> P(F);
      llvm::sys::fs::make_absolute(P);
      llvm::sys::path::remove_dots(P, true);
      Named.insert(std::string(P));
    }
    for (const std::string &F : Inner->getAllFiles()) {
      llvm::SmallString<256> P(F);
      llvm::sys::path::remove_dots(P, true);
      if (isCudaFile(F) && !Named.count(std::string(P)))
        Others.push_back(F);
    }
  }
  AOpts.InProject = Files.size() + Others.size() > 1;
  std::vector<PerFile> Results(Files.size());
  std::vector<PerFile> OtherResults(Others.size());
  unsigned Jobs = std::max(1u, Opts.Jobs ? Opts.Jobs : std::thread::hardware_concurrency());
  std::mutex ProgressLock;
  bool Progress = Opts.Progress && Files.size() > 1;
  // A crash inside Clang or the analysis of one file is caught, reported as
  // that file's error, and the other files go on.
  llvm::CrashRecoveryContext::Enable();
  auto RunAll = [&](std::size_t Count, const std::function<void(std::size_t)> &Job,
                    const std::function<std::string(std::size_t)> &Name, bool Show) {
    std::atomic<std::size_t> Next{0}, Done{0};
    auto Worker = [&] {
      for (std::size_t I; (I = Next++) < Count;) {
        Job(I);
        std::size_t D = ++Done;
        if (Progress && Show) {
          std::lock_guard<std::mutex> G(ProgressLock);
          llvm::errs() << "[" << D << "/" << Count << "] " << Name(I) << "\n";
        }
      }
    };
    std::vector<std::thread> Threads;
    for (unsigned J = 1; J < std::min<std::size_t>(Jobs, Count); ++J)
      Threads.emplace_back(Worker);
    Worker();
    for (std::thread &T : Threads)
      T.join();
  };
  auto Safely = [&](const std::string &File, PerFile &Slot, const ProjectLaunches *FromProject, bool LaunchesOnly) {
    llvm::CrashRecoveryContext CRC;
    PerFile Fresh;
    // On a thread with a large stack: deeply nested source recurses deeply
    // in Clang's parser and in the walker.
    if (!CRC.RunSafelyOnThread([&] { AnalyzeOne(File, Fresh, FromProject, LaunchesOnly); }, 512u << 20)) {
      Fresh = PerFile();
      Fresh.Status.Path = File;
      Fresh.Status.Ok = false;
      Fresh.Status.Error = File + ": error: internal error: bankcheck crashed while analysing "
                                  "this file; the other files are analysed (please report it)";
    }
    Slot = std::move(Fresh);
  };
  RunAll(
      Files.size(), [&](std::size_t I) { Safely(Files[I], Results[I], nullptr, false); },
      [&](std::size_t I) { return Files[I]; }, true);
  RunAll(
      Others.size(), [&](std::size_t I) { Safely(Others[I], OtherResults[I], nullptr, true); },
      [&](std::size_t I) { return Others[I]; }, false);
  // Kernels launched from other files of the project with other shapes: their
  // files again, with those launches.
  if (Files.size() + Others.size() > 1) {
    std::vector<const ProjectFacts *> All;
    for (const PerFile &P : Results)
      All.push_back(&P.TU.Facts);
    for (const PerFile &P : OtherResults)
      All.push_back(&P.TU.Facts);
    std::vector<ProjectLaunches> Extra(Files.size());
    std::vector<std::size_t> Again;
    for (std::size_t I = 0; I < Files.size(); ++I) {
      Extra[I] = launchesFromElsewhere(Results[I].TU.Facts, All);
      if (!Extra[I].empty())
        Again.push_back(I);
    }
    RunAll(
        Again.size(), [&](std::size_t J) { Safely(Files[Again[J]], Results[Again[J]], &Extra[Again[J]], false); },
        [&](std::size_t J) { return Files[Again[J]]; }, false);
  }

  // Merge in input order: the output does not depend on scheduling.
  for (PerFile &P : Results) {
    for (std::string &N : P.Notes)
      Result.Remarks.push_back({report::FileLoc(), N});
    if (P.Status.Ok || !P.TU.Findings.empty() || P.TU.Kernels) {
      Result.Kernels += P.TU.Kernels;
      Result.Coverage += P.TU.Coverage;
      for (report::Finding &F : P.TU.Findings)
        Result.Findings.push_back(std::move(F));
      for (report::Note &N : P.TU.Remarks)
        Result.Remarks.push_back(std::move(N));
      if (P.TU.Kernels == 0 && P.Status.Ok)
        Result.Remarks.push_back({report::FileLoc(), P.Status.Path + ": no __global__ function to analyse"});
    }
    Result.Files.push_back(P.Status);
  }
  // Arrays of headers used by several files: one padding for all of them.
  if (AOpts.InProject) {
    std::vector<const ProjectFacts *> All;
    std::vector<std::string> Names;
    for (const PerFile &P : Results) {
      All.push_back(&P.TU.Facts);
      Names.push_back(P.Status.Path);
    }
    choosePaddings(Result.Findings, All, Names);
    // Fix-its that grow a kernel's launch sizes: its launches in the other
    // files grow too, or there is no fix-it.
    std::vector<fix::FileLaunchSizes> Sizes;
    for (const PerFile &P : Results)
      Sizes.push_back({P.Status.Ok, &P.TU.Facts.LaunchSizes, &P.TU.Facts.RowsFixes});
    for (const PerFile &P : OtherResults)
      Sizes.push_back({false, &P.TU.Facts.LaunchSizes, nullptr});
    fix::extendRowsFixes(Result.Findings, Sizes);
    // A header template instantiated in another file of the project is not
    // "never instantiated".
    std::set<std::string> Instantiated;
    for (const report::Finding &F : Result.Findings)
      Instantiated.insert(F.Kernel.substr(0, F.Kernel.find('<')));
    llvm::erase_if(Result.Remarks, [&](const report::Note &N) {
      StringRef M = N.Message;
      return M.consume_front("template kernel '") && M.ends_with("' is never instantiated in this file; not analysed") &&
             Instantiated.count(M.take_until([](char C) { return C == '\''; }).str());
    });
  }
  return true;
}

} // namespace bankcheck::frontend

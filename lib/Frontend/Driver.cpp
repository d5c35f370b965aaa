//===- Driver.cpp - Parse the inputs with Clang and analyse them ----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/Driver.h"
#include "Frontend/BuiltinHeaders.h"
#include "Frontend/CompileFlags.h"
#include "Frontend/KernelWalker.h"
#include "Frontend/CommandVariants.h"
#include "Frontend/DeviceCommands.h"
#include "Frontend/ParseAction.h"
#include "Frontend/Preamble.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/PreprocessorOptions.h"
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

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#ifndef BANKCHECK_CLANG_RESOURCE_DIR
#define BANKCHECK_CLANG_RESOURCE_DIR "/usr/lib/llvm-19/lib/clang/19"
#endif

namespace bankcheck::frontend {

using namespace clang;

namespace {
constexpr const char *BuiltinDir = BuiltinHeaderDir;
constexpr const char *CompatDir = CompatHeaderDir;

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
                                         std::string(BuiltinDir) + "/", std::string(CompatDir) + "/",
                                         std::string(PreambleDir) + "/"};
  // With the built-in headers an installed toolkit is still read: the driver
  // takes the version from its cuda.h (1 MiB, never parsed as source).
  if (std::string Installed = Toolkit.empty() ? installedToolkit(Opts) : Toolkit; !Installed.empty()) {
    SystemDirs.push_back(Installed + "/");
    llvm::SmallString<256> Real;
    if (!llvm::sys::fs::real_path(Installed, Real))
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
      for (const tooling::CompileCommand &C : Db.variantsOf(File)) { // each distinct command
        std::string Line;
        for (const std::string &A : C.CommandLine)
          Line += (Line.empty() ? "" : " ") + A;
        llvm::outs() << Line << "\n";
      }
    return true;
  }

  Preambles Pre; // built below, once the files to parse are known

  // One file: its status, findings and remarks. Each file gets its own
  // database wrapper, file system and diagnostics, so files run in parallel.
  struct PerFile {
    report::FileStatus Status;
    TUResult TU;
    std::vector<std::string> Notes;
  };
  // A file under one of its distinct compile commands (DeviceCommands.h).
  struct Unit {
    std::string File;
    unsigned Variant = 0;
    std::string Label; ///< empty when the file has one command
  };
  auto AnalyzeOne = [&](const Unit &U, PerFile &Out, const ProjectLaunches *FromProject, bool LaunchesOnly) {
    const std::string &File = U.File;
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
    if (!FileOpts.Nvcc.empty()) {
      std::vector<std::string> Unused; // the parse below reports them
      FileOpts.NvccArgs =
          DeviceDatabase(Prefix, Inner.get(), Opts.ExtraArgs, Opts.ExtraArgsBefore, Unused, nullptr, U.Variant)
              .nvccArgs(File);
    }
    std::string ConfigError;
    if (!configForFile(File, FileOpts.FileConfig, ConfigError)) {
      Out.Status.Ok = false;
      Out.Status.Error = ConfigError;
      return;
    }
    DeviceDatabase Db(Prefix, Inner.get(), Opts.ExtraArgs, Opts.ExtraArgsBefore, Out.Notes, &Pre, U.Variant);
    ErrorCollector Diags;
    auto Compat = std::make_shared<CompatLog>();
    auto Parse = [&](std::shared_ptr<const TemplateKeywordPlaces> Keywords) {
      tooling::ClangTool Tool(Db, {File}, std::make_shared<PCHContainerOperations>(),
                              nvccCompatFileSystem(headerFileSystem(Pre), Compat, SystemDirs, std::move(Keywords)));
      Tool.setDiagnosticConsumer(&Diags);
      Tool.setPrintErrorMessage(false);
      ActionFactory Factory(FileOpts, Out.TU, Diags);
      return Tool.run(&Factory);
    };
    const std::size_t NotesBefore = Out.Notes.size();
    int RC = Parse(nullptr);
    // Members of dependent types named without `template`, which nvcc
    // accepts: the file is read again with the keyword where Clang said (and
    // its errors are those of that reading, even where the first stopped at
    // Clang's limit of errors).
    if (!Diags.TemplateKeywords.empty()) {
      auto Keywords = std::make_shared<const TemplateKeywordPlaces>(std::move(Diags.TemplateKeywords));
      Diags = ErrorCollector();
      Compat = std::make_shared<CompatLog>();
      Out.TU = TUResult();
      Out.Notes.resize(NotesBefore); // the command's notes, once
      RC = Parse(std::move(Keywords));
    }
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
      if (!U.Label.empty())
        Out.Status.Error += " (under " + U.Label + ")";
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
  auto UnitsOf = [&](const std::vector<std::string> &List) {
    std::vector<Unit> Out;
    std::vector<std::string> Unused;
    DeviceDatabase Plain(Prefix, Inner.get(), Opts.ExtraArgs, Opts.ExtraArgsBefore, Unused);
    for (const std::string &F : List) {
      std::vector<tooling::CompileCommand> V = Plain.variantsOf(F);
      for (unsigned I = 0; I < V.size(); ++I)
        Out.push_back({F, I, V.size() > 1 ? variantLabel(V, I) : ""});
    }
    return Out;
  };
  std::vector<Unit> Units = UnitsOf(Files), OtherUnits = UnitsOf(Others);
  AOpts.InProject = Units.size() + OtherUnits.size() > 1;
  std::vector<PerFile> Results(Units.size());
  std::vector<PerFile> OtherResults(OtherUnits.size());
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
  auto Safely = [&](const Unit &U, PerFile &Slot, const ProjectLaunches *FromProject, bool LaunchesOnly) {
    const std::string &File = U.File;
    llvm::CrashRecoveryContext CRC;
    PerFile Fresh;
    // On a thread with a large stack: deeply nested source recurses deeply
    // in Clang's parser and in the walker.
    if (!CRC.RunSafelyOnThread([&] { AnalyzeOne(U, Fresh, FromProject, LaunchesOnly); }, 512u << 20)) {
      Fresh = PerFile();
      Fresh.Status.Path = File;
      Fresh.Status.Ok = false;
      Fresh.Status.Error = File + ": error: internal error: bankcheck crashed while analysing "
                                  "this file; the other files are analysed (please report it)";
    }
    Slot = std::move(Fresh);
  };
  // The injected headers, precompiled once per flag set that is parsed more
  // than once (Preamble.h).
  if (Opts.Preamble != "never") {
    std::vector<std::string> Unused;
    for (const std::vector<Unit> *List : {&Units, &OtherUnits})
      for (const Unit &U : *List)
        if (llvm::sys::fs::is_regular_file(U.File))
          for (const tooling::CompileCommand &C :
               DeviceDatabase(Prefix, Inner.get(), Opts.ExtraArgs, Opts.ExtraArgsBefore, Unused, nullptr, U.Variant)
                   .getCompileCommands(U.File))
            Pre.count(C);
    std::vector<std::string> Keys = Pre.worthBuilding(Opts.Preamble == "always" ? 1 : 2);
    Preambles None;
    auto Files = [&] { return nvccCompatFileSystem(headerFileSystem(None), std::make_shared<CompatLog>(), SystemDirs); };
    RunAll(
        Keys.size(),
        [&](std::size_t I) {
          std::string Why;
          llvm::CrashRecoveryContext CRC;
          bool Ok = false;
          CRC.RunSafelyOnThread([&] { Ok = Pre.build(Keys[I], Files, Why); }, 512u << 20);
          if (!Ok && Opts.Verbose)
            llvm::errs() << "bankcheck: no preamble for one flag set: " << Why << "\n";
        },
        [&](std::size_t) { return std::string(); }, false);
    if (Opts.Verbose)
      llvm::errs() << "bankcheck: " << Pre.built() << " precompiled preamble(s)\n";
  }
  RunAll(
      Units.size(), [&](std::size_t I) { Safely(Units[I], Results[I], nullptr, false); },
      [&](std::size_t I) { return Units[I].File; }, true);
  RunAll(
      OtherUnits.size(), [&](std::size_t I) { Safely(OtherUnits[I], OtherResults[I], nullptr, true); },
      [&](std::size_t I) { return OtherUnits[I].File; }, false);
  // The header arrays of the files analysed: the project's other files (other
  // shards, files not named) that read such a header are analysed too, for
  // their padding tables (their findings are not reported).
  std::vector<std::size_t> Users;
  if (AOpts.InProject) {
    std::set<std::string> ArrayHeaders;
    for (const PerFile &P : Results)
      for (const auto &[Key, T] : P.TU.Facts.Paddings)
        ArrayHeaders.insert(Key.substr(0, Key.rfind(':')));
    for (std::size_t I = 0; I < OtherUnits.size(); ++I)
      if (llvm::any_of(OtherResults[I].TU.Facts.Headers, [&](const std::string &H) { return ArrayHeaders.count(H); }))
        Users.push_back(I);
    RunAll(
        Users.size(), [&](std::size_t J) { Safely(OtherUnits[Users[J]], OtherResults[Users[J]], nullptr, false); },
        [&](std::size_t J) { return OtherUnits[Users[J]].File; }, false);
  }
  // Kernels launched from other files of the project with other shapes: their
  // files again, with those launches.
  if (AOpts.InProject) {
    std::vector<const ProjectFacts *> All;
    for (const PerFile &P : Results)
      All.push_back(&P.TU.Facts);
    for (const PerFile &P : OtherResults)
      All.push_back(&P.TU.Facts);
    std::vector<ProjectLaunches> Extra(Units.size());
    std::vector<std::size_t> Again;
    for (std::size_t I = 0; I < Units.size(); ++I) {
      // Not from the same file under its other commands: those are other
      // builds of it.
      std::vector<const ProjectFacts *> Elsewhere;
      for (std::size_t K = 0; K < All.size(); ++K)
        if (K >= Units.size() || K == I || Units[K].File != Units[I].File)
          Elsewhere.push_back(All[K]);
      Extra[I] = launchesFromElsewhere(Results[I].TU.Facts, Elsewhere);
      if (!Extra[I].empty())
        Again.push_back(I);
    }
    std::vector<ProjectLaunches> ExtraOther(Users.size());
    std::vector<std::size_t> AgainOther;
    for (std::size_t J = 0; J < Users.size(); ++J) {
      ExtraOther[J] = launchesFromElsewhere(OtherResults[Users[J]].TU.Facts, All);
      if (!ExtraOther[J].empty())
        AgainOther.push_back(J);
    }
    RunAll(
        Again.size(), [&](std::size_t J) { Safely(Units[Again[J]], Results[Again[J]], &Extra[Again[J]], false); },
        [&](std::size_t J) { return Units[Again[J]].File; }, false);
    RunAll(
        AgainOther.size(),
        [&](std::size_t J) {
          std::size_t K = AgainOther[J];
          Safely(OtherUnits[Users[K]], OtherResults[Users[K]], &ExtraOther[K], false);
        },
        [&](std::size_t J) { return OtherUnits[Users[AgainOther[J]]].File; }, false);
  }

  // Merge in input order: the output does not depend on scheduling. A file
  // analysed under several commands: its findings merged (CommandVariants.h).
  // (The facts stay: the paddings below are chosen against each command's.)
  auto Take = [](PerFile &P) {
    PerFile M;
    M.Status = P.Status;
    M.Notes = std::move(P.Notes);
    M.TU.Findings = std::move(P.TU.Findings);
    M.TU.Remarks = std::move(P.TU.Remarks);
    M.TU.Kernels = P.TU.Kernels;
    M.TU.Coverage = P.TU.Coverage;
    return M;
  };
#if defined(__GLIBC__)
  // Every AST is gone: give its freed heap back to the system before the
  // findings are gathered into one vector, so that the report's memory adds to
  // what the findings need, not to the parse's high-water mark.
  malloc_trim(0);
#endif
  std::vector<PerFile> Merged;
  for (std::size_t I = 0, J; I < Units.size(); I = J) {
    for (J = I + 1; J < Units.size() && Units[J].File == Units[I].File && Units[J].Variant > 0;)
      ++J;
    PerFile M = Take(Results[I]);
    if (J == I + 1) {
      Merged.push_back(std::move(M));
      continue;
    }
    auto listOf = [](report::FindingList &L) {
      return std::vector<report::Finding>(std::make_move_iterator(L.begin()), std::make_move_iterator(L.end()));
    };
    std::vector<std::vector<report::Finding>> Findings = {listOf(M.TU.Findings)};
    std::vector<std::vector<report::Note>> Remarks = {std::move(M.TU.Remarks)};
    std::vector<std::string> Labels = {Units[I].Label};
    for (std::size_t K = I + 1; K < J; ++K) {
      PerFile &P = Results[K];
      Findings.push_back(listOf(P.TU.Findings));
      Remarks.push_back(std::move(P.TU.Remarks));
      Labels.push_back(Units[K].Label);
      M.Notes.insert(M.Notes.end(), P.Notes.begin(), P.Notes.end());
      M.TU.Kernels = std::max(M.TU.Kernels, P.TU.Kernels);
      if (M.Status.Ok && !P.Status.Ok)
        M.Status = P.Status;
    }
    std::vector<report::Finding> One = mergeCommandVariants(std::move(Findings), Labels);
    M.TU.Findings.assign(std::make_move_iterator(One.begin()), std::make_move_iterator(One.end()));
    M.TU.Remarks = mergeCommandRemarks(std::move(Remarks));
    Merged.push_back(std::move(M));
  }
  for (PerFile &P : Merged) {
    for (std::string &N : P.Notes)
      Result.Remarks.push_back({report::FileLoc(), N});
    if (P.Status.Ok || !P.TU.Findings.empty() || P.TU.Kernels) {
      Result.Kernels += P.TU.Kernels;
      Result.Coverage += P.TU.Coverage;
      Result.Findings.reserve(Result.Findings.size() + P.TU.Findings.size());
      for (report::Finding &F : P.TU.Findings)
        Result.Findings.push_back(std::move(F));
      P.TU.Findings = {};
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
    for (std::size_t I = 0; I < Units.size(); ++I) {
      All.push_back(&Results[I].TU.Facts);
      Names.push_back(Units[I].File + (Units[I].Label.empty() ? "" : " (" + Units[I].Label + ")"));
    }
    for (std::size_t I : Users) {
      All.push_back(&OtherResults[I].TU.Facts);
      Names.push_back(OtherUnits[I].File + (OtherUnits[I].Label.empty() ? "" : " (" + OtherUnits[I].Label + ")"));
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

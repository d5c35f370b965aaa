//===- bankcheck.cpp - The bankcheck command ------------------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// bankcheck [options] <file>... [-- <compiler args>]
/// Options, choice of reporter and exit status; the work is in lib/.
///   exit 0: no conflict; 1: at least one conflict or out-of-bounds access;
///   2: bad usage, or a file
///   could not be analysed (the others still are).
//===----------------------------------------------------------------------===//
#include "Fix/FixRun.h"
#include "Frontend/Config.h"
#include "Frontend/Driver.h"
#include "Frontend/ExportFixes.h"
#include "Frontend/LaunchConfigs.h"
#include "Report/BankMap.h"
#include "Report/Html.h"
#include "Report/Reporters.h"
#include "Report/Sarif.h"
#include "Report/CheckSelection.h"
#include "Report/Triage.h"
#include "DryRunDiff.h"
#include "TidyOptions.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <set>
#include <tuple>

#ifdef BANKCHECK_MIMALLOC
#include <mimalloc.h>
#endif

#ifndef BANKCHECK_DOCS_URL
#define BANKCHECK_DOCS_URL ""
#endif
#ifndef BANKCHECK_VERSION
#define BANKCHECK_VERSION "0.0.0"
#endif

using namespace llvm;
using namespace bankcheck;

static cl::OptionCategory &Category = tool::bankcheckCategory();
static cl::list<std::string> Inputs(cl::Positional, cl::desc("<file>..."), cl::cat(Category));
static cl::opt<std::string> BuildPath("p", cl::desc("Directory holding compile_commands.json"),
                                      cl::value_desc("build-dir"), cl::cat(Category));
static cl::opt<std::string> Widths(
    "widths",
    cl::desc("Access widths: 'auto' (default: where a conflict could change, the widths nvcc's -O3 PTX "
             "gives, when nvcc is found, then what ptxas merges after it), 'source' (as written), 'nvcc' "
             "(always ask nvcc), 'rule' (only the ptxas rule, no nvcc)"),
    cl::init("auto"), cl::cat(Category));
static cl::opt<std::string> NvccPath("nvcc", cl::desc("nvcc to compile with for --widths (default: the "
                                                      "toolkit's bin/nvcc, then nvcc on PATH)"),
                                     cl::value_desc("path"), cl::cat(Category));
static cl::opt<std::string> PtxFile("ptx", cl::desc("Take the merged widths from this PTX file (written by "
                                                    "nvcc -ptx -O3 -lineinfo for the input file) instead of "
                                                    "running nvcc"),
                                    cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> CudaPath("cuda-path",
                                     cl::desc("CUDA toolkit to parse with (default: $CUDA_PATH, "
                                              "/usr/local/cuda, else the built-in headers)"),
                                     cl::value_desc("dir"), cl::cat(Category));
static cl::opt<bool> NoToolkit("no-cuda-toolkit",
                               cl::desc("Parse with the built-in CUDA headers even when a toolkit is installed"),
                               cl::cat(Category));
static cl::opt<std::string> BlockDim("block-dim",
                                     cl::desc("Block shape X[,Y[,Z]] for kernels with no launch "
                                              "or annotation in the file"),
                                     cl::value_desc("x,y,z"), cl::cat(Category));
enum class Format { Text, Json, Sarif, Html };
static cl::opt<Format> OutFormat("format", cl::desc("Output format"),
                                 cl::values(clEnumValN(Format::Text, "text", "clang-style diagnostics"),
                                            clEnumValN(Format::Json, "json", "every access, see docs/json-format.md"),
                                            clEnumValN(Format::Sarif, "sarif", "SARIF 2.1.0, for code scanning"),
                                            clEnumValN(Format::Html, "html", "one self-contained HTML page with bank maps")),
                                 cl::init(Format::Text), cl::cat(Category));
enum class ColorMode { Auto, Always, Never };
// ValueOptional: `--color-output file.cu` is `--color-output=always file.cu`.
static cl::opt<ColorMode> Color("color-output", cl::desc("Color in text output (alone: always)"),
                                cl::values(clEnumValN(ColorMode::Auto, "auto", "when stdout is a terminal"),
                                           clEnumValN(ColorMode::Always, "always", ""),
                                           clEnumValN(ColorMode::Always, "", ""),
                                           clEnumValN(ColorMode::Never, "never", "")),
                                cl::ValueOptional, cl::init(ColorMode::Auto), cl::cat(Category));
static cl::opt<bool> HideUnknown("hide-unknown",
                                 cl::desc("Do not print remarks for accesses that cannot be decided"),
                                 cl::cat(Category));
static cl::opt<bool> Fix("fix", cl::desc("Apply the padding fix-its to the source files"),
                         cl::cat(Category));
static cl::opt<bool> FixDryRun("fix-dry-run",
                               cl::desc("Print the fix-its as a unified diff; change nothing"),
                               cl::cat(Category));
static cl::opt<std::string> ExportFixesTo(
    "export-fixes",
    cl::desc("Write the fix-its to <file> in the YAML format of clang-apply-replacements"),
    cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool> PrintCommands("print-clang-command",
                                   cl::desc("Print the Clang command used for each file and exit"),
                                   cl::cat(Category));
static cl::opt<unsigned> Jobs("j", cl::desc("Files analysed in parallel (default: one per core); -j4 or -j 4"),
                              cl::value_desc("N"), cl::init(0), cl::Prefix, cl::cat(Category));
static cl::opt<std::string> SarifBase(
    "sarif-base-dir",
    cl::desc("SARIF: file URIs are made relative to <dir> (uriBaseId SRCROOT); default: the current directory"),
    cl::value_desc("dir"), cl::cat(Category));
static cl::opt<std::string> SarifHelpBase(
    "sarif-help-base",
    cl::desc("SARIF: each rule's helpUri is <url>/<check>.md (default: the docs/checks folder bankcheck was "
             "built from, as a file:// URI; CI sets its repository's docs/checks URL)"),
    cl::value_desc("url"), cl::init(BANKCHECK_DOCS_URL), cl::cat(Category));
static cl::opt<bool> SarifUnknown("sarif-unknown",
                                  cl::desc("SARIF: also write undecided accesses (kind 'review'); by default "
                                           "they are left out of uploads"),
                                  cl::cat(Category));
static cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Regular expression: findings in headers are reported only when the header's path "
             "matches (findings in the named source files always are); default: every header"),
    cl::init(".*"), cl::cat(Category));
static cl::opt<unsigned> MinDegree("min-degree",
                                   cl::desc("Report conflicts of at least this degree (default 2, "
                                            "or MinDegree from .bankcheck.yaml)"),
                                   cl::value_desc("N"), cl::cat(Category));
static cl::opt<std::string> FailOn("fail-on",
                                   cl::desc("Exit 1 on: conflict (default; also out-of-bounds accesses), possible, never "
                                            "(or FailOn from .bankcheck.yaml)"),
                                   cl::value_desc("level"), cl::cat(Category));
static cl::opt<bool> DumpConfig("dump-config",
                                cl::desc("Print the configuration that applies to the first input "
                                         "file (or the current directory) and exit"),
                                cl::cat(Category));
static cl::opt<std::string> OutputFile("o", cl::desc("Write the report to <file> instead of standard output"),
                                       cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool> Explain("explain",
                             cl::desc("Draw the worst warp's bank map under each finding (and after "
                                      "the suggested padding)"),
                             cl::cat(Category));
static cl::opt<std::string> Shard("shard", cl::desc("Analyse shard I of N of the files (a stable split, for CI matrices)"),
                                  cl::value_desc("I/N"), cl::cat(Category));
static cl::opt<std::string> Preamble("preamble",
                                     cl::desc("Parse the CUDA headers once per set of flags, precompiled in "
                                              "memory: auto (where several files share the flags), always, "
                                              "never"),
                                     cl::value_desc("auto|always|never"), cl::init("auto"), cl::cat(Category));
static cl::opt<bool> Quiet("quiet", cl::desc("No summary line on stderr"), cl::cat(Category));

int main(int argc, const char **argv) {
#ifdef BANKCHECK_MIMALLOC
  // Memory freed goes back to the system at once, not after mimalloc's
  // default delay: peak memory stays at the C library allocator's
  // (bench/README.md, "The allocator").
  mi_option_set(mi_option_decommit_delay, 0);
#endif
  // Split at `--`: what follows goes to the compiler.
  std::vector<const char *> Own;
  std::vector<std::string> Extra;
  bool HaveExtra = false;
  for (int I = 0; I < argc; ++I) {
    if (!HaveExtra && I > 0 && StringRef(argv[I]) == "--") {
      HaveExtra = true;
      continue;
    }
    if (HaveExtra)
      Extra.push_back(argv[I]);
    else
      Own.push_back(argv[I]);
  }
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "bankcheck " << BANKCHECK_VERSION << " (Clang/LLVM " LLVM_VERSION_STRING ")\n";
  });
  if (!cl::ParseCommandLineOptions(int(Own.size()), Own.data(),
                                   "bankcheck: finds shared-memory bank conflicts in CUDA kernels\n\n"
                                   "  bankcheck [options] <file>... [-- <compiler args>]\n"
                                   "  bankcheck -p <build-dir> [<file>...]\n\n"
                                   "Exit status: 0 no conflict, 1 a conflict was found, 2 bad usage "
                                   "or a file could not be analysed.\n",
                                   &errs()))
    return 2;

  // clang-tidy's options (TidyOptions.h); those that only inform exit here.
  tool::TidySettings Tidy;
  {
    std::string Err;
    if (!tool::resolveTidyOptions(Tidy, Err)) {
      errs() << "bankcheck: error: " << Err << "\n";
      return 2;
    }
  }
  std::vector<std::string> EnabledChecks = tool::enabledChecks(Tidy);
  if (Tidy.VerifyConfig) {
    for (const std::string &P : Tidy.Problems)
      errs() << P << " [-verify-config]\n";
    if (EnabledChecks.empty())
      errs() << "bankcheck: error: no checks enabled\n";
    if (!Tidy.Problems.empty() || EnabledChecks.empty())
      return 1;
    outs() << "No config errors detected.\n";
    return 0;
  }
  if (Tidy.ListChecks) {
    outs() << "Enabled checks:";
    for (const std::string &C : EnabledChecks)
      outs() << "\n    " << C;
    outs() << "\n\n";
    return 0;
  }
  if (Tidy.ExplainConfig) {
    for (const std::string &C : EnabledChecks)
      outs() << "'" << C << "' is enabled in " << Tidy.ChecksFrom << ".\n";
    return 0;
  }
  if (EnabledChecks.empty() && !Tidy.AllowNoChecks) {
    errs() << "bankcheck: error: no checks enabled (--checks='" << Tidy.Checks
           << "'); --allow-no-checks runs without any\n";
    return 2;
  }

  // The configuration of the first input file (or of the current directory)
  // sets the options that apply to the whole run; the command line wins.
  frontend::Config RunConfig;
  {
    // Without inputs (-p build): as for a file in the current directory.
    std::string Where = Inputs.empty() ? std::string("./.bankcheck.yaml") : std::string(Inputs.front());
    std::string Err;
    if (!frontend::configForFile(Where, RunConfig, Err)) {
      errs() << Err << "\n";
      return 2;
    }
  }
  if (MinDegree.getNumOccurrences())
    RunConfig.MinDegree = MinDegree;
  if (FailOn.getNumOccurrences())
    RunConfig.FailOn = FailOn;
  if (!MinDegree.getNumOccurrences() && Tidy.MinDegree)
    RunConfig.MinDegree = *Tidy.MinDegree;
  if (HeaderFilter.getNumOccurrences())
    RunConfig.HeaderFilter = HeaderFilter;
  else if (Tidy.HeaderFilter)
    RunConfig.HeaderFilter = *Tidy.HeaderFilter;
  if (RunConfig.FailOn != "conflict" && RunConfig.FailOn != "possible" && RunConfig.FailOn != "never") {
    errs() << "bankcheck: error: --fail-on takes conflict, possible or never\n";
    return 2;
  }
  if (RunConfig.MinDegree < 2 || RunConfig.MinDegree > 32) {
    errs() << "bankcheck: error: --min-degree takes a value in 2..32\n";
    return 2;
  }
  if (DumpConfig) {
    outs() << frontend::dumpConfig(RunConfig);
    return 0;
  }

  frontend::DriverOptions Opts;
  Opts.Files.assign(Inputs.begin(), Inputs.end());
  Opts.BuildPath = BuildPath;
  Opts.ExtraArgs = Extra;
  Opts.ExtraArgs.insert(Opts.ExtraArgs.end(), Tidy.ExtraArgs.begin(), Tidy.ExtraArgs.end());
  Opts.ExtraArgsBefore = Tidy.ExtraArgsBefore;
  Opts.HaveExtraArgs = HaveExtra;
  Opts.CudaPath = CudaPath;
  if (Widths != "auto" && Widths != "source" && Widths != "nvcc" && Widths != "rule") {
    errs() << "bankcheck: error: --widths must be auto, source, nvcc or rule\n";
    return 2;
  }
  Opts.Widths = Widths;
  Opts.Nvcc = NvccPath;
  Opts.Ptx = PtxFile;
  Opts.NoToolkit = NoToolkit;
  Opts.PrintCommands = PrintCommands;
  Opts.Jobs = Jobs;
  Opts.Shard = Shard;
  if (Preamble != "auto" && Preamble != "always" && Preamble != "never") {
    errs() << "bankcheck: error: --preamble must be auto, always or never\n";
    return 2;
  }
  Opts.Preamble = Preamble;
  Opts.Progress = sys::Process::StandardErrIsDisplayed() && !Quiet;
  // --block-dim, else the checks' BlockDim option of --config.
  std::string Shape = BlockDim.getNumOccurrences() ? std::string(BlockDim) : Tidy.BlockDim.value_or("");
  if (!Shape.empty()) {
    std::string Why;
    Opts.BlockDim = frontend::parseBlockDim(Shape, Why);
    if (!Opts.BlockDim) {
      errs() << "bankcheck: error: " << (BlockDim.getNumOccurrences() ? "--block-dim" : "BlockDim of the configuration")
             << ": " << Why << "\n";
      return 2;
    }
  }
  {
    std::string RegexError;
    if (Tidy.ExcludeHeaderFilter && !Regex(*Tidy.ExcludeHeaderFilter).isValid(RegexError)) {
      errs() << "bankcheck: error: --exclude-header-filter: " << RegexError << "\n";
      return 2;
    }
  }
  // The result lives to the end of the process: freeing its findings one by
  // one at exit costs more than the report (as clang -cc1's -disable-free).
  auto Result = std::make_unique<frontend::DriverResult>();
  frontend::DriverResult &R = *Result;
  std::string Error;
  if (!frontend::runAnalysis(Opts, R, Error)) {
    errs() << "bankcheck: error: " << Error << "\n";
    return 2;
  }
  if (PrintCommands)
    return 0;
  report::sortFindings(R.Findings);
  // A shape from --config's CheckOptions: the notes name that option, not --block-dim.
  if (!BlockDim.getNumOccurrences() && Tidy.BlockDim) {
    auto Rename = [&](std::vector<report::Note> &Notes) {
      for (report::Note &N : Notes)
        if (N.Message.rfind("block shape ", 0) == 0 && StringRef(N.Message).ends_with(" from --block-dim"))
          N.Message.replace(N.Message.size() - 11, 11, Tidy.BlockDimFrom);
    };
    for (report::Finding &F : R.Findings) {
      Rename(F.Notes);
      if (F.OutOfBounds)
        Rename(F.OutOfBounds->Notes);
    }
  }
  // Findings in headers: only those the header filter lets through, and each
  // once even when several input files include the header.
  {
    std::string RegexError;
    if (!report::filterHeaders(R.Findings, R.Files, RunConfig.HeaderFilter, RegexError,
                               Tidy.ExcludeHeaderFilter.value_or(""))) {
      errs() << "bankcheck: error: --header-filter: " << RegexError << "\n";
      return 2;
    }
  }
  if (!Tidy.SystemHeaders) {
    llvm::erase_if(R.Findings, [](const report::Finding &F) { return F.Loc.SystemHeader; });
    llvm::erase_if(R.Remarks, [](const report::Note &N) { return N.Loc.SystemHeader; });
  }
  report::filterLines(R.Findings, R.Remarks, Tidy.Lines);
  report::selectChecks(R.Findings, report::GlobList(Tidy.Checks), report::GlobList(Tidy.WarningsAsErrors));
  // NOLINT, NOLINTNEXTLINE, NOLINTBEGIN/END, as clang-tidy reads them; --min-degree.
  report::SourceReader ReadFile = [](const std::string &Path, std::string &Text) {
    auto Buf = MemoryBuffer::getFile(Path);
    if (!Buf)
      return false;
    Text = (*Buf)->getBuffer().str();
    return true;
  };
  report::markSuppressed(R.Findings, RunConfig.MinDegree, ReadFile);
  // Remarks: once each.
  std::vector<report::Note> Remarks;
  std::set<std::tuple<std::string, unsigned, unsigned, std::string>> Seen;
  for (const report::Note &N : R.Remarks)
    if (Seen.insert({N.Loc.Path, N.Loc.Line, N.Loc.Column, N.Message}).second)
      Remarks.push_back(N);

  bool FileError = false;
  for (const report::FileStatus &F : R.Files)
    if (!F.Ok) {
      FileError = true;
      errs() << F.Error << "\n";
    }
  // The report and the exported fix-its never overwrite an input.
  for (const std::string *Target : {&OutputFile.getValue(), &ExportFixesTo.getValue()})
    for (const report::FileStatus &F : R.Files)
      if (!Target->empty() && sys::fs::equivalent(*Target, F.Path)) {
        errs() << "bankcheck: error: " << (Target == &OutputFile.getValue() ? "-o" : "--export-fixes") << " '"
               << *Target << "' is the input file '" << F.Path << "'; refusing to overwrite it\n";
        return 2;
      }
  std::unique_ptr<raw_fd_ostream> File;
  if (!OutputFile.empty()) {
    std::error_code EC;
    File = std::make_unique<raw_fd_ostream>(OutputFile, EC, sys::fs::OF_Text);
    if (EC) {
      errs() << "bankcheck: error: cannot write '" << OutputFile << "': " << EC.message() << "\n";
      return 2;
    }
  }
  // With --fix-dry-run the diff is standard output and the report goes to standard error.
  raw_ostream &Out = File ? static_cast<raw_ostream &>(*File) : FixDryRun ? errs() : outs();
  if (OutFormat == Format::Json) {
    report::writeJson(Out, R.Findings, R.Files, BANKCHECK_VERSION, R.Coverage);
  } else if (OutFormat == Format::Html) {
    report::writeHtml(Out, R.Findings, R.Files, BANKCHECK_VERSION, ReadFile);
  } else if (OutFormat == Format::Sarif) {
    SmallString<256> Base(SarifBase);
    if (Base.empty())
      sys::fs::current_path(Base);
    report::SarifOptions SO;
    SO.BaseDir = std::string(Base);
    SO.HelpBase = SarifHelpBase;
    SO.IncludeUnknown = SarifUnknown;
    SO.Read = ReadFile;
    report::writeSarif(Out, R.Findings, R.Files, BANKCHECK_VERSION, SO);
  } else {
    report::TextOptions T;
    bool Displayed = FixDryRun ? sys::Process::StandardErrIsDisplayed() : sys::Process::StandardOutIsDisplayed();
    if (!File && !Color.getNumOccurrences() && Tidy.UseColor)
      T.Color = *Tidy.UseColor; // --use-color, UseColor of --config
    else
      T.Color = Color == ColorMode::Always || (Color == ColorMode::Auto && !File && Displayed);
    T.ShowUnknown = !HideUnknown;
    T.Explain = Explain;
    report::writeText(Out, R.Findings, Remarks, T, ReadFile);
  }
  outs().flush();

  // Fix-its: those of reported findings in analysed files, merged, then
  // exported, shown or applied (lib/Fix/FixRun.h).
  bool FixError = false;
  bool ApplyFixes = Fix || Tidy.FixNotes || Tidy.FixErrors;
  if (ApplyFixes && FileError && !Tidy.FixErrors) {
    // As clang-tidy: no fix-it is applied when a file could not be analysed.
    errs() << "bankcheck: found errors, but --fix-errors was not specified; fixes have NOT been applied\n";
    ApplyFixes = false;
  }
  if (ApplyFixes || FixDryRun || !ExportFixesTo.empty()) {
    std::vector<std::string> Errors;
    std::vector<fix::FileEdits> Edits = fix::selectFixes(R.Findings, R.Files, Errors);
    if (!ExportFixesTo.empty()) {
      std::string Err;
      std::string Main = Opts.Files.empty() ? (R.Files.empty() ? "" : R.Files.front().Path) : Opts.Files.front();
      if (!frontend::exportFixes(ExportFixesTo, Main, R.Findings, Edits, Err))
        Errors.push_back(Err);
    }
    if (ApplyFixes || FixDryRun)
      fix::applyFixes(Edits, FixDryRun, outs(), errs(), Errors,
                      [](const std::string &Path, const std::string &Old, const std::string &New) {
                        return tool::contextDiff(Path, Old, New);
                      });
    for (const std::string &E : Errors)
      errs() << E << "\n";
    FixError = !Errors.empty();
  }
  outs().flush();
  report::Summary S = report::summarize(R.Findings);
  if (!Quiet)
    errs() << "bankcheck: " << R.Findings.size() << " shared accesses in " << R.Kernels
           << " kernels: " << S.Conflict << " conflict, " << S.Possible << " possible, "
           << S.Unknown << " unknown, " << S.Clean << " clean"
           << (S.OutOfBounds ? ", " + std::to_string(S.OutOfBounds) + " out of bounds" : std::string())
           << (S.Suppressed ? ", " + std::to_string(S.Suppressed) + " suppressed by NOLINT" : std::string())
           << (S.BelowThreshold ? ", " + std::to_string(S.BelowThreshold) + " below the minimum degree"
                                : std::string())
           << (S.Disabled ? ", " + std::to_string(S.Disabled) + " of disabled checks" : std::string())
           << (R.Coverage.Unanalysed ? "; " + std::to_string(R.Coverage.Unanalysed) +
                                           " uses of shared memory not analysed (see the remarks)"
                                     : std::string())
           << " (CUDA headers: " << R.ToolkitUsed
           << ")\n";
  if (!Quiet && S.AsErrors)
    errs() << S.AsErrors << " warning" << (S.AsErrors == 1 ? "" : "s") << " treated as error"
           << (S.AsErrors == 1 ? "" : "s") << "\n";
  llvm::BuryPointer(std::move(Result));
  return report::exitStatus(S, RunConfig.FailOn, FileError || FixError);
}

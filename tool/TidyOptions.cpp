//===- TidyOptions.cpp - clang-tidy's options, as bankcheck reads them ----===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "TidyOptions.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/YAMLTraits.h"

using namespace llvm;

namespace bankcheck::tool {

cl::OptionCategory &bankcheckCategory() {
  static cl::OptionCategory Category("bankcheck options");
  return Category;
}

namespace {
// clang-tidy 19's options, with clang-tidy's help texts where they apply.
cl::opt<std::string> Checks("checks",
                            cl::desc("Comma-separated list of globs with optional '-' prefix, as clang-tidy's: "
                                     "globs without '-' add checks, globs with '-' remove them, in order "
                                     "(default 'bankcheck-*': bankcheck-bank-conflict, bankcheck-out-of-bounds). "
                                     "Appended to 'Checks' of --config"),
                            cl::cat(bankcheckCategory()));
cl::opt<std::string> WarningsAsErrors("warnings-as-errors",
                                      cl::desc("Upgrades warnings of these checks to errors (same format as "
                                               "--checks); an error makes the exit status 1 whatever --fail-on says"),
                                      cl::cat(bankcheckCategory()));
cl::opt<std::string> ConfigText("config",
                                cl::desc("A configuration in clang-tidy's YAML/JSON format: "
                                         "-config=\"{Checks: '-*,bankcheck-bank-conflict', CheckOptions: "
                                         "{bankcheck-bank-conflict.BlockDim: '32,8'}}\""),
                                cl::cat(bankcheckCategory()));
cl::opt<std::string> ConfigFile("config-file",
                                cl::desc("Read --config from this file (a .clang-tidy file, for example)"),
                                cl::value_desc("file"), cl::cat(bankcheckCategory()));
cl::opt<std::string> LineFilterText("line-filter",
                                    cl::desc("Report only these lines, as clang-tidy's JSON list: "
                                             "[{\"name\":\"file1.cu\",\"lines\":[[1,3],[5,7]]},{\"name\":\"file2.cuh\"}]"),
                                    cl::cat(bankcheckCategory()));
cl::list<std::string> ExtraArg("extra-arg", cl::desc("Additional argument to append to the compiler command line"),
                               cl::cat(bankcheckCategory()));
cl::list<std::string> ExtraArgBefore("extra-arg-before",
                                     cl::desc("Additional argument to prepend to the compiler command line"),
                                     cl::cat(bankcheckCategory()));
cl::opt<bool> UseColor("use-color",
                       cl::desc("Use colors in diagnostics (--use-color=false: never); default: when standard "
                                "output is a terminal, or as --color-output says"),
                       cl::cat(bankcheckCategory()));
cl::opt<bool> SystemHeaders("system-headers",
                            cl::desc("Report findings located in system headers (-isystem directories, the "
                                     "CUDA toolkit): the default; --system-headers=false leaves them out"),
                            cl::cat(bankcheckCategory()));
cl::opt<std::string> ExcludeHeaderFilter("exclude-header-filter",
                                         cl::desc("Regular expression: findings in headers whose path matches "
                                                  "are not reported (findings in the named files always are)"),
                                         cl::cat(bankcheckCategory()));
cl::opt<bool> VerifyConfig("verify-config",
                           cl::desc("Check the configuration (--config, --config-file, --checks, "
                                    "--warnings-as-errors) for unknown checks and options, and exit"),
                           cl::cat(bankcheckCategory()));
cl::opt<bool> ListChecks("list-checks", cl::desc("List the enabled checks and exit"), cl::cat(bankcheckCategory()));
cl::opt<bool> AllowNoChecks("allow-no-checks", cl::desc("Allow --checks to enable no check"),
                            cl::cat(bankcheckCategory()));
cl::opt<bool> ExplainConfig("explain-config", cl::desc("For each enabled check, say where it is enabled, and exit"),
                            cl::cat(bankcheckCategory()));
cl::opt<bool> FixErrors("fix-errors",
                        cl::desc("Apply the fix-its (--fix) even when a file could not be analysed"),
                        cl::cat(bankcheckCategory()));
cl::opt<bool> FixNotes("fix-notes",
                       cl::desc("Same as --fix: bankcheck's fix-its are on notes already"),
                       cl::cat(bankcheckCategory()));

/// Checks: a string or a list of globs, as clang-tidy 19 reads it.
struct GlobsField {
  std::optional<std::string> Value;
};
/// CheckOptions: a mapping, or the older list of {key, value}.
struct OptionsField {
  std::vector<std::pair<std::string, std::string>> Items;
};
struct KeyValue {
  std::string Key, Value;
};
struct ConfigDoc {
  GlobsField Checks;
  std::optional<std::string> WarningsAsErrors, HeaderFilterRegex, ExcludeHeaderFilterRegex;
  std::optional<bool> SystemHeaders, UseColor;
  std::vector<std::string> ExtraArgs, ExtraArgsBefore;
  OptionsField CheckOptions;
  // Accepted, no meaning for bankcheck.
  std::optional<std::string> FormatStyle, User;
  std::optional<bool> InheritParentConfig;
  std::vector<std::string> HeaderFileExtensions, ImplementationFileExtensions;
};
} // namespace
} // namespace bankcheck::tool

LLVM_YAML_IS_SEQUENCE_VECTOR(bankcheck::tool::KeyValue)

namespace llvm::yaml {
using bankcheck::tool::ConfigDoc;
using bankcheck::tool::GlobsField;
using bankcheck::tool::KeyValue;
using bankcheck::tool::OptionsField;

template <> void yamlize(IO &IO, GlobsField &Val, bool, EmptyContext &Ctx) {
  auto &In = static_cast<Input &>(IO);
  if (isa<SequenceNode>(In.getCurrentNode())) {
    std::vector<std::string> List;
    yamlize(IO, List, true, Ctx);
    std::string Joined;
    for (const std::string &G : List)
      Joined += (Joined.empty() ? "" : ",") + G;
    Val.Value = Joined;
    return;
  }
  std::string S;
  yamlize(IO, S, true, Ctx);
  Val.Value = S;
}
template <> struct MappingTraits<KeyValue> {
  static void mapping(IO &IO, KeyValue &KV) {
    IO.mapRequired("key", KV.Key);
    IO.mapRequired("value", KV.Value);
  }
};
template <> struct CustomMappingTraits<OptionsField> {
  static void inputOne(IO &IO, StringRef Key, OptionsField &F) {
    std::string V;
    IO.mapRequired(Key.str().c_str(), V);
    F.Items.push_back({Key.str(), V});
  }
  static void output(IO &, OptionsField &) {}
};
template <> void yamlize(IO &IO, OptionsField &Val, bool, EmptyContext &Ctx) {
  auto &In = static_cast<Input &>(IO);
  if (isa<SequenceNode>(In.getCurrentNode())) {
    std::vector<KeyValue> List;
    yamlize(IO, List, true, Ctx);
    for (KeyValue &KV : List)
      Val.Items.push_back({KV.Key, KV.Value});
    return;
  }
  IO.beginMapping();
  for (StringRef Key : IO.keys())
    CustomMappingTraits<OptionsField>::inputOne(IO, Key, Val);
  IO.endMapping();
}
template <> struct MappingTraits<ConfigDoc> {
  static void mapping(IO &IO, ConfigDoc &C) {
    IO.mapOptional("Checks", C.Checks);
    IO.mapOptional("WarningsAsErrors", C.WarningsAsErrors);
    IO.mapOptional("HeaderFilterRegex", C.HeaderFilterRegex);
    IO.mapOptional("ExcludeHeaderFilterRegex", C.ExcludeHeaderFilterRegex);
    IO.mapOptional("SystemHeaders", C.SystemHeaders);
    IO.mapOptional("UseColor", C.UseColor);
    IO.mapOptional("ExtraArgs", C.ExtraArgs);
    IO.mapOptional("ExtraArgsBefore", C.ExtraArgsBefore);
    IO.mapOptional("CheckOptions", C.CheckOptions);
    IO.mapOptional("FormatStyle", C.FormatStyle);
    IO.mapOptional("User", C.User);
    IO.mapOptional("InheritParentConfig", C.InheritParentConfig);
    IO.mapOptional("HeaderFileExtensions", C.HeaderFileExtensions);
    IO.mapOptional("ImplementationFileExtensions", C.ImplementationFileExtensions);
  }
};
} // namespace llvm::yaml

namespace bankcheck::tool {

bool parseTidyConfig(const std::string &Text, const std::string &Source, TidyConfig &Out, std::string &Error) {
  std::string Diag;
  auto Handler = [](const SMDiagnostic &D, void *Ctx) {
    auto *S = static_cast<std::string *>(Ctx);
    if (S->empty())
      *S = std::to_string(D.getLineNo()) + ":" + std::to_string(D.getColumnNo() + 1) + ": error: " +
           D.getMessage().str();
  };
  ConfigDoc Doc;
  yaml::Input In(Text, &Diag, Handler, &Diag);
  In >> Doc;
  if (In.error() || !Diag.empty()) {
    Error = Source + ":" + (Diag.empty() ? "1:1: error: malformed configuration" : Diag);
    return false;
  }
  Out = TidyConfig();
  Out.Source = Source;
  Out.Checks = Doc.Checks.Value;
  Out.WarningsAsErrors = Doc.WarningsAsErrors;
  Out.HeaderFilterRegex = Doc.HeaderFilterRegex;
  Out.ExcludeHeaderFilterRegex = Doc.ExcludeHeaderFilterRegex;
  Out.SystemHeaders = Doc.SystemHeaders;
  Out.UseColor = Doc.UseColor;
  Out.ExtraArgs = Doc.ExtraArgs;
  Out.ExtraArgsBefore = Doc.ExtraArgsBefore;
  Out.CheckOptions = Doc.CheckOptions.Items;
  return true;
}

namespace {
std::string join(const std::string &A, const std::string &B) {
  if (A.empty())
    return B;
  return B.empty() ? A : A + "," + B;
}

/// CheckOptions bankcheck reads; the others are reported by --verify-config.
bool applyCheckOption(const std::string &Key, const std::string &Value, const std::string &Source,
                      TidySettings &S, std::string &Error) {
  if (Key == "bankcheck-bank-conflict.BlockDim" || Key == "bankcheck-out-of-bounds.BlockDim") {
    if (S.BlockDim && *S.BlockDim != Value) {
      Error = Source + ": error: bankcheck-bank-conflict.BlockDim and bankcheck-out-of-bounds.BlockDim differ "
                       "(one block shape serves both checks)";
      return false;
    }
    S.BlockDim = Value;
    S.BlockDimFrom = "option '" + Key + "' of " + Source;
    return true;
  }
  if (Key == "bankcheck-bank-conflict.MinDegree") {
    unsigned N = 0;
    if (StringRef(Value).trim().getAsInteger(10, N) || N < 2 || N > 32) {
      Error = Source + ": error: invalid value '" + Value + "' for option '" + Key + "': a degree in 2..32";
      return false;
    }
    S.MinDegree = N;
    return true;
  }
  S.Problems.push_back(Source + ": warning: unknown check option '" + Key + "'");
  return true;
}
} // namespace

bool resolveTidyOptions(TidySettings &S, std::string &Error) {
  TidyConfig C;
  if (!ConfigText.empty() && !ConfigFile.empty()) {
    Error = "--config-file and --config are mutually exclusive. Specify only one.";
    return false;
  }
  if (!ConfigFile.empty()) {
    auto Buf = MemoryBuffer::getFile(ConfigFile, /*IsText=*/true);
    if (!Buf) {
      Error = "cannot read the configuration file '" + ConfigFile + "': " + Buf.getError().message();
      return false;
    }
    if (!parseTidyConfig((*Buf)->getBuffer().str(), ConfigFile, C, Error))
      return false;
  } else if (!ConfigText.empty() && !parseTidyConfig(ConfigText, "--config", C, Error)) {
    return false;
  }
  S.ChecksFrom = "the default 'bankcheck-*'";
  if (C.Checks) {
    S.Checks = join(S.Checks, *C.Checks);
    S.ChecksFrom = C.Source;
  }
  if (Checks.getNumOccurrences()) {
    S.Checks = join(S.Checks, Checks);
    S.ChecksFrom = "the command-line option '--checks'";
  }
  S.WarningsAsErrors = join(C.WarningsAsErrors.value_or(""), WarningsAsErrors);
  S.HeaderFilter = C.HeaderFilterRegex;
  S.ExcludeHeaderFilter = C.ExcludeHeaderFilterRegex;
  if (ExcludeHeaderFilter.getNumOccurrences())
    S.ExcludeHeaderFilter = ExcludeHeaderFilter;
  S.UseColor = C.UseColor;
  if (UseColor.getNumOccurrences())
    S.UseColor = UseColor;
  S.SystemHeaders = SystemHeaders.getNumOccurrences() ? bool(SystemHeaders) : C.SystemHeaders.value_or(true);
  // As clang-tidy: the configuration's ExtraArgs, then the command line's.
  S.ExtraArgs = C.ExtraArgs;
  S.ExtraArgs.insert(S.ExtraArgs.end(), ExtraArg.begin(), ExtraArg.end());
  S.ExtraArgsBefore = C.ExtraArgsBefore;
  S.ExtraArgsBefore.insert(S.ExtraArgsBefore.end(), ExtraArgBefore.begin(), ExtraArgBefore.end());
  for (const auto &[Key, Value] : C.CheckOptions)
    if (!applyCheckOption(Key, Value, C.Source, S, Error))
      return false;
  if (!LineFilterText.empty() && !S.Lines.parse(LineFilterText, Error)) {
    Error = "--line-filter: " + Error;
    return false;
  }
  S.ListChecks = ListChecks;
  S.VerifyConfig = VerifyConfig;
  S.AllowNoChecks = AllowNoChecks;
  S.ExplainConfig = ExplainConfig;
  S.FixErrors = FixErrors;
  S.FixNotes = FixNotes;
  // --verify-config: each glob that names no bankcheck check, where it was written.
  auto Verify = [&](const std::string &Globs, const std::string &Where) {
    for (const std::string &G : report::GlobList(Globs).unmatchedGlobs())
      S.Problems.push_back(Where + ": warning: unknown check '" + G + "'");
  };
  Verify(C.Checks.value_or(""), C.Source + " 'Checks'");
  Verify(Checks, "command-line option '--checks'");
  Verify(C.WarningsAsErrors.value_or(""), C.Source + " 'WarningsAsErrors'");
  Verify(WarningsAsErrors, "command-line option '--warnings-as-errors'");
  return true;
}

std::vector<std::string> enabledChecks(const TidySettings &S) {
  report::GlobList Enabled(S.Checks);
  std::vector<std::string> Out;
  for (const std::string &C : report::allChecks())
    if (Enabled.contains(C))
      Out.push_back(C);
  return Out;
}

} // namespace bankcheck::tool

//===- CompileFlagTables.cpp - What the flag translation knows -----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Option tables, architecture names and path helpers of the compile-command
/// translation (CompileFlagTables.h).
//===----------------------------------------------------------------------===//
#include "Frontend/CompileFlagTables.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cctype>

namespace bankcheck::frontend::flags {

//===----------------------------------------------------------------------===//
// GPU architectures
//===----------------------------------------------------------------------===//

std::optional<ArchKey> parseArch(StringRef Text) {
  StringRef Rest = Text.trim();
  if (!Rest.consume_front("sm_") && !Rest.consume_front("compute_") && !Rest.consume_front("lto_"))
    return std::nullopt;
  size_t Digits = 0;
  while (Digits < Rest.size() && std::isdigit((unsigned char)Rest[Digits]))
    ++Digits;
  if (Digits < 2 || Digits > 4)
    return std::nullopt;
  ArchKey Key;
  Rest.substr(0, Digits).getAsInteger(10, Key.Number);
  StringRef Suffix = Rest.substr(Digits);
  if (Suffix.size() > 1 || (Suffix.size() == 1 && !std::isalpha((unsigned char)Suffix[0])))
    return std::nullopt;
  if (Suffix.size() == 1)
    Key.Suffix = (char)std::tolower((unsigned char)Suffix[0]);
  return Key;
}

/// Every architecture named in an option value such as
/// "arch=compute_80,code=[compute_80,sm_80]" or "sm_80,compute_80".
std::vector<ArchKey> archsIn(StringRef Value) {
  llvm::SmallVector<StringRef, 8> Pieces;
  std::vector<ArchKey> Keys;
  // Split at every separator nvcc, CMake or a shell may leave in the value.
  std::string Normal(Value);
  for (char &C : Normal)
    if (StringRef(",=[]\"'{} ").contains(C))
      C = ' ';
  StringRef(Normal).split(Pieces, ' ', -1, /*KeepEmpty=*/false);
  for (StringRef Piece : Pieces)
    if (std::optional<ArchKey> Key = parseArch(Piece))
      Keys.push_back(*Key);
  return Keys;
}

//===----------------------------------------------------------------------===//
// Paths and response files
//===----------------------------------------------------------------------===//

std::string absoluteDirectory(StringRef Directory) {
  llvm::SmallString<256> Dir(Directory.empty() ? StringRef(".") : Directory);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_dots(Dir, /*remove_dot_dot=*/false);
  return std::string(Dir);
}

/// Path made absolute against Directory; "./" parts removed, ".." kept (the
/// directory may be reached through a symbolic link).
std::string absolutePath(StringRef Path, StringRef Directory) {
  llvm::SmallString<256> Result(Path);
  if (!llvm::sys::path::is_absolute(Result))
    llvm::sys::fs::make_absolute(Directory, Result);
  llvm::sys::path::remove_dots(Result, /*remove_dot_dot=*/false);
  return std::string(Result);
}

/// A path, normalised for comparison with a fixed system directory.
std::string normalisedForCompare(StringRef Path) {
  llvm::SmallString<256> Result(Path);
  llvm::sys::path::remove_dots(Result, /*remove_dot_dot=*/true);
  while (Result.size() > 1 && llvm::sys::path::is_separator(Result.back()))
    Result.pop_back();
  return std::string(Result);
}

//===----------------------------------------------------------------------===//
// Flag tables
//===----------------------------------------------------------------------===//

/// nvcc options that take a value and that bankcheck drops: the value is
/// consumed with the flag when it is a separate token.
const llvm::StringSet<> &nvccDroppedWithValue() {
  // clang-format off
  static const llvm::StringSet<> Set = {
      "-o", "--output-file", "-ccbin", "--compiler-bindir", "-Xlinker", "--linker-options",
      "-Xptxas", "--ptxas-options", "-Xnvlink", "--nvlink-options", "-Xarchive",
      "--archive-options", "-Xfatbin", "--fatbin-options", "-Xcudafe", "-Xcicc", "-Xnvvm", "-L",
      "--library-path", "-l", "--library", "-odir", "--output-directory", "-MF",
      "--dependency-output", "-MT", "--dependency-target-name", "-maxrregcount", "--maxrregcount",
      "-t", "--threads", "-split-compile", "--split-compile",
      "-diag-suppress", "--diag-suppress", "-diag_suppress", "--diag_suppress", "-diag-error",
      "--diag-error", "-diag_error", "--diag_error", "-diag-warn", "--diag-warn", "-diag_warn",
      "--diag_warn", "-default-stream", "--default-stream", "-keep-dir", "--keep-dir", "-cudart",
      "--cudart", "-cudadevrt", "--cudadevrt", "-run-args", "--run-args", "-idp",
      "--input-drive-prefix", "-ddp", "--dependency-drive-prefix", "-dp", "--drive-prefix", "-ftz",
      "--ftz", "-prec-div", "--prec-div", "-prec-sqrt", "--prec-sqrt", "-fmad", "--fmad",
      "--optimize", "-m", "--machine", "-time", "--time", "-jump-table-density",
      "--jump-table-density", "-opt-info", "--optimization-info", "--Werror", "-fdevice-time-trace",
      "--fdevice-time-trace", "-x", "--x", "-Xopenmp", "-ewp"};
  // clang-format on
  return Set;
}

/// nvcc's own -W options, which clang would warn about.
const llvm::StringSet<> &nvccOnlyWarnings() {
  // clang-format off
  static const llvm::StringSet<> Set = {
      "-Wno-deprecated-gpu-targets", "-Wdefault-stream-launch", "-Wmissing-launch-bounds",
      "-Wext-lambda-captures-this", "-Wno-deprecated-declarations-in-device-code"};
  // clang-format on
  return Set;
}

const char *nvccFrontEndFlag(StringRef Flag) {
  static constexpr std::pair<const char *, const char *> Table[] = {
      {"--expt-relaxed-constexpr", "--expt-relaxed-constexpr"},
      {"-expt-relaxed-constexpr", "--expt-relaxed-constexpr"},
      {"--extended-lambda", "--extended-lambda"},
      {"-extended-lambda", "--extended-lambda"},
      {"--expt-extended-lambda", "--extended-lambda"},
      {"-expt-extended-lambda", "--extended-lambda"},
      {"-dc", "-rdc=true"},
      {"--device-c", "-rdc=true"}};
  for (auto [Spelling, Canonical] : Table)
    if (Flag == Spelling)
      return Canonical;
  return nullptr;
}

/// clang and gcc options that take a separate value and are dropped.
const llvm::StringSet<> &hostDroppedWithValue() {
  // clang-format off
  static const llvm::StringSet<> Set = {
      "-o", "-MF", "-MT", "-MQ", "-MJ", "-Xlinker", "-Xassembler", "-Xpreprocessor", "-Xcuda-ptxas",
      "-Xcuda-fatbinary", "-Xarch_device", "-Xarch_host", "-Xoffload-linker", "-mllvm",
      "-include-pch", "-resource-dir", "-L", "-l", "-B", "-arch", "-dependency-file",
      "-dependency-dot", "-aux-info", "-u", "-z", "-T", "-e", "-serialize-diagnostics",
      "-Xanalyzer"};
  // clang-format on
  return Set;
}

/// clang options that take a separate value and are kept with it.
const llvm::StringSet<> &clangKeptWithValue() {
  // clang-format off
  static const llvm::StringSet<> Set = {
      "-target", "-isysroot", "--sysroot", "-iprefix", "-iwithprefix", "-iwithprefixbefore",
      "-ivfsoverlay", "-isystem-after", "-cxx-isystem", "-F", "-gcc-toolchain", "--gcc-toolchain",
      "--config", "-Xclang", "-working-directory", "--target"};
  // clang-format on
  return Set;
}

/// clang and gcc options without a value that are dropped: outputs, modes,
/// debug information, linking.
bool isDroppedHostSwitch(StringRef Flag) {
  // clang-format off
  static const llvm::StringSet<> Set = {
      "-c", "-S", "-E", "-fsyntax-only", "-emit-llvm", "--cuda-host-only", "--cuda-device-only",
      "--cuda-compile-host-device", "-nocudainc", "-nocudalib", "--cuda-noopt-device-debug",
      "-pipe", "-v", "-###", "-shared", "-static", "-rdynamic", "-pthread", "-pedantic-errors",
      "-Werror", "--", "-save-temps", "-pie", "-no-pie", "-nostartfiles", "-nostdlib",
      // What is left of -Wl,a,b once nvcc's -Xcompiler split it at commas.
      "-Wl", "-Wa", "-Wp"};
  // clang-format on
  if (Set.contains(Flag))
    return true;
  // -g... but not -gcc-toolchain; -M... covers every dependency-file flag;
  // -o<file> is the joined form of -o.
  if (Flag.starts_with("-g") && !Flag.starts_with("-gcc-toolchain"))
    return true;
  return Flag.starts_with("-O") || Flag.starts_with("-M") || Flag.starts_with("-o") ||
         Flag.starts_with("-Werror=") || Flag.starts_with("-Wl,") || Flag.starts_with("-Wa,") ||
         Flag.starts_with("-Wp,") || Flag.starts_with("-save-temps=") ||
         Flag.starts_with("-resource-dir=") || Flag.starts_with("--no-cuda-gpu-arch=") ||
         Flag.starts_with("--no-offload-arch=") || Flag.starts_with("-fopenmp") ||
         (Flag.starts_with("-l") && Flag.size() > 2) || (Flag.starts_with("-L") && Flag.size() > 2);
}

/// -f flags of a gcc (or nvcc host) command that clang 19 understands and
/// that may matter to the parse; the others are dropped (an unknown -f flag is
/// an error for clang, which would lose the whole file).
bool isKnownFFlag(StringRef Flag) {
  // clang-format off
  static const llvm::StringSet<> Names = {
      "exceptions", "cxx-exceptions", "rtti", "ms-extensions", "ms-compatibility", "declspec",
      "char8_t", "signed-char", "unsigned-char", "operator-names", "gnu-keywords",
      "sized-deallocation", "aligned-allocation", "aligned-new", "fast-math", "finite-math-only",
      "math-errno", "associative-math", "reciprocal-math", "signed-zeros", "trapping-math",
      "honor-infinities", "honor-nans", "wrapv", "trapv", "strict-aliasing", "strict-enums",
      "strict-overflow", "pic", "PIC", "pie", "PIE", "visibility-inlines-hidden",
      "threadsafe-statics", "elide-constructors", "access-control", "builtin", "common",
      "delayed-template-parsing", "dollars-in-identifiers", "gpu-rdc", "diagnostics-color",
      "color-diagnostics", "show-column", "caret-diagnostics", "asm", "gnu-inline-asm",
      "short-enums", "short-wchar", "digraphs", "lax-vector-conversions"};
  static const char *const Prefixes[] = {
      "constexpr-depth=", "constexpr-steps=", "template-depth=", "bracket-depth=", "fp-contract=",
      "fp-model=", "denormal-fp-math=", "visibility=", "message-length=", "diagnostics-color=",
      "aligned-new=", "new-alignment=", "builtin-", "cuda-", "gpu-", "macro-backtrace-limit=",
      "template-backtrace-limit=", "input-charset=", "exec-charset=", "ms-compatibility-version=",
      "lax-vector-conversions="};
  // clang-format on
  StringRef Name = Flag;
  if (!Name.consume_front("-f"))
    return false;
  Name.consume_front("no-");
  if (Names.contains(Name))
    return true;
  return llvm::any_of(Prefixes, [&](const char *Prefix) { return Name.starts_with(Prefix); });
}

const IncludeFlag IncludeFlags[8] = {
    // handleInclude() rules out "-include-pch" and "-isystem-after" first.
    {"-isystem", true, true}, {"-iquote", true, true},  {"-idirafter", true, true},
    {"-imacros", true, true}, {"-include", true, true}, {"-I", true, true},
    {"-D", true, false},      {"-U", true, false}};

/// nvcc's long spellings of the include and macro flags.
const std::pair<StringRef, StringRef> NvccLongIncludeFlags[5] = {{"--include-path", "-I"},
                                                                {"--system-include", "-isystem"},
                                                                {"--define-macro", "-D"},
                                                                {"--undefine-macro", "-U"},
                                                                {"--pre-include", "-include"}};

} // namespace bankcheck::frontend::flags

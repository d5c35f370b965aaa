//===- CompileFlags.cpp - nvcc/clang commands to clang device-only args ---===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Three dialects share one walk over the tokens:
///   - nvcc: its own spellings (--include-path, -isystem=DIR, --std c++17,
///     -gencode ..., -Xcompiler A,B) and a long list of options that only
///     nvcc knows, dropped with their values;
///   - clang: passes through, except outputs, dependency files, compilation
///     modes and GPU architectures;
///   - gcc (any other compiler, and the items of nvcc's -Xcompiler): keeps the
///     include, macro, -std, -W and a known set of -f flags.
/// Response files (@F, and nvcc's --options-file / -optf) are expanded first.
//===----------------------------------------------------------------------===//

#include "Frontend/CompileFlags.h"
#include "Frontend/CompileFlagTables.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

#include <algorithm>
#include <cctype>

namespace bankcheck::frontend {
namespace {

using llvm::StringRef;
using namespace flags;

enum class Dialect { Nvcc, Clang, Gcc };

/// Nesting limit for response files that name other response files.
constexpr unsigned MaxResponseFileDepth = 8;

//===----------------------------------------------------------------------===//
// The translation
//===----------------------------------------------------------------------===//

class Translator {
public:
  Translator(const std::string &Directory, const std::string &SourceFile, TranslatedCommand &Out)
      : Directory(absoluteDirectory(Directory)), Out(Out) {
    if (!SourceFile.empty())
      Source = absolutePath(SourceFile, this->Directory);
  }

  void run(const std::vector<std::string> &Argv);

private:
  /// Tokens with response files expanded in place.
  void expand(llvm::ArrayRef<std::string> In, std::vector<std::string> &Out, Dialect D,
              unsigned Depth);
  void readResponseFile(StringRef Name, StringRef What, std::vector<std::string> &Out, Dialect D,
                        unsigned Depth);

  /// Handles Tokens[I] (and the values it consumes); returns the index of the
  /// next unhandled token.
  size_t step(const std::vector<std::string> &Tokens, size_t I, Dialect D, StringRef DropPrefix);

  /// The value of a flag with a separate value: Tokens[I + 1], or none at the
  /// end of the command (then reported).
  std::optional<std::string> nextValue(const std::vector<std::string> &Tokens, size_t I);
  bool handleInclude(const std::vector<std::string> &Tokens, size_t &I, Dialect D,
                     StringRef DropPrefix);
  void keepInclude(StringRef Spelling, bool Path, std::string Value, StringRef DropPrefix);
  void addArchs(StringRef Flag, StringRef Value, StringRef DropPrefix);
  void frontEnd(const std::string &Flag) {
    if (std::find(Out.NvccFrontEnd.begin(), Out.NvccFrontEnd.end(), Flag) == Out.NvccFrontEnd.end())
      Out.NvccFrontEnd.push_back(Flag);
  }
  void drop(StringRef DropPrefix, std::string Text) {
    Out.Dropped.push_back(DropPrefix.empty() ? std::move(Text) : DropPrefix.str() + " " + Text);
  }
  bool isSource(StringRef Token) const {
    return !Source.empty() && absolutePath(Token, Directory) == Source;
  }

  std::string Directory;
  std::string Source;
  TranslatedCommand &Out;
  std::optional<ArchKey> Highest;
};

void Translator::run(const std::vector<std::string> &Argv) {
  // Skip compiler launchers; argv[0] is then the compiler.
  size_t First = 0;
  auto StemOf = [](StringRef Path) {
    StringRef Stem = llvm::sys::path::filename(Path);
    Stem.consume_back(".exe");
    return Stem;
  };
  while (First < Argv.size() && llvm::is_contained({StringRef("ccache"), StringRef("sccache"),
                                                    StringRef("distcc"), StringRef("icecc")},
                                                   StemOf(Argv[First])))
    ++First;
  if (First >= Argv.size())
    return;
  StringRef Compiler = StemOf(Argv[First]);
  Dialect D = Dialect::Gcc;
  if (Compiler == "nvcc")
    D = Dialect::Nvcc;
  else if (Compiler.contains("clang"))
    D = Dialect::Clang;
  Out.IsNvcc = D == Dialect::Nvcc;

  std::vector<std::string> Tokens;
  expand(llvm::ArrayRef<std::string>(Argv).drop_front(First + 1), Tokens, D, 0);
  for (size_t I = 0; I < Tokens.size();)
    I = step(Tokens, I, D, "");
  if (Highest)
    Out.GpuArch = Highest->name();
}

void Translator::readResponseFile(StringRef Name, StringRef What, std::vector<std::string> &Tokens,
                                  Dialect D, unsigned Depth) {
  std::string Path = absolutePath(Name, Directory);
  if (Depth >= MaxResponseFileDepth) {
    Out.Errors.push_back("cannot read " + What.str() + " '" + Path +
                         "': response files nested too deeply");
    return;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer) {
    Out.Errors.push_back("cannot read " + What.str() + " '" + Path +
                         "': " + Buffer.getError().message());
    return;
  }
  llvm::BumpPtrAllocator Alloc;
  llvm::StringSaver Saver(Alloc);
  llvm::SmallVector<const char *, 32> Words;
  llvm::cl::TokenizeGNUCommandLine((*Buffer)->getBuffer(), Saver, Words);
  std::vector<std::string> Inner;
  for (const char *Word : Words)
    if (Word)
      Inner.emplace_back(Word);
  expand(Inner, Tokens, D, Depth + 1);
}

void Translator::expand(llvm::ArrayRef<std::string> In, std::vector<std::string> &Tokens, Dialect D,
                        unsigned Depth) {
  for (size_t I = 0; I < In.size(); ++I) {
    StringRef Token = In[I];
    if (Token.size() > 1 && Token.starts_with("@")) {
      readResponseFile(Token.drop_front(), "response file", Tokens, D, Depth);
      continue;
    }
    if (D != Dialect::Nvcc) {
      Tokens.push_back(In[I]);
      continue;
    }
    // nvcc: --options-file F[,G...], -optf F, and their '=' forms.
    StringRef Files;
    bool IsOptionsFile = false;
    for (StringRef Spelling : {"--options-file", "-optf"}) {
      if (Token == Spelling) {
        IsOptionsFile = true;
        if (I + 1 < In.size())
          Files = In[++I];
        else
          Out.Errors.push_back("'" + Spelling.str() +
                               "' at the end of the command has no file name");
      } else if (Token.starts_with((Spelling + "=").str())) {
        IsOptionsFile = true;
        Files = Token.drop_front(Spelling.size() + 1);
      }
    }
    if (!IsOptionsFile) {
      Tokens.push_back(In[I]);
      continue;
    }
    llvm::SmallVector<StringRef, 2> Names;
    Files.split(Names, ',', -1, /*KeepEmpty=*/false);
    for (StringRef Name : Names)
      readResponseFile(Name, "options file", Tokens, D, Depth);
  }
}

std::optional<std::string> Translator::nextValue(const std::vector<std::string> &Tokens, size_t I) {
  if (I + 1 < Tokens.size())
    return Tokens[I + 1];
  Out.Errors.push_back("'" + Tokens[I] + "' at the end of the command has no value");
  return std::nullopt;
}

void Translator::keepInclude(StringRef Spelling, bool Path, std::string Value,
                             StringRef DropPrefix) {
  // A path starting with '=' is relative to the sysroot (clang, gcc): leave it.
  if (Path && !Value.empty() && Value[0] != '=')
    Value = absolutePath(Value, Directory);
  if (Spelling == "-isystem" && normalisedForCompare(Value) == "/usr/include") {
    // Ahead of libstdc++'s directories it breaks #include_next <math.h>.
    drop(DropPrefix, Spelling.str() + " " + Value);
    return;
  }
  if (Spelling == "-I" || Spelling == "-D" || Spelling == "-U") {
    Out.Args.push_back(Spelling.str() + Value);
  } else {
    Out.Args.push_back(Spelling.str());
    Out.Args.push_back(std::move(Value));
  }
}

bool Translator::handleInclude(const std::vector<std::string> &Tokens, size_t &I, Dialect D,
                               StringRef DropPrefix) {
  StringRef Token = Tokens[I];
  // nvcc's long spellings: "--include-path DIR", "--include-path=DIR".
  if (D == Dialect::Nvcc) {
    for (const auto &[Long, Short] : NvccLongIncludeFlags) {
      std::optional<std::string> Value;
      if (Token == Long) {
        Value = nextValue(Tokens, I);
        if (Value)
          ++I;
      } else if (Token.starts_with((Long + "=").str())) {
        Value = Token.drop_front(Long.size() + 1).str();
      } else {
        continue;
      }
      if (Value) {
        bool Path = Short != "-D" && Short != "-U";
        keepInclude(Short, Path, *Value, DropPrefix);
      }
      return true;
    }
  }
  if (Token == "-include-pch" || Token.starts_with("-isystem-after"))
    return false;
  for (const IncludeFlag &Flag : IncludeFlags) {
    if (!Token.starts_with(Flag.Spelling))
      continue;
    std::optional<std::string> Value;
    if (Token == Flag.Spelling) {
      Value = nextValue(Tokens, I);
      if (Value)
        ++I;
    } else if (Flag.Joined) {
      StringRef Joined = Token.drop_front(Flag.Spelling.size());
      // nvcc writes "-isystem=/opt/x" (CMake does, in includes_CUDA.rsp);
      // for clang that would be a sysroot-relative path.
      if (D == Dialect::Nvcc && Flag.Path && Joined.starts_with("="))
        Joined = Joined.drop_front();
      Value = Joined.str();
    } else {
      continue;
    }
    if (Value)
      keepInclude(Flag.Spelling, Flag.Path, *Value, DropPrefix);
    return true;
  }
  return false;
}

void Translator::addArchs(StringRef Flag, StringRef Value, StringRef DropPrefix) {
  std::vector<ArchKey> Keys = archsIn(Value);
  if (Keys.empty()) {
    // -arch=native, -arch=all, ...: no single architecture to parse for.
    drop(DropPrefix, Flag.str() + "=" + Value.str());
    return;
  }
  for (const ArchKey &Key : Keys)
    if (!Highest || *Highest < Key)
      Highest = Key;
}

size_t Translator::step(const std::vector<std::string> &Tokens, size_t I, Dialect D,
                        StringRef DropPrefix) {
  const std::string &Token = Tokens[I];
  StringRef Tok = Token;

  // Inputs: the source file and anything else that is not an option.
  if (!Tok.starts_with("-") || Tok == "-") {
    if (!isSource(Tok))
      drop(DropPrefix, Token);
    return I + 1;
  }

  if (handleInclude(Tokens, I, D, DropPrefix))
    return I + 1;

  // A flag whose value may be joined with '=' or separate; returns the value
  // (nullopt when Tok is another flag). Consumes a separate value.
  auto ValueOf = [&](std::initializer_list<StringRef> Spellings) -> std::optional<std::string> {
    for (StringRef Spelling : Spellings) {
      if (Tok == Spelling) {
        std::optional<std::string> Value = nextValue(Tokens, I);
        if (Value)
          ++I;
        return Value ? Value : std::optional<std::string>("");
      }
      if (Tok.starts_with((Spelling + "=").str()))
        return Tok.drop_front(Spelling.size() + 1).str();
    }
    return std::nullopt;
  };

  if (D == Dialect::Nvcc) {
    if (std::optional<std::string> Value = ValueOf({"-arch", "--gpu-architecture", "-code",
                                                    "--gpu-code", "-gencode", "--generate-code"})) {
      addArchs(Tok.split('=').first, *Value, DropPrefix);
      return I + 1;
    }
    if (std::optional<std::string> Value = ValueOf({"-std", "--std"})) {
      if (!Value->empty())
        Out.Args.push_back("-std=" + *Value);
      return I + 1;
    }
    if (std::optional<std::string> Value = ValueOf({"-Xcompiler", "--compiler-options"})) {
      // Each comma-separated item is a host compiler flag.
      llvm::SmallVector<StringRef, 8> Items;
      StringRef(*Value).split(Items, ',', -1, /*KeepEmpty=*/false);
      std::vector<std::string> Host(Items.begin(), Items.end());
      for (size_t J = 0; J < Host.size();)
        J = step(Host, J, Dialect::Gcc, "-Xcompiler");
      return I + 1;
    }
    // nvcc's -Werror takes a list of warning kinds.
    if (Tok == "-Werror") {
      std::string Text = Token;
      if (I + 1 < Tokens.size() && !StringRef(Tokens[I + 1]).starts_with("-"))
        Text += " " + Tokens[++I];
      drop(DropPrefix, Text);
      return I + 1;
    }
    if (std::optional<std::string> Value = ValueOf({"-rdc", "--relocatable-device-code"})) {
      if (*Value == "true")
        frontEnd("-rdc=true");
      drop(DropPrefix, Tok.contains('=') ? Token : Token + " " + *Value);
      return I + 1;
    }
    if (const char *Kept = nvccFrontEndFlag(Tok)) {
      frontEnd(Kept);
      drop(DropPrefix, Token);
      return I + 1;
    }
    StringRef Name = Tok.split('=').first;
    if (nvccDroppedWithValue().contains(Name)) {
      std::string Text = Token;
      if (Tok == Name && I + 1 < Tokens.size())
        Text += " " + Tokens[++I];
      drop(DropPrefix, Text);
      return I + 1;
    }
    if (nvccOnlyWarnings().contains(Tok)) {
      drop(DropPrefix, Token);
      return I + 1;
    }
    // Flags forwarded to the host compiler (-forward-unknown-to-host-compiler):
    // judged as gcc flags. Everything else is nvcc's own and dropped.
    if (Tok.starts_with("-W") || Tok.starts_with("-f") || Tok.starts_with("-std="))
      return step(Tokens, I, Dialect::Gcc, DropPrefix);
    drop(DropPrefix, Token);
    return I + 1;
  }

  // clang and gcc.
  if (std::optional<std::string> Value = ValueOf({"--cuda-gpu-arch", "--offload-arch"})) {
    if (D == Dialect::Clang)
      addArchs(Tok.split('=').first, *Value, DropPrefix);
    else
      drop(DropPrefix, Token);
    return I + 1;
  }
  if (Tok == "-x" || (Tok.starts_with("-x") && Tok.size() > 2)) {
    std::string Language =
        Tok == "-x" ? nextValue(Tokens, I).value_or("") : Tok.drop_front(2).str();
    if (Tok == "-x" && I + 1 < Tokens.size())
      ++I;
    if (Language == "cuda") {
      Out.Args.push_back("-x");
      Out.Args.push_back("cuda");
    } else {
      drop(DropPrefix, "-x " + Language);
    }
    return I + 1;
  }
  if (Tok == "-Xclang" && I + 1 < Tokens.size() && Tokens[I + 1] == "-include-pch") {
    // CMake's precompiled header: -Xclang -include-pch -Xclang <file>.
    std::string Text = Token + " " + Tokens[I + 1];
    I += 1;
    if (I + 2 < Tokens.size() && Tokens[I + 1] == "-Xclang") {
      Text += " " + Tokens[I + 1] + " " + Tokens[I + 2];
      I += 2;
    }
    drop(DropPrefix, Text);
    return I + 1;
  }
  if (hostDroppedWithValue().contains(Tok)) {
    std::string Text = Token;
    if (I + 1 < Tokens.size())
      Text += " " + Tokens[++I];
    drop(DropPrefix, Text);
    return I + 1;
  }
  if (isDroppedHostSwitch(Tok)) {
    drop(DropPrefix, Token);
    return I + 1;
  }
  if (Tok.starts_with("-std=")) {
    Out.Args.push_back(Token);
    return I + 1;
  }
  if (D == Dialect::Clang) {
    Out.Args.push_back(Token);
    if (clangKeptWithValue().contains(Tok) && I + 1 < Tokens.size())
      Out.Args.push_back(Tokens[++I]);
    return I + 1;
  }
  // gcc: warnings (clang only warns about unknown ones) and known -f flags.
  if ((Tok.starts_with("-W") && Tok.size() > 2) || isKnownFFlag(Tok)) {
    Out.Args.push_back(Token);
    return I + 1;
  }
  drop(DropPrefix, Token);
  return I + 1;
}

} // namespace

TranslatedCommand translateCompileCommand(const std::vector<std::string> &Argv,
                                          const std::string &Directory,
                                          const std::string &SourceFile) {
  TranslatedCommand Out;
  Translator(Directory, SourceFile, Out).run(Argv);
  return Out;
}

std::string clampGpuArch(const std::string &Arch) {
  // The architectures clang 19 accepts that CUDA 12 and 13 still support.
  static const ArchKey Known[] = {{50, 0}, {52, 0}, {53, 0}, {60, 0}, {61, 0},
                                  {62, 0}, {70, 0}, {72, 0}, {75, 0}, {80, 0},
                                  {86, 0}, {87, 0}, {89, 0}, {90, 0}, {90, 'a'}};
  std::string Lower = StringRef(Arch).trim().lower();
  std::optional<ArchKey> Key = parseArch(Lower);
  if (!Key)
    return "sm_90";
  for (const ArchKey &K : Known)
    if (K.Number == Key->Number && K.Suffix == Key->Suffix)
      return K.name();
  if (Key->Number > 90)
    return "sm_90";
  if (Key->Number < 50)
    return "sm_50";
  // A number clang does not list (sm_71, sm_89f): the closest lower one.
  ArchKey Best = Known[0];
  for (const ArchKey &K : Known)
    if (K.Suffix == 0 && K.Number <= Key->Number)
      Best = K;
  return Best.name();
}

} // namespace bankcheck::frontend

//===- CompileFlagTables.h - What the flag translation knows ----*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The knowledge behind CompileFlags.cpp's translation, as data: which nvcc,
/// clang and gcc options are dropped or kept (and whether they take a value),
/// the -f flags clang 19 understands, the include and macro spellings, GPU
/// architecture names, and the path helpers the translation compares with.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_COMPILEFLAGTABLES_H
#define BANKCHECK_FRONTEND_COMPILEFLAGTABLES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bankcheck::frontend::flags {

using llvm::StringRef;

/// "sm_90a" as {90, 'a'}; "compute_80" and "lto_80" as {80, 0}.
struct ArchKey {
  unsigned Number = 0;
  char Suffix = 0;

  bool operator<(const ArchKey &Other) const {
    return Number != Other.Number ? Number < Other.Number : Suffix < Other.Suffix;
  }
  std::string name() const {
    std::string Name = "sm_" + std::to_string(Number);
    if (Suffix)
      Name += Suffix;
    return Name;
  }
};

std::optional<ArchKey> parseArch(StringRef Text);
/// Every architecture named in an option value such as
/// "arch=compute_80,code=[compute_80,sm_80]" or "sm_80,compute_80".
std::vector<ArchKey> archsIn(StringRef Value);

std::string absoluteDirectory(StringRef Directory);
/// Path made absolute against Directory; "./" parts removed, ".." kept (the
/// directory may be reached through a symbolic link).
std::string absolutePath(StringRef Path, StringRef Directory);
/// A path, normalised for comparison with a fixed system directory.
std::string normalisedForCompare(StringRef Path);

/// nvcc options that take a value and that bankcheck drops: the value is
/// consumed with the flag when it is a separate token.
const llvm::StringSet<> &nvccDroppedWithValue();
/// nvcc's own -W options, which clang would warn about.
const llvm::StringSet<> &nvccOnlyWarnings();

/// An nvcc flag that changes what nvcc's front end accepts, as bankcheck's
/// own nvcc run spells it ("-expt-relaxed-constexpr" ->
/// "--expt-relaxed-constexpr", "-dc" -> "-rdc=true"), or null.
const char *nvccFrontEndFlag(llvm::StringRef Flag);
/// clang and gcc options that take a separate value and are dropped.
const llvm::StringSet<> &hostDroppedWithValue();
/// clang options that take a separate value and are kept with it.
const llvm::StringSet<> &clangKeptWithValue();
/// clang and gcc options without a value that are dropped: outputs, modes,
/// debug information, linking.
bool isDroppedHostSwitch(StringRef Flag);
/// -f flags of a gcc (or nvcc host) command that clang 19 understands and
/// that may matter to the parse; the others are dropped (an unknown -f flag is
/// an error for clang, which would lose the whole file).
bool isKnownFFlag(StringRef Flag);

/// The include and macro flags every dialect keeps. Spelling is what clang
/// accepts; Joined: the value may follow without a space; Path: the value is
/// a directory or file to make absolute.
struct IncludeFlag {
  StringRef Spelling;
  bool Joined;
  bool Path;
};
extern const IncludeFlag IncludeFlags[8];
/// nvcc's long spellings of the include and macro flags.
extern const std::pair<StringRef, StringRef> NvccLongIncludeFlags[5];

} // namespace bankcheck::frontend::flags

#endif

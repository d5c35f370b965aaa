//===- Preamble.h - The CUDA headers parsed once per flag set ---*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Every device parse starts with the headers bankcheck injects: Clang's CUDA
/// runtime wrapper and the toolkit's headers behind it (or the built-in
/// stand-ins), then bankcheck_compat.h. Their parse is most of a small file's
/// time, and it is the same for every file compiled with the same flags. So
/// for each flag set (a device command without its file, and its directory)
/// parsed more than once, those headers are parsed once into a precompiled
/// header kept in memory, and each file's parse loads it (-include-pch) and
/// parses only the file itself.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_PREAMBLE_H
#define BANKCHECK_FRONTEND_PREAMBLE_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
struct PCHBuffer;
}

namespace bankcheck::frontend {

/// The virtual directory precompiled preambles are served from.
constexpr const char *PreambleDir = "/__bankcheck_builtin__/preamble";

/// The flag set of a device command: its arguments without the file, and its
/// directory. None when the command includes files of its own (-include,
/// -imacros, -include-pch of the user's): those would be part of the
/// preamble, and they may hold kernels.
std::optional<std::string> preambleKey(const clang::tooling::CompileCommand &Cmd);

/// The preambles of one run, built before the files are parsed and then only
/// read (by any number of threads).
class Preambles {
public:
  using FileSystemMaker = std::function<llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>()>;

  /// Counts one parse of Cmd's flag set.
  void count(const clang::tooling::CompileCommand &Cmd);
  /// The flag sets counted at least MinParses times, to build.
  std::vector<std::string> worthBuilding(unsigned MinParses) const;
  /// Builds the preamble of flag set Key (one of worthBuilding's). Files
  /// makes the file system the parse reads; an error in the headers leaves
  /// the flag set without one (Why says what), and its files parse as usual.
  bool build(const std::string &Key, const FileSystemMaker &Files, std::string &Why);
  /// -include-pch and the preamble's path for Cmd's flag set, or nothing.
  std::vector<std::string> argsFor(const clang::tooling::CompileCommand &Cmd) const;
  /// Serves every built preamble (and the empty file they are built from).
  void serve(llvm::vfs::InMemoryFileSystem &Memory) const;
  unsigned built() const;

private:
  struct Entry {
    clang::tooling::CompileCommand Example; ///< a command of the flag set
    unsigned Parses = 0;
    std::string Path; ///< set once built
    std::shared_ptr<clang::PCHBuffer> Data;
  };
  std::map<std::string, Entry> ByKey;
};

} // namespace bankcheck::frontend

#endif

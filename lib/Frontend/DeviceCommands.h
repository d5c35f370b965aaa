//===- DeviceCommands.h - The device-only Clang command of each file -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The user's compilation database (or the flags after `--`) seen as
/// device-only Clang parses: each command translated (CompileFlags.h), the
/// headers bankcheck injects in front, a file compiled with several commands
/// (other -D sets) as its distinct variants; the CUDA toolkit chosen; the
/// file system the parses read (built-in headers and preambles in memory).
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_DEVICECOMMANDS_H
#define BANKCHECK_FRONTEND_DEVICECOMMANDS_H

#include "Frontend/Driver.h"
#include "Frontend/Preamble.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <string>
#include <vector>

namespace bankcheck::frontend {

/// Wraps the user's database: each command becomes a device-only clang parse.
class DeviceDatabase : public clang::tooling::CompilationDatabase {
public:
  /// Variant: which of a file's distinct commands getCompileCommands gives
  /// (variantsOf); Pre: the preambles its commands load, if any.
  DeviceDatabase(std::vector<std::string> Prefix, const clang::tooling::CompilationDatabase *Inner,
                 std::vector<std::string> Extra, std::vector<std::string> ExtraBefore,
                 std::vector<std::string> &Notes, const Preambles *Pre = nullptr, unsigned Variant = 0)
      : Prefix(std::move(Prefix)), Inner(Inner), Extra(std::move(Extra)), ExtraBefore(std::move(ExtraBefore)),
        Notes(Notes), Pre(Pre), Variant(Variant) {}

  std::vector<clang::tooling::CompileCommand> getCompileCommands(llvm::StringRef File) const override;
  std::vector<std::string> getAllFiles() const override {
    return Inner ? Inner->getAllFiles() : std::vector<std::string>();
  }
  /// The distinct device commands of File, in the database's order: one,
  /// unless the database compiles it several times with other flags.
  /// FrontEnd: per variant, the nvcc flags TranslatedCommand::NvccFrontEnd
  /// keeps.
  std::vector<clang::tooling::CompileCommand>
  variantsOf(llvm::StringRef File, std::vector<std::string> *Errors = nullptr,
             std::vector<std::vector<std::string>> *FrontEnd = nullptr) const;
  /// The arguments of bankcheck's nvcc run for File's variant: nvccArgsOf
  /// its device command, and the nvcc flags of the user's command that
  /// change what nvcc accepts (--expt-relaxed-constexpr, ...).
  std::vector<std::string> nvccArgs(llvm::StringRef File) const;

private:
  clang::tooling::CompileCommand translate(llvm::StringRef File, std::vector<std::string> Argv, std::string Dir,
                                           std::vector<std::string> *Errors,
                                           std::vector<std::string> *FrontEnd = nullptr) const;
  std::vector<std::string> Prefix;
  const clang::tooling::CompilationDatabase *Inner;
  std::vector<std::string> Extra, ExtraBefore;
  std::vector<std::string> &Notes;
  const Preambles *Pre;
  unsigned Variant;
};

/// What tells variant I of a file's commands apart from the others: the
/// arguments only some of them have ("-DTILE=16"), else "command I+1 of N".
std::string variantLabel(const std::vector<clang::tooling::CompileCommand> &Variants, unsigned I);

/// The toolkit whose headers are parsed ("" for the built-in headers).
std::string findToolkit(const DriverOptions &Opts);
/// The toolkit findToolkit would find without --no-cuda-toolkit: with the
/// built-in headers, Clang's driver still reads its `cuda.h` for the version.
std::string installedToolkit(const DriverOptions &Opts);
/// The real file system with the built-in headers (and the preambles) on
/// top, served from memory.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> headerFileSystem(const Preambles &Pre);
/// The arguments of a device-only Clang command that nvcc takes as they are
/// (-I, -D, -U, -isystem, -include, -std), the GPU architecture, and
/// -fgpu-rdc as -rdc=true.
std::vector<std::string> nvccArgsOf(const std::vector<clang::tooling::CompileCommand> &Cmds);
bool isCudaFile(llvm::StringRef Path);

} // namespace bankcheck::frontend

#endif

//===- Driver.h - Parse the inputs with Clang and analyse them -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Builds the device-side Clang command of each input (from a compilation
/// database, nvcc's included, or from the flags after `--`), chooses the CUDA
/// headers (the toolkit's, or the built-in stand-ins), runs the parse and the
/// analysis, and collects findings and per-file status.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_DRIVER_H
#define BANKCHECK_FRONTEND_DRIVER_H

#include "Frontend/Analysis.h"
#include "Report/Finding.h"
#include "Report/Reporters.h"

#include <optional>
#include <string>
#include <vector>

namespace bankcheck::frontend {

struct DriverOptions {
  std::vector<std::string> Files;
  std::string BuildPath;              ///< -p: directory with compile_commands.json
  std::vector<std::string> ExtraArgs; ///< after `--`, then --extra-arg: appended to each command
  std::vector<std::string> ExtraArgsBefore; ///< --extra-arg-before: after each command's compiler
  bool HaveExtraArgs = false;
  std::string CudaPath;               ///< --cuda-path; empty: CUDA_PATH, /usr/local/cuda
  std::string Widths = "auto";        ///< --widths: auto, source, nvcc (CompiledWidths.h)
  std::string Nvcc;                   ///< --nvcc; empty: <toolkit>/bin/nvcc, then nvcc on PATH
  std::string Ptx;                    ///< --ptx: recorded PTX of the (single) input file
  bool NoToolkit = false;             ///< --no-cuda-toolkit: always use the built-in headers
  std::optional<bank::BlockShape> BlockDim;
  bool Verbose = false;
  /// Print each file's Clang command (one line, arguments separated by
  /// spaces, built-in header directories as their virtual paths) instead of
  /// analysing. For benchmarks and for debugging a compile database.
  bool PrintCommands = false;
  unsigned Jobs = 0;     ///< files analysed at once; 0: one per core
  bool Progress = false; ///< "[3/80] file" lines on stderr
  /// --shard=I/N: analyse only the files of shard I (1..N), a split by a hash
  /// of each file's path (relative to the current directory when under it);
  /// the other files of the database are still read for their launches.
  std::string Shard;
  /// --preamble: the injected CUDA headers precompiled once per flag set
  /// (Preamble.h): "auto" for flag sets parsed more than once, "always",
  /// "never".
  std::string Preamble = "auto";
};

/// The shard (1..Count) a file falls in: stable across runs and machines for
/// the same path.
unsigned shardOf(const std::string &Path, unsigned Count);

struct DriverResult {
  std::vector<report::Finding> Findings;
  std::vector<report::FileStatus> Files;
  std::vector<report::Note> Remarks;
  unsigned Kernels = 0;
  report::SharedCoverage Coverage; ///< uses of shared variables seen, analysed, not
  std::string ToolkitUsed; ///< path, or "built-in headers"
};

/// Returns false on a usage error (message in Error); per-file failures are
/// in Result.Files.
bool runAnalysis(const DriverOptions &Opts, DriverResult &Result, std::string &Error);

/// The virtual directories the built-in headers are served from.
constexpr const char *BuiltinHeaderDir = "/__bankcheck_builtin__/include";
constexpr const char *CompatHeaderDir = "/__bankcheck_builtin__/compat";

} // namespace bankcheck::frontend

#endif

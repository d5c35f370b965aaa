//===- CompileFlags.h - nvcc/clang commands to clang device-only args -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Turns the command of one compile_commands.json entry, written for nvcc or
/// for clang, into the arguments bankcheck adds to its own device-only clang
/// parse: the include paths, macros and language flags that shape the AST,
/// plus the GPU architecture the file is built for. Everything else (outputs,
/// dependency files, optimisation, nvcc-only options, host linker flags) is
/// dropped and listed, so that a verbose run can say what was left out.
///
/// nvcc commands as CMake writes them keep their include directories in
/// `--options-file CMakeFiles/<target>.dir/includes_CUDA.rsp`; those files,
/// and `@file` response files, are read and expanded in place.
///
/// Uses LLVM Support only: no Clang headers.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_FRONTEND_COMPILEFLAGS_H
#define BANKCHECK_FRONTEND_COMPILEFLAGS_H

#include <optional>
#include <string>
#include <vector>

namespace bankcheck::frontend {

struct TranslatedCommand {
  /// clang arguments to keep: -I/-isystem/-iquote/-idirafter/-include/-D/-U,
  /// -std=, the -W and -f flags clang understands, -x cuda. Include paths are
  /// absolute. Never the source file, argv[0], outputs (-o, -c, -M*), nor a
  /// GPU architecture (see GpuArch).
  std::vector<std::string> Args;
  /// The highest architecture named by -arch/--gpu-architecture, -code,
  /// -gencode/--generate-code or --cuda-gpu-arch/--offload-arch, as "sm_XX"
  /// (possibly one clang 19 does not know: see clampGpuArch). Unset when the
  /// command names none, or only virtual choices such as -arch=native.
  std::optional<std::string> GpuArch;
  /// Flags that were dropped, each with its value ("-Xptxas -v", "-o k.o").
  std::vector<std::string> Dropped;
  /// Problems, such as an options file that cannot be read (the message names
  /// the file). The translation goes on without that file's flags.
  std::vector<std::string> Errors;
  /// nvcc's own flags that change what its front end accepts, for
  /// bankcheck's nvcc run (--widths): "--expt-relaxed-constexpr",
  /// "--extended-lambda", "-rdc=true" (also from -dc), each once, in that
  /// spelling. They are dropped from Args (Clang accepts what the first two
  /// allow without them; -fgpu-rdc is Clang's own -rdc).
  std::vector<std::string> NvccFrontEnd;
  /// argv[0]'s file name is nvcc (after any ccache/sccache/distcc launcher).
  bool IsNvcc = false;
};

/// \param Argv the whole command of one compile_commands.json entry: argv[0]
///   is the compiler, and the source file is among the arguments.
/// \param Directory the entry's "directory". Relative -I paths, options files
///   and @response files are resolved against it.
/// \param SourceFile the entry's "file" (relative to Directory, or absolute);
///   it is left out of Args, as is any other input file.
TranslatedCommand translateCompileCommand(const std::vector<std::string> &Argv,
                                          const std::string &Directory,
                                          const std::string &SourceFile);

/// An architecture clang 19 can parse for. Keeps sm_50 ... sm_90a; newer
/// ones (sm_100, sm_120a, ...) and unrecognised strings become "sm_90"; older
/// ones (sm_35) become "sm_50"; a well-formed number clang does not list
/// (sm_71) becomes the closest lower one it does (sm_70). Accepts "compute_XX"
/// and "lto_XX" as "sm_XX".
std::string clampGpuArch(const std::string &Arch);

} // namespace bankcheck::frontend

#endif // BANKCHECK_FRONTEND_COMPILEFLAGS_H

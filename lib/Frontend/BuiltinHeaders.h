//===- BuiltinHeaders.h - CUDA headers compiled into bankcheck -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The files of lib/Frontend/builtin-include/, embedded at build time by
/// EmbedHeaders.cmake (the definitions live in the generated
/// BuiltinHeaders.generated.cpp). The driver serves them from an in-memory
/// file system on an -isystem directory.
///
/// Without a toolkit, bankcheck parses with
/// `-nocudainc -nocudalib -include bankcheck_cuda_prelude.h -isystem <dir>`,
/// where <dir> holds builtinHeaders(). With a real toolkit it adds
/// `-isystem <dir2>` holding toolkitCompatHeaders() only.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_FRONTEND_BUILTINHEADERS_H
#define BANKCHECK_FRONTEND_BUILTINHEADERS_H

#include <vector>

namespace bankcheck::frontend {

/// One embedded file. Contents are NUL-terminated and live for the whole run.
struct BuiltinHeader {
  /// Path relative to the include directory, '/'-separated: "cuda_runtime.h",
  /// "crt/sm_70_rt.hpp", "cooperative_groups/reduce.h".
  const char *Name;
  const char *Contents;
};

/// Headers for parsing without a CUDA toolkit (all files in builtin-include/),
/// sorted by Name.
const std::vector<BuiltinHeader> &builtinHeaders();

/// Headers needed on top of a real CUDA toolkit (texture_fetch_functions.h
/// only: clang 19's CUDA wrapper includes it and CUDA 13 removed it).
const std::vector<BuiltinHeader> &toolkitCompatHeaders();

} // namespace bankcheck::frontend

#endif // BANKCHECK_FRONTEND_BUILTINHEADERS_H

//===- LaunchSizes.h - The dynamic shared size of each launch -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The third launch argument (`k<<<grid, block, bytes>>>`, cudaLaunchKernel's
/// sharedMem) as fix::LaunchSize: its value when it is a constant expression,
/// and the tokens on which it depends linearly, each with its coefficient, so
/// that lib/Fix can grow it for padded rows. A constant variable or a macro
/// used only there is read through to its definition. Also the opt-in size a
/// kernel is given by cudaFuncSetAttribute(k,
/// cudaFuncAttributeMaxDynamicSharedMemorySize, N).
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_LAUNCHSIZES_H
#define BANKCHECK_FRONTEND_LAUNCHSIZES_H

#include "Fix/LaunchSizeEdit.h"

#include "clang/AST/ASTContext.h"

#include <map>
#include <optional>

namespace bankcheck::frontend {

/// Reads the launch sizes of one translation unit; the uses of its macros and
/// constants are counted once, on the first size that needs them.
class LaunchSizeReader {
public:
  explicit LaunchSizeReader(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  /// Size: the size argument as written, or null (then Why says how the
  /// launch gives it, or nothing: no dynamic shared memory). Where: "launch at f.cu:40".
  fix::LaunchSize read(const clang::Expr *Size, const std::string &Why, const std::string &Where);
  /// Expansions of the object-like macro whose body starts at BodyStart.
  unsigned macroUses(clang::SourceLocation BodyStart);
  /// References to D in the translation unit.
  unsigned references(const clang::ValueDecl *D);

private:
  clang::ASTContext &Ctx;
  std::optional<std::map<clang::SourceLocation, unsigned>> MacroUses;
  std::optional<std::map<const clang::ValueDecl *, unsigned>> Refs;
};

/// Kernels given more dynamic shared memory than the default 48 KiB by
/// cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, N)
/// in this translation unit: the largest N, or -1 where N is not a constant.
std::map<const clang::FunctionDecl *, std::int64_t> optInSizes(clang::ASTContext &Ctx);

} // namespace bankcheck::frontend

#endif

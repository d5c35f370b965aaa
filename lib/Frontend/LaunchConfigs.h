//===- LaunchConfigs.h - Block shapes from launches and annotations -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Where a kernel's block shape comes from, in order: an annotation comment
/// directly above the kernel (`// bankcheck: block-dim(32, 8)`), the launches
/// `k<<<grid, block>>>` in the same translation unit (each distinct one is
/// analysed), the `--block-dim` option, or else none (blockDim.x assumed a
/// multiple of 32).
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_LAUNCHCONFIGS_H
#define BANKCHECK_FRONTEND_LAUNCHCONFIGS_H

#include "Frontend/Config.h"
#include "Frontend/KernelWalker.h"

#include "clang/AST/ASTContext.h"

#include <map>
#include <optional>
#include <vector>

namespace bankcheck::frontend {

/// Launches keyed by the launched kernel (canonical declaration of the
/// specialization).
using LaunchMap = std::map<const clang::FunctionDecl *, std::vector<LaunchConfig>>;

/// Every launch in the translation unit: `<<<grid, block>>>`,
/// cudaLaunchKernel, cudaLaunchCooperativeKernel and cudaLaunchKernelEx,
/// with the kernel and the block shape read as HostValues.h reads host code
/// (through launch wrappers, function pointers and tables). A launch whose
/// shape is not known has no Shape and says why in Unresolved.
LaunchMap collectLaunches(clang::ASTContext &Ctx);

/// The `bankcheck: block-dim(X[,Y[,Z]])` annotation in the comment lines
/// directly above the kernel, if any. Malformed annotations give an error text.
std::optional<LaunchConfig> annotationFor(const clang::FunctionDecl &Kernel,
                                          clang::ASTContext &Ctx, std::string &Error);

/// Parses "X[,Y[,Z]]" (each 1..1024, product <= 1024).
std::optional<bank::BlockShape> parseBlockDim(llvm::StringRef Text, std::string &Error);

/// The configurations to analyse a kernel with, most specific source first.
std::vector<LaunchConfig>
configsFor(const clang::FunctionDecl &Kernel, clang::ASTContext &Ctx,
           const LaunchMap &Launches,
           const std::optional<bank::BlockShape> &Option, std::string &Error,
           const Config *FileConfig = nullptr);

} // namespace bankcheck::frontend

#endif

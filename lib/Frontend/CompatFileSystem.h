//===- CompatFileSystem.h - Files as Clang reads them -----------*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A file system over another that serves each source file with the
/// nvcc-compatibility rewrite of NvccCompat.h applied (same length, same
/// lines), and keeps a note of every edit at its file:line:column.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_COMPATFILESYSTEM_H
#define BANKCHECK_FRONTEND_COMPATFILESYSTEM_H

#include "Frontend/NvccCompat.h"
#include "Report/Finding.h"

#include "llvm/Support/VirtualFileSystem.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace bankcheck::frontend {

/// The edits made while one translation unit was read.
struct CompatLog {
  std::mutex Lock;
  std::vector<report::Note> Edits;
};

/// Files under one of Skip (the toolkit's and Clang's headers) are served as
/// they are: they are read by Clang as its own, and rewriting them would only
/// cost time.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
nvccCompatFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base, std::shared_ptr<CompatLog> Log,
                     std::vector<std::string> Skip = {},
                     std::shared_ptr<const TemplateKeywordPlaces> Keywords = nullptr);

} // namespace bankcheck::frontend

#endif

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

#include "Report/Finding.h"

#include "llvm/Support/VirtualFileSystem.h"

#include <map>
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

/// The places, by file as Clang named it, where a first parse found a member
/// template of a dependent type named without `template` (the offsets of the
/// names): a second parse reads them with insertTemplateKeywords.
using TemplateKeywordPlaces = std::map<std::string, std::vector<std::size_t>>;

/// Files under one of Skip (the toolkit's and Clang's headers) are served as
/// they are: they are read by Clang as its own, and rewriting them would only
/// cost time.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
nvccCompatFileSystem(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> Base, std::shared_ptr<CompatLog> Log,
                     std::vector<std::string> Skip = {},
                     std::shared_ptr<const TemplateKeywordPlaces> Keywords = nullptr);

} // namespace bankcheck::frontend

#endif

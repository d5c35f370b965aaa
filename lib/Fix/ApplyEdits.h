//===- ApplyEdits.h - Apply fix-its to files, safely -----------*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Merges the fix-its of all findings (the same edit from several accesses,
/// instantiations or files is applied once; different edits of one range are
/// refused), checks the file still holds what was analysed, and writes it
/// atomically (temporary file in the same directory, then rename), keeping its
/// permissions and following symbolic links. Bytes outside the edits are never
/// changed.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FIX_APPLYEDITS_H
#define BANKCHECK_FIX_APPLYEDITS_H

#include "Report/Finding.h"

#include <string>
#include <vector>

namespace bankcheck::fix {

struct FileEdits {
  std::string Path;
  std::vector<report::TextEdit> Edits; ///< ascending offsets, no overlaps
};

/// Groups by file, drops duplicates, refuses overlapping different edits
/// (each refusal is a message in Errors).
std::vector<FileEdits> mergeEdits(const std::vector<report::TextEdit> &All,
                                  std::vector<std::string> &Errors);

/// Applies Edits to Text. False (with Error) when an edit is out of range or
/// the text at an edit is not what it expects.
bool applyEdits(const std::string &Text, const FileEdits &Edits, std::string &Out,
                std::string &Error);

/// Replaces the file's contents atomically. Refuses read-only files.
bool writeFileAtomically(const std::string &Path, const std::string &Contents, std::string &Error);

/// A unified diff of two versions of one file (hunks of changed lines).
std::string unifiedDiff(const std::string &Path, const std::string &Old, const std::string &New);

} // namespace bankcheck::fix

#endif

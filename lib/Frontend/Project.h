//===- Project.h - Launches shared between the files of a project -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Kernels are often launched from another file than the one defining them.
/// Each analysed translation unit gives, as plain data keyed by the kernel's
/// USR (the same in every file, template arguments included), the launches
/// it saw and the kernels it analysed with the launch shapes it used. After
/// every file, a file whose kernels are launched elsewhere with other shapes
/// is analysed again with those launches (Driver.cpp).
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_PROJECT_H
#define BANKCHECK_FRONTEND_PROJECT_H

#include "Frontend/KernelWalker.h"
#include "Report/Finding.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace bankcheck::frontend {

/// Launch configurations keyed by kernel USR.
using ProjectLaunches = std::map<std::string, std::vector<LaunchConfig>>;

/// One array declared in a header, as one file's accesses see it under each
/// padding of its innermost dimension (index: elements added, 0 first).
struct PaddingTable {
  std::string Name;
  std::vector<unsigned> Degree; ///< worst degree over the file's accesses
  std::vector<bool> Worse;      ///< an access of the file gets more wavefronts
  /// A use in the file that padded rows would not compile (PaddingSafety.h).
  std::string Blocked;
};

/// What one translation unit tells the others.
struct ProjectFacts {
  ProjectLaunches Launches; ///< launches with a known block shape
  /// Kernels analysed here from their launches (or the default when they
  /// have none), with the launch configurations used; kernels with an
  /// annotation are not listed (the annotation wins).
  ProjectLaunches Kernels;
  /// Arrays declared in user headers, keyed "path:offset" of the declaration.
  std::map<std::string, PaddingTable> Paddings;
  /// The user files (not system headers) the file's parse read, by the name
  /// the findings give them; only for files parsed for their launches, to
  /// tell which of them use a header array.
  std::set<std::string> Headers;
  /// The dynamic size of every launch, by kernel USR (launches whose block
  /// shape is not known included), and the fix-its of extern rows that grow
  /// them: each must reach the same kernels' launches in the other files.
  std::map<std::string, std::vector<fix::LaunchSize>> LaunchSizes;
  std::vector<fix::RowsFix> RowsFixes;
};

/// The USR of a kernel (its canonical declaration; a specialization's
/// includes its template arguments). Empty when Clang cannot make one.
std::string kernelKey(const clang::FunctionDecl &Kernel);

/// Same block shape and constant arguments.
bool sameLaunch(const LaunchConfig &A, const LaunchConfig &B);

/// The launches that the other files (Others; Mine is skipped by address)
/// give Mine's kernels and that Mine did not analyse them with. Empty: Mine
/// need not be analysed again.
ProjectLaunches launchesFromElsewhere(const ProjectFacts &Mine, const std::vector<const ProjectFacts *> &Others);

/// The padding of each header array chosen against every file that uses it
/// (each with its own instantiations and shapes): the smallest that lowers
/// the worst degree over the project and makes no access of any file worse.
/// The fix-its of the findings on such arrays are rewritten to it, or
/// dropped with a note when there is none. Files: the name of each fact set.
void choosePaddings(std::vector<report::Finding> &Findings, const std::vector<const ProjectFacts *> &All,
                    const std::vector<std::string> &Files);

} // namespace bankcheck::frontend

#endif

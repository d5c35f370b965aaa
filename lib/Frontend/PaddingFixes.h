//===- PaddingFixes.h - Padding fix-its on shared declarations -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Groups the accesses of each conflicting multi-dimensional `__shared__`
/// array (over every kernel instantiation and launch shape of the translation
/// unit), asks the padding solver for one padding that helps all of them, and
/// turns it into a fix-it on the declaration's innermost extent: `32` becomes
/// `33`, `TILE` becomes `TILE + 1`.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_PADDINGFIXES_H
#define BANKCHECK_FRONTEND_PADDINGFIXES_H

#include "Fix/PaddingSolver.h"
#include "Frontend/KernelWalker.h"
#include "Frontend/LaunchConfigs.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace bankcheck::frontend {

/// One walk of one kernel for one launch configuration, and the findings it
/// produced (index per site).
struct WalkRecord {
  const clang::FunctionDecl *Kernel = nullptr;
  LaunchConfig Config;
  KernelResult Walk;
  std::vector<std::size_t> FindingOfSite;
  /// Its findings, in site order: [FirstFinding, FirstFinding + NumFindings)
  /// of the translation unit's (FindingOfSite points into that range).
  std::size_t FirstFinding = 0, NumFindings = 0;
  /// Final: its widths are decided and the sites of the kernel's own arrays
  /// are released (Analysis.cpp); the others stay for the file's last steps.
  bool Final = false;
  /// The static shared bytes of the arrays it accesses, counted before any
  /// site is released (-1: not yet counted, count the sites).
  std::int64_t StaticBytes = -1;
};

/// The static shared bytes of the (non-extern) arrays W's sites access.
std::int64_t walkStaticBytes(const WalkRecord &W, clang::ASTContext &Ctx);

/// Where a variable is declared (file and byte offset): the instantiations
/// of a template share it, so padding is decided once per declaration.
std::pair<std::string, unsigned> declKey(const clang::VarDecl *VD, const clang::SourceManager &SM);

/// One access of an array for the padding solver: its query in the walk's
/// launch shape and the layout's innermost extent (outer extents and the
/// kernel's other static bytes are the caller's).
fix::ArrayAccess solverAccess(const WalkRecord &W, const AccessSite &Site, const ArrayLayout &L);

/// The arrays (not `extern`) that Handles accepts, over all of Walks: a
/// padding fix-it or a note on each conflicting one. Every access of such an
/// array must be in Walks.
void addPaddingFixes(llvm::MutableArrayRef<WalkRecord> Walks, report::FindingList &Findings,
                     clang::ASTContext &Ctx, llvm::function_ref<bool(const clang::VarDecl *)> Handles);

/// E's text where it can be edited alone: E as written in a file, or a macro
/// argument that the macro body uses once (without # or ##). Else an invalid
/// range and the reason.
clang::CharSourceRange editableSpelling(const clang::Expr *E, clang::ASTContext &Ctx, std::string &Why);

/// An XOR swizzle for an array no padding helps (SwizzleFixes.cpp): the
/// solver's proposal as edits of every column index, or only a note.
struct SwizzleFix {
  bool Have = false;                 ///< Edits hold every index's rewrite
  std::string Message;               ///< the note (empty without a proposal)
  std::string WhyNot;                ///< without a proposal
  std::vector<report::TextEdit> Edits;
};
/// The parts of `s[row * W + col...]` as RowForms.cpp reads them: the row
/// factor, the column terms, the row length's spelling (a name or literal).
bool rowFormSpelling(const clang::ArraySubscriptExpr *AS, clang::ASTContext &Ctx, const clang::Expr *&Row,
                     std::vector<const clang::Expr *> &Cols, std::string &Stride);

/// The same for the rows of an `extern __shared__` buffer at byte 0, indexed
/// `Name[row * W + col]` (ExternPadding.cpp): every index rewritten whole.
SwizzleFix rowSwizzleFix(const fix::PaddingProblem &P, const std::vector<const AccessSite *> &Sites,
                         const clang::VarDecl *Decl, clang::ASTContext &Ctx);

/// Sites is parallel to P.Accesses.
SwizzleFix swizzleFix(const fix::PaddingProblem &P, const std::vector<const AccessSite *> &Sites,
                      const clang::VarDecl *Decl, clang::ASTContext &Ctx);

/// `extern __shared__` buffers (ExternPadding.cpp): for each region carved by
/// hand whose rows conflict, the padding in bytes; a fix-it with every
/// launch's size when they are constants that can grow with the rows.
/// Launches: every launch of the file's kernels (and those of the project's
/// other files), for the sizes of extern buffers.
/// RowsFixes: the extern rows' fix-its made, for the project's other files.
void addExternPaddingNotes(std::vector<WalkRecord> &Walks, report::FindingList &Findings,
                           clang::ASTContext &Ctx, const LaunchMap &Launches, std::vector<fix::RowsFix> &RowsFixes);

} // namespace bankcheck::frontend

#endif

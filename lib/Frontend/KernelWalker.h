//===- KernelWalker.h - Lower a kernel's shared accesses -------*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Walks one kernel body for one launch configuration, as a small abstract
/// interpreter: locals are followed to their definitions, constant-trip loops
/// are unrolled, other loops get a symbolic iteration counter, `if` conditions
/// become guards, `__device__` helpers are walked in the caller's context. Every
/// load, store and atomic on a `__shared__` variable (through any pointer alias)
/// becomes an AccessSite holding symbolic byte offsets: no bank math here.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_KERNELWALKER_H
#define BANKCHECK_FRONTEND_KERNELWALKER_H

#include "BankModel/AccessAnalysis.h"
#include "Fix/LaunchSizeEdit.h"
#include "Report/Finding.h"
#include "Symbolic/Expr.h"
#include "Symbolic/SymbolTable.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

#include <type_traits>

#include <map>
#include <set>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace bankcheck::frontend {

/// D's name as getNameAsString() spells it, without its printer where the
/// name is an identifier (most are).
inline std::string nameOf(const clang::NamedDecl *D) {
  return D->getDeclName().isIdentifier() ? D->getName().str() : D->getNameAsString();
}


/// A block shape and where it came from, plus kernel arguments that are
/// constant at that launch.
struct LaunchConfig {
  std::optional<bank::BlockShape> Shape;
  std::string Source; ///< "launch at f.cu:40", "annotation at f.cu:3", "--block-dim", "assumed"
  std::map<unsigned, std::int64_t> ConstantArgs; ///< parameter index -> value
  /// Launches found whose block shape is not known, and why (the shape used
  /// is then not from them).
  std::string Unresolved;
  /// The dynamic shared-memory size the launch passes (LaunchSizes.h).
  fix::LaunchSize DynamicSize;
};

/// One source access of one shared variable.
struct AccessSite {
  const clang::Expr *Where = nullptr;
  report::FileLoc Loc;
  const clang::VarDecl *Array = nullptr;
  std::string Kind; ///< load, store, atomic, copy
  unsigned AccessBytes = 0;
  /// The instruction form when the source names it (inline PTX, ldmatrix and
  /// cp.async wrappers); otherwise formOf decides from the expression.
  std::optional<bank::Form> Form;
  std::string FormNote; ///< why this form, when it is not a plain load or store
  std::string Opcode;   ///< inline PTX: the instruction as written ("ldmatrix...x4.shared.b16")
  unsigned Part = 0;    ///< which instruction of its statement (see report::Finding::Part)
  /// Where a profiler attributes the instructions when not to Loc (a wmma call:
  /// the toolkit header line of the builtin it inlines); invalid otherwise.
  report::FileLoc ProfileLoc;
  std::vector<std::string> Assumptions; ///< what the offsets rely on (see SharedRef)
  std::vector<bank::AccessInstance> Instances;
  /// Hash of an instance's offset, guards and facts -> its index (dedup).
  std::unordered_multimap<std::size_t, std::size_t> InstanceIndex;
  std::string Unmodelled; ///< non-empty: the access cannot be analysed, why
  /// A struct copied to or from shared memory in pieces (a 12-byte float3 as
  /// three 4-byte loads): each instance is one piece, AccessBytes wide; the
  /// note says so. Empty for an access issued as one instruction.
  std::string PiecesNote;
  /// Set when the compiler's PTX merged this access with others into a wider
  /// one (CompiledWidths.cpp): the note, and which compiler decided.
  std::string CompiledNote, CompiledFrom;
  /// The lines of the calls through which the walk reached this access (an
  /// inlined helper's), outermost and innermost alike.
  std::set<std::pair<std::string, unsigned>> CallLines;
  /// 1-D arrays indexed `s[row * W + col]` with a named constant W: where W is
  /// spelled in this access's index (every use, for the fix-it); empty when
  /// the access is not of that form.
  std::vector<report::TextEdit> StrideTokens;
  std::string StrideName;
  const clang::FunctionDecl *Func = nullptr; ///< the kernel or helper it is in
  /// `extern __shared__` arrays: the byte offset of the region the access goes
  /// through (the array itself, indexed `s[row * W + col]`: 0; a pointer carved
  /// at a constant offset and never reassigned: its offset), and the carved
  /// pointer's name. -1: any byte of the buffer may be reached.
  std::int64_t RegionBase = -1;
  std::string RegionVia;
  /// Inline PTX (Where is null): the asm operand expression that is the
  /// instruction's whole address (`[%4]`, no displacement), when it is one.
  const clang::Expr *AsmAddress = nullptr;
};

/// The innermost extent of a multi-dimensional shared array, as a Layout
/// symbol: row strides are written in terms of it, so that other paddings can
/// be evaluated without walking the kernel again.
struct ArrayLayout {
  symbolic::SymbolId Inner = 0;
  std::int64_t InnerExtent = 0;
  std::vector<std::int64_t> Extents; ///< outermost first
  std::int64_t ElementBytes = 0;
  /// A 1-D array linearized by hand with row length StrideName (Extents are
  /// then {size / W, W}).
  bool Linearized = false;
  std::string StrideName;
};

/// A DenseSet whose move cannot throw (DenseSet's move constructor is not
/// declared noexcept), so that a vector of walks grows by moving them, not
/// by copying every walk (Analysis.cpp keeps a file's walks in one vector).
template <typename T> struct MovableDenseSet : llvm::DenseSet<T> {
  MovableDenseSet() = default;
  MovableDenseSet(const MovableDenseSet &) = default;
  MovableDenseSet &operator=(const MovableDenseSet &) = default;
  MovableDenseSet(MovableDenseSet &&O) noexcept { this->swap(O); }
  MovableDenseSet &operator=(MovableDenseSet &&O) noexcept {
    this->swap(O);
    return *this;
  }
};

struct KernelResult {
  std::vector<AccessSite> Sites;
  symbolic::SymbolTable Symbols;
  std::vector<report::Note> Skipped; ///< shared uses that could not be lowered
  std::string Aborted;               ///< non-empty: the walk stopped early, why
  /// By array; a region of an `extern __shared__` array is also listed here,
  /// under the pointer carved for it (or the array itself for region 0 indexed
  /// directly), so that every Layout symbol gets its value when analysed.
  std::map<const clang::VarDecl *, ArrayLayout> Layouts;
  /// Rows of the regions of `extern __shared__` arrays, by (array, region
  /// byte offset): always Linearized, Extents {0 (unknown), W}.
  std::map<std::pair<const clang::VarDecl *, std::int64_t>, ArrayLayout> Regions;
  /// Coverage (Coverage.cpp): the uses of __shared__ variables the walk
  /// evaluated, the statements it walked and the functions it went into.
  MovableDenseSet<const clang::DeclRefExpr *> SharedRefsSeen;
  MovableDenseSet<const clang::Stmt *> WalkedStmts;
  std::set<const clang::FunctionDecl *> Walked;
  /// Expressions Clang built with errors, each with a remark (not analysed).
  unsigned NotBuilt = 0;
};

static_assert(std::is_nothrow_move_constructible_v<KernelResult>, "walks are moved, never copied, as a vector grows");

/// A finished walk's table keeps only the symbols its sites and layouts
/// name, renumbered in order (CompactWalk.cpp): the file's last steps read
/// nothing else of it. Nothing may be added to the walk afterwards. Pool:
/// the expressions' nodes by structure, shared with the file's other walks
/// (null: this walk's alone).
void compactSymbols(KernelResult &W, symbolic::Expr::RenamePool *Pool = nullptr);

/// toFileLoc: the one place a SourceLocation becomes plain {Path, Line, Column, Offset}.
report::FileLoc toFileLoc(clang::SourceLocation Loc, const clang::SourceManager &SM);

/// A named constant (constexpr/const variable, enumerator, template argument,
/// object-like macro): its name and the range where it is spelled.
bool namedConstant(const clang::Expr *E, clang::ASTContext &Ctx, std::string &Name,
                   clang::SourceRange &Spelled);

KernelResult walkKernel(const clang::FunctionDecl &Kernel, const LaunchConfig &Config,
                        clang::ASTContext &Ctx);

/// Frees what only the walk itself and the coverage count use (the sets of
/// statements and uses seen, each site's dedup index), once the coverage is
/// counted: the findings, fixes and compiled widths need none of it.
void dropWalkOnly(KernelResult &R);

} // namespace bankcheck::frontend

#endif

//===- StatementRuns.h - Accesses of consecutive statements -----*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The compiler merges loads (stores) of adjacent statements into one vector
/// instruction as it does those of one statement: `s[2*t] = a;` and
/// `s[2*t+1] = b;` on two lines become one STS.64. It can only when nothing
/// between them orders memory: no barrier or fence, no other shared store, no
/// branch. This file finds such runs of statements: the plain statements
/// (expressions and declarations) of one `{ }` block, in order, where the
/// statements between two holding a candidate access are plain, call no
/// barrier, fence, inline PTX or user function (whose body may hold either),
/// and store nothing to shared memory.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_STATEMENTRUNS_H
#define BANKCHECK_FRONTEND_STATEMENTRUNS_H

#include "Frontend/KernelWalker.h"

#include <cstddef>
#include <map>
#include <vector>

namespace bankcheck::frontend {

/// One statement of a block, as the run search sees it.
struct BlockStatement {
  /// An expression or declaration statement (no branch, loop, label or
  /// return), with the candidate accesses outside `?:`, `&&` and `||`.
  bool Plain = true;
  /// Calls a barrier, a fence, a user function, or holds inline assembly.
  bool Barrier = false;
  /// Candidate accesses in the statement: site and key (the same key: the
  /// same array, kind and width, i.e. accesses that may merge).
  std::vector<std::pair<std::size_t, unsigned>> Sites;
  /// Every site that writes shared memory here (store, atomic, copy).
  std::vector<std::size_t> Stores;
  /// The arrays read here (an id per array): a store cannot move past a load
  /// of its own array the compiler does not prove to be elsewhere.
  std::vector<unsigned> Reads;
};

/// Runs of sites of one key held by consecutive plain statements of a block
/// (Block, in order): two statements holding sites of the key are linked when
/// neither writes shared memory other than through the key's sites, neither
/// calls a barrier, and every statement between them is plain, calls none
/// and writes nothing to shared memory. For a key of stores (StoredArray: key
/// -> the array it stores to), neither the statements between nor the later
/// one may read that array (`a[i] += a[j];` twice: each store waits for the
/// next line's load). Only runs over two statements or more are returned,
/// each in statement order.
std::vector<std::vector<std::size_t>> linkStatements(const std::vector<BlockStatement> &Block,
                                                     const std::map<unsigned, unsigned> &StoredArray = {});

/// The runs of the candidate sites of a walk (Candidates: site -> key; the
/// keys of stores in StoredArray with their array's arrayId) over two
/// statements or more, found in the blocks of the functions they are in.
std::vector<std::vector<std::size_t>> statementRuns(const KernelResult &Walk,
                                                    const std::map<std::size_t, unsigned> &Candidates,
                                                    const std::map<unsigned, unsigned> &StoredArray,
                                                    clang::ASTContext &Ctx);

/// The id linkStatements knows an array by: the index of its first site in
/// the walk.
unsigned arrayId(const KernelResult &Walk, const clang::VarDecl *Array);

} // namespace bankcheck::frontend

#endif

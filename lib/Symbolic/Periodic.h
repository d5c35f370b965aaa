//===- Periodic.h - Symbols an expression sees only modulo a constant -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A period of an expression in one of its symbols: P > 0 with
/// E(X + P) == E(X) for every X in the symbol's domain, all other symbols
/// fixed. Found when X appears only as `(c*X + b) % m` with a constant m > 0
/// and an operand that is never negative, or as `(c*X + b) & (2^k - 1)`:
/// a loop counter seen only as `stage = k % 4` or `k & 1`. One period of
/// values then covers every value the expression takes.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_SYMBOLIC_PERIODIC_H
#define BANKCHECK_SYMBOLIC_PERIODIC_H

#include "Symbolic/Expr.h"
#include "Symbolic/Range.h"

#include <cstdint>
#include <optional>

namespace bankcheck::symbolic {

class SymbolTable;

/// The period of E in X (1 when E does not mention X); nullopt when none is
/// found or it passes Limit.
std::optional<std::int64_t> periodIn(const Expr &E, SymbolId X, const SymbolTable &T, const RangeHints &H,
                                     std::int64_t Limit = 4096);

} // namespace bankcheck::symbolic

#endif

//===- SwizzleSolver.h - Choose an XOR swizzle that removes conflicts -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Where padding cannot help or cannot fit, the columns of a row-major tile
/// can be permuted within each row instead: column unit `u ^ f(r)` with
/// `f(r) = (r >> Shift) & Mask`, the unit being one element or one 16-byte
/// chunk (CuTe's `Swizzle<B, M, S>` written on the row and column indices).
/// Every candidate is evaluated on every access of the array (each
/// instantiation and launch shape) with the bank model, on the byte offsets
/// the swizzle gives; one is proposed only when it is a bijection within each
/// row segment it permutes (2^B units dividing the row), keeps every access
/// within one unit (so vector accesses stay aligned and contiguous), makes no
/// access worse (worst or mean wavefronts) and lowers the worst degree. No
/// source text is touched here; the front end writes the rewritten indices.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FIX_SWIZZLESOLVER_H
#define BANKCHECK_FIX_SWIZZLESOLVER_H

#include "Fix/PaddingSolver.h"

#include <optional>
#include <string>

namespace bankcheck::fix {

struct Swizzle {
  std::int64_t UnitBytes = 4;  ///< the element, or 16 (a chunk of 16 bytes)
  unsigned Bits = 0;           ///< Mask = 2^Bits - 1
  unsigned Shift = 0;          ///< f(r) = (r >> Shift) & Mask
  std::int64_t mask() const { return (std::int64_t(1) << Bits) - 1; }
};

/// The byte offset of Offset (from the array's start, rows of RowBytes)
/// after the swizzle. Offset's column must lie within its row.
symbolic::Expr swizzledOffset(const symbolic::Expr &Offset, std::int64_t RowBytes, const Swizzle &S);

/// The rewritten column index, as C text: `(Col) ^ (((Row) >> 1 & 7) << 2)`.
/// ElementBytes: the array's element; Col counts elements.
std::string swizzledColumn(const std::string &Row, const std::string &Col, std::int64_t ElementBytes,
                           const Swizzle &S);

/// The same swizzle on a byte offset from the array's start, as C text, for an
/// address written without the array's indices (inline PTX):
/// `o ^ (((o / 128) & 7) << 4)`. Exact because each permuted segment
/// (2^Bits units) divides the row: the XOR flips only the unit bits of o.
std::string swizzledOffsetText(const std::string &Offset, std::int64_t RowBytes, const Swizzle &S);

struct SwizzleProposal {
  Swizzle S;
  unsigned DegreeBefore = 0, DegreeAfter = 0;
};

struct SwizzleOutcome {
  std::optional<SwizzleProposal> Proposal;
  std::string WhyNot;
};

/// The accesses and budget of a PaddingProblem (StaticLimit and Dynamic play
/// no part: a swizzle adds no byte).
SwizzleOutcome proposeSwizzle(const PaddingProblem &P);

} // namespace bankcheck::fix

#endif

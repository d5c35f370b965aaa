//===- ThreadAffine.h - Expressions affine in threadIdx -------*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Most shared-memory offsets and guards are affine in threadIdx once the
/// block shape and the array extents are bound (`(ty + 8) * 132 + tx * 4`,
/// `tx < s`). `ThreadAffine` compiles such an expression into its
/// coefficients, so that the bank model gets a thread's value with a few
/// multiplications instead of running the expression's program per lane.
///
/// The compiled form is exact: it accepts only sums, differences, products
/// and left shifts by warp-uniform amounts of threadIdx terms, comparisons and
/// logical operators over them, and warp-uniform subexpressions (bound
/// symbols only, evaluated once); also `/`, `%`, `&` and `>>` by warp-uniform
/// amounts and arithmetic over their results (`tid / 32 * 132 + tid % 32 *
/// 4`), kept as steps whose bounds over the block are checked alike. Every intermediate affine value is checked
/// over the whole block (an affine function takes its extremes at the box's
/// corners) against what makes the program fail (64-bit overflow, a shift of
/// a negative or too large value), so where `compile` succeeds, the program
/// succeeds on every thread with the value `value` gives. Anything else is
/// refused (nullopt) and the caller runs the program.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_BANKMODEL_THREADAFFINE_H
#define BANKCHECK_BANKMODEL_THREADAFFINE_H

#include "BankModel/AccessAnalysis.h"
#include "Symbolic/Evaluate.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace bankcheck::bank {

/// The threads of one warp of a block: the lanes that exist (a last, partial
/// warp has fewer) and each lane's threadIdx, computed once per shape.
struct WarpThreads {
  std::uint32_t Present = 0;
  std::array<unsigned, WarpSize> X{}, Y{}, Z{};
  /// The least and greatest threadIdx of the present lanes, per dimension.
  std::array<unsigned, 3> Lo{}, Hi{};
  /// Set by ofBlock when this warp is the block's warp 0 moved by one
  /// vector: the same lanes present, each lane's (x, y, z) warp 0's plus it.
  std::optional<std::array<std::int64_t, 3>> FromWarp0;
  static WarpThreads of(const BlockShape &S, unsigned Warp);
  /// Every warp of S, kept for the thread's later calls (a project has few
  /// block shapes); valid until the thread's next call for another shape.
  static const std::vector<WarpThreads> &ofBlock(const BlockShape &S);
};

class ThreadAffine {
public:
  /// E over the threads of Shape, with Bound giving every other symbol it
  /// mentions (blockDim, extents); nullopt when E is not of the form above.
  static std::optional<ThreadAffine> compile(const symbolic::Expr &E, const BlockShape &Shape,
                                             const symbolic::Env &Bound);

  /// E's value at thread (X, Y, Z) of the shape it was compiled for.
  std::int64_t value(unsigned X, unsigned Y, unsigned Z) const;
  /// value() of each lane of T in Mask, into Out[lane]; other lanes untouched.
  void warpValues(const WarpThreads &T, std::uint32_t Mask, std::int64_t *Out) const;
  /// As a condition over the present lanes of T: Always (non-zero on every
  /// one), Never (zero on every one), or Mixed, when bounding each value over
  /// the lanes' box of threadIdx does not decide it (some lanes may still
  /// agree). Exact where it answers: every Lin is exact over the block.
  enum class Truth { Never, Always, Mixed };
  Truth truthOver(const WarpThreads &T) const;
  /// When this and O are one affine form up to its constant: this value less
  /// O's (the same for every thread); nullopt otherwise.
  std::optional<std::int64_t> shiftFrom(const ThreadAffine &O) const;
  /// When this is one affine form (no comparison): how much its value moves
  /// when every thread moves by Delta, in wrapping 64-bit arithmetic (the
  /// values themselves fit, so value + shift wraps to the moved value).
  std::optional<std::int64_t> shiftAlong(const std::array<std::int64_t, 3> &Delta) const;
  bool operator==(const ThreadAffine &O) const;
  /// Some step computes a value that is not affine (`/`, `%`, `&`, `>>`,
  /// arithmetic on such a value): the box's corners do not bound it.
  bool computes() const;

private:
  struct Lin {
    std::array<std::int64_t, 3> A{}; ///< coefficients of threadIdx.x, .y, .z
    std::int64_t D = 0;
    bool operator==(const Lin &O) const { return A == O.A && D == O.D; }
    /// Exact: the value fits (compile checked), so wrapping arithmetic gives
    /// it whatever the partial sums do.
    std::int64_t at(unsigned X, unsigned Y, unsigned Z) const {
      return static_cast<std::int64_t>(std::uint64_t(D) + std::uint64_t(A[0]) * X + std::uint64_t(A[1]) * Y +
                                       std::uint64_t(A[2]) * Z);
    }
  };
  /// Postfix code: a Lin pushes its value; the others pop their operands.
  struct Step {
    enum Kind : std::uint8_t { Push, Binary, Not } K;
    symbolic::Op O = symbolic::Op::Add; ///< Binary: a comparison, `&&`, `||`, or an operator of a value
    unsigned Lin = 0;                   ///< Push: index into Lins
    bool operator==(const Step &S) const { return K == S.K && O == S.O && Lin == S.Lin; }
  };
  /// A single Push: the value is Lins[0] itself.
  bool linear() const { return Code.size() == 1 && Code[0].K == Step::Push; }
  std::vector<Lin> Lins;
  std::vector<Step> Code;
  friend class ThreadAffineBuilder;
};

} // namespace bankcheck::bank

#endif

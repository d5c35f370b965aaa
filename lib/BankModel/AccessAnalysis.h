//===- AccessAnalysis.h - Bank conflicts of one access for a block -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Evaluates one source access, given as symbolic byte offsets (one per loop
/// instance) and guards, lane by lane for every warp of the block, and decides
/// its status: conflict, clean, possible (depends on an unknown uniform value)
/// or unknown (cannot be decided, with the reason).
///
/// Unknown warp-uniform values are handled without guessing: when the byte
/// offset is `per-lane part + uniform part` (same uniform coefficients on every
/// active lane), the uniform part only rotates banks, so the result depends on
/// the uniform part modulo 4 bytes alone, and those residues are enumerated.
/// Otherwise sample values are tried; a conflict found that way is `possible`
/// (with the value), no conflict found is `unknown`.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_BANKMODEL_ACCESSANALYSIS_H
#define BANKCHECK_BANKMODEL_ACCESSANALYSIS_H

#include "BankModel/Wavefronts.h"
#include "Symbolic/Evaluate.h"
#include "Symbolic/Expr.h"
#include "Symbolic/SymbolTable.h"

#include <optional>
#include <string>
#include <vector>

namespace bankcheck::symbolic {
class ProgramCache;
}

namespace bankcheck::bank {

struct BlockShape {
  unsigned X = 1, Y = 1, Z = 1;
  unsigned threads() const { return X * Y * Z; }
  unsigned warps() const { return (threads() + WarpSize - 1) / WarpSize; }
};

struct Guard {
  symbolic::Expr Cond;     ///< nonzero: the lane takes the access
  symbolic::SharedText Text; ///< source text, for notes (shared by the instances that repeat it)
};

/// Guards with equal conditions, in order (their texts are not compared).
bool sameGuards(const std::vector<Guard> &A, const std::vector<Guard> &B);
/// Seed mixed with each condition's structural hash: equal for sameGuards.
std::size_t hashGuards(std::size_t Seed, const std::vector<Guard> &Gs);

/// One instance of the access: one combination of enclosing loop iterations.
struct AccessInstance {
  symbolic::Expr ByteOffset;   ///< from the array's first byte
  std::vector<Guard> Guards;   ///< all must hold for a lane to be active
  /// Loop values, "k = 3, i = 0"; empty outside loops. Shared: a kernel's
  /// walks keep thousands of instances, many of one label.
  symbolic::SharedText Label;
  /// Must hold on every active lane (a column inside its row, for the
  /// padding of a linearized array); null when there is none.
  symbolic::Expr Invariant;
  /// cp.async: the lane's global source byte (from the source pointer's base);
  /// null when the source is not followed.
  symbolic::Expr SourceOffset;
  unsigned Multiplicity = 1;   ///< identical instances folded into one
};

struct AccessQuery {
  unsigned AccessBytes = 4;
  /// The instruction form (InstructionForms.h): how the lanes are served.
  Form F = Form::LDS;
  /// nullopt: the shape is unknown; blockDim.x is assumed a multiple of 32.
  std::optional<BlockShape> Shape;
  /// Why the shape is unknown, said with that assumption.
  std::string ShapeUnknownWhy = "no launch, annotation or --block-dim gives the block shape";
  std::vector<AccessInstance> Instances;
  /// Values of Layout symbols (array extents), bound for every lane.
  std::vector<std::pair<symbolic::SymbolId, std::int64_t>> Bindings;
  /// Upper bound on lane evaluations before the analysis gives up (unknown).
  std::uint64_t Budget = 4'000'000;
  /// Size of the array in bytes, when known: lanes that reach past its end
  /// are reported (AccessResult::OutOfBounds). Offsets below 0 always are.
  std::optional<std::int64_t> ArrayBytes;
};

enum class Status { Clean, Conflict, Possible, Unknown };
const char *statusName(Status S);

struct Witness {
  std::optional<unsigned> Warp; ///< null when the shape is unknown
  std::string Label;            ///< loop values of the instance
  std::size_t Instance = 0;     ///< the instance's index in AccessQuery::Instances
  std::string Values;           ///< values given to unknown symbols, if any
  WarpAddresses Lanes{};
  /// cp.async: the lanes' global source bytes, where known.
  WarpAccess::SourceBytes Source{};
  unsigned Wavefronts = 0, Ideal = 0;
};

/// A lane proven to access bytes outside the array: its offset is concrete
/// and every guard on its path evaluated to true (no assumption involved).
struct OutOfBounds {
  std::optional<unsigned> Warp; ///< null when the shape is unknown
  std::string Label;            ///< loop values of the instance
  unsigned Lane = 0;
  std::int64_t Byte = 0;        ///< the lane's first byte, from the array's start
  std::size_t Instance = 0;     ///< the instance's index in AccessQuery::Instances
};

struct AccessResult {
  Status St = Status::Unknown;
  unsigned WorstWavefronts = 0;
  double MeanWavefronts = 0;
  unsigned Ideal = 0;
  unsigned Degree = 0;
  std::string Reason;                   ///< why possible/unknown
  std::vector<std::string> Assumptions; ///< what the verdict relies on
  std::optional<Witness> Worst;
  /// The first lane found outside [0, ArrayBytes), in warp order.
  std::optional<OutOfBounds> Bounds;
  bool NeverExecuted = false;           ///< no lane of any warp is ever active
  bool Misaligned = false;              ///< some lane's offset is not a multiple of the width
  bool Negative = false;                ///< some lane's offset is below the array's start
  bool InvariantBroken = false;         ///< an active lane breaks its instance's invariant
  bool InvariantUnknown = false;        ///< the invariant could not be evaluated on some lane
  std::uint64_t Work = 0;               ///< lane evaluations spent (for callers' budgets)
};

/// Programs, when given, holds the flattened expressions of earlier queries
/// (symbolic::ProgramCache): those of Q's instances are taken from it.
AccessResult analyzeAccess(const AccessQuery &Q, const symbolic::SymbolTable &Symbols,
                           symbolic::ProgramCache *Programs = nullptr);

/// Is Cond true, false, or mixed over every thread of the block? Used by the
/// front end to unroll loops. Unknown when a symbol other than threadIdx and
/// blockDim is free, or evaluation fails.
enum class Truth { AllTrue, AllFalse, Mixed, Unknown };
/// Work, when given, is increased by the number of threads evaluated.
Truth decideOverBlock(const symbolic::Expr &Cond, const BlockShape &Shape,
                      const std::vector<symbolic::Expr> &Guards = {}, std::uint64_t *Work = nullptr);

/// Binds blockDim to the shape's extents.
void bindShape(symbolic::Env &E, const BlockShape &Shape);
/// Binds threadIdx and blockDim for linear thread id T of the block.
void bindThread(symbolic::Env &E, const BlockShape &Shape, unsigned T);

} // namespace bankcheck::bank

#endif

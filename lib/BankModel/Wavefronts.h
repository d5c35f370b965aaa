//===- Wavefronts.h - How many wavefronts one warp access takes -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The bank mapping as a function of byte addresses, with the rules measured
/// on sm_90 (docs/bank-model.md); each instruction form's phases and counting
/// come from its row in InstructionForms.h. For a plain load:
///
///   byte address  ...  | word = addr / 4            | byte in word |
///   bank = word % 32   (32 banks, 4 bytes each)
///
/// An access of W bytes is served in phases: one phase of 32 lanes for
/// W <= 4, two half-warps for W = 8, four quarter-warps for W = 16. A phase
/// takes as many wavefronts as the largest number of distinct words any one
/// bank holds among its active lanes (same word: broadcast). Phases add up,
/// except that the adjacent pairs (p0,p1) and (p2,p3) share one wavefront when
/// both take one wavefront and use disjoint banks, or when every active lane of
/// the pair reads the same address. A phase with no active lane costs nothing.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_BANKMODEL_WAVEFRONTS_H
#define BANKCHECK_BANKMODEL_WAVEFRONTS_H

#include "BankModel/InstructionForms.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bankcheck::bank {

constexpr unsigned NumBanks = 32;
constexpr unsigned BankBytes = 4;
constexpr unsigned WarpSize = 32;

struct LaneAddress {
  bool Active = false;
  std::uint64_t Byte = 0; ///< byte offset of the access (any common base)
};
using WarpAddresses = std::array<LaneAddress, WarpSize>;

/// True for 1, 2, 4, 8 and 16.
bool isValidAccessWidth(unsigned AccessBytes);

/// One warp instruction: each lane's address, the bytes each address covers
/// (for LDSM/STSM the form fixes 16) and the instruction form.
struct WarpAccess {
  WarpAddresses Lanes{};
  unsigned Bytes = 4;
  Form F = Form::LDS;
  /// LDGSTS: each lane's global source byte (any common base), when known. A
  /// phase then takes at least as many wavefronts as its lanes' source bytes
  /// form separate contiguous runs (measured: 16 lanes reading 32-byte pieces
  /// of 16 global rows take 16 wavefronts into a conflict-free tile).
  using SourceBytes = std::array<std::optional<std::int64_t>, WarpSize>;
  SourceBytes Source{};
};

/// Wavefronts the instruction takes, by its form's rule (InstructionForms.h);
/// for a CAS loop, the total over its rounds. Zero when no lane is active.
unsigned wavefronts(const WarpAccess &A);
/// Wavefronts of the same instruction with the same active lanes on a
/// conflict-free layout (lane i at byte i * Bytes): the baseline of the degree.
unsigned idealWavefronts(const WarpAccess &A);
/// Both of the above, remembered per thread: moving every lane by the same
/// whole number of words rotates the banks and changes neither count (the
/// rules compare words and banks, never a bank's number), so an access seen
/// before at another word offset costs a lookup. LDGSTS with known sources is
/// always computed (its sources are part of the cost).
struct WarpCost {
  unsigned Wavefronts = 0, Ideal = 0;
};
WarpCost warpCost(const WarpAccess &A);
/// Warp instructions executed: 1, or for a CAS loop twice its rounds.
unsigned instructions(const WarpAccess &A);

/// The same for a plain load of AccessBytes bytes per lane (Form::LDS), or F.
unsigned wavefronts(const WarpAddresses &Lanes, unsigned AccessBytes, Form F = Form::LDS);
unsigned idealWavefronts(const WarpAddresses &Lanes, unsigned AccessBytes, Form F = Form::LDS);

/// N of "N-way": wavefronts / ideal, rounded up, at least 1.
unsigned conflictDegree(unsigned Wavefronts, unsigned Ideal);

/// Per bank, the distinct words the active lanes touch, in the phase that
/// takes the most wavefronts. Used for notes: which lanes hit which bank.
struct BankCollision {
  unsigned Bank = 0;
  unsigned Phase = 0;
  std::array<std::uint64_t, WarpSize * 4> Words{}; ///< distinct words, ascending
  unsigned NumWords = 0;
  /// What the phase's wavefronts count on this bank: NumWords, or for forms
  /// without broadcast (atomics, cp.async) the lane-words.
  unsigned NumUses = 0;
  std::uint32_t LaneMask = 0; ///< lanes touching this bank in that phase
};
/// The bank with the most uses (lowest bank on ties), or a bank with
/// NumUses == 0 when no lane is active.
BankCollision worstBank(const WarpAddresses &Lanes, unsigned AccessBytes, Form F = Form::LDS);
/// cp.async: the phase whose lanes' global sources form the most separate
/// contiguous runs (the first on ties), the number of runs, and each run's
/// active lanes with a known source, in address order. Runs is 0 when no
/// source is known.
struct SourceRuns {
  unsigned Phase = 0;
  unsigned Runs = 0;
  std::vector<std::uint32_t> LaneMasks;
};
SourceRuns worstSourceRuns(const WarpAccess &A);

/// Lanes per phase of the form for that width (32, 16 or 8).
unsigned lanesPerPhase(unsigned AccessBytes, Form F = Form::LDS);

} // namespace bankcheck::bank

#endif

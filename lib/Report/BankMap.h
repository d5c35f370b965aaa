//===- BankMap.h - Banks x wavefronts of one warp access ------*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Which lane each bank serves in each wavefront of one warp access: the
/// picture behind "32-way bank conflict", drawn from a Finding's worst warp
/// instance (Finding::WorstLanes, Finding::AccessBytes) for `--explain` and
/// the HTML report.
///
/// Report sees only Finding, so the few bank rules the picture needs are
/// restated here (docs/bank-model.md; the model itself is
/// lib/BankModel/Wavefronts.cpp, and BankMapTest checks that both count the
/// same wavefronts):
///
///   bank = (byte / 4) % 32; a lane of W bytes touches the words
///   byte/4 .. (byte+W-1)/4. Lanes are served in phases: 32 lanes for W <= 4,
///   half-warps (16 lanes) for W = 8, quarter-warps (8 lanes) for W = 16.
///   A phase takes as many wavefronts as the most distinct words one bank
///   holds among its active lanes; wavefront k serves each bank's k-th word
///   (ascending), and every lane reading that word with it (broadcast).
///   Phases add up, except that the pairs (0,1) and (2,3) share one wavefront
///   when both take one and use disjoint banks or read one address.
///
/// Text notation (renderBankMap): a 12-column label, then 4 columns per bank.
///
///   bank        [ 0]  1   2   3 ...  31    header: bank numbers
///   phase 0 · lanes 0-31                   the lanes of the rows below
///   wavefront 0   0   ·   ·   · ...        a row: the lane each bank serves
///   wavefront 1   1   ·   ·   · ...
///   32 wavefronts; colliding bank 0 holds 32 distinct words
///
///   `  5 `  the bank serves lane 5's word in this wavefront
///   `  5*`  broadcast: lane 5 and at least one higher lane are on this word
///   `  · `  the bank is idle in this wavefront
///   `[ 0]`  (header, without color) bank 0 is a colliding bank: it holds the
///           most distinct words of any bank in one phase, and more than
///           one. With color, its number and its lanes are red instead.
///   A wide access (8 or 16 bytes) shows its lane in every bank it touches;
///   phases that share a wavefront show as "phases 0+1 · lanes 0-31 (merged
///   into one wavefront)".
/// Wavefronts are numbered across the warp, so the last row is
/// "wavefront N-1" for an access of N wavefronts. Lines are at most 140
/// columns wide.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_REPORT_BANKMAP_H
#define BANKCHECK_REPORT_BANKMAP_H

#include "Report/Finding.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bankcheck::report {

/// The byte offset of each lane's access (any common base); nullopt for an
/// inactive lane. The form of Finding::WorstLanes.
using LaneOffsets = std::array<std::optional<std::uint64_t>, 32>;

/// What one bank does in one wavefront.
struct BankCell {
  std::uint32_t LaneMask = 0; ///< lanes served; 0: the bank is idle
  std::uint64_t Word = 0;     ///< the word they read or write (byte / 4)

  bool idle() const { return LaneMask == 0; }
  /// More than one lane on the word.
  bool broadcast() const { return (LaneMask & (LaneMask - 1)) != 0; }
  /// The lowest lane served; -1 when idle.
  int firstLane() const;
  unsigned numLanes() const;
};

/// One wavefront: one pass through the 32 banks.
struct BankRow {
  unsigned FirstPhase = 0, LastPhase = 0; ///< LastPhase > FirstPhase: a merged pair
  unsigned Wavefront = 0;                 ///< 0-based, counted across the warp
  std::array<BankCell, 32> Cells{};
};

struct BankMap {
  unsigned AccessBytes = 0;
  unsigned LanesPerPhase = 32;  ///< 32, 16 or 8
  std::vector<BankRow> Rows;    ///< the wavefronts, in order
  /// Most distinct words one bank holds in one phase (0: no active lane).
  unsigned MaxWords = 0;
  /// Banks holding MaxWords distinct words in some phase, when MaxWords > 1:
  /// the colliding banks. Bit b is bank b.
  std::uint32_t CollidingBanks = 0;

  unsigned wavefronts() const { return static_cast<unsigned>(Rows.size()); }
  bool colliding(unsigned Bank) const { return (CollidingBanks >> Bank) & 1u; }
};

/// The bank map of one warp access of AccessBytes bytes per lane.
BankMap computeBankMap(const LaneOffsets &Lanes, unsigned AccessBytes);

/// The text picture (notation above) of the access, ending with a line that
/// names the colliding banks. Color adds ANSI escapes. Ends with '\n'.
/// Use it for "after the fix" with the lanes recomputed for the new extents.
std::string renderBankMap(const LaneOffsets &Lanes, unsigned AccessBytes, bool Color);

/// The picture of F's worst warp instance, under a title line naming it
/// ("bank map of warp 0 (j = 0), 4-byte load: 32 wavefronts, ideal 1").
/// Empty when F has no worst instance (F.HasWorst is false).
std::string renderBankMap(const Finding &F, bool Color);

/// "0-3, 8-11, 31": the banks of a mask, consecutive ones as ranges.
std::string formatBankList(std::uint32_t Mask);

/// The label of a row: "phase 1, wavefront 3" or "phases 0+1, wavefront 0".
std::string rowLabel(const BankRow &Row);

} // namespace bankcheck::report

#endif

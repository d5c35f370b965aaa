//===- InstructionForms.h - How each shared instruction is served -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The shared-memory instruction forms of sm_90 and the rule each one is
/// served by, as data: one row per form, measured on an H200 with the replay
/// microkernels of harness/forms/ (docs/bank-model.md gives every rule with
/// its measurement, docs/validation/forms-*.json the raw counters).
///
/// A warp instruction is served in *phases* (groups of lanes); a phase takes
/// as many wavefronts as the most *words* one bank serves in it, where a word
/// counts once however many lanes read it (broadcast: DistinctWords) or once
/// per lane (LaneWords: atomics and cp.async, whose lanes each need the bank).
///
///   LDS  1-4 B  | one phase of 32 lanes                   | distinct words
///   LDS  8 B    | lanes 0-15, 16-31                        | + pairs merge
///   LDS  16 B   | lanes 0-7, 8-15, 16-23, 24-31            | + pairs merge
///   STS         | as LDS                                   | no merging
///   ATOMS       | one phase (8 B: half-warps)              | lane-words
///   ATOMS.CAS   | as ATOMS, two passes per phase           | lane-words
///   LDSM/STSM   | one phase per 8x8 matrix (8 row lanes)   | distinct words
///   LDGSTS      | as STS by width                          | lane-words
///   CAS loop    | rounds of LDS + ATOMS.CAST.SPIN, simulated (one lane per
///               | bank succeeds per phase and round)
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_BANKMODEL_INSTRUCTIONFORMS_H
#define BANKCHECK_BANKMODEL_INSTRUCTIONFORMS_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace bankcheck::bank {

/// Every form the model knows. The printed names are the table's.
enum class Form : std::uint8_t {
  LDS,           ///< ld.shared, a C++ load
  STS,           ///< st.shared, a C++ store
  ATOMS,         ///< atom/red.shared add, min, max, exch, and, or, xor, inc, dec
  ATOMS_CAS,     ///< atom.shared.cas
  ATOMS_POPC_INC,///< atomicAdd(p, 1) on a warp-uniform address: one aggregated lane
  CAS_LOOP,      ///< float or 64-bit add on shared: LDS + ATOMS.CAST.SPIN in a loop
  LDSM_X1, LDSM_X2, LDSM_X4, ///< ldmatrix .x1/.x2/.x4 (.trans: same cost)
  STSM_X1, STSM_X2, STSM_X4, ///< stmatrix .x1/.x2/.x4 (.trans: same cost)
  LDGSTS,        ///< cp.async 4, 8 or 16 bytes (.ca, .cg): its shared writes
};
constexpr unsigned NumForms = static_cast<unsigned>(Form::LDGSTS) + 1;

enum class PhaseLayout : std::uint8_t {
  ByWidth,   ///< 32 lanes for <= 4 bytes, 16 for 8, 8 for 16
  PerMatrix, ///< 8 row-address lanes per 8x8 matrix
  Atomic,    ///< 32 lanes for <= 4 bytes, 16 for 8
};
enum class Counting : std::uint8_t {
  DistinctWords, ///< lanes on one word share it (broadcast)
  LaneWords,     ///< every lane uses the bank for each of its words
};

/// One row of the table.
struct FormRule {
  Form F;
  std::string_view Name;     ///< "LDS", "LDSM.x4": notes, JSON `instruction`, tests
  std::string_view Kind;     ///< load, store, atomic, copy
  std::string_view Sass;     ///< the SASS opcode family it is measured as
  unsigned AddressLanes;     ///< lanes 0..AddressLanes-1 give addresses (the rest: ignored)
  unsigned FixedBytes;       ///< bytes per address; 0: the access width
  PhaseLayout Phases;
  Counting Count;
  bool MergePairs;           ///< adjacent phases share a wavefront (rule 6, loads only)
  unsigned PassesPerPhase;   ///< wavefronts per counted word: 2 for CAS
  bool Simulated;            ///< CAS_LOOP: rounds are simulated
  bool AllLanes;             ///< .sync.aligned: every lane of the warp executes it
  std::string_view Widths;   ///< the access widths it has, for messages
};

const FormRule &rule(Form F);
/// The row named Name ("LDSM.x4", "STSM.x2", "ATOMS.CAS", ...), if any.
std::optional<Form> formNamed(std::string_view Name);
/// ldmatrix / stmatrix with Matrices = 1, 2 or 4.
Form matrixForm(bool Store, unsigned Matrices);
/// Is Bytes a width this form has?
bool formHasWidth(Form F, unsigned Bytes);

} // namespace bankcheck::bank

#endif

//===- Finding.h - What the reporters print -------------------*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Plain data handed to the reporters: one Finding per analysed access and
/// launch configuration. No Clang or analysis types: reporters only format.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_REPORT_FINDING_H
#define BANKCHECK_REPORT_FINDING_H

#include <array>
#include <deque>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bankcheck::report {

/// A position in a source file: the one form a location takes outside the
/// front end. Line and Column are 1-based; Offset is the byte offset.
struct FileLoc {
  std::string Path;
  unsigned Line = 0, Column = 0;
  unsigned Offset = 0;
  bool SystemHeader = false; ///< in a system header (-isystem, the toolkit, Clang's)
  bool valid() const { return !Path.empty() && Line != 0; }
};

struct Note {
  FileLoc Loc; ///< may be invalid: a note about the finding as a whole
  std::string Message;
  bool ShowsFix = false; ///< the finding's fix-its are printed under this note
};

/// Replace [Offset, Offset + Length) of Loc.Path with Text. Expected holds the
/// bytes found there when the file was analysed: an edit is only applied when
/// they are still there.
struct TextEdit {
  FileLoc Loc;
  unsigned Length = 0;
  std::string Text;
  std::string Expected;
};

/// A second diagnostic on the same access: a lane proven to read or write
/// outside the array (check bankcheck-out-of-bounds).
struct BoundsDiagnostic {
  std::string CheckId = "bankcheck-out-of-bounds";
  std::string Message;
  std::vector<Note> Notes;
  std::optional<unsigned> Warp;
  std::string Iteration;
  unsigned Lane = 0;
  std::int64_t Byte = 0;        ///< the lane's first byte from the array's start
  std::optional<std::int64_t> ArrayBytes;
  bool Suppressed = false;      ///< silenced by a NOLINT comment
  bool AsError = false;         ///< --warnings-as-errors names the check
};

/// The byte offset of each of a warp's 32 lanes (nullopt: inactive), kept
/// out of line: inline it would be half a Finding's size, and a file with
/// thousands of accesses keeps thousands of findings. Copies share it; a
/// write to a shared one copies first.
class LaneArray {
public:
  using Array = std::array<std::optional<std::uint64_t>, 32>;
  LaneArray() = default;
  LaneArray(const Array &A) : P(std::make_shared<Array>(A)) {}
  const Array &get() const {
    static const Array Empty{};
    return P ? *P : Empty;
  }
  operator const Array &() const { return get(); }
  Array::const_iterator begin() const { return get().begin(); }
  Array::const_iterator end() const { return get().end(); }
  const std::optional<std::uint64_t> &operator[](unsigned I) const { return get()[I]; }
  void set(unsigned I, std::uint64_t Byte) {
    if (!P)
      P = std::make_shared<Array>();
    else if (P.use_count() > 1)
      P = std::make_shared<Array>(*P);
    (*P)[I] = Byte;
  }

private:
  std::shared_ptr<Array> P;
};

struct Finding {
  std::string CheckId = "bankcheck-bank-conflict";
  FileLoc Loc;
  std::string Kernel;     ///< with template arguments
  std::string Array;
  FileLoc ArrayDecl;
  std::string ElementType;
  std::string Kind;       ///< load, store, atomic
  unsigned AccessBytes = 0;
  /// The instruction form (docs/bank-model.md): LDS, STS, ATOMS, ATOMS.CAS,
  /// ATOMS.POPC.INC, ATOMS.CAST.SPIN (a CAS loop), LDSM.x1..x4, STSM.x1..x4, LDGSTS.
  std::string Instruction = "LDS";
  /// Empty: judged at the width the source gives; else what decided the
  /// width (the compiler's PTX that merged it with other accesses).
  std::string WidthFrom;
  /// The lines of the calls through which this access was reached (it is in
  /// a helper walked at them): a profiler may put its instructions there.
  std::vector<FileLoc> CallSites;
  /// Which instruction of its statement (an asm template with several shared
  /// instructions, a wmma load issued as several): 0 for the first.
  unsigned Part = 0;
  /// Where a profiler attributes this access when not to Loc (JSON
  /// profile_file/profile_line); invalid otherwise.
  FileLoc ProfileLoc;
  std::optional<std::array<unsigned, 3>> BlockDim;
  std::string BlockDimSource;
  std::string Status;     ///< conflict, clean, possible, unknown
  unsigned WavefrontsWorst = 0;
  double WavefrontsMean = 0;
  unsigned IdealWavefronts = 0;
  unsigned Degree = 0;
  std::string Reason;
  std::vector<std::string> Assumptions;
  /// The worst warp instance, for replay.
  bool HasWorst = false;
  std::optional<unsigned> WorstWarp;
  std::string WorstIteration, WorstValues;
  LaneArray WorstLanes;
  /// cp.async whose global source costs more than its banks: which lanes of
  /// the worst warp's phase copy from separate runs (for the bank map).
  std::string WorstSourceRuns;
  /// The same warp instance after the proposed padding, when there is one.
  std::optional<LaneArray> AfterFixLanes;
  unsigned AfterFixWavefronts = 0, AfterFixIdeal = 0; ///< of that warp instance
  std::string Message;     ///< the diagnostic's first line, without location
  std::vector<Note> Notes; ///< printed under the diagnostic
  std::vector<TextEdit> Fixes;

  bool Suppressed = false;     ///< silenced by a NOLINT comment
  bool BelowThreshold = false; ///< degree under --min-degree / MinDegree
  bool Disabled = false;       ///< its check is not enabled (--checks)
  bool AsError = false;        ///< --warnings-as-errors names its check
  std::optional<BoundsDiagnostic> OutOfBounds;

  bool hasBoundsDiagnostic() const { return OutOfBounds && !OutOfBounds->Suppressed; }

  bool isDiagnostic() const {
    return !Suppressed && !BelowThreshold && !Disabled && (Status == "conflict" || Status == "possible");
  }
};

/// A translation unit's findings while its AST is alive: a deque, so that
/// growing it neither moves nor doubles what it holds (a file of thousands of
/// kernels would otherwise peak at three times its findings' size).
using FindingList = std::deque<Finding>;

/// How one input file went.
struct FileStatus {
  std::string Path;
  bool Ok = true;
  std::string Error;
};

} // namespace bankcheck::report

#endif

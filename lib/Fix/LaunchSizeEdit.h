//===- LaunchSizeEdit.h - Grow a launch's dynamic shared size -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The dynamic shared memory of a kernel is sized at each launch
/// (`k<<<grid, block, bytes>>>`). Padding the rows of an `extern __shared__`
/// buffer carved by hand is a fix-it only when every launch's size can be
/// edited to hold the padded rows: the size is a constant expression, and one
/// of its terms, on which the size depends linearly, can be rewritten so that
/// the size grows by exactly the bytes the padding adds to the rows it holds.
/// Plain data and arithmetic here; the front end reads the expressions.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FIX_LAUNCHSIZEEDIT_H
#define BANKCHECK_FIX_LAUNCHSIZEEDIT_H

#include "Report/Finding.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bankcheck::fix {

/// A token of a launch's size expression on which the size depends linearly:
/// writing V in place of Value changes the size by Coef * (V - Value).
struct SizeTerm {
  report::FileLoc Loc;
  std::string Text;        ///< as written: a name, or a literal (suffix included)
  std::int64_t Value = 0;
  std::int64_t Coef = 0;
  bool Named = false;      ///< a named constant (macro, constexpr, enumerator, template argument)
};

/// The dynamic shared-memory size one launch passes.
struct LaunchSize {
  std::string Where;                  ///< "launch at f.cu:40"
  report::FileLoc Loc;                ///< where the size is written (invalid: not written, 0 bytes)
  std::string Text;                   ///< the size as written
  std::optional<std::int64_t> Bytes;  ///< its value, when a constant expression
  std::string Why;                    ///< why it is not constant, or why none of its terms can be edited
  std::vector<SizeTerm> Terms;        ///< editable terms, in the order written
};

/// The padding of the rows of one region of an `extern __shared__` buffer.
struct RowPadding {
  std::int64_t Base = 0;        ///< the region's first byte
  std::int64_t RowBytes = 0;    ///< the row stride before padding
  std::int64_t PadBytes = 0;    ///< bytes added to each row
  std::int64_t RowElements = 0; ///< the row length W, in elements
  std::int64_t Pad = 0;         ///< elements added to W
  std::string Stride;           ///< W as the indices spell it (a name or a literal)
};

struct SizeEdit {
  report::TextEdit Edit;
  std::int64_t OldBytes = 0, NewBytes = 0;
  std::int64_t Rows = 0;        ///< rows of the region the launch holds
};

/// The edit of L's size that makes room for R: the launch holds
/// (size - Base) / RowBytes whole rows, and the edited size is larger by
/// exactly that many times PadBytes. Tried in order: a term spelled like the
/// stride with W's value (`W` -> `(W + 1)`), a literal factor equal to W
/// (`32` -> `33`), a literal that is the whole size (`4096` -> `4224`).
/// Without one, nullopt and the reason in Why.
std::optional<SizeEdit> sizeEdit(const LaunchSize &L, const RowPadding &R, std::string &Why);

/// A padding fix-it of extern rows made in one file, as the project's other
/// files need it: their launches of the same kernels must grow too.
struct RowsFix {
  std::vector<std::string> Kernels;     ///< the kernels' keys (USRs)
  RowPadding Rows;
  std::int64_t MaxBytes = 0;            ///< the most a launch may pass once padded
  std::vector<report::TextEdit> Edits;  ///< every edit of the fix-it
  std::vector<report::FileLoc> Covered; ///< the launch sizes it edits (LaunchSize::Loc)
  report::FileLoc NoteLoc;              ///< the buffer's declaration
  std::string What;                     ///< "'smem'", "the region of 'buf' at byte 128 (through 'a')"
};

/// One file of a project: its launches' sizes by kernel key, and its fix-its.
struct FileLaunchSizes {
  bool Analysed = false; ///< analysed without error in this run: --fix may edit it
  const std::map<std::string, std::vector<LaunchSize>> *Launches = nullptr;
  const std::vector<RowsFix> *Fixes = nullptr;
};

/// For each RowsFix, the launches of its kernels in the other files: each
/// size grown too (the edit added to the findings holding the fix-it), or,
/// where one cannot be (not a constant, over the limit, a file this run does
/// not analyse), the fix-it removed from those findings with a note naming
/// that launch and the reason.
void extendRowsFixes(std::vector<report::Finding> &Findings, const std::vector<FileLaunchSizes> &Files);

} // namespace bankcheck::fix

#endif

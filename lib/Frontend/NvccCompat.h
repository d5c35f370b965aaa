//===- NvccCompat.h - Source that nvcc accepts and Clang rejects -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Constructs that nvcc accepts and Clang 19 rejects, rewritten in the text
/// before Clang reads it, without changing its length or the line of
/// anything outside the rewritten span (so every location, diagnostic and
/// fix-it offset stays the file's own):
///  - `__shared__ alignas(16) float t[..]` (also after extern/static, and
///    for __device__, __constant__, __managed__): Clang takes alignas only at
///    the start of a declaration; the alignas moves there.
///  - inline asm operand lists with no comma between two operands
///    (`: "=r"(a) "=r"(b)`): the comma takes the place of a blank.
///  - a PTX special register written `%laneid` in the template of an asm
///    statement with operands (nvcc passes it on; Clang reads `%l` as an
///    operand modifier): read as `%%laneid`, a blank of the statement's line
///    outside its strings taken out for the added '%'.
///  - `#define PRAGMA_UNROLL #pragma unroll` (nvcc applies the pragma where the
///    macro is used; Clang reads '#' there as an error): the unroll or
///    nounroll pragma is blanked out of the macro's body.
/// docs/nvcc-compat.md lists them with where each was seen.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_NVCCCOMPAT_H
#define BANKCHECK_FRONTEND_NVCCCOMPAT_H

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace bankcheck::frontend {

struct CompatEdit {
  std::size_t Offset = 0; ///< where the rewritten span starts
  std::string What;       ///< what was accepted, for the note
};

/// Rewrites Text in place; returns the edits, in order.
std::vector<CompatEdit> rewriteForClang(std::string &Text);
/// False when rewriteForClang has nothing to look at in Text (it names
/// neither alignas nor asm nor unroll): the text is used as it is.
bool mayRewriteForClang(std::string_view Text);

} // namespace bankcheck::frontend

#endif

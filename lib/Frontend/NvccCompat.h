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
/// And, where a first parse's errors say so, a member template of a dependent
/// type named without `template` (insertTemplateKeywords, for a second parse).
/// docs/nvcc-compat.md lists them with where each was seen.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_NVCCCOMPAT_H
#define BANKCHECK_FRONTEND_NVCCCOMPAT_H

#include <cstddef>
#include <map>
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

/// `X<A>::f<C>(...)` (also `t->f<C>()`, `t.f<C>()`), f a member template of
/// a dependent type named without the `template` keyword: nvcc accepts it,
/// Clang reads '<' as less-than (or asks for the keyword) and says where; a
/// second parse reads the file with this rewrite. At each of Names (the
/// offset of a name right after `::`, `->` or `.` and before `<`), the
/// separator becomes a macro of bankcheck_compat.h and a blank (`$S ` for
/// `::template`, `$P ` for `->template`, `$M ` for `.template`; a blank
/// before it too after a word), and the one to three characters more are
/// paid for by blanks of the line before it (indentation, or a blank beside
/// another blank, a bracket, comma or semicolon; never one between two words
/// or operators): the length, every other line and the columns from the
/// name on stay. Left alone where the line has too few, and after the
/// first of a line (the next one's blanks would move it). Returns the edits
/// made, at the names' offsets.
std::vector<CompatEdit> insertTemplateKeywords(std::string &Text, const std::vector<std::size_t> &Names);

/// The places, by file as Clang named it (and by its real path), where a
/// first parse found such names (their offsets): a second parse reads them
/// with insertTemplateKeywords.
using TemplateKeywordPlaces = std::map<std::string, std::vector<std::size_t>>;

/// Where Clang places that error (the start of `X<A>::f` or of `t->f`, or
/// the name itself), the offset of the name: the last part of the qualified
/// name that starts at From (its parts and their template arguments on one
/// line), when it follows `::`, `->` or `.` and `<` follows it; npos when the
/// text there is not such a name.
std::size_t templateNameFrom(std::string_view Text, std::size_t From);

} // namespace bankcheck::frontend

#endif

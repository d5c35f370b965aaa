//===- PtxLexer.h - Tokens of PTX text and inline-asm templates -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Splits PTX into tokens. Two inputs share it: a compiled PTX module
/// (`nvcc -ptx`, `clang --cuda-device-only -S`) and the template string of a
/// GCC-style `asm` statement, where `%0` and `%[name]` name the statement's
/// operands and `%%` stands for a literal `%`.
///
/// The lexer never fails: a byte it does not know becomes a one-character
/// `Punct` token, an integer too large for 64 bits is flagged `Overflow`.
/// Token texts point into the input, which must outlive the tokens.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_PTX_PTXLEXER_H
#define BANKCHECK_PTX_PTXLEXER_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <vector>

namespace bankcheck::ptx {

/// What is being lexed.
enum class LexMode : std::uint8_t {
  Module,      ///< compiled PTX: `%r5` is a register
  AsmTemplate, ///< an asm template: `%0`/`%[name]` operands, `%%r` a register
};

enum class TokenKind : std::uint8_t {
  Word,       ///< opcode, directive (leading '.'), symbol or label: `ld.shared.v4.u32`,
              ///< `.reg`, `$L__BB0_2`, `cp.async.ca.shared::cta.global.L2::128B`
  Register,   ///< `%r5`, `%tid.x`, a template's `%%laneid`; Text has no '%'
  AsmOperand, ///< template only: `%4` (Text "4"), `%[dst]` (Text "dst"), `%c2` (Text "2")
  Integer,    ///< `16`, `0x10`, `0X10`, `0b101`, `017`, `16U`; Value holds it
  Float,      ///< `0f3FC00000`, `0d3FF0000000000000`, `1.5`, `2e3`
  String,     ///< `"path"`; Text without the quotes
  Punct,      ///< one character: `, ; { } [ ] ( ) + - @ ! < > | : =` or any unknown byte
  Comment,    ///< `// ...` or `/* ... */`; Text is the trimmed body
  End,        ///< after the last token
};

struct Token {
  TokenKind Kind = TokenKind::End;
  llvm::StringRef Text;
  /// The whole spelling in the input (`%%laneid`, `%[dst]`, `"path"`, `// c`).
  llvm::StringRef Raw;
  /// Integer: the value, two's complement (0xFFFFFFFFFFFFFFFF is -1).
  std::int64_t Value = 0;
  /// Integer: more than 64 bits were written; Value is meaningless.
  bool Overflow = false;
  /// 1-based line of the token's first character.
  unsigned Line = 1;

  bool is(char C) const { return Kind == TokenKind::Punct && Text.size() == 1 && Text[0] == C; }
};

/// Every token of Text, comments included, ending with one End token.
/// Linear in the size of Text.
std::vector<Token> lex(llvm::StringRef Text, LexMode Mode);

} // namespace bankcheck::ptx

#endif // BANKCHECK_PTX_PTXLEXER_H

//===- PtxParser.h - PTX statements: instructions, directives, scopes -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Groups PTX tokens into statements: instructions (`@!%p1 ld.shared.u32 %r1,
/// [%r2+4];`), directives (`.reg .b32 r;`, `.loc 1 16 5`, a function header),
/// labels, and the braces of scopes. It knows the syntax only; what an
/// instruction does is PtxInstr.h's business.
///
/// Never fails: a malformed statement is skipped up to the next `;`, `{` or `}`
/// and a line is added to Problems. Each statement consumes at least one token,
/// so any input ends in time linear in its size.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_PTX_PTXPARSER_H
#define BANKCHECK_PTX_PTXPARSER_H

#include "Ptx/PtxLexer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace bankcheck::ptx {

/// One instruction operand as written.
struct PtxOperand {
  enum class Kind : std::uint8_t {
    None,       ///< missing or unreadable
    Register,   ///< Name: "r5", "tid.x", "laneid"
    AsmOperand, ///< Index: the template's %N (after %[name] lookup)
    Immediate,  ///< Imm (negative immediates included)
    Float,      ///< Name: the literal's text ("0f3FC00000", "-1.5")
    Symbol,     ///< Name: a variable, label or function; also the sink "_"
    Address,    ///< [Elements[0] + Imm]; Elements is empty for [Imm]
    Vector,     ///< {Elements...}; also `%p|%q` and a parenthesised list
  };
  Kind K = Kind::None;
  std::string Name;
  /// AsmOperand: index into outputs then inputs; with a name that matches no
  /// operand, ~0u.
  unsigned Index = 0;
  /// Immediate: the value. Address: the constant byte displacement. Register,
  /// AsmOperand, Symbol: an offset written after it (`sym+8`).
  std::int64_t Imm = 0;
  bool Negated = false;              ///< `!%p`
  bool Complex = false;              ///< Address with terms beyond base + constant
  std::vector<PtxOperand> Elements;  ///< Address base, Vector elements
  std::string Text;                  ///< the operand as written, spacing removed

  bool isAddress() const { return K == Kind::Address; }
  /// The base of an Address; nullptr for an absolute address or a non-address.
  const PtxOperand *addressBase() const {
    return K == Kind::Address && !Elements.empty() ? &Elements.front() : nullptr;
  }
};

/// One statement.
struct PtxStatement {
  enum class Kind : std::uint8_t {
    Instruction, ///< Opcode, Modifiers, Guard, Operands
    Directive,   ///< Opcode holds the directive (".reg"), Args its tokens
    Label,       ///< Opcode holds the label
    ScopeOpen,   ///< `{`
    ScopeClose,  ///< `}`
    AsmBegin,    ///< compiled PTX: the `// begin inline asm` comment
    AsmEnd,      ///< compiled PTX: the `// end inline asm` comment
  };
  Kind K = Kind::Instruction;
  unsigned Line = 0;
  /// Instruction: the whole opcode ("ld.shared.v4.u32"); Directive: its name.
  std::string Opcode;
  /// Instruction: the opcode's first component ("ld").
  std::string Base;
  /// Instruction: the opcode's other components in order ("shared", "v4",
  /// "u32"); "shared::cta" and "L2::128B" are one component each.
  std::vector<std::string> Modifiers;
  /// Instruction: the predicate of `@p` / `@!p`; Kind::None without one.
  PtxOperand Guard;
  std::vector<PtxOperand> Operands;
  /// Directive: the tokens after its name up to its end (`;`, `{`, or for the
  /// line directives .loc/.file/.version/.target/.address_size/.section/.bN,
  /// the end of the line). They point into the parsed text.
  std::vector<Token> Args;
  /// Directive: it ended with `;` (a declaration) rather than before `{`.
  bool EndsWithSemicolon = false;

  bool hasModifier(llvm::StringRef M) const;
};

/// Template operand names, for %[name]: Names[i] names operand i (outputs
/// first, then inputs); empty strings for unnamed operands.
struct PtxParseOptions {
  LexMode Mode = LexMode::Module;
  std::vector<std::string> OperandNames;
};

struct PtxParseResult {
  std::vector<PtxStatement> Statements;
  std::vector<std::string> Problems; ///< "line 3: expected ',' or ';' after an operand"
};

/// Parses Text. Statement Args point into Text, which must outlive them.
PtxParseResult parsePtx(llvm::StringRef Text, const PtxParseOptions &Options);

} // namespace bankcheck::ptx

#endif // BANKCHECK_PTX_PTXPARSER_H

//===- PtxValue.h - A value computed inside an asm template -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The value of a register inside an inline-asm template, as a small
/// immutable tree over the statement's operands:
///
///   PtxValue := Operand n          the asm operand %n (outputs first, then inputs)
///             | Imm k              a 64-bit constant
///             | Op(kind, a, b)     an integer operation on two values
///             | SharedWindow(x)    cvta.to.shared of the generic address x
///             | Special(r)         a special register: %laneid, %tid.x, ...
///             | Unknown(reason)    anything else, with the reason
///
/// `{ .reg .u64 a; cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }` leaves %0 =
/// `(cvta.to.shared(%1) & 0xffffffff)`. Values are pure data: the caller binds
/// the operands to its own symbolic values and evaluates the tree.
///
/// Widening conversions (cvt.u64.u32, cvt.s64.s32) are the identity and
/// narrowing ones an And with the mask of the narrow type, which is exact for
/// the non-negative values shared addresses are.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_PTX_PTXVALUE_H
#define BANKCHECK_PTX_PTXVALUE_H

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace bankcheck::ptx {

class PtxValue {
public:
  enum class Kind : std::uint8_t { Operand, Imm, Op, SharedWindow, Special, Unknown };
  /// Operations on 64-bit two's complement integers.
  enum class OpKind : std::uint8_t {
    Add, ///< a + b
    Sub, ///< a - b
    Mul, ///< a * b (mul.lo, mul.wide)
    And, ///< a & b
    Or,  ///< a | b
    Xor, ///< a ^ b
    Shl, ///< a << b, b in [0, 63]
    Shr, ///< a >> b, b in [0, 63]; logical (PTX shr.u); shr.s agrees for a >= 0
  };
  /// Trees deeper than this become Unknown("address computation too deep").
  static constexpr unsigned MaxDepth = 64;

  /// Unknown("no value").
  PtxValue();
  static PtxValue operand(unsigned Index);
  static PtxValue imm(std::int64_t Value);
  /// Unknown if A or B is (A's reason first); folds two immediates when the
  /// result is defined (no overflow, shift in range).
  static PtxValue op(OpKind K, PtxValue A, PtxValue B);
  static PtxValue sharedWindow(PtxValue Generic);
  static PtxValue special(std::string Register);
  static PtxValue unknown(std::string Reason);

  Kind kind() const;
  bool isUnknown() const { return kind() == Kind::Unknown; }
  unsigned operandIndex() const;     ///< Operand
  std::int64_t immediate() const;    ///< Imm
  OpKind opKind() const;             ///< Op
  const PtxValue &lhs() const;       ///< Op; SharedWindow: its argument
  const PtxValue &rhs() const;       ///< Op
  const std::string &name() const;   ///< Special: the register ("laneid"); Unknown: the reason
  unsigned depth() const;            ///< 1 for a leaf

  /// `%1`, `16`, `(%4 + 128)`, `cvta.to.shared(%1)`, `%laneid`, `unknown(reason)`.
  std::string str() const;

  bool operator==(const PtxValue &O) const;
  bool operator!=(const PtxValue &O) const { return !(*this == O); }

  struct Node;

private:
  explicit PtxValue(std::shared_ptr<const Node> N) : N(std::move(N)) {}
  std::shared_ptr<const Node> N;
};

const char *opKindSpelling(PtxValue::OpKind K); ///< "+", "-", "*", "&", "|", "^", "<<", ">>"

/// What evaluation needs from the caller; a missing function or a nullopt
/// answer makes the whole value nullopt.
struct PtxValueEnv {
  std::function<std::optional<std::int64_t>(unsigned)> Operand;
  /// The shared-window address of a generic address.
  std::function<std::optional<std::int64_t>(std::int64_t)> SharedWindow;
  std::function<std::optional<std::int64_t>(const std::string &)> Special;
};

/// The value of V, or nullopt for Unknown, a missing binding, an overflow or
/// a shift outside [0, 63].
std::optional<std::int64_t> evaluate(const PtxValue &V, const PtxValueEnv &Env);

} // namespace bankcheck::ptx

#endif // BANKCHECK_PTX_PTXVALUE_H

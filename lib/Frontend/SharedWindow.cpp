//===- SharedWindow.cpp - Arithmetic on shared-window addresses -----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A shared-window address (`__cvta_generic_to_shared(&s[i])`, or what an asm
/// statement's cvta.to.shared leaves) is the variable's window base plus a
/// byte offset. Adding or subtracting an integer moves the offset. Swizzles
/// written on the address itself (`addr ^ ((row & 7) << 4)`) act on the base
/// too; they act on the offset alone when the base is aligned past the bits
/// they change, which bankcheck assumes (128 bytes, the declared alignment, or
/// the power of two past the operand's largest value, up to 1024 bytes) and
/// states as an assumption of the access. `addr & MASK` below that alignment
/// is the offset's bits alone: an integer (`addr ^ ((addr & 0x380) >> 3)`).
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

namespace bankcheck::frontend {

using symbolic::Expr;
using symbolic::Interval;
using symbolic::Op;

namespace {
/// The smallest power of two above every value of I (at least 1), or nullopt
/// when I can be negative or has no upper bound.
std::optional<std::int64_t> alignmentPast(const Interval &I) {
  if (!I.Lo || !I.Hi || *I.Lo < 0 || *I.Hi >= (std::int64_t(1) << 31))
    return std::nullopt;
  std::int64_t N = 1;
  while (N <= *I.Hi)
    N <<= 1;
  return N;
}
} // namespace

std::string windowAlignmentAssumption(const clang::VarDecl *A, std::int64_t Align) {
  return "'" + A->getNameAsString() + "' starts at a shared address aligned to " + std::to_string(Align) +
         " bytes (its address is combined by a bitwise operation)";
}

std::optional<Value> Walker::windowArithmetic(Op O, const Value &L, const Value &R) {
  bool LW = L.K == Value::Window, RW = R.K == Value::Window;
  if (LW && RW) {
    if (O == Op::Sub && L.P.Array == R.P.Array)
      return Value::integer(L.P.Offset - R.P.Offset);
    return std::nullopt;
  }
  const Value &W = LW ? L : R;
  const Value &I = LW ? R : L;
  if (!(LW || RW) || I.K != Value::Int)
    return std::nullopt;
  Value Out = W;
  switch (O) {
  case Op::Add:
    Out.P.Offset = W.P.Offset + I.E;
    return Out;
  case Op::Sub:
    if (!LW)
      return std::nullopt; // integer minus an address
    Out.P.Offset = W.P.Offset - I.E;
    return Out;
  case Op::Xor:
  case Op::Or:
  case Op::And: {
    // Exact on the offset alone when the variable starts at an address
    // aligned past every bit the operand can have: base + off has off's low
    // bits there. The alignment is assumed, the largest any such operation
    // on this variable needed (at least 128 bytes, or the declared one).
    std::int64_t Declared = std::max<std::int64_t>(128, Ctx.getDeclAlign(W.P.Array).getQuantity());
    std::optional<std::int64_t> Need = alignmentPast(symbolic::rangeOf(I.E, Result.Symbols, rangeHints()));
    if (O == Op::And && !Need && I.E.isConst() && ((I.E.constValue() | (Declared - 1)) & 0xffffffffll) == 0xffffffffll) {
      // Clearing low bits (`addr & ~15`): the base keeps its bits.
      Out.P.Offset = Expr::binary(O, W.P.Offset, I.E);
      Out.P.setFacts().Assumption = windowAlignmentAssumption(W.P.Array, std::max(Declared, WindowAlign[W.P.Array]));
      return Out;
    }
    if (!Need || *Need > MaxAssumedWindowAlign)
      return std::nullopt;
    std::int64_t &Align = WindowAlign[W.P.Array];
    Align = std::max({Align, Declared, *Need});
    if (O == Op::And) // the base's bits are all above the mask: an integer
      return Value::integer(Expr::binary(O, W.P.Offset, I.E));
    Out.P.Offset = Expr::binary(O, W.P.Offset, I.E);
    Out.P.setFacts().Assumption = windowAlignmentAssumption(W.P.Array, Align);
    return Out;
  }
  default:
    return std::nullopt;
  }
}

} // namespace bankcheck::frontend

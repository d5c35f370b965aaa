//===- SharedWindow.cpp - Arithmetic on shared-window addresses -----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A shared-window address (`__cvta_generic_to_shared(&s[i])`, or what an asm
/// statement's cvta.to.shared leaves) is the variable's window base plus a
/// byte offset. Adding or subtracting an integer moves the offset. Swizzles
/// written on the address itself (`addr ^ ((row & 7) << 4)`) act on the base
/// too; they act on the offset alone when the base is aligned past the bits
/// they change, which bankcheck assumes (128 bytes, or the declared alignment
/// when larger) and states as an assumption of the access.
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

namespace bankcheck::frontend {

using symbolic::Expr;
using symbolic::Op;

namespace {
std::string alignmentAssumption(const clang::VarDecl *A, clang::ASTContext &Ctx) {
  std::int64_t Align = std::max<std::int64_t>(128, Ctx.getDeclAlign(A).getQuantity());
  return "'" + A->getNameAsString() + "' starts at a shared address aligned to " + std::to_string(Align) +
         " bytes (its address is combined by a bitwise operation)";
}
} // namespace

std::optional<Value> windowArithmetic(Op O, const Value &L, const Value &R, clang::ASTContext &Ctx) {
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
  case Op::And:
    Out.P.Offset = Expr::binary(O, W.P.Offset, I.E);
    Out.P.Assumption = alignmentAssumption(W.P.Array, Ctx);
    return Out;
  default:
    return std::nullopt;
  }
}

} // namespace bankcheck::frontend

//===- PtxValue.cpp - A value computed inside an asm template -------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Ptx/PtxValue.h"

#include <utility>

namespace bankcheck::ptx {

struct PtxValue::Node {
  Kind K = Kind::Unknown;
  OpKind Op = OpKind::Add;
  unsigned Index = 0;
  std::int64_t Imm = 0;
  std::string Name;
  PtxValue A, B;
  unsigned Depth = 1;
};

namespace {
const std::string &noValueReason() {
  static const std::string R = "no value";
  return R;
}
const PtxValue &noValue() {
  static const PtxValue V;
  return V;
}

/// A op B on int64, or nullopt when C++ would overflow or shift out of range.
std::optional<std::int64_t> apply(PtxValue::OpKind K, std::int64_t A, std::int64_t B) {
  std::int64_t R = 0;
  switch (K) {
  case PtxValue::OpKind::Add:
    if (__builtin_add_overflow(A, B, &R))
      return std::nullopt;
    return R;
  case PtxValue::OpKind::Sub:
    if (__builtin_sub_overflow(A, B, &R))
      return std::nullopt;
    return R;
  case PtxValue::OpKind::Mul:
    if (__builtin_mul_overflow(A, B, &R))
      return std::nullopt;
    return R;
  case PtxValue::OpKind::And:
    return A & B;
  case PtxValue::OpKind::Or:
    return A | B;
  case PtxValue::OpKind::Xor:
    return A ^ B;
  case PtxValue::OpKind::Shl: {
    if (B < 0 || B > 63 || A < 0)
      return std::nullopt;
    std::uint64_t U = static_cast<std::uint64_t>(A);
    if (B && (U >> (63 - B)) != 0)
      return std::nullopt; // would reach the sign bit
    return static_cast<std::int64_t>(U << B);
  }
  case PtxValue::OpKind::Shr:
    if (B < 0 || B > 63)
      return std::nullopt;
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(A) >> B);
  }
  return std::nullopt;
}
} // namespace

PtxValue::PtxValue() = default;

PtxValue PtxValue::operand(unsigned Index) {
  auto N = std::make_shared<Node>();
  N->K = Kind::Operand;
  N->Index = Index;
  return PtxValue(std::move(N));
}

PtxValue PtxValue::imm(std::int64_t Value) {
  auto N = std::make_shared<Node>();
  N->K = Kind::Imm;
  N->Imm = Value;
  return PtxValue(std::move(N));
}

PtxValue PtxValue::op(OpKind K, PtxValue A, PtxValue B) {
  if (A.isUnknown())
    return A;
  if (B.isUnknown())
    return B;
  if (A.kind() == Kind::Imm && B.kind() == Kind::Imm)
    if (std::optional<std::int64_t> R = apply(K, A.immediate(), B.immediate()))
      return imm(*R);
  unsigned Depth = 1 + std::max(A.depth(), B.depth());
  if (Depth > MaxDepth)
    return unknown("address computation too deep");
  auto N = std::make_shared<Node>();
  N->K = Kind::Op;
  N->Op = K;
  N->A = std::move(A);
  N->B = std::move(B);
  N->Depth = Depth;
  return PtxValue(std::move(N));
}

PtxValue PtxValue::sharedWindow(PtxValue Generic) {
  if (Generic.isUnknown())
    return Generic;
  if (Generic.depth() + 1 > MaxDepth)
    return unknown("address computation too deep");
  auto N = std::make_shared<Node>();
  N->K = Kind::SharedWindow;
  N->Depth = Generic.depth() + 1;
  N->A = std::move(Generic);
  return PtxValue(std::move(N));
}

PtxValue PtxValue::special(std::string Register) {
  auto N = std::make_shared<Node>();
  N->K = Kind::Special;
  N->Name = std::move(Register);
  return PtxValue(std::move(N));
}

PtxValue PtxValue::unknown(std::string Reason) {
  auto N = std::make_shared<Node>();
  N->K = Kind::Unknown;
  N->Name = std::move(Reason);
  return PtxValue(std::move(N));
}

PtxValue::Kind PtxValue::kind() const { return N ? N->K : Kind::Unknown; }
unsigned PtxValue::operandIndex() const { return N ? N->Index : 0; }
std::int64_t PtxValue::immediate() const { return N ? N->Imm : 0; }
PtxValue::OpKind PtxValue::opKind() const { return N ? N->Op : OpKind::Add; }
const PtxValue &PtxValue::lhs() const { return N ? N->A : noValue(); }
const PtxValue &PtxValue::rhs() const { return N ? N->B : noValue(); }
const std::string &PtxValue::name() const { return N ? N->Name : noValueReason(); }
unsigned PtxValue::depth() const { return N ? N->Depth : 1; }

const char *opKindSpelling(PtxValue::OpKind K) {
  switch (K) {
  case PtxValue::OpKind::Add:
    return "+";
  case PtxValue::OpKind::Sub:
    return "-";
  case PtxValue::OpKind::Mul:
    return "*";
  case PtxValue::OpKind::And:
    return "&";
  case PtxValue::OpKind::Or:
    return "|";
  case PtxValue::OpKind::Xor:
    return "^";
  case PtxValue::OpKind::Shl:
    return "<<";
  case PtxValue::OpKind::Shr:
    return ">>";
  }
  return "?";
}

std::string PtxValue::str() const {
  switch (kind()) {
  case Kind::Operand:
    return "%" + std::to_string(operandIndex());
  case Kind::Imm: {
    std::int64_t V = immediate();
    if (V > 0xffff && V <= 0xffffffffLL && ((V + 1) & V) == 0) {
      static const char Hex[] = "0123456789abcdef";
      std::string S;
      for (std::uint64_t U = static_cast<std::uint64_t>(V); U; U >>= 4)
        S.insert(S.begin(), Hex[U & 15]);
      return "0x" + S; // masks read better in hex
    }
    return std::to_string(V);
  }
  case Kind::Op:
    return "(" + lhs().str() + " " + opKindSpelling(opKind()) + " " + rhs().str() + ")";
  case Kind::SharedWindow:
    return "cvta.to.shared(" + lhs().str() + ")";
  case Kind::Special:
    return "%" + name();
  case Kind::Unknown:
    return "unknown(" + name() + ")";
  }
  return "?";
}

bool PtxValue::operator==(const PtxValue &O) const {
  if (N == O.N)
    return true;
  if (kind() != O.kind())
    return false;
  switch (kind()) {
  case Kind::Operand:
    return operandIndex() == O.operandIndex();
  case Kind::Imm:
    return immediate() == O.immediate();
  case Kind::Op:
    return opKind() == O.opKind() && lhs() == O.lhs() && rhs() == O.rhs();
  case Kind::SharedWindow:
    return lhs() == O.lhs();
  case Kind::Special:
  case Kind::Unknown:
    return name() == O.name();
  }
  return false;
}

std::optional<std::int64_t> evaluate(const PtxValue &V, const PtxValueEnv &Env) {
  switch (V.kind()) {
  case PtxValue::Kind::Operand:
    return Env.Operand ? Env.Operand(V.operandIndex()) : std::nullopt;
  case PtxValue::Kind::Imm:
    return V.immediate();
  case PtxValue::Kind::Op: {
    std::optional<std::int64_t> A = evaluate(V.lhs(), Env);
    std::optional<std::int64_t> B = A ? evaluate(V.rhs(), Env) : std::nullopt;
    if (!A || !B)
      return std::nullopt;
    return apply(V.opKind(), *A, *B);
  }
  case PtxValue::Kind::SharedWindow: {
    std::optional<std::int64_t> G = evaluate(V.lhs(), Env);
    if (!G || !Env.SharedWindow)
      return std::nullopt;
    return Env.SharedWindow(*G);
  }
  case PtxValue::Kind::Special:
    return Env.Special ? Env.Special(V.name()) : std::nullopt;
  case PtxValue::Kind::Unknown:
    return std::nullopt;
  }
  return std::nullopt;
}

} // namespace bankcheck::ptx

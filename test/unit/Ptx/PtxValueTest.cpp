//===- PtxValueTest.cpp - A value computed inside an asm template ----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Ptx/PtxValue.h"

#include <catch2/catch.hpp>

#include <climits>

using namespace bankcheck::ptx;
using OpKind = PtxValue::OpKind;

TEST_CASE("values print as small expressions over operands", "[ptx][value]") {
  PtxValue V = PtxValue::op(OpKind::Add, PtxValue::sharedWindow(PtxValue::operand(1)), PtxValue::imm(16));
  CHECK(V.str() == "(cvta.to.shared(%1) + 16)");
  CHECK(PtxValue::op(OpKind::And, PtxValue::operand(0), PtxValue::imm(0xffffffff)).str() == "(%0 & 0xffffffff)");
  CHECK(PtxValue::special("laneid").str() == "%laneid");
  CHECK(PtxValue().str() == "unknown(no value)");
}

TEST_CASE("two immediates fold unless the operation overflows", "[ptx][value]") {
  CHECK(PtxValue::op(OpKind::Shl, PtxValue::imm(3), PtxValue::imm(4)) == PtxValue::imm(48));
  CHECK(PtxValue::op(OpKind::Sub, PtxValue::imm(3), PtxValue::imm(4)) == PtxValue::imm(-1));
  PtxValue Big = PtxValue::op(OpKind::Add, PtxValue::imm(LLONG_MAX), PtxValue::imm(1));
  CHECK(Big.kind() == PtxValue::Kind::Op);
  CHECK(PtxValue::op(OpKind::Shl, PtxValue::imm(1), PtxValue::imm(64)).kind() == PtxValue::Kind::Op);
}

TEST_CASE("an unknown operand makes the whole value unknown, keeping the first reason", "[ptx][value]") {
  PtxValue V = PtxValue::op(OpKind::Xor, PtxValue::unknown("loaded"), PtxValue::unknown("other"));
  CHECK(V.isUnknown());
  CHECK(V.name() == "loaded");
  CHECK(PtxValue::sharedWindow(PtxValue::unknown("x")).name() == "x");
}

TEST_CASE("trees deeper than the limit become unknown", "[ptx][value]") {
  PtxValue V = PtxValue::operand(0);
  for (int I = 0; I < 200; ++I)
    V = PtxValue::op(OpKind::Add, V, PtxValue::operand(1));
  CHECK(V.isUnknown());
  CHECK(V.name() == "address computation too deep");
}

TEST_CASE("evaluation binds operands, the shared window and special registers", "[ptx][value]") {
  // ((cvta.to.shared(%1) & 0xffffffff) + (%laneid << 4)) ^ %2
  PtxValue Window = PtxValue::op(OpKind::And, PtxValue::sharedWindow(PtxValue::operand(1)), PtxValue::imm(0xffffffff));
  PtxValue Lane = PtxValue::op(OpKind::Shl, PtxValue::special("laneid"), PtxValue::imm(4));
  PtxValue V = PtxValue::op(OpKind::Xor, PtxValue::op(OpKind::Add, Window, Lane), PtxValue::operand(2));
  PtxValueEnv Env;
  Env.Operand = [](unsigned N) -> std::optional<std::int64_t> { return N == 1 ? 0x7000 : 32; };
  Env.SharedWindow = [](std::int64_t G) -> std::optional<std::int64_t> { return G - 0x7000 + 1024; };
  Env.Special = [](const std::string &R) -> std::optional<std::int64_t> {
    return R == "laneid" ? std::optional<std::int64_t>(3) : std::nullopt;
  };
  CHECK(evaluate(V, Env) == ((1024 + 48) ^ 32));
  PtxValueEnv NoWindow = Env;
  NoWindow.SharedWindow = nullptr;
  CHECK_FALSE(evaluate(V, NoWindow));
}

TEST_CASE("evaluation fails on overflow and out-of-range shifts", "[ptx][value]") {
  PtxValueEnv Env;
  Env.Operand = [](unsigned) -> std::optional<std::int64_t> { return LLONG_MAX; };
  CHECK_FALSE(evaluate(PtxValue::op(OpKind::Add, PtxValue::operand(0), PtxValue::imm(1)), Env));
  CHECK_FALSE(evaluate(PtxValue::op(OpKind::Mul, PtxValue::operand(0), PtxValue::imm(2)), Env));
  CHECK_FALSE(evaluate(PtxValue::op(OpKind::Shl, PtxValue::operand(0), PtxValue::imm(1)), Env));
  CHECK(evaluate(PtxValue::op(OpKind::Shr, PtxValue::operand(0), PtxValue::imm(62)), Env) == 1);
  CHECK_FALSE(evaluate(PtxValue::op(OpKind::Shr, PtxValue::operand(0), PtxValue::imm(64)), Env));
  CHECK_FALSE(evaluate(PtxValue::unknown("r"), Env));
}

TEST_CASE("equal trees compare equal whether or not they share nodes", "[ptx][value]") {
  PtxValue A = PtxValue::op(OpKind::Add, PtxValue::operand(4), PtxValue::imm(128));
  PtxValue B = PtxValue::op(OpKind::Add, PtxValue::operand(4), PtxValue::imm(128));
  CHECK(A == B);
  CHECK(A != PtxValue::op(OpKind::Sub, PtxValue::operand(4), PtxValue::imm(128)));
  CHECK(A != PtxValue::op(OpKind::Add, PtxValue::operand(3), PtxValue::imm(128)));
}

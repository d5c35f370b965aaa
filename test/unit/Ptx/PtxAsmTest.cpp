//===- PtxAsmTest.cpp - Read the PTX of an inline-asm statement ------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Ptx/PtxAsm.h"

#include <catch2/catch.hpp>

using namespace bankcheck::ptx;
using OpKind = PtxValue::OpKind;

namespace {
const PtxInstr &onlyShared(const PtxAsmResult &R) {
  std::vector<const PtxInstr *> S = R.sharedAccesses();
  REQUIRE(S.size() == 1);
  return *S[0];
}
// The instruction lives in the result: a temporary result would leave it dangling.
const PtxInstr &onlyShared(const PtxAsmResult &&R) = delete;
PtxValue op(OpKind K, PtxValue A, PtxValue B) { return PtxValue::op(K, std::move(A), std::move(B)); }
PtxValue opnd(unsigned N) { return PtxValue::operand(N); }
PtxValue imm(std::int64_t V) { return PtxValue::imm(V); }
} // namespace

TEST_CASE("ldmatrix x4 reads its row addresses from the one input operand", "[ptx][asm]") {
  PtxAsmResult R = readInlineAsm("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];\n", 4, 1);
  CHECK(R.Problems.empty());
  const PtxInstr &I = onlyShared(R);
  CHECK(I.Form == PtxForm::LDSM);
  CHECK(I.AddressLanes == 32);
  CHECK(I.BytesPerAddress == 16);
  REQUIRE(I.Address);
  CHECK(I.Address->AsmOperand == 4u);
  CHECK(I.Address->Displacement == 0);
  CHECK(I.Address->Value == opnd(4));
  CHECK(I.Address->Text == "[%4]");
  REQUIRE(R.Outputs.size() == 4);
  CHECK(R.Outputs[0].isUnknown()); // loaded data
}

TEST_CASE("cp.async's shared destination is operand 0 and its size the immediate", "[ptx][asm]") {
  PtxAsmResult R = readInlineAsm("cp.async.cg.shared.global [%0], [%1], 16;\n", 0, 2);
  const PtxInstr &I = onlyShared(R);
  CHECK(I.Form == PtxForm::LDGSTS);
  CHECK(I.BytesPerAddress == 16);
  CHECK(I.Copy->CacheGlobal);
  CHECK(I.Address->AsmOperand == 0u);
  CHECK(R.Outputs.empty());
}

TEST_CASE("cp.async with a src-size operand and a prefetch hint", "[ptx][asm]") {
  PtxAsmResult R = readInlineAsm("cp.async.ca.shared.global.L2::128B [%0], [%1], %2, %3;", 0, 4);
  const PtxInstr &I = onlyShared(R);
  CHECK(I.Form == PtxForm::LDGSTS);
  CHECK(I.Copy->CacheAll);
  CHECK(I.Copy->CpSizeOperand == 2); // an "n" operand: the caller knows its value
  CHECK(I.Copy->SrcSizeOperand == 3);
  CHECK(I.Address->AsmOperand == 0u);
}

TEST_CASE("a cvta.to.shared template gives its output the shared-window address", "[ptx][asm]") {
  PtxAsmResult R = readInlineAsm("{ .reg .u64 a; cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }", 1, 1);
  CHECK(R.Problems.empty());
  CHECK(R.sharedAccesses().empty());
  REQUIRE(R.Outputs.size() == 1);
  CHECK(R.Outputs[0] == op(OpKind::And, PtxValue::sharedWindow(opnd(1)), imm(0xffffffff)));
  REQUIRE(R.Instrs.size() == 2);
  CHECK(R.Instrs[0].Class == PtxClass::SharedWindow);
}

TEST_CASE("red and atom on shared memory name their address operand", "[ptx][asm]") {
  PtxAsmResult RedR = readInlineAsm("red.shared.add.u32 [%0], %1;", 0, 2);
  const PtxInstr &Red = onlyShared(RedR);
  CHECK(Red.Form == PtxForm::ATOMS);
  CHECK(Red.Atomic->Reduction);
  CHECK(Red.Address->AsmOperand == 0u);
  PtxAsmResult Cas = readInlineAsm("atom.shared.cas.b32 %0, [%1], %2, %3;", 1, 3);
  const PtxInstr &C = onlyShared(Cas);
  CHECK(C.Atomic->Op == "cas");
  CHECK(C.Atomic->NumSources == 3);
  CHECK(C.Address->AsmOperand == 1u);
  CHECK(Cas.Outputs[0].isUnknown());
}

TEST_CASE("stmatrix with its modifiers in another order", "[ptx][asm]") {
  PtxAsmResult R = readInlineAsm("stmatrix.sync.aligned.x4.trans.m8n8.shared.b16 [%0], {%1,%2,%3,%4};", 0, 5);
  const PtxInstr &I = onlyShared(R);
  CHECK(I.Form == PtxForm::STSM);
  CHECK(I.Matrix->Trans);
  CHECK(I.Matrix->Matrices == 4);
  CHECK(I.Address->AsmOperand == 0u);
}

TEST_CASE("a lane id read into an output is reported", "[ptx][asm]") {
  PtxAsmResult R = readInlineAsm("mov.u32 %0, %%laneid;", 1, 0);
  CHECK(R.Problems.empty());
  REQUIRE(R.SpecialOutputs.size() == 1);
  CHECK(R.SpecialOutputs[0].Operand == 0);
  CHECK(R.SpecialOutputs[0].Register == "laneid");
  CHECK(R.Outputs[0] == PtxValue::special("laneid"));
  CHECK(R.Instrs[0].Class == PtxClass::SpecialRead);
  PtxAsmResult T = readInlineAsm("mov.u32 %0, %%tid.y;\n\tmov.u32 %1, %%warpid;", 2, 0);
  REQUIRE(T.SpecialOutputs.size() == 2);
  CHECK(T.SpecialOutputs[0].Register == "tid.y");
  CHECK(T.SpecialOutputs[1].Register == "warpid");
}

TEST_CASE("displacements in the brackets stay apart from the base operand", "[ptx][asm]") {
  PtxAsmResult RA = readInlineAsm("ld.shared.u32 %0, [%1+16];", 1, 1);
  const PtxInstr &A = onlyShared(RA);
  CHECK(A.Address->AsmOperand == 1u);
  CHECK(A.Address->Displacement == 16);
  PtxAsmResult RB = readInlineAsm("ld.shared.u32 %0, [%1 + -32];", 1, 1);
  const PtxInstr &B = onlyShared(RB);
  CHECK(B.Address->Displacement == -32);
  PtxAsmResult RC = readInlineAsm("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2+0X80];", 2, 1);
  const PtxInstr &C = onlyShared(RC);
  CHECK(C.Address->Displacement == 128);
}

TEST_CASE("an address computed inside the template is a tree over the operands", "[ptx][asm]") {
  PtxAsmResult R = readInlineAsm("{\n"
                                 "  .reg .u32 a, b;\n"
                                 "  shl.b32 b, %2, 4;\n"
                                 "  xor.b32 b, b, 0x30;\n"
                                 "  add.u32 a, %1, b;\n"
                                 "  ld.shared.v4.u32 {%0, %0, %0, %0}, [a+8];\n"
                                 "}\n",
                                 1, 2);
  CHECK(R.Problems.empty());
  const PtxInstr &I = onlyShared(R);
  CHECK(I.BytesPerAddress == 16);
  CHECK_FALSE(I.Address->AsmOperand);
  CHECK(I.Address->Displacement == 8);
  CHECK(I.Address->Value == op(OpKind::Add, opnd(1), op(OpKind::Xor, op(OpKind::Shl, opnd(2), imm(4)), imm(0x30))));
  PtxValueEnv Env;
  Env.Operand = [](unsigned N) -> std::optional<std::int64_t> { return N == 1 ? 1024 : 5; };
  CHECK(evaluate(I.Address->Value, Env) == 1024 + ((5 << 4) ^ 0x30));
}

TEST_CASE("cvta, cvt, mov, sub, and, or, mad, not and neg are followed", "[ptx][asm]") {
  PtxAsmResult R = readInlineAsm("{ .reg .u64 g; .reg .u32 s, t;\n"
                                 "mov.u64 g, %1;\n"
                                 "cvta.to.shared.u64 g, g;\n"
                                 "cvt.u32.u64 s, g;\n"
                                 "sub.u32 s, s, 64;\n"
                                 "and.b32 t, %2, 7;\n"
                                 "mad.lo.u32 s, t, 128, s;\n"
                                 "or.b32 s, s, 4;\n"
                                 "not.b32 t, t;\n"
                                 "neg.s32 t, t;\n"
                                 "mov.u32 %0, t;\n"
                                 "st.shared.u32 [s], %3; }",
                                 1, 3);
  CHECK(R.Problems.empty());
  PtxValue S = op(OpKind::And, PtxValue::sharedWindow(opnd(1)), imm(0xffffffff));
  S = op(OpKind::Sub, S, imm(64));
  PtxValue T = op(OpKind::And, opnd(2), imm(7));
  S = op(OpKind::Add, op(OpKind::Mul, T, imm(128)), S);
  S = op(OpKind::Or, S, imm(4));
  const PtxInstr &I = onlyShared(R);
  CHECK(I.Address->Value == S);
  CHECK(R.Outputs[0] == op(OpKind::Sub, imm(0), op(OpKind::Xor, T, imm(-1))));
}

TEST_CASE("an output written inside the template and used as an address is followed", "[ptx][asm]") {
  PtxAsmResult R = readInlineAsm("cvta.to.shared.u32 %0, %1;\n ld.shared.u32 %2, [%0];", 1, 1);
  // %2 does not exist: reported, and the read goes on.
  CHECK(R.Problems.size() == 1);
  const PtxInstr &I = onlyShared(R);
  CHECK_FALSE(I.Address->AsmOperand);
  CHECK(I.Address->Value == PtxValue::sharedWindow(opnd(1)));
}

TEST_CASE("what cannot be followed is unknown with a reason", "[ptx][asm]") {
  auto AddressOf = [](const char *T, unsigned Outs, unsigned Ins) {
    PtxAsmResult R = readInlineAsm(T, Outs, Ins);
    return onlyShared(R).Address->Value;
  };
  PtxAsmResult Two = readInlineAsm("{ .reg .u32 a; ld.shared.u32 a, [%1]; ld.shared.u32 %0, [a]; }", 1, 1);
  REQUIRE(Two.sharedAccesses().size() == 2);
  CHECK(Two.sharedAccesses()[1]->Address->Value.isUnknown());
  CHECK(Two.sharedAccesses()[1]->Address->Value.name() == "result of ld.shared.u32");
  CHECK(AddressOf("{ .reg .u32 a; @%2 add.u32 a, %1, 4; st.shared.u32 [a], %1; }", 0, 3).name() ==
        "written under the predicate %2");
  CHECK(AddressOf("{ .reg .u32 a; mov.u32 a, %1; L1: st.shared.u32 [a], %1; }", 0, 2).name().find("label") !=
        std::string::npos);
  CHECK(AddressOf("{ .reg .u32 a; mul.hi.u32 a, %1, 3; st.shared.u32 [a], %1; }", 0, 2).isUnknown());
  CHECK(AddressOf("st.shared.u32 [b], %0;", 0, 1).name() == "'b' has no known value");
}

TEST_CASE("named operands are resolved through the names given", "[ptx][asm]") {
  PtxAsmResult R = readInlineAsm("st.shared.v2.f32 [%[dst]+8], {%[x], %[y]};", 0, 3, {"dst", "x", "y"});
  CHECK(R.Problems.empty());
  const PtxInstr &I = onlyShared(R);
  CHECK(I.Address->AsmOperand == 0u);
  CHECK(I.Address->Displacement == 8);
  CHECK(I.BytesPerAddress == 8);
}

TEST_CASE("several instructions, comments and predicates in one template", "[ptx][asm]") {
  PtxAsmResult R = readInlineAsm("{\n"
                                 "  .reg .pred p;\n"
                                 "  setp.ne.b32 p, %2, 0;   // guard\n"
                                 "  @p cp.async.ca.shared.global [%0], [%1], 4;\n"
                                 "  /* then */ @!p st.shared.u32 [%0], 0;\n"
                                 "  cp.async.commit_group;\n"
                                 "}\n",
                                 0, 3);
  CHECK(R.Problems.empty());
  std::vector<const PtxInstr *> S = R.sharedAccesses();
  REQUIRE(S.size() == 2);
  CHECK(S[0]->Form == PtxForm::LDGSTS);
  CHECK(S[0]->BytesPerAddress == 4);
  CHECK(S[0]->Guard.Name == "p");
  CHECK(S[1]->Form == PtxForm::STS);
  CHECK(S[1]->Guard.Negated);
  CHECK(R.Instrs.back().Class == PtxClass::Sync);
}

TEST_CASE("unmodelled shared instructions in a template are listed with their reason", "[ptx][asm]") {
  PtxAsmResult R = readInlineAsm(
      "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n"
      "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];",
      0, 5);
  std::vector<const PtxInstr *> S = R.sharedAccesses();
  REQUIRE(S.size() == 2);
  CHECK(S[0]->Form == PtxForm::Unmodelled);
  CHECK(S[0]->Reason.find("mbarrier") != std::string::npos);
  CHECK(S[1]->Reason.find("cp.async.bulk") != std::string::npos);
}

TEST_CASE("operands out of range and too many operands are problems, not crashes", "[ptx][asm]") {
  PtxAsmResult R = readInlineAsm("ld.shared.u32 %0, [%7];", 1, 1);
  CHECK_FALSE(R.Problems.empty());
  CHECK(onlyShared(R).Address->Value.isUnknown());
  PtxAsmResult Big = readInlineAsm("mov.u32 %0, %1;", 4000000000u, 4000000000u);
  CHECK_FALSE(Big.Problems.empty());
  CHECK(Big.Outputs.size() == 1024);
  CHECK(Big.Outputs[0] == opnd(1));
}

TEST_CASE("empty and garbage templates give no instructions", "[ptx][asm]") {
  CHECK(readInlineAsm("", 0, 0).Instrs.empty());
  CHECK(readInlineAsm("// nothing\n", 0, 0).Instrs.empty());
  PtxAsmResult G = readInlineAsm("}}}{{ ]] ,,, %%%", 0, 0);
  CHECK(G.Instrs.empty());
}

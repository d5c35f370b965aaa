//===- PtxParserTest.cpp - PTX statements: instructions, directives, scopes ===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Ptx/PtxParser.h"

#include <catch2/catch.hpp>

using namespace bankcheck::ptx;
using K = PtxStatement::Kind;
using OK = PtxOperand::Kind;

namespace {
PtxParseResult parseModule(llvm::StringRef Text) { return parsePtx(Text, PtxParseOptions()); }
PtxParseResult parseAsm(llvm::StringRef Text, std::vector<std::string> Names = {}) {
  PtxParseOptions O;
  O.Mode = LexMode::AsmTemplate;
  O.OperandNames = std::move(Names);
  return parsePtx(Text, O);
}
/// The only instruction of Text.
PtxStatement only(const PtxParseResult &R) {
  std::vector<PtxStatement> I;
  for (const PtxStatement &S : R.Statements)
    if (S.K == K::Instruction)
      I.push_back(S);
  REQUIRE(I.size() == 1);
  return I[0];
}
} // namespace

TEST_CASE("an instruction splits into its base, modifiers and operands", "[ptx][parser]") {
  PtxStatement S = only(parseModule("ld.shared.v4.u32 {%r16, %r17, %r18, %r19}, [%r15];"));
  CHECK(S.Opcode == "ld.shared.v4.u32");
  CHECK(S.Base == "ld");
  CHECK(S.Modifiers == std::vector<std::string>{"shared", "v4", "u32"});
  REQUIRE(S.Operands.size() == 2);
  CHECK(S.Operands[0].K == OK::Vector);
  CHECK(S.Operands[0].Elements.size() == 4);
  CHECK(S.Operands[0].Elements[3].Name == "r19");
  CHECK(S.Operands[0].Text == "{%r16,%r17,%r18,%r19}");
  CHECK(S.Operands[1].isAddress());
  CHECK(S.Operands[1].addressBase()->Name == "r15");
  CHECK(S.Operands[1].Imm == 0);
}

TEST_CASE("address displacements are summed, negative ones and odd spacing included", "[ptx][parser]") {
  auto Disp = [](const std::string &Operand) {
    PtxStatement S = only(parseAsm("ld.shared.u32 %0, " + Operand + ";"));
    REQUIRE(S.Operands.size() == 2);
    CHECK_FALSE(S.Operands[1].Complex);
    return S.Operands[1].Imm;
  };
  CHECK(Disp("[%1+16]") == 16);
  CHECK(Disp("[%1 + -32]") == -32);
  CHECK(Disp("[ %1 - 0x20 ]") == -32);
  CHECK(Disp("[%1+0X10]") == 16);
  CHECK(Disp("[%1+8+8]") == 16);
  CHECK(Disp("[%1]") == 0);
  PtxStatement Abs = only(parseModule("ld.shared.u32 %r1, [64];"));
  CHECK(Abs.Operands[1].addressBase() == nullptr);
  CHECK(Abs.Operands[1].Imm == 64);
  PtxStatement Sym = only(parseModule("ld.shared.u32 %r1, [smem_arr+16];"));
  CHECK(Sym.Operands[1].addressBase()->K == OK::Symbol);
  CHECK(Sym.Operands[1].addressBase()->Name == "smem_arr");
  CHECK(Sym.Operands[1].Text == "[smem_arr+16]");
}

TEST_CASE("an address with two bases or an overflowing displacement is complex", "[ptx][parser]") {
  CHECK(only(parseAsm("ld.shared.u32 %0, [%1+%2];")).Operands[1].Complex);
  CHECK(only(parseAsm("ld.shared.u32 %0, [%1+0x7fffffffffffffff+1];")).Operands[1].Complex);
  CHECK(only(parseAsm("ld.shared.u32 %0, [-%1];")).Operands[1].Complex);
}

TEST_CASE("asm operands are numbered, and names are looked up in order", "[ptx][parser]") {
  PtxStatement S = only(parseAsm("st.shared.u32 [%[dst]+4], %[val];", {"", "dst", "val"}));
  CHECK(S.Operands[0].addressBase()->K == OK::AsmOperand);
  CHECK(S.Operands[0].addressBase()->Index == 1);
  CHECK(S.Operands[1].Index == 2);
  PtxParseResult Bad = parseAsm("st.shared.u32 [%[nope]], %0;", {"a"});
  CHECK(only(Bad).Operands[0].addressBase()->Index == ~0u);
  CHECK(Bad.Problems.size() == 1);
}

TEST_CASE("predicates, negated or not, guard the instruction", "[ptx][parser]") {
  PtxStatement S = only(parseModule("@!%p1 bra $L__BB0_3;"));
  CHECK(S.Guard.K == OK::Register);
  CHECK(S.Guard.Name == "p1");
  CHECK(S.Guard.Negated);
  CHECK(S.Operands[0].K == OK::Symbol);
  PtxStatement T = only(parseAsm("@%4 cp.async.ca.shared.global [%0], [%1], 4;"));
  CHECK(T.Guard.K == OK::AsmOperand);
  CHECK_FALSE(T.Guard.Negated);
}

TEST_CASE("immediates may be negative, hex in either case, or floats", "[ptx][parser]") {
  PtxStatement S = only(parseModule("add.s32 %r1, %r2, -16;"));
  CHECK(S.Operands[2].K == OK::Immediate);
  CHECK(S.Operands[2].Imm == -16);
  CHECK(only(parseModule("and.b32 %r1, %r2, 0XFF;")).Operands[2].Imm == 255);
  PtxStatement F = only(parseModule("atom.shared.add.f32 %f1, [%r29], 0f3FC00000;"));
  CHECK(F.Operands[2].K == OK::Float);
  CHECK(F.Operands[2].Name == "0f3FC00000");
}

TEST_CASE("scopes, .reg declarations and several instructions on one line", "[ptx][parser]") {
  PtxParseResult R = parseAsm("{ .reg .u64 a; cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }");
  REQUIRE(R.Statements.size() == 5);
  CHECK(R.Statements[0].K == K::ScopeOpen);
  CHECK(R.Statements[1].K == K::Directive);
  CHECK(R.Statements[1].Opcode == ".reg");
  REQUIRE(R.Statements[1].Args.size() == 2);
  CHECK(R.Statements[1].Args[1].Text == "a");
  CHECK(R.Statements[2].Opcode == "cvta.to.shared.u64");
  CHECK(R.Statements[2].Operands[0].K == OK::Symbol); // a local register named without '%'
  CHECK(R.Statements[3].Opcode == "cvt.u32.u64");
  CHECK(R.Statements[4].K == K::ScopeClose);
  CHECK(R.Problems.empty());
}

TEST_CASE("line directives end at the end of their line, with comments after them", "[ptx][parser]") {
  PtxParseResult R = parseModule(".loc\t1 13 21   // vectors.cu:13:21\n"
                                 ".loc 1 6 3, function_name $L__info_string0, inlined_at 1 21 3\n"
                                 "ld.shared.f32 %f3, [%r6]\n"
                                 ".file 1 \"a.cu\"\n");
  REQUIRE(R.Statements.size() == 4);
  CHECK(R.Statements[0].Args.size() == 3);
  CHECK(R.Statements[1].Args.size() == 11);
  CHECK(R.Statements[1].Args[5].Text == "$L__info_string0");
  CHECK(R.Statements[2].K == K::Instruction); // its ';' is missing: the next line starts anew
  CHECK(R.Statements[3].Args[1].Kind == TokenKind::String);
}

TEST_CASE("a function header runs up to its body's brace", "[ptx][parser]") {
  PtxParseResult R = parseModule(".visible .entry _Z1kPf(\n\t.param .u64 _Z1kPf_param_0\n)\n.maxntid 256, 1, 1\n{\nret;\n}\n"
                                 ".extern .func (.param .b32 func_retval0) vprintf(.param .b64 a, .param .b64 b);\n");
  REQUIRE(R.Statements.size() == 5);
  CHECK(R.Statements[0].Opcode == ".visible");
  CHECK_FALSE(R.Statements[0].EndsWithSemicolon);
  CHECK(R.Statements[1].K == K::ScopeOpen);
  CHECK(R.Statements[2].Opcode == "ret");
  CHECK(R.Statements[3].K == K::ScopeClose);
  CHECK(R.Statements[4].EndsWithSemicolon);
}

TEST_CASE("an initializer's braces belong to its declaration", "[ptx][parser]") {
  PtxParseResult R = parseModule(".global .align 4 .b32 t[4] = {1, 2, 3, 4};\nret;");
  REQUIRE(R.Statements.size() == 2);
  CHECK(R.Statements[0].EndsWithSemicolon);
  CHECK(R.Statements[1].Opcode == "ret");
}

TEST_CASE("inline asm markers of compiled PTX become statements", "[ptx][parser]") {
  PtxParseResult R = parseModule("\t// begin inline asm\n\tcp.async.commit_group;\n\n\t// end inline asm\n");
  REQUIRE(R.Statements.size() == 3);
  CHECK(R.Statements[0].K == K::AsmBegin);
  CHECK(R.Statements[1].Opcode == "cp.async.commit_group");
  CHECK(R.Statements[2].K == K::AsmEnd);
}

TEST_CASE("setp's pair of destinations and call's parameter lists are read", "[ptx][parser]") {
  PtxStatement S = only(parseModule("setp.lt.s32 %p1|%p2, %r1, 3;"));
  CHECK(S.Operands[0].K == OK::Vector);
  CHECK(S.Operands[0].Elements.size() == 2);
  PtxStatement C = only(parseModule("call.uni (retval0), vprintf, (param0, param1);"));
  REQUIRE(C.Operands.size() == 3);
  CHECK(C.Operands[2].Elements.size() == 2);
}

TEST_CASE("broken statements are skipped with a problem, and reading goes on", "[ptx][parser]") {
  PtxParseResult R = parseAsm("ld.shared.u32 %0, [%1; st.shared.u32 [%1], %0;");
  CHECK_FALSE(R.Problems.empty());
  PtxParseResult R2 = parseAsm(", ] 12; @ ; ld.shared.u32 %0, [%1];");
  CHECK(R2.Problems.size() >= 3);
  CHECK(only(R2).Opcode == "ld.shared.u32");
  PtxParseResult R3 = parseAsm("mov.u32 %0 %1;");
  CHECK(R3.Problems.size() == 1);
}

TEST_CASE("deeply nested lists end without exhausting the stack", "[ptx][parser]") {
  std::string Deep = "mov.b32 %0, " + std::string(100000, '{') + "%1" + std::string(100000, '}') + ";";
  PtxParseResult R = parseAsm(Deep);
  CHECK_FALSE(R.Problems.empty());
}

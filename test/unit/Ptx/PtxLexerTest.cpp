//===- PtxLexerTest.cpp - Tokens of PTX text and asm templates -------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Ptx/PtxLexer.h"

#include <catch2/catch.hpp>

#include <string>

using namespace bankcheck::ptx;

namespace {
/// "Kind:Text" of every token but End, space separated.
std::string show(llvm::StringRef Text, LexMode Mode) {
  std::string S;
  for (const Token &T : lex(Text, Mode)) {
    if (T.Kind == TokenKind::End)
      break;
    static const char *Names[] = {"W", "R", "O", "I", "F", "S", "P", "C", "E"};
    S += (S.empty() ? "" : " ") + std::string(Names[static_cast<int>(T.Kind)]) + ":" + T.Text.str();
  }
  return S;
}
} // namespace

TEST_CASE("an opcode with its modifiers, scoped state spaces and cache hints is one word", "[ptx][lexer]") {
  CHECK(show("cp.async.ca.shared::cta.global.L2::128B [%r1]", LexMode::Module) ==
        "W:cp.async.ca.shared::cta.global.L2::128B P:[ R:r1 P:]");
  CHECK(show("ld.shared.v4.u32", LexMode::Module) == "W:ld.shared.v4.u32");
}

TEST_CASE("a single colon ends a label, a double colon stays in the word", "[ptx][lexer]") {
  CHECK(show("$L__BB0_2:", LexMode::Module) == "W:$L__BB0_2 P::");
  CHECK(show("LAB_WAIT: ", LexMode::Module) == "W:LAB_WAIT P::");
}

TEST_CASE("in a template %N and %[name] are operands and %% escapes a register", "[ptx][lexer]") {
  CHECK(show("mov.u32 %0, %%laneid;", LexMode::AsmTemplate) == "W:mov.u32 O:0 P:, R:laneid P:;");
  CHECK(show("st.shared.u32 [%[dst]], %[v];", LexMode::AsmTemplate) ==
        "W:st.shared.u32 P:[ O:dst P:] P:, O:v P:;");
  CHECK(show("%%tid.x", LexMode::AsmTemplate) == "R:tid.x");
  CHECK(show("%c2", LexMode::AsmTemplate) == "O:2"); // a GCC operand modifier
  CHECK(show("%% ", LexMode::AsmTemplate) == "P:%");
}

TEST_CASE("in a module a percent sign starts a register", "[ptx][lexer]") {
  CHECK(show("%r5 %rd<8> %tid.x", LexMode::Module) == "R:r5 R:rd P:< I:8 P:> R:tid.x");
}

TEST_CASE("%= joins the word it is written in", "[ptx][lexer]") {
  CHECK(show("LAB_WAIT_%=:", LexMode::AsmTemplate) == "W:LAB_WAIT_%= P::");
}

TEST_CASE("integers in every base have their value, upper-case prefixes included", "[ptx][lexer]") {
  auto Value = [](llvm::StringRef S) { return lex(S, LexMode::Module).front().Value; };
  CHECK(Value("16") == 16);
  CHECK(Value("0x10") == 16);
  CHECK(Value("0X10") == 16);
  CHECK(Value("0xFFFFFFFF") == 0xffffffffLL);
  CHECK(Value("0b101") == 5);
  CHECK(Value("017") == 15);
  CHECK(Value("16U") == 16);
  CHECK(Value("0xFFFFFFFFFFFFFFFF") == -1);
  CHECK(lex("0x1FFFFFFFFFFFFFFFF", LexMode::Module).front().Overflow);
  CHECK_FALSE(lex("18446744073709551615", LexMode::Module).front().Overflow);
  CHECK(lex("18446744073709551616", LexMode::Module).front().Overflow);
}

TEST_CASE("float literals are one token in hex and decimal forms", "[ptx][lexer]") {
  CHECK(show("0f3FC00000 0d3FF0000000000000 1.5 2e3", LexMode::Module) ==
        "F:0f3FC00000 F:0d3FF0000000000000 F:1.5 F:2e3");
}

TEST_CASE("comments are kept as tokens with their trimmed body", "[ptx][lexer]") {
  CHECK(show("add.s32 %r1, %r2, 1; // begin inline asm\n/* two\nlines */ ret;", LexMode::Module) ==
        "W:add.s32 R:r1 P:, R:r2 P:, I:1 P:; C:begin inline asm C:two\nlines W:ret P:;");
}

TEST_CASE("tokens carry the line they start on", "[ptx][lexer]") {
  std::vector<Token> T = lex("a\n/* x\n y */ b\n\n\"s\" c", LexMode::Module);
  REQUIRE(T.size() == 6);
  CHECK(T[0].Line == 1);
  CHECK(T[1].Line == 2); // the comment
  CHECK(T[2].Line == 3);
  CHECK(T[3].Line == 5);
  CHECK(T[4].Line == 5);
  CHECK(T[5].Kind == TokenKind::End);
}

TEST_CASE("a template with escapes still written as backslash-n reads as separate lines", "[ptx][lexer]") {
  std::vector<Token> T = lex("bar.sync 0;\\n\\tret;", LexMode::AsmTemplate);
  REQUIRE(T.size() == 6);
  CHECK(T[3].Text == "ret");
  CHECK(T[3].Line == 2);
}

TEST_CASE("unknown bytes, unterminated strings and comments still make tokens", "[ptx][lexer]") {
  CHECK(show("# \"open", LexMode::Module) == "P:# S:open");
  CHECK(show("/* open", LexMode::Module) == "C:open");
  CHECK(show("%[unclosed", LexMode::AsmTemplate) == "P:% P:[ W:unclosed");
  std::string Bytes = "\x01\xff\x80";
  CHECK(lex(Bytes, LexMode::AsmTemplate).size() == 4);
}

TEST_CASE("every byte of the input belongs to a token's raw spelling or to spacing", "[ptx][lexer]") {
  const char *Inputs[] = {"ld.shared.v2.f32 {%f3, %f4}, [%r6+-8]; // c\n", "%%laneid %[x] %3 %c1 %=",
                          "/* a */ \"q\\\"\" 0x1F 1.5e+3 @!%p1 bra $L1;", "# \x01 ]]"};
  for (const char *In : Inputs)
    for (LexMode Mode : {LexMode::Module, LexMode::AsmTemplate}) {
      std::string Text = In;
      std::vector<bool> Covered(Text.size());
      for (const Token &T : lex(Text, Mode))
        for (size_t I = 0; I < T.Raw.size(); ++I) {
          size_t At = static_cast<size_t>(T.Raw.data() - Text.data()) + I;
          CHECK_FALSE(Covered[At]); // no two tokens share a byte
          Covered[At] = true;
        }
      for (size_t I = 0; I < Text.size(); ++I)
        if (!Covered[I])
          CHECK((Text[I] == ' ' || Text[I] == '\n'));
    }
}

//===- PtxFuzzer.cpp - libFuzzer target for the PTX reader ----------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The first byte gives an asm statement's operand counts (outputs: bits 0-2,
/// inputs: bits 3-5); the rest is read both as its template
/// (ptx::readInlineAsm, with the operands named a, b, c, ...) and as a compiled
/// PTX module (ptx::readPtxModule). Neither may crash, hang or run into
/// undefined behaviour (the target is built with -fsanitize=fuzzer,address,
/// undefined), and the results must be consistent:
///
///  1. lexing: tokens never overlap and come in input order [lex-overlap].
///  2. template: one value per output [asm-outputs]; a direct address operand
///     exists [asm-operand-range]; values stay within PtxValue::MaxDepth
///     [value-depth] and evaluate without undefined behaviour.
///  3. both: a modelled form has its lanes and widths (LDSM/STSM: 16 bytes,
///     8/16/32 lanes; LDS/STS/ATOMS: 1-16 bytes, 32 lanes) [form-shape]; an
///     Unmodelled form says why [unmodelled-reason]; every module access has a
///     shared form and an address [module-access].
///
/// A failed check prints its name and aborts. Set BANKCHECK_FUZZ_IGNORE to a
/// comma-separated list of check names to keep fuzzing past a known bug.
//===----------------------------------------------------------------------===//
#include "Ptx/PtxAsm.h"
#include "Ptx/PtxLexer.h"
#include "Ptx/PtxModule.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace bankcheck::ptx;

namespace {

bool ignored(const char *Check) {
  static const std::string List = [] {
    const char *E = std::getenv("BANKCHECK_FUZZ_IGNORE");
    return "," + std::string(E ? E : "") + ",";
  }();
  return List.find("," + std::string(Check) + ",") != std::string::npos;
}

[[noreturn]] void fail(const char *Check, const std::string &Detail) {
  std::fprintf(stderr, "\nPtxFuzzer: check [%s] failed: %s\n", Check, Detail.c_str());
  std::abort();
}
#define FUZZ_CHECK(Name, Cond, Detail)                                                             \
  do {                                                                                             \
    if (!(Cond) && !ignored(Name))                                                                 \
      fail(Name, Detail);                                                                          \
  } while (0)

void checkLex(llvm::StringRef Text, LexMode Mode) {
  const char *Last = Text.data();
  for (const Token &T : lex(Text, Mode)) {
    FUZZ_CHECK("lex-overlap", T.Raw.data() >= Last && T.Raw.data() + T.Raw.size() <= Text.data() + Text.size(),
               "token '" + T.Raw.str() + "'");
    Last = T.Raw.data() + T.Raw.size();
  }
}

void checkValue(const PtxValue &V) {
  FUZZ_CHECK("value-depth", V.depth() <= PtxValue::MaxDepth, V.str());
  PtxValueEnv Env;
  Env.Operand = [](unsigned N) -> std::optional<std::int64_t> { return N * 0x40000000LL - 7; };
  Env.SharedWindow = [](std::int64_t G) -> std::optional<std::int64_t> { return G & 0xffff; };
  Env.Special = [](const std::string &) -> std::optional<std::int64_t> { return 31; };
  (void)evaluate(V, Env);
  (void)V.str();
}

void checkForm(const PtxInstr &I) {
  switch (I.Form) {
  case PtxForm::LDSM:
  case PtxForm::STSM:
    FUZZ_CHECK("form-shape",
               I.BytesPerAddress == 16 &&
                   (I.AddressLanes == 8 || I.AddressLanes == 16 || I.AddressLanes == 32) && I.Matrix,
               I.Opcode);
    break;
  case PtxForm::LDS:
  case PtxForm::STS:
  case PtxForm::ATOMS: {
    unsigned B = I.BytesPerAddress;
    FUZZ_CHECK("form-shape", (B == 1 || B == 2 || B == 4 || B == 8 || B == 16) && I.AddressLanes == 32,
               I.Opcode + " with " + std::to_string(B) + " bytes");
    break;
  }
  case PtxForm::LDGSTS:
    FUZZ_CHECK("form-shape", I.Copy && I.AddressLanes == 32, I.Opcode);
    break;
  case PtxForm::Unmodelled:
    FUZZ_CHECK("unmodelled-reason", !I.Reason.empty(), I.Opcode);
    break;
  case PtxForm::None:
    break;
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data, size_t Size) {
  if (Size == 0)
    return 0;
  unsigned NumOutputs = Data[0] & 7, NumInputs = (Data[0] >> 3) & 7;
  llvm::StringRef Text(reinterpret_cast<const char *>(Data + 1), Size - 1);
  checkLex(Text, LexMode::Module);
  checkLex(Text, LexMode::AsmTemplate);

  std::vector<std::string> Names;
  for (unsigned I = 0; I < NumOutputs + NumInputs; ++I)
    Names.push_back(std::string(1, static_cast<char>('a' + I)));
  PtxAsmResult A = readInlineAsm(Text, NumOutputs, NumInputs, Names);
  FUZZ_CHECK("asm-outputs", A.Outputs.size() == NumOutputs, std::to_string(A.Outputs.size()));
  for (const PtxValue &V : A.Outputs)
    checkValue(V);
  for (const PtxInstr &I : A.Instrs) {
    checkForm(I);
    if (!I.Address)
      continue;
    checkValue(I.Address->Value);
    FUZZ_CHECK("asm-operand-range", !I.Address->AsmOperand || *I.Address->AsmOperand < NumOutputs + NumInputs,
               I.Address->Text);
  }

  PtxModule M = readPtxModule(Text);
  for (const PtxModuleAccess &X : M.Accesses) {
    checkForm(X.Instr);
    FUZZ_CHECK("module-access", X.Instr.touchesShared() && X.Instr.Address, X.Instr.Opcode);
  }
  return 0;
}

//===- PtxAsm.h - Read the PTX of an inline-asm statement -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Reads the template of a GCC-style `asm volatile("..." : outs : ins)`
/// statement, as `GCCAsmStmt::getAsmString()` gives it: instructions separated
/// by `;` and new lines, `{ }` scopes with `.reg` declarations, predicates,
/// comments, `%N` / `%[name]` operands (outputs first, then inputs, as GCC
/// numbers them) and `%%` escapes. For each instruction it says what it is
/// (PtxInstr.h) and, for a memory instruction, where its shared address comes
/// from:
///
///   "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
///       LDSM, 32 address lanes of 16 bytes, address = operand 4
///   "{ .reg .u32 a; add.u32 a, %1, 32; ld.shared.u32 %0, [a+4]; }"
///       LDS, 4 bytes, address = (%1 + 32) with displacement 4
///
/// and what every output operand holds at the end (`mov.u32 %0, %%laneid;`
/// gives %0 = %laneid; a cvta.to.shared template gives %0 = its shared-window
/// address). Values are followed in order through mov, add, sub, mul, mad,
/// and, or, xor, not, neg, shl, shr, cvt and cvta; anything else, a predicated
/// write, or a label (where control flow may join) makes them Unknown.
///
/// Pure: no Clang types; the caller maps operand numbers to its expressions.
/// Never fails: unreadable statements are skipped and listed in Problems.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_PTX_PTXASM_H
#define BANKCHECK_PTX_PTXASM_H

#include "Ptx/PtxInstr.h"
#include "Ptx/PtxValue.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace bankcheck::ptx {

/// An output operand that receives a special register unchanged
/// (`mov.u32 %0, %%laneid;`).
struct PtxSpecialOutput {
  unsigned Operand = 0;   ///< output operand index
  std::string Register;   ///< "laneid", "warpid", "tid.x", "ntid.x", ...
};

struct PtxAsmResult {
  /// Every instruction in template order. Memory instructions (AddressOperand
  /// >= 0) have Address set: Text, Displacement, AsmOperand when an operand
  /// supplies the address directly, and Value, the base's value.
  std::vector<PtxInstr> Instrs;
  /// For each output operand, its value when the template ends;
  /// Unknown("not written by the template") for one it does not write.
  std::vector<PtxValue> Outputs;
  std::vector<PtxSpecialOutput> SpecialOutputs;
  /// Syntax the reader skipped or could not follow ("line 2: operand %7 does
  /// not exist"). Empty for a clean read.
  std::vector<std::string> Problems;

  /// The instructions with a shared-memory form (touchesShared()).
  std::vector<const PtxInstr *> sharedAccesses() const;
};

/// Reads Template. OperandNames, if given, names operand i for %[name] (empty
/// strings for unnamed ones); its size should be NumOutputs + NumInputs.
/// Counts above 1024 per side are cut to 1024, with a problem (GCC allows 30
/// operands in all).
PtxAsmResult readInlineAsm(llvm::StringRef Template, unsigned NumOutputs, unsigned NumInputs,
                           llvm::ArrayRef<std::string> OperandNames = {});

} // namespace bankcheck::ptx

#endif // BANKCHECK_PTX_PTXASM_H

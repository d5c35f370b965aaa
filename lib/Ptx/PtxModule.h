//===- PtxModule.h - Shared-memory instructions of a compiled PTX module -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Reads the PTX that `nvcc -ptx -lineinfo` or `clang --cuda-device-only -S`
/// writes and lists every shared-memory instruction in it, with the function
/// that holds it, its source location and inline chain, its form and width
/// (PtxInstr.h) and its address operand:
///
///   .loc 1 21 3
///   .loc 1 6 3, function_name $L__info_string0, inlined_at 1 21 3
///   ld.shared.v2.f32 {%f3, %f4}, [%r6];
///
///   -> in _Z15adjacentScalarsPfPKf, vectors.cu:6:3 inside _Z7pairSumPKfj
///      inlined at vectors.cu:21:3: LDS, 8 bytes per lane, "[%r6]", base
///      symbol _ZZ15adjacentScalarsPfPKfE1S
///
/// Read: `.file N "path"`, `.loc N line col` with the `function_name L,
/// inlined_at N line col` form (L resolved through the `.debug_str` section),
/// `.entry`/`.func` bodies, `.shared` declarations, the `// begin inline asm`
/// markers, and every instruction with a shared form: ld/st.shared[.v2/.v4],
/// ld/st.volatile.shared, atom/red.shared, ldmatrix, stmatrix, cp.async*, and
/// the unmodelled ones (wgmma, mbarrier, cp.async.bulk, ...).
///
/// Addresses are traced back through mov, add, sub, mad, cvt and cvta (the
/// textually last definition before each use, as in the straight-line code
/// compilers write for address arithmetic) to the shared variable they start
/// from. A generic ld/st/atom whose pointer traces to `cvta.shared` is reported
/// as a shared access (ViaGeneric); one that traces to cvta.global/local/const
/// is left out; any other stays generic ("generic: may be shared").
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_PTX_PTXMODULE_H
#define BANKCHECK_PTX_PTXMODULE_H

#include "Ptx/PtxInstr.h"

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace bankcheck::ptx {

/// A source position from `.loc`; Path comes from `.file`.
struct PtxLoc {
  unsigned File = 0; ///< 0: no .loc in effect
  std::string Path;  ///< empty when the .file is missing
  unsigned Line = 0;
  unsigned Column = 0;
};

/// One level of inlining: Function was inlined at CallSite.
struct PtxInlineFrame {
  std::string Function; ///< its (mangled) name, or the debug-string label when unresolved
  PtxLoc CallSite;
};

struct PtxSharedVariable {
  std::string Name;
  std::string Function;   ///< the function it is declared in; empty at module scope
  unsigned Align = 0;
  std::uint64_t Bytes = 0; ///< 0 for `.extern .shared ... name[]`
  bool Extern = false;
  unsigned Line = 0;
};

struct PtxFunction {
  std::string Name;
  bool Kernel = false; ///< .entry
  unsigned Line = 0;
};

/// One shared-memory instruction.
struct PtxModuleAccess {
  std::string Function; ///< the .entry/.func holding it
  PtxLoc Loc;           ///< the innermost source location
  /// Innermost first: InlineChain[0].Function holds Loc and was inlined at
  /// InlineChain[0].CallSite, which lies in InlineChain[1].Function (or in
  /// Function itself for the last frame), and so on.
  std::vector<PtxInlineFrame> InlineChain;
  /// Classification, with Address set (Text, Displacement, BaseSymbol).
  PtxInstr Instr;
  bool InInlineAsm = false; ///< between `// begin inline asm` and `// end inline asm`
  bool ViaGeneric = false;  ///< a generic instruction whose pointer traces to cvta.shared
};

struct PtxModule {
  std::string Version;      ///< ".version 9.0" -> "9.0"
  std::string Target;       ///< ".target sm_90" -> "sm_90"
  unsigned AddressSize = 0; ///< 64
  std::map<unsigned, std::string> Files;
  std::vector<PtxFunction> Functions;
  std::vector<PtxSharedVariable> SharedVariables;
  std::vector<PtxModuleAccess> Accesses; ///< in text order
  std::vector<std::string> Problems;     ///< what the reader skipped
};

/// Reads a whole module. Never fails; linear in the size of Text apart from
/// address tracing, which is bounded per access.
PtxModule readPtxModule(llvm::StringRef Text);

} // namespace bankcheck::ptx

#endif // BANKCHECK_PTX_PTXMODULE_H

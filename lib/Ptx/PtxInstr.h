//===- PtxInstr.h - What a PTX instruction does to shared memory -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Classifies one parsed PTX instruction: its kind, the state space it
/// addresses, the SASS family it becomes (the *form*, which selects the bank
/// rules of docs/bank-model.md), how many bytes each lane address covers, how
/// many lanes supply addresses, and which operand is the address.
///
///   ld.shared.v4.u32 {..}, [a]                      Load   Shared  LDS    16 B x 32 lanes
///   ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16  MatrixLoad     LDSM   16 B x 16 lanes
///   cp.async.cg.shared.global [d], [s], 16          AsyncCopy      LDGSTS 16 B x 32 lanes
///   atom.shared.cas.b32 d, [a], b, c                Atomic         ATOMS   4 B x 32 lanes
///   ld.shared::cluster.u32 / wgmma.mma_async / ...  Unmodelled, with the reason
///
/// Modifiers are matched as a set, so `stmatrix.sync.aligned.x4.trans.m8n8`
/// reads as `stmatrix.sync.aligned.m8n8.x4.trans`. The tables of opcodes and
/// element sizes live in PtxInstr.cpp.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_PTX_PTXINSTR_H
#define BANKCHECK_PTX_PTXINSTR_H

#include "Ptx/PtxParser.h"
#include "Ptx/PtxValue.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace bankcheck::ptx {

/// What the instruction is.
enum class PtxClass : std::uint8_t {
  Load,         ///< ld
  Store,        ///< st, st.async
  Atomic,       ///< atom, red, red.async
  AsyncCopy,    ///< cp.async (its shared side is the destination), cp.async.bulk*
  MatrixLoad,   ///< ldmatrix
  MatrixStore,  ///< stmatrix
  Sync,         ///< bar, barrier, cp.async.commit_group/wait_group/wait_all, fence, membar, mbarrier, wgmma.fence
  SharedWindow, ///< cvta.to.shared (generic -> window), cvta.shared (window -> generic), mapa
  SpecialRead,  ///< mov of %laneid, %warpid, %tid.*, %ntid.*, ... (SpecialRegister says which)
  Other,        ///< anything else, the opcode kept
};

/// The state space the instruction addresses.
enum class PtxSpace : std::uint8_t {
  None,          ///< no memory operand
  Shared,        ///< .shared, .shared::cta: the CTA's shared memory
  SharedCluster, ///< .shared::cluster: distributed shared memory
  Generic,       ///< no state space: the address may point into shared memory
  Global,
  Local,
  Param,
  Const,
};

/// The SASS family a shared-memory instruction becomes.
enum class PtxForm : std::uint8_t {
  None,       ///< not a shared-memory access
  LDS,        ///< ld.shared
  STS,        ///< st.shared
  ATOMS,      ///< atom.shared, red.shared
  LDSM,       ///< ldmatrix .m8n8 .b16
  STSM,       ///< stmatrix .m8n8 .b16
  LDGSTS,     ///< cp.async (non-bulk)
  Unmodelled, ///< touches (or may touch) shared memory in a way not modelled: see Reason
};

struct PtxMatrixInfo {
  unsigned Matrices = 0;   ///< .x1/.x2/.x4 -> 1/2/4 (8x8 matrices)
  bool Trans = false;      ///< .trans
  std::string Shape;       ///< "m8n8", "m16n16", "m8n16", "m16n8"
  std::string Type;        ///< "b16", "b8", "b8x16.b6x16_p32"
};

struct PtxAtomicInfo {
  std::string Op;          ///< "add", "cas", "exch", "max", "min", "inc", "dec", "and", "or", "xor"
  std::string Type;        ///< "u32", "f32", "b64", "f16x2", ...
  bool Reduction = false;  ///< red: no result
  /// Source operands, the address included: 3 for .cas ([a], b, c), else 2.
  unsigned NumSources = 0;
};

struct PtxCopyInfo {
  bool Bulk = false;         ///< cp.async.bulk*, cp.reduce.async.bulk*
  bool CacheAll = false;     ///< .ca
  bool CacheGlobal = false;  ///< .cg
  /// The cp-size immediate (4, 8, 16); 0 when it is an operand (CpSizeOperand).
  unsigned CpSize = 0;
  /// Index in Operands of the cp-size when it is not an immediate (an asm
  /// operand bound to an "n" constraint); -1 when it is one.
  int CpSizeOperand = -1;
  /// Index in Operands of the src-size / ignore-src operand; -1 without one.
  int SrcSizeOperand = -1;
  /// Index in Operands of the cache policy (.L2::cache_hint); -1 without one.
  int CachePolicyOperand = -1;
};

/// The shared address of an access, filled in by the readers.
struct PtxAddress {
  /// The `[...]` operand as written ("[%r5+128]", "[%4]", "[smem+16]").
  std::string Text;
  /// Constant byte displacement written in the brackets.
  std::int64_t Displacement = 0;
  /// Template: the asm operand that supplies the address directly, when it does
  /// (`[%4]`, `[%[dst]+16]`).
  std::optional<unsigned> AsmOperand;
  /// Template: the base's value (without Displacement): Operand n when direct,
  /// or the chain computed inside the template.
  PtxValue Value;
  /// Compiled PTX: the shared variable the address chain starts from, when the
  /// chain is made of mov/add/sub/cvta/cvt (empty otherwise).
  std::string BaseSymbol;
};

/// One classified instruction.
struct PtxInstr {
  std::string Opcode;                 ///< as written: "ldmatrix.sync.aligned.m8n8.x4.shared.b16"
  std::string Base;                   ///< "ldmatrix"
  std::vector<std::string> Modifiers; ///< "sync", "aligned", "m8n8", "x4", "shared", "b16"
  PtxClass Class = PtxClass::Other;
  PtxSpace Space = PtxSpace::None;
  PtxForm Form = PtxForm::None;
  /// Why Form is Unmodelled ("distributed shared memory", "generic: may be
  /// shared", ...); empty otherwise.
  std::string Reason;
  /// Bytes one lane address covers: vector count x element size for ld/st/atom,
  /// 16 (one row) for ldmatrix/stmatrix, cp-size for cp.async; 0 when unknown.
  unsigned BytesPerAddress = 0;
  /// Lanes that supply an address: 32, or 8/16/32 for ldmatrix/stmatrix
  /// .x1/.x2/.x4; 0 for non-accesses.
  unsigned AddressLanes = 0;
  unsigned VectorCount = 1;           ///< .v2 -> 2, .v4 -> 4
  std::string ElementType;            ///< "u32", "f32", "b16"; empty when none
  unsigned ElementBytes = 0;
  bool Volatile = false;              ///< ld.volatile / st.volatile
  std::optional<PtxMatrixInfo> Matrix;
  std::optional<PtxAtomicInfo> Atomic;
  std::optional<PtxCopyInfo> Copy;
  /// Index in Operands of the memory operand whose space is Space (for
  /// cp.async the shared destination); -1 when none.
  int AddressOperand = -1;
  std::optional<PtxAddress> Address;  ///< filled by the readers
  /// SpecialRead: the register read ("laneid", "tid.x", "ntid.x", "warpid").
  std::string SpecialRegister;
  PtxOperand Guard;                   ///< the predicate, Kind::None when unconditional
  std::vector<PtxOperand> Operands;
  unsigned Line = 0;                  ///< line in the parsed text

  bool hasModifier(llvm::StringRef M) const;
  /// True for an instruction with a shared-memory form (modelled or not).
  bool touchesShared() const { return Form != PtxForm::None; }
};

/// Classifies an Instruction statement (other statements give Class Other).
PtxInstr classify(const PtxStatement &S);

/// A generic ld/st/atom/red (Space Generic) classified as if `.shared` were
/// written: for a pointer proven to come from cvta.shared. Opcode and
/// Modifiers stay as written; other instructions are returned unchanged.
PtxInstr asSharedAccess(const PtxInstr &I);

/// Whether an instruction's first operand is its destination (a register,
/// an asm operand or a vector of them), as for mov, ld, atom, ldmatrix; false
/// for st, red, bar, bra, cp.async, stmatrix and other instructions that only
/// read their operands.
bool writesFirstOperand(const PtxStatement &S);

/// Bytes of a PTX element type ("u32" -> 4, "f16x2" -> 4, "b128" -> 16); 0 if
/// unknown.
unsigned ptxTypeBytes(llvm::StringRef Type);

/// True for the special registers a SpecialRead reports.
bool isSpecialRegister(llvm::StringRef Name);

/// "LDS", "STS", "ATOMS", "LDSM", "STSM", "LDGSTS", "unmodelled", "none".
const char *formName(PtxForm F);
/// "load", "store", "atomic", "async copy", "matrix load", "matrix store",
/// "barrier/commit/wait", "shared-window conversion", "special register read",
/// "other".
const char *className(PtxClass C);
/// "shared", "shared::cluster", "generic", "global", "local", "param", "const", "none".
const char *spaceName(PtxSpace S);

} // namespace bankcheck::ptx

#endif // BANKCHECK_PTX_PTXINSTR_H

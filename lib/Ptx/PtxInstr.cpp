//===- PtxInstr.cpp - What a PTX instruction does to shared memory --------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Ptx/PtxInstr.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"

namespace bankcheck::ptx {

namespace {

//===----------------------------------------------------------------------===//
// Tables
//===----------------------------------------------------------------------===//

/// Element types and their sizes in bytes.
struct TypeSize {
  const char *Name;
  unsigned Bytes;
};
constexpr TypeSize TypeSizes[] = {
    {"b8", 1},     {"u8", 1},      {"s8", 1},     {"e4m3", 1},   {"e5m2", 1},   {"b16", 2},
    {"u16", 2},    {"s16", 2},     {"f16", 2},    {"bf16", 2},   {"e4m3x2", 2}, {"e5m2x2", 2},
    {"b32", 4},    {"u32", 4},     {"s32", 4},    {"f32", 4},    {"f16x2", 4},  {"bf16x2", 4},
    {"tf32", 4},   {"b64", 8},     {"u64", 8},    {"s64", 8},    {"f64", 8},    {"b128", 16},
};

/// Opcodes recognised by their leading components (matched in order, first
/// wins), before the ld/st/atom/ldmatrix/cp.async families below. Space is
/// the default when no state-space modifier is written.
struct OpcodeRule {
  const char *Prefix;
  PtxClass Class;
  PtxForm Form;
  PtxSpace Space;
  const char *Reason;
};
constexpr OpcodeRule OpcodeRules[] = {
    {"cp.async.bulk.commit_group", PtxClass::Sync, PtxForm::None, PtxSpace::None, ""},
    {"cp.async.bulk.wait_group", PtxClass::Sync, PtxForm::None, PtxSpace::None, ""},
    {"cp.async.bulk.prefetch", PtxClass::Other, PtxForm::None, PtxSpace::Global, ""},
    {"cp.async.bulk", PtxClass::AsyncCopy, PtxForm::Unmodelled, PtxSpace::Shared,
     "cp.async.bulk (TMA) copies are not modelled"},
    {"cp.reduce.async.bulk", PtxClass::AsyncCopy, PtxForm::Unmodelled, PtxSpace::Shared,
     "cp.reduce.async.bulk (TMA reductions) are not modelled"},
    {"cp.async.mbarrier.arrive", PtxClass::Sync, PtxForm::Unmodelled, PtxSpace::Generic,
     "mbarrier objects in shared memory are not modelled"},
    {"cp.async.commit_group", PtxClass::Sync, PtxForm::None, PtxSpace::None, ""},
    {"cp.async.wait_group", PtxClass::Sync, PtxForm::None, PtxSpace::None, ""},
    {"cp.async.wait_all", PtxClass::Sync, PtxForm::None, PtxSpace::None, ""},
    {"wgmma.mma_async", PtxClass::Other, PtxForm::Unmodelled, PtxSpace::Shared,
     "wgmma reads shared operands through matrix descriptors, which are not modelled"},
    {"wgmma", PtxClass::Sync, PtxForm::None, PtxSpace::None, ""}, // fence, commit_group, wait_group
    {"mbarrier", PtxClass::Sync, PtxForm::Unmodelled, PtxSpace::Generic,
     "mbarrier objects in shared memory are not modelled"},
    {"mapa", PtxClass::SharedWindow, PtxForm::Unmodelled, PtxSpace::Generic,
     "distributed shared memory (mapa) is not modelled"},
    {"tcgen05", PtxClass::Other, PtxForm::Unmodelled, PtxSpace::Shared,
     "tcgen05 (tensor memory) instructions are not modelled"},
    {"red.async", PtxClass::Atomic, PtxForm::Unmodelled, PtxSpace::SharedCluster,
     "red.async (distributed shared memory) is not modelled"},
    {"st.async", PtxClass::Store, PtxForm::Unmodelled, PtxSpace::SharedCluster,
     "st.async (distributed shared memory) is not modelled"},
    {"multimem", PtxClass::Other, PtxForm::Unmodelled, PtxSpace::Global,
     "multimem (multicast memory) is not modelled"},
    {"bar", PtxClass::Sync, PtxForm::None, PtxSpace::None, ""},
    {"barrier", PtxClass::Sync, PtxForm::None, PtxSpace::None, ""},
    {"membar", PtxClass::Sync, PtxForm::None, PtxSpace::None, ""},
    {"fence", PtxClass::Sync, PtxForm::None, PtxSpace::None, ""},
};

constexpr const char *AtomicOps[] = {"add", "cas", "exch", "max", "min", "inc",
                                     "dec", "and", "or",   "xor"};

constexpr const char *GenericReason = "generic: may be shared";
constexpr const char *ClusterReason = "distributed shared memory (.shared::cluster) is not modelled";

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

std::optional<PtxSpace> spaceModifier(llvm::StringRef M) {
  return llvm::StringSwitch<std::optional<PtxSpace>>(M)
      .Cases("shared", "shared::cta", PtxSpace::Shared)
      .Case("shared::cluster", PtxSpace::SharedCluster)
      .Case("global", PtxSpace::Global)
      .Case("local", PtxSpace::Local)
      .Cases("param", "param::entry", "param::func", PtxSpace::Param)
      .Case("const", PtxSpace::Const)
      .Default(std::nullopt);
}

/// The first state space among the modifiers (for cp.async: the destination).
std::optional<PtxSpace> firstSpace(const PtxInstr &I) {
  for (const std::string &M : I.Modifiers)
    if (std::optional<PtxSpace> S = spaceModifier(M))
      return S;
  return std::nullopt;
}

bool startsWith(const PtxStatement &S, llvm::StringRef Prefix) {
  llvm::SmallVector<llvm::StringRef, 6> Parts;
  Prefix.split(Parts, '.');
  if (Parts.empty() || Parts[0] != S.Base || Parts.size() > S.Modifiers.size() + 1)
    return false;
  for (size_t I = 1; I < Parts.size(); ++I)
    if (Parts[I] != S.Modifiers[I - 1])
      return false;
  return true;
}

unsigned vectorCount(const PtxInstr &I) {
  for (const std::string &M : I.Modifiers)
    if (M == "v2" || M == "v4" || M == "v8")
      return static_cast<unsigned>(M[1] - '0');
  return 1;
}

/// The element type: the last modifier that names a type.
void setElementType(PtxInstr &I) {
  for (auto It = I.Modifiers.rbegin(); It != I.Modifiers.rend(); ++It)
    if (unsigned B = ptxTypeBytes(*It)) {
      I.ElementType = *It;
      I.ElementBytes = B;
      return;
    }
}

int firstAddressOperand(const PtxInstr &I) {
  for (size_t K = 0; K < I.Operands.size(); ++K)
    if (I.Operands[K].isAddress())
      return static_cast<int>(K);
  return -1;
}

bool isAccessWidth(unsigned B) { return B == 1 || B == 2 || B == 4 || B == 8 || B == 16; }

/// Form for an access in Space; Shared gives Modelled.
void setAccessForm(PtxInstr &I, PtxSpace Space, PtxForm Modelled) {
  I.Space = Space;
  switch (Space) {
  case PtxSpace::Shared:
    I.Form = Modelled;
    break;
  case PtxSpace::SharedCluster:
    I.Form = PtxForm::Unmodelled;
    I.Reason = ClusterReason;
    break;
  case PtxSpace::Generic:
    I.Form = PtxForm::Unmodelled;
    I.Reason = GenericReason;
    break;
  default:
    I.Form = PtxForm::None;
    return;
  }
  I.AddressLanes = 32;
}

//===----------------------------------------------------------------------===//
// Families
//===----------------------------------------------------------------------===//

void classifyLoadStore(PtxInstr &I) {
  bool Load = I.Base == "ld";
  I.Class = Load ? PtxClass::Load : PtxClass::Store;
  I.Volatile = I.hasModifier("volatile");
  I.VectorCount = vectorCount(I);
  setElementType(I);
  I.BytesPerAddress = I.VectorCount * I.ElementBytes;
  I.AddressOperand = firstAddressOperand(I);
  setAccessForm(I, firstSpace(I).value_or(PtxSpace::Generic), Load ? PtxForm::LDS : PtxForm::STS);
  if (I.Form != PtxForm::None && I.Space == PtxSpace::Shared && !isAccessWidth(I.BytesPerAddress)) {
    I.Form = PtxForm::Unmodelled;
    I.Reason = "a shared access of " + std::to_string(I.BytesPerAddress) + " bytes per lane is not modelled";
  }
}

void classifyAtomic(PtxInstr &I) {
  I.Class = PtxClass::Atomic;
  PtxAtomicInfo A;
  A.Reduction = I.Base == "red";
  for (const std::string &M : I.Modifiers)
    if (llvm::is_contained(AtomicOps, llvm::StringRef(M)))
      A.Op = M;
  I.VectorCount = vectorCount(I);
  setElementType(I);
  A.Type = I.ElementType;
  A.NumSources = A.Op == "cas" ? 3 : 2;
  I.BytesPerAddress = I.VectorCount * I.ElementBytes;
  I.AddressOperand = firstAddressOperand(I);
  setAccessForm(I, firstSpace(I).value_or(PtxSpace::Generic), PtxForm::ATOMS);
  if (I.Form == PtxForm::ATOMS && (A.Op.empty() || !isAccessWidth(I.BytesPerAddress))) {
    I.Form = PtxForm::Unmodelled;
    I.Reason = A.Op.empty() ? "atomic operation not recognised"
                            : "a shared atomic of " + std::to_string(I.BytesPerAddress) + " bytes is not modelled";
  }
  I.Atomic = std::move(A);
}

void classifyMatrix(PtxInstr &I) {
  bool Load = I.Base == "ldmatrix";
  I.Class = Load ? PtxClass::MatrixLoad : PtxClass::MatrixStore;
  PtxMatrixInfo M;
  for (const std::string &Mod : I.Modifiers) {
    llvm::StringRef S(Mod);
    if (S == "x1" || S == "x2" || S == "x4")
      M.Matrices = static_cast<unsigned>(S[1] - '0');
    else if (S == "trans")
      M.Trans = true;
    else if (S.starts_with("m") && S.size() >= 4 && S.contains('n') && S[1] >= '0' && S[1] <= '9')
      M.Shape = Mod;
    else if (S == "sync" || S == "aligned" || spaceModifier(S))
      continue;
    else
      M.Type += (M.Type.empty() ? "" : ".") + Mod; // b16, b8, b8x16.b6x16_p32
  }
  I.AddressOperand = firstAddressOperand(I);
  I.BytesPerAddress = 16;
  I.ElementType = M.Type;
  I.ElementBytes = ptxTypeBytes(M.Type);
  std::optional<PtxSpace> Space = firstSpace(I);
  I.Space = Space.value_or(PtxSpace::Generic); // the generic address of a shared location
  I.AddressLanes = 8 * (M.Matrices ? M.Matrices : 4);
  I.Form = Load ? PtxForm::LDSM : PtxForm::STSM;
  if (I.Space == PtxSpace::SharedCluster) {
    I.Form = PtxForm::Unmodelled;
    I.Reason = ClusterReason;
  } else if (M.Shape != "m8n8" || M.Type != "b16") {
    I.Form = PtxForm::Unmodelled;
    I.Reason = Load ? "ldmatrix b8 forms (.m16n16, .m8n16, .b8x16) are not modelled"
                    : "stmatrix .m16n8 (b8) is not modelled";
    if (M.Shape.empty() || (M.Shape == "m8n8" && M.Type.empty()))
      I.Reason = std::string(Load ? "ldmatrix" : "stmatrix") + " without a shape and type is not modelled";
  } else if (!M.Matrices) {
    I.Form = PtxForm::Unmodelled;
    I.Reason = std::string(Load ? "ldmatrix" : "stmatrix") + " without .x1, .x2 or .x4 is not modelled";
  }
  I.Matrix = std::move(M);
}

void classifyAsyncCopy(PtxInstr &I) {
  I.Class = PtxClass::AsyncCopy;
  PtxCopyInfo C;
  C.CacheAll = I.hasModifier("ca");
  C.CacheGlobal = I.hasModifier("cg");
  int N = static_cast<int>(I.Operands.size());
  if (N > 2) {
    if (I.Operands[2].K == PtxOperand::Kind::Immediate && !I.Operands[2].Complex &&
        I.Operands[2].Imm > 0 && I.Operands[2].Imm <= 1024)
      C.CpSize = static_cast<unsigned>(I.Operands[2].Imm);
    else
      C.CpSizeOperand = 2;
  }
  if (I.hasModifier("L2::cache_hint") && N > 3)
    C.CachePolicyOperand = N - 1;
  if (N > 3 && C.CachePolicyOperand != 3)
    C.SrcSizeOperand = 3;
  I.AddressOperand = I.Operands.empty() || !I.Operands[0].isAddress() ? firstAddressOperand(I) : 0;
  I.BytesPerAddress = C.CpSize;
  setAccessForm(I, firstSpace(I).value_or(PtxSpace::Generic), PtxForm::LDGSTS);
  if (I.Form == PtxForm::LDGSTS && C.CpSize && C.CpSize != 4 && C.CpSize != 8 && C.CpSize != 16) {
    I.Form = PtxForm::Unmodelled;
    I.Reason = "cp.async of " + std::to_string(C.CpSize) + " bytes is not a valid copy size";
  }
  if (I.Space == PtxSpace::Generic)
    I.Reason = "cp.async without a destination state space";
  I.Copy = std::move(C);
}

void classifyCvta(PtxInstr &I) {
  I.Space = firstSpace(I).value_or(PtxSpace::None);
  setElementType(I);
  if (I.Space == PtxSpace::Shared)
    I.Class = PtxClass::SharedWindow;
  else if (I.Space == PtxSpace::SharedCluster) {
    I.Class = PtxClass::SharedWindow;
    I.Form = PtxForm::Unmodelled;
    I.Reason = ClusterReason;
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Public
//===----------------------------------------------------------------------===//

bool PtxInstr::hasModifier(llvm::StringRef M) const {
  return llvm::any_of(Modifiers, [&](const std::string &X) { return X == M; });
}

unsigned ptxTypeBytes(llvm::StringRef Type) {
  for (const TypeSize &T : TypeSizes)
    if (Type == T.Name)
      return T.Bytes;
  return 0;
}

bool isSpecialRegister(llvm::StringRef Name) {
  auto [Base, Dim] = Name.split('.');
  bool Xyz = Dim.empty() || Dim == "x" || Dim == "y" || Dim == "z";
  if (Xyz && (Base == "tid" || Base == "ntid" || Base == "ctaid" || Base == "nctaid"))
    return true;
  return Dim.empty() && llvm::StringSwitch<bool>(Base)
                            .Cases("laneid", "warpid", "nwarpid", "smid", true)
                            .Cases("lanemask_eq", "lanemask_le", "lanemask_lt", true)
                            .Cases("lanemask_ge", "lanemask_gt", true)
                            .Default(false);
}

PtxInstr classify(const PtxStatement &S) {
  PtxInstr I;
  I.Opcode = S.Opcode;
  I.Base = S.Base;
  I.Modifiers = S.Modifiers;
  I.Guard = S.Guard;
  I.Operands = S.Operands;
  I.Line = S.Line;
  if (S.K != PtxStatement::Kind::Instruction)
    return I;

  for (const OpcodeRule &R : OpcodeRules) {
    if (!startsWith(S, R.Prefix))
      continue;
    I.Class = R.Class;
    I.Form = R.Form;
    I.Reason = R.Reason;
    I.Space = firstSpace(I).value_or(R.Space);
    if (I.Form != PtxForm::None) {
      I.AddressOperand = firstAddressOperand(I);
      I.AddressLanes = 32;
    }
    return I;
  }

  if (I.Base == "ld" || I.Base == "st")
    classifyLoadStore(I);
  else if (I.Base == "atom" || I.Base == "red")
    classifyAtomic(I);
  else if (I.Base == "ldmatrix" || I.Base == "stmatrix")
    classifyMatrix(I);
  else if (startsWith(S, "cp.async"))
    classifyAsyncCopy(I);
  else if (I.Base == "cvta")
    classifyCvta(I);
  else if (I.Base == "mov" && I.Operands.size() >= 2 &&
           I.Operands[1].K == PtxOperand::Kind::Register && isSpecialRegister(I.Operands[1].Name)) {
    I.Class = PtxClass::SpecialRead;
    I.SpecialRegister = I.Operands[1].Name;
  }
  return I;
}

PtxInstr asSharedAccess(const PtxInstr &I) {
  if (I.Space != PtxSpace::Generic ||
      (I.Class != PtxClass::Load && I.Class != PtxClass::Store && I.Class != PtxClass::Atomic))
    return I;
  PtxStatement S;
  S.Opcode = I.Opcode;
  S.Base = I.Base;
  S.Modifiers = I.Modifiers;
  S.Modifiers.insert(S.Modifiers.begin(), "shared");
  S.Guard = I.Guard;
  S.Operands = I.Operands;
  S.Line = I.Line;
  PtxInstr R = classify(S);
  R.Modifiers = I.Modifiers;
  R.Address = I.Address;
  return R;
}

bool writesFirstOperand(const PtxStatement &S) {
  if (S.K != PtxStatement::Kind::Instruction || S.Operands.empty())
    return false;
  const PtxOperand &D = S.Operands[0];
  if (D.K != PtxOperand::Kind::Register && D.K != PtxOperand::Kind::AsmOperand &&
      D.K != PtxOperand::Kind::Vector && D.K != PtxOperand::Kind::Symbol)
    return false; // an address, an immediate
  static const char *const ReadOnly[] = {
      "bar",  "barrier", "bra",   "brx",       "call",      "st",             "red",
      "prefetch", "prefetchu", "cp", "stmatrix", "fence",   "membar",         "ret",
      "exit", "trap",    "nanosleep", "pmevent", "griddepcontrol", "setmaxnreg", "multimem",
      "tensormap"};
  for (const char *B : ReadOnly)
    if (S.Base == B) // bar.red and barrier.red write a result
      return (S.Base == "bar" || S.Base == "barrier") && S.hasModifier("red");
  return true;
}

const char *formName(PtxForm F) {
  switch (F) {
  case PtxForm::None:
    return "none";
  case PtxForm::LDS:
    return "LDS";
  case PtxForm::STS:
    return "STS";
  case PtxForm::ATOMS:
    return "ATOMS";
  case PtxForm::LDSM:
    return "LDSM";
  case PtxForm::STSM:
    return "STSM";
  case PtxForm::LDGSTS:
    return "LDGSTS";
  case PtxForm::Unmodelled:
    return "unmodelled";
  }
  return "?";
}

const char *className(PtxClass C) {
  switch (C) {
  case PtxClass::Load:
    return "load";
  case PtxClass::Store:
    return "store";
  case PtxClass::Atomic:
    return "atomic";
  case PtxClass::AsyncCopy:
    return "async copy";
  case PtxClass::MatrixLoad:
    return "matrix load";
  case PtxClass::MatrixStore:
    return "matrix store";
  case PtxClass::Sync:
    return "barrier/commit/wait";
  case PtxClass::SharedWindow:
    return "shared-window conversion";
  case PtxClass::SpecialRead:
    return "special register read";
  case PtxClass::Other:
    return "other";
  }
  return "?";
}

const char *spaceName(PtxSpace S) {
  switch (S) {
  case PtxSpace::None:
    return "none";
  case PtxSpace::Shared:
    return "shared";
  case PtxSpace::SharedCluster:
    return "shared::cluster";
  case PtxSpace::Generic:
    return "generic";
  case PtxSpace::Global:
    return "global";
  case PtxSpace::Local:
    return "local";
  case PtxSpace::Param:
    return "param";
  case PtxSpace::Const:
    return "const";
  }
  return "?";
}

} // namespace bankcheck::ptx

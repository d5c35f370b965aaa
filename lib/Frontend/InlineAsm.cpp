//===- InlineAsm.cpp - asm statements in kernels ---------------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The walker's handling of `asm` statements, the one place where inline PTX
/// is looked at. The template is read by lib/Ptx (readInlineAsm): each shared
/// instruction (ld/st.shared, atom/red.shared, ldmatrix, stmatrix, cp.async)
/// gives the operand or the chain inside the template its address comes from;
/// that chain is evaluated over the operands' symbolic values (shared-window
/// addresses, shared pointers, integers, %laneid), and the instruction is
/// recorded as an access of its own form. Shared instructions the model does
/// not know (cp.async.bulk, wgmma, mbarrier, ld.shared::cluster, ...) and
/// addresses that cannot be followed to a __shared__ variable become remarks
/// naming the instruction, never silence. Outputs the template computes
/// (cvta.to.shared, mov of %laneid) flow into the locals they are written to.
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

#include "Ptx/PtxAsm.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;
using symbolic::Op;
using symbolic::SymbolTable;

namespace {
/// A lowered PtxValue: the value, or why there is none.
struct Lowered {
  Value V;
  std::string Why;
};

std::optional<Op> opOf(ptx::PtxValue::OpKind K) {
  using K_ = ptx::PtxValue::OpKind;
  switch (K) {
  case K_::Add: return Op::Add;
  case K_::Sub: return Op::Sub;
  case K_::Mul: return Op::Mul;
  case K_::And: return Op::And;
  case K_::Or: return Op::Or;
  case K_::Xor: return Op::Xor;
  case K_::Shl: return Op::Shl;
  case K_::Shr: return Op::Shr;
  }
  return std::nullopt;
}

Expr linearThread() {
  Expr Tx = Expr::var(SymbolTable::threadIdx(0)), Ty = Expr::var(SymbolTable::threadIdx(1)),
       Tz = Expr::var(SymbolTable::threadIdx(2));
  Expr Dx = Expr::var(SymbolTable::blockDim(0)), Dy = Expr::var(SymbolTable::blockDim(1));
  return Tx + Ty * Dx + Tz * Dx * Dy;
}

} // namespace

Expr Walker::laneExpr() const {
  if (!Config.Shape)
    return Expr::binary(Op::Mod, Expr::var(SymbolTable::threadIdx(0)), Expr::constant(32));
  return Expr::binary(Op::Mod, linearThread(), Expr::constant(32));
}

namespace {
const char *kindOf(const ptx::PtxInstr &I) {
  switch (I.Form) {
  case ptx::PtxForm::LDS: case ptx::PtxForm::LDSM: return "load";
  case ptx::PtxForm::STS: case ptx::PtxForm::STSM: return "store";
  case ptx::PtxForm::ATOMS: return "atomic";
  case ptx::PtxForm::LDGSTS: return "copy";
  default: return "access";
  }
}

/// The bank-model form of a shared PTX instruction, or nullopt with Why.
std::optional<bank::Form> formOf(const ptx::PtxInstr &I, unsigned Bytes, std::string &Why) {
  switch (I.Form) {
  case ptx::PtxForm::LDS: return bank::Form::LDS;
  case ptx::PtxForm::STS: return bank::Form::STS;
  case ptx::PtxForm::LDGSTS: return bank::Form::LDGSTS;
  case ptx::PtxForm::LDSM:
  case ptx::PtxForm::STSM:
    if (!I.Matrix || (I.Matrix->Matrices != 1 && I.Matrix->Matrices != 2 && I.Matrix->Matrices != 4)) {
      Why = "the number of matrices is not .x1, .x2 or .x4";
      return std::nullopt;
    }
    return bank::matrixForm(I.Form == ptx::PtxForm::STSM, I.Matrix->Matrices);
  case ptx::PtxForm::ATOMS: {
    if (!I.Atomic)
      return bank::Form::ATOMS;
    const std::string &Op = I.Atomic->Op, &T = I.Atomic->Type;
    if (Op == "cas")
      return bank::Form::ATOMS_CAS;
    bool Float = !T.empty() && (T[0] == 'f' || T.rfind("bf", 0) == 0);
    if (Op == "add" && (Float || Bytes == 8)) {
      if (T == "f32" || T == "f64" || T == "u64" || T == "s64")
        return bank::Form::CAS_LOOP;
      Why = "'atom.add." + T + "' is not a form the model knows";
      return std::nullopt;
    }
    if (Float) {
      Why = "a floating-point '" + Op + "' on shared memory is not a form the model knows";
      return std::nullopt;
    }
    return bank::Form::ATOMS;
  }
  default:
    Why = I.Reason.empty() ? "not modelled" : I.Reason;
    return std::nullopt;
  }
}
/// Marks the operands a value of the template reads.
void markRead(const ptx::PtxValue &V, std::vector<bool> &Read) {
  using K = ptx::PtxValue::Kind;
  switch (V.kind()) {
  case K::Operand:
    if (V.operandIndex() < Read.size())
      Read[V.operandIndex()] = true;
    return;
  case K::SharedWindow:
    markRead(V.lhs(), Read);
    return;
  case K::Op:
    markRead(V.lhs(), Read);
    markRead(V.rhs(), Read);
    return;
  default:
    return;
  }
}

void markRead(const ptx::PtxOperand &O, std::vector<bool> &Read) {
  if (O.K == ptx::PtxOperand::Kind::AsmOperand && O.Index < Read.size())
    Read[O.Index] = true;
  for (const ptx::PtxOperand &E : O.Elements)
    markRead(E, Read);
}
} // namespace

SourceLocation asmLocation(const AsmStmt *A) {
  // The `asm` keyword's location is not always kept (CUDA device-side
  // statements); the template string's always is.
  if (A->getBeginLoc().isValid())
    return A->getBeginLoc();
  if (const auto *G = dyn_cast<GCCAsmStmt>(A))
    return G->getAsmString()->getBeginLoc();
  return A->getBeginLoc();
}

const Walker::AsmFacts &Walker::asmFacts(const GCCAsmStmt *G) {
  auto [It, New] = AsmCache.try_emplace(G);
  if (!New)
    return It->second;
  unsigned NO = G->getNumOutputs(), NI = G->getNumInputs();
  std::vector<std::string> Names;
  for (unsigned I = 0; I < NO; ++I)
    Names.push_back(G->getOutputName(I).str());
  for (unsigned I = 0; I < NI; ++I)
    Names.push_back(G->getInputName(I).str());
  It->second.Read = ptx::readInlineAsm(G->getAsmString()->getString(), NO, NI, Names);
  // The operands walkAsm lowers: those of the shared accesses and the outputs'
  // values; the others only when their expressions may do something.
  std::vector<bool> Read(NO + NI, false);
  for (const ptx::PtxInstr &I : It->second.Read.Instrs)
    if (I.touchesShared()) {
      if (I.Address)
        markRead(I.Address->Value, Read);
      for (const ptx::PtxOperand &O : I.Operands)
        markRead(O, Read);
    }
  for (const ptx::PtxValue &V : It->second.Read.Outputs)
    markRead(V, Read);
  It->second.Unread.assign(NO + NI, false);
  for (unsigned I = 0; I < NO + NI; ++I)
    It->second.Unread[I] =
        !Read[I] && effectFree(I < NO ? G->getOutputExpr(I) : G->getInputExpr(I - NO), EffectScope::LocalData);
  // nvcc puts an asm statement's instructions on the line of its last
  // operand that is not an immediate (measured: `: "r"(addr)` below the
  // template; a cp.async's `"l"(src)` above its `"n"(16)`); a profiler shows
  // them there (JSON profile_line), the diagnostic stays at the statement.
  const clang::Expr *Last = nullptr;
  for (unsigned I = 0; I < NO + NI; ++I) {
    llvm::StringRef C = I < NO ? G->getOutputConstraint(I) : G->getInputConstraint(I - NO);
    if (!C.contains('n') && !C.contains('i'))
      Last = I < NO ? G->getOutputExpr(I) : G->getInputExpr(I - NO);
  }
  if (Last) {
    const SourceManager &SM = Ctx.getSourceManager();
    report::FileLoc At = toFileLoc(SM.getExpansionLoc(Last->getEndLoc()), SM);
    report::FileLoc Stmt = toFileLoc(SM.getExpansionLoc(asmLocation(G)), SM);
    if (At.valid() && Stmt.valid() && At.Line != Stmt.Line)
      It->second.ProfileAt = At;
  }
  return It->second;
}

void Walker::walkAsm(const AsmStmt *A) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto Remark = [&](const std::string &Text) {
    Result.Skipped.push_back({toFileLoc(SM.getExpansionLoc(asmLocation(A)), SM), Text});
  };
  const auto *G = dyn_cast<GCCAsmStmt>(A);
  if (!G) {
    Remark("Microsoft-style asm is not analysed: shared-memory accesses in it are not seen");
    return;
  }
  unsigned NO = G->getNumOutputs(), NI = G->getNumInputs();
  // Elements of an unordered_map stay where they are.
  const AsmFacts &Facts = asmFacts(G);
  const ptx::PtxAsmResult &R = Facts.Read;
  const report::FileLoc ProfileAt = Facts.ProfileAt;
  std::vector<Value> Ops(NO + NI);
  for (unsigned I = 0; I < NO; ++I) {
    const clang::Expr *E = G->getOutputExpr(I);
    if (G->getOutputConstraint(I).starts_with("+") && !Facts.Unread[I]) // read and written: its value now
      Ops[I] = rvalue(E);
  }
  for (unsigned I = 0; I < NI; ++I) {
    const clang::Expr *E = G->getInputExpr(I);
    if (Facts.Unread[NO + I])
      continue;
    if (G->getInputConstraint(I).contains('m') && E->isGLValue()) {
      if (auto L = sharedLValue(E))
        Ops[NO + I] = Value::pointer(*L);
      continue;
    }
    Ops[NO + I] = rvalue(E);
  }

  // The value of a PtxValue over the operands.
  std::function<Lowered(const ptx::PtxValue &)> Lower = [&](const ptx::PtxValue &V) -> Lowered {
    using K = ptx::PtxValue::Kind;
    switch (V.kind()) {
    case K::Operand: {
      unsigned N = V.operandIndex();
      if (N >= Ops.size() || Ops[N].K == Value::None)
        return {Value(), "operand %" + std::to_string(N) + " is not a value the analysis follows"};
      return {Ops[N], ""};
    }
    case K::Imm:
      return {Value::integer(Expr::constant(V.immediate())), ""};
    case K::Special: {
      const std::string &Reg = V.name();
      if (Reg == "laneid")
        return {Value::integer(laneExpr()), ""};
      for (unsigned D = 0; D < 3; ++D) {
        std::string Dim(1, char('x' + D));
        if (Reg == "tid." + Dim) return {Value::integer(Expr::var(SymbolTable::threadIdx(D))), ""};
        if (Reg == "ntid." + Dim) return {Value::integer(Expr::var(SymbolTable::blockDim(D))), ""};
        if (Reg == "ctaid." + Dim) return {Value::integer(Expr::var(SymbolTable::blockIdx(D))), ""};
        if (Reg == "nctaid." + Dim) return {Value::integer(Expr::var(SymbolTable::gridDim(D))), ""};
      }
      bool Uniform = Reg == "warpid" || Reg == "smid" || Reg == "nsmid";
      return {Value::integer(opaque(nullptr, !Uniform, "special register %" + Reg)), ""};
    }
    case K::SharedWindow: {
      Lowered X = Lower(V.lhs());
      if (X.V.K == Value::Ptr)
        return {Value::window(X.V.P), ""};
      if (X.V.K == Value::Window)
        return X;
      return {Value(), X.Why.empty() ? "cvta.to.shared of a pointer the analysis does not follow" : X.Why};
    }
    case K::Op: {
      Lowered L = Lower(V.lhs()), Rt = Lower(V.rhs());
      if (!L.Why.empty()) return L;
      if (!Rt.Why.empty()) return Rt;
      std::optional<Op> O = opOf(V.opKind());
      // Narrowing a window address to 32 bits (cvt.u32.u64) keeps it.
      if (O == Op::And && L.V.K == Value::Window && Rt.V.K == Value::Int && Rt.V.E.isConst() &&
          (Rt.V.E.constValue() & 0xffffffffll) == 0xffffffffll)
        return L;
      if (O && (L.V.K == Value::Window || Rt.V.K == Value::Window))
        if (std::optional<Value> W = windowArithmetic(*O, L.V, Rt.V))
          return {*W, ""};
      if (O && L.V.K == Value::Int && Rt.V.K == Value::Int)
        return {Value::integer(Expr::binary(*O, L.V.E, Rt.V.E)), ""};
      return {Value(), "'" + V.str() + "' is not arithmetic the analysis follows"};
    }
    case K::Unknown:
      return {Value(), V.name()};
    }
    return {Value(), "unknown value"};
  };

  struct Restore {
    report::FileLoc &L, Old;
    ~Restore() { L = Old; }
  } Keep{PendingProfileLoc, PendingProfileLoc};
  PendingProfileLoc = ProfileAt;
  for (unsigned Index = 0; Index < R.Instrs.size(); ++Index) {
    if (!R.Instrs[Index].touchesShared())
      continue;
    const ptx::PtxInstr *Instr = &R.Instrs[Index]; // the cached parse, not a copy
    Lowered Base;
    if (Instr->Address)
      Base = Lower(Instr->Address->Value);
    std::optional<ptx::PtxInstr> AsShared;
    if (Instr->Space == ptx::PtxSpace::Generic) {
      // A generic address: a shared access when it is a pointer into a
      // __shared__ variable; otherwise not one the analysis sees.
      if (Base.V.K != Value::Ptr)
        continue;
      AsShared = ptx::asSharedAccess(*Instr);
      Instr = &*AsShared;
    }
    const ptx::PtxInstr &I = *Instr;
    if (I.Form == ptx::PtxForm::Unmodelled) {
      Remark("'" + I.Opcode + "' in inline assembly accesses shared memory in a way that is not modelled (" +
             (I.Reason.empty() ? "unknown form" : I.Reason) + "): its bank conflicts are not analysed");
      continue;
    }
    unsigned Bytes = I.BytesPerAddress;
    if (I.Copy && I.Copy->CpSizeOperand >= 0 && I.Copy->CpSizeOperand < int(I.Operands.size())) {
      const ptx::PtxOperand &Op = I.Operands[I.Copy->CpSizeOperand];
      if (Op.K == ptx::PtxOperand::Kind::AsmOperand && Op.Index < Ops.size() && Ops[Op.Index].K == Value::Int &&
          Ops[Op.Index].E.isConst())
        Bytes = unsigned(Ops[Op.Index].E.constValue());
    }
    std::string Why;
    std::optional<bank::Form> F = formOf(I, Bytes, Why);
    if (!F) {
      Remark("'" + I.Opcode + "' in inline assembly: " + Why + "; its bank conflicts are not analysed");
      continue;
    }
    if (!I.Address || !Base.Why.empty() || (Base.V.K != Value::Window && Base.V.K != Value::Ptr)) {
      Remark("the shared address of '" + I.Opcode + "' in inline assembly is not followed to a __shared__ "
             "variable (" + (Base.Why.empty() ? "not a shared-window address" : Base.Why) +
             "): its bank conflicts are not analysed");
      continue;
    }
    SharedRef L = Base.V.P;
    L.Offset = L.Offset + Expr::constant(I.Address->Displacement);
    if (*F == bank::Form::LDGSTS && I.AddressOperand >= 0 && I.AddressOperand + 1 < int(I.Operands.size())) {
      // cp.async [dst], [src], ...: the source's byte offset from its pointer parameter.
      const ptx::PtxOperand &S = I.Operands[I.AddressOperand + 1];
      if (S.isAddress() && S.Elements.size() == 1 && S.Elements[0].K == ptx::PtxOperand::Kind::AsmOperand &&
          S.Elements[0].Index < Ops.size() && Ops[S.Elements[0].Index].K == Value::Global)
        L.setFacts().Source = Ops[S.Elements[0].Index].P.Offset + Expr::constant(S.Imm);
    }
    if (!Bytes || !bank::formHasWidth(*F, Bytes)) {
      Remark("'" + I.Opcode + "' in inline assembly moves " + std::to_string(Bytes) +
             " bytes per lane, not a width of " + std::string(bank::rule(*F).Name) + "; not analysed");
      continue;
    }
    // The operand that is the whole address: where `&s[r][c]` may be rewritten.
    const clang::Expr *Address = nullptr;
    if (I.Address->AsmOperand && I.Address->Displacement == 0 && *I.Address->AsmOperand < NO + NI)
      Address = *I.Address->AsmOperand < NO ? G->getOutputExpr(*I.Address->AsmOperand)
                                            : G->getInputExpr(*I.Address->AsmOperand - NO);
    recordAsm(L, A, Index, kindOf(I), Bytes, *F, I.Opcode, Address);
  }
  for (const std::string &P : R.Problems)
    if (P.find("operand") != std::string::npos)
      Remark("inline assembly: " + P);

  // What the template leaves in its outputs.
  for (unsigned I = 0; I < NO && I < R.Outputs.size(); ++I) {
    const clang::Expr *E = G->getOutputExpr(I)->IgnoreParenImpCasts();
    Lowered Out = Lower(R.Outputs[I]);
    const auto *DR = dyn_cast<DeclRefExpr>(E);
    const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    if (VD && !isShared(VD) && !VD->getType()->isReferenceType()) {
      if (isIntegral(VD->getType()))
        setVar(VD, Out.Why.empty() && (Out.V.K == Value::Int || Out.V.K == Value::Window)
                       ? Out.V
                       : Value::integer(opaque(E, true, "output of inline assembly")));
      else
        setVar(VD, Value());
      continue;
    }
    if (E->isGLValue())
      if (auto Loc = sharedLValue(E))
        record(*Loc, E, "store"); // the output register is stored to shared memory
  }
}

} // namespace bankcheck::frontend

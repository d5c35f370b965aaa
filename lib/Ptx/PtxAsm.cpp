//===- PtxAsm.cpp - Read the PTX of an inline-asm statement ---------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Ptx/PtxAsm.h"

#include "Ptx/PtxParser.h"

#include <algorithm>
#include <map>
#include <optional>

namespace bankcheck::ptx {

std::vector<const PtxInstr *> PtxAsmResult::sharedAccesses() const {
  std::vector<const PtxInstr *> R;
  for (const PtxInstr &I : Instrs)
    if (I.touchesShared())
      R.push_back(&I);
  return R;
}

namespace {

using OpKind = PtxValue::OpKind;

/// Operands followed per side; GCC allows 30 in all.
constexpr unsigned MaxOperands = 1024;

bool isFloatType(llvm::StringRef T) { return T.starts_with("f") || T.starts_with("bf") || T.starts_with("e"); }

/// The value of `Bytes`-wide unsigned truncation: x & (2^(8*Bytes) - 1).
PtxValue truncate(PtxValue V, unsigned Bytes) {
  if (Bytes >= 8)
    return V;
  return PtxValue::op(OpKind::And, std::move(V), PtxValue::imm((std::int64_t(1) << (8 * Bytes)) - 1));
}

class AsmReader {
public:
  AsmReader(unsigned NumOutputs, unsigned NumInputs)
      : NumOutputs(NumOutputs), NumOperands(NumOutputs + NumInputs) {}

  void run(const std::vector<PtxStatement> &Statements, PtxAsmResult &R) {
    Result = &R;
    Scopes.emplace_back();
    for (const PtxStatement &S : Statements) {
      switch (S.K) {
      case PtxStatement::Kind::Instruction:
        instruction(S);
        break;
      case PtxStatement::Kind::Directive:
        if (S.Opcode == ".reg")
          declare(S);
        break;
      case PtxStatement::Kind::Label:
        joinAtLabel();
        break;
      case PtxStatement::Kind::ScopeOpen:
        Scopes.emplace_back();
        break;
      case PtxStatement::Kind::ScopeClose:
        if (Scopes.size() > 1) {
          for (const std::string &Name : Scopes.back())
            Regs.erase(Name);
          Scopes.pop_back();
        }
        break;
      default:
        break;
      }
    }
    for (unsigned I = 0; I < NumOutputs; ++I) {
      const PtxValue *W = written(I);
      R.Outputs.push_back(W ? *W : PtxValue::unknown("not written by the template"));
      if (W && W->kind() == PtxValue::Kind::Special)
        R.SpecialOutputs.push_back({I, W->name()});
    }
  }

private:
  unsigned NumOutputs, NumOperands;
  std::map<unsigned, PtxValue> Written;         ///< operands the template has written
  std::map<std::string, PtxValue> Regs;         ///< registers local to the template
  std::vector<std::vector<std::string>> Scopes; ///< names declared in each open scope
  PtxAsmResult *Result = nullptr;

  const PtxValue *written(unsigned Operand) const {
    auto It = Written.find(Operand);
    return It == Written.end() ? nullptr : &It->second;
  }

  static std::string key(const PtxOperand &Op) {
    return Op.K == PtxOperand::Kind::Register ? "%" + Op.Name : Op.Name;
  }

  void problem(unsigned Line, const std::string &What) {
    if (Result->Problems.size() < 64)
      Result->Problems.push_back("line " + std::to_string(Line) + ": " + What);
  }

  void declare(const PtxStatement &S) {
    for (const Token &T : S.Args)
      if ((T.Kind == TokenKind::Word && T.Text[0] != '.') || T.Kind == TokenKind::Register) {
        std::string Name = T.Kind == TokenKind::Register ? "%" + T.Text.str() : T.Text.str();
        Regs[Name] = PtxValue::unknown("register " + Name + " is read before it is written");
        Scopes.back().push_back(Name);
      }
  }

  void joinAtLabel() {
    for (auto &[Name, V] : Regs)
      V = PtxValue::unknown("value at a label, where control flow may join");
    for (auto &[Operand, V] : Written)
      V = PtxValue::unknown("value at a label, where control flow may join");
  }

  PtxValue valueOf(const PtxOperand &Op) {
    PtxValue V;
    switch (Op.K) {
    case PtxOperand::Kind::Register:
      if (isSpecialRegister(Op.Name)) {
        V = PtxValue::special(Op.Name);
        break;
      }
      [[fallthrough]];
    case PtxOperand::Kind::Symbol: {
      auto It = Regs.find(key(Op));
      V = It != Regs.end() ? It->second : PtxValue::unknown("'" + Op.Text + "' has no known value");
      break;
    }
    case PtxOperand::Kind::AsmOperand:
      if (Op.Index >= NumOperands)
        return PtxValue::unknown("operand " + Op.Text + " does not exist");
      V = written(Op.Index) ? *written(Op.Index) : PtxValue::operand(Op.Index);
      break;
    case PtxOperand::Kind::Immediate:
      return Op.Complex ? PtxValue::unknown("integer too large: " + Op.Text) : PtxValue::imm(Op.Imm);
    default:
      return PtxValue::unknown("operand '" + Op.Text + "' is not an integer");
    }
    if (Op.Complex)
      return PtxValue::unknown("offset too large: " + Op.Text);
    if (Op.Imm)
      V = PtxValue::op(OpKind::Add, std::move(V), PtxValue::imm(Op.Imm));
    return V;
  }

  void assign(const PtxOperand &Dst, const PtxValue &V, unsigned Line) {
    switch (Dst.K) {
    case PtxOperand::Kind::Register:
    case PtxOperand::Kind::Symbol:
      if (Dst.Name != "_")
        Regs[key(Dst)] = V;
      break;
    case PtxOperand::Kind::AsmOperand:
      if (Dst.Index < NumOperands) {
        if (Dst.Index >= NumOutputs)
          problem(Line, "input operand " + Dst.Text + " is written");
        Written[Dst.Index] = V;
      }
      break;
    case PtxOperand::Kind::Vector:
      for (const PtxOperand &E : Dst.Elements)
        assign(E, V.isUnknown() ? V : PtxValue::unknown("one part of a vector result"), Line);
      break;
    default:
      break;
    }
  }

  /// The value an arithmetic or move instruction gives its destination.
  PtxValue result(const PtxInstr &I) {
    auto Src = [&](size_t K) {
      return K < I.Operands.size() ? valueOf(I.Operands[K]) : PtxValue::unknown(I.Opcode + ": missing operand");
    };
    const std::string &B = I.Base;
    if (I.Class == PtxClass::SpecialRead)
      return PtxValue::special(I.SpecialRegister);
    if (isFloatType(I.ElementType) && B != "cvt" && B != "cvta")
      return PtxValue::unknown("floating-point " + I.Opcode);
    if (B == "mov") {
      if (I.Operands.size() >= 2 && I.Operands[1].K == PtxOperand::Kind::Vector)
        return PtxValue::unknown("packed move " + I.Opcode);
      return Src(1);
    }
    static const std::map<std::string, OpKind> Binary = {
        {"add", OpKind::Add}, {"sub", OpKind::Sub}, {"mul", OpKind::Mul}, {"and", OpKind::And},
        {"or", OpKind::Or},   {"xor", OpKind::Xor}, {"shl", OpKind::Shl}, {"shr", OpKind::Shr}};
    auto It = Binary.find(B);
    if (It != Binary.end()) {
      if (I.hasModifier("hi") || I.hasModifier("cc") || I.hasModifier("sat"))
        return PtxValue::unknown(I.Opcode + " is not followed");
      return PtxValue::op(It->second, Src(1), Src(2));
    }
    if (B == "mad" && !I.hasModifier("hi") && !I.hasModifier("cc") && !I.hasModifier("sat"))
      return PtxValue::op(OpKind::Add, PtxValue::op(OpKind::Mul, Src(1), Src(2)), Src(3));
    if (B == "not")
      return PtxValue::op(OpKind::Xor, Src(1), PtxValue::imm(-1));
    if (B == "neg")
      return PtxValue::op(OpKind::Sub, PtxValue::imm(0), Src(1));
    if (B == "cvta") {
      if (I.Class == PtxClass::SharedWindow && I.Form == PtxForm::None && I.hasModifier("to"))
        return PtxValue::sharedWindow(Src(1));
      return PtxValue::unknown(I.Opcode + ": not a shared-window address");
    }
    if (B == "cvt") {
      std::vector<llvm::StringRef> Types;
      for (const std::string &M : I.Modifiers)
        if (ptxTypeBytes(M))
          Types.push_back(M);
      if (Types.size() != 2 || isFloatType(Types[0]) || isFloatType(Types[1]) || I.hasModifier("sat"))
        return PtxValue::unknown(I.Opcode + " is not an integer width conversion");
      unsigned To = ptxTypeBytes(Types[0]), From = ptxTypeBytes(Types[1]);
      return To < From ? truncate(Src(1), To) : Src(1);
    }
    return PtxValue::unknown("result of " + I.Opcode);
  }

  void setAddress(PtxInstr &I) {
    if (I.AddressOperand < 0 || static_cast<size_t>(I.AddressOperand) >= I.Operands.size())
      return;
    const PtxOperand &A = I.Operands[I.AddressOperand];
    PtxAddress Addr;
    Addr.Text = A.Text;
    Addr.Displacement = A.Imm;
    const PtxOperand *Base = A.addressBase();
    if (A.Complex) {
      Addr.Value = PtxValue::unknown("address " + A.Text + " has more than a base and a constant");
    } else if (!Base) {
      Addr.Value = PtxValue::imm(0);
    } else {
      if (Base->K == PtxOperand::Kind::AsmOperand && Base->Index < NumOperands && !written(Base->Index))
        Addr.AsmOperand = Base->Index;
      if (Base->K == PtxOperand::Kind::AsmOperand && Base->Index >= NumOperands)
        problem(I.Line, "operand " + Base->Text + " does not exist");
      Addr.Value = valueOf(*Base);
    }
    I.Address = std::move(Addr);
  }

  void instruction(const PtxStatement &S) {
    PtxInstr I = classify(S);
    setAddress(I);
    for (const PtxOperand &Op : I.Operands)
      if (Op.K == PtxOperand::Kind::AsmOperand && Op.Index >= NumOperands && !Op.Text.empty())
        problem(I.Line, "operand " + Op.Text + " does not exist");
    if (writesFirstOperand(S)) {
      PtxValue V = result(I);
      if (I.Guard.K != PtxOperand::Kind::None)
        V = PtxValue::unknown("written under the predicate " + I.Guard.Text);
      assign(I.Operands[0], V, I.Line);
    }
    Result->Instrs.push_back(std::move(I));
  }
};

} // namespace

PtxAsmResult readInlineAsm(llvm::StringRef Template, unsigned NumOutputs, unsigned NumInputs,
                           llvm::ArrayRef<std::string> OperandNames) {
  PtxParseOptions Options;
  Options.Mode = LexMode::AsmTemplate;
  Options.OperandNames.assign(OperandNames.begin(), OperandNames.end());
  PtxParseResult Parsed = parsePtx(Template, Options);
  PtxAsmResult R;
  R.Problems = std::move(Parsed.Problems);
  if (NumOutputs > MaxOperands || NumInputs > MaxOperands) {
    R.Problems.push_back("more than " + std::to_string(MaxOperands) + " operands: the rest are not followed");
    NumOutputs = std::min(NumOutputs, MaxOperands);
    NumInputs = std::min(NumInputs, MaxOperands);
  }
  AsmReader(NumOutputs, NumInputs).run(Parsed.Statements, R);
  return R;
}

} // namespace bankcheck::ptx

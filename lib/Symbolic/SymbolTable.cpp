//===- SymbolTable.cpp - Symbols and printing -----------------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Symbolic/SymbolTable.h"

#include <charconv>
#include <string_view>
#include <unordered_map>

namespace bankcheck::symbolic {

namespace {
/// The twelve builtin coordinates, built once: every table is a layer over
/// the one table of them.
const std::vector<Symbol> &builtinSymbols() {
  static const std::vector<Symbol> Builtins = [] {
    static const char *const Axis[] = {"x", "y", "z"};
    struct Builtin { const char *Name; SymbolKind Kind; };
    const Builtin Kinds[] = {{"threadIdx", SymbolKind::ThreadIdx},
                             {"blockDim", SymbolKind::BlockDim},
                             {"blockIdx", SymbolKind::BlockIdx},
                             {"gridDim", SymbolKind::GridDim}};
    std::vector<Symbol> V;
    for (const Builtin &B : Kinds)
      for (unsigned D = 0; D < 3; ++D) {
        Symbol S;
        S.Name = std::string(B.Name) + "." + Axis[D];
        S.Kind = B.Kind;
        S.Dim = D;
        S.Min = B.Kind == SymbolKind::BlockDim || B.Kind == SymbolKind::GridDim ? 1 : 0;
        V.push_back(S);
      }
    return V;
  }();
  return Builtins;
}
} // namespace

SymbolTable::SymbolTable(BuiltinsTag) {
  for (const Symbol &S : builtinSymbols())
    add(S);
}

const SymbolTable &SymbolTable::builtins() {
  static const SymbolTable Builtins{BuiltinsTag{}};
  return Builtins;
}

SymbolTable::SymbolTable() : SymbolTable(&builtins()) {}

const std::string &SharedText::empty_() {
  static const std::string Empty;
  return Empty;
}

std::string SymbolName::str() const {
  std::string Out;
  appendTo(Out);
  return Out;
}

void SymbolName::appendTo(std::string &Out) const {
  Out += Stem.str();
  if (Number) {
    char Digits[16] = {'#'};
    Out.append(Digits, std::to_chars(Digits + 1, Digits + sizeof Digits, Number).ptr);
  }
}

std::shared_ptr<const std::string> SharedText::shared(std::string S) {
  // Bounded: when it is full it starts again (texts in use keep their copy).
  thread_local std::unordered_map<std::string_view, std::shared_ptr<const std::string>> Pool;
  if (auto It = Pool.find(S); It != Pool.end())
    return It->second;
  if (Pool.size() >= (std::size_t(1) << 14))
    Pool.clear();
  auto P = std::make_shared<const std::string>(std::move(S));
  Pool.emplace(std::string_view(*P), P);
  return P;
}

SymbolId SymbolTable::add(Symbol S) {
  // Chunk k holds 16 << k symbols (a copied table's chunks may have no spare
  // capacity: the test is on the size each chunk is meant to reach).
  if (Chunks.empty() || Chunks.back().size() == std::size_t(1) << (FirstChunkBits + Chunks.size() - 1)) {
    Chunks.emplace_back();
    Chunks.back().reserve(std::size_t(1) << (FirstChunkBits + Chunks.size() - 1));
  }
  Chunks.back().push_back(std::move(S));
  ++Count;
  return static_cast<SymbolId>(size() - 1);
}

bool SymbolTable::isLaneVarying(const Expr &E) const {
  bool Varying = false;
  forEachSymbol(E, [&](SymbolId Id) {
    SymbolKind K = get(Id).Kind;
    Varying |= K == SymbolKind::ThreadIdx || K == SymbolKind::LaneOpaque;
  });
  return Varying;
}

bool SymbolTable::mentionsThreadIdx(const Expr &E) { return E.minSymbol() <= threadIdx(2); }

std::optional<SymbolId> SymbolTable::firstLaneOpaque(const Expr &E) const {
  std::optional<SymbolId> Found;
  forEachSymbol(E, [&](SymbolId Id) {
    if (!Found && get(Id).Kind == SymbolKind::LaneOpaque)
      Found = Id;
  });
  return Found;
}

namespace {
int precedence(Op O) {
  switch (O) {
  case Op::Mul: case Op::Div: case Op::Mod: return 10;
  case Op::Add: case Op::Sub: return 9;
  case Op::Shl: case Op::Shr: return 8;
  case Op::Lt: case Op::Le: return 7;
  case Op::Eq: case Op::Ne: return 6;
  case Op::And: return 5;
  case Op::Xor: return 4;
  case Op::Or: return 3;
  case Op::LAnd: return 2;
  case Op::LOr: return 1;
  case Op::Select: return 0;
  default: return 20;
  }
}

void printInto(const Expr &E, const SymbolTable &T, std::string &Out, int Outer) {
  switch (E.op()) {
  case Op::Const:
    Out += std::to_string(E.constValue());
    return;
  case Op::Var:
    T.get(E.symbol()).Name.appendTo(Out);
    return;
  case Op::Min:
  case Op::Max:
    Out += opSpelling(E.op());
    Out += '(';
    printInto(E.operand(0), T, Out, -1);
    Out += ", ";
    printInto(E.operand(1), T, Out, -1);
    Out += ')';
    return;
  case Op::Apply:
    T.get(E.symbol()).Name.appendTo(Out);
    Out += '(';
    printInto(E.operand(0), T, Out, -1);
    Out += ')';
    return;
  case Op::LNot:
    Out += '!';
    printInto(E.operand(0), T, Out, 20);
    return;
  case Op::Select: {
    bool Paren = Outer >= 0;
    if (Paren) Out += '(';
    printInto(E.operand(0), T, Out, 1);
    Out += " ? ";
    printInto(E.operand(1), T, Out, 1);
    Out += " : ";
    printInto(E.operand(2), T, Out, 0);
    if (Paren) Out += ')';
    return;
  }
  default: {
    int P = precedence(E.op());
    bool Paren = P <= Outer;
    if (Paren) Out += '(';
    // Left-associative: the left operand may share our precedence.
    printInto(E.operand(0), T, Out, P - 1);
    if (E.op() == Op::Add && E.operand(1).isConst() && E.operand(1).constValue() < 0 &&
        E.operand(1).constValue() != INT64_MIN) {
      Out += " - " + std::to_string(-E.operand(1).constValue());
    } else {
      Out += ' ';
      Out += opSpelling(E.op());
      Out += ' ';
      printInto(E.operand(1), T, Out, P);
    }
    if (Paren) Out += ')';
    return;
  }
  }
}
} // namespace

std::string print(const Expr &E, const SymbolTable &T) {
  if (E.isNull())
    return "<null>";
  std::string Out;
  printInto(E, T, Out, -1);
  return Out;
}

} // namespace bankcheck::symbolic

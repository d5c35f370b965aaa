//===- Program.cpp - An Expr compiled for repeated evaluation -------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Symbolic/Program.h"

#include <algorithm>
#include <array>

namespace bankcheck::symbolic {

namespace {
EvalFailure failureOf(Op O, std::int64_t R) {
  if ((O == Op::Div || O == Op::Mod) && R == 0) return EvalFailure::DivByZero;
  if ((O == Op::Shl || O == Op::Shr) && (R < 0 || R >= 63)) return EvalFailure::BadShift;
  return EvalFailure::Overflow;
}
} // namespace

Program::Program(const Expr &E) : Source(E) {
  if (E.isNull() || E.depth() > MaxEvalDepth || E.sizeExceeds(MaxInstructions)) {
    Fallback = true;
    return;
  }
  unsigned Stack = 0;
  emit(E, 0, Stack);
}

void Program::emit(const Expr &E, unsigned Depth, unsigned &Stack) {
  auto Push = [&] {
    ++Stack;
    MaxStack = std::max(MaxStack, Stack);
  };
  switch (E.op()) {
  case Op::Const:
    Instrs.push_back({OpCode::Const, Op::Const, E.constValue()});
    Push();
    return;
  case Op::Var:
    Instrs.push_back({OpCode::Var, Op::Var, std::int64_t(E.symbol())});
    Push();
    return;
  case Op::Apply:
    // The tree walk fails here without looking at the argument.
    Instrs.push_back({OpCode::Unbound, Op::Apply, 0});
    Push();
    return;
  case Op::LNot:
    emit(E.operand(0), Depth + 1, Stack);
    Instrs.push_back({OpCode::LNot, Op::LNot, 0});
    return;
  case Op::Select: {
    emit(E.operand(0), Depth + 1, Stack);
    std::size_t ToElse = Instrs.size();
    Instrs.push_back({OpCode::JumpIfZero, Op::Select, 0});
    HasJumps = true;
    --Stack;
    emit(E.operand(1), Depth + 1, Stack);
    std::size_t ToEnd = Instrs.size();
    Instrs.push_back({OpCode::Jump, Op::Select, 0});
    --Stack; // the other branch pushes the same slot
    Instrs[ToElse].V = std::int64_t(Instrs.size());
    emit(E.operand(2), Depth + 1, Stack);
    Instrs[ToEnd].V = std::int64_t(Instrs.size());
    return;
  }
  default:
    emit(E.operand(0), Depth + 1, Stack);
    if (E.operand(1).op() == Op::Const) { // evaluated after the left operand, and cannot fail
      Instrs.push_back({OpCode::BinaryConst, E.op(), E.operand(1).constValue()});
      return;
    }
    emit(E.operand(1), Depth + 1, Stack);
    Instrs.push_back({OpCode::Binary, E.op(), 0});
    --Stack;
    return;
  }
}

std::optional<std::int64_t> Program::run(const Env &Bound, EvalFailure *Why) const {
  if (Fallback) {
    if (Source.isNull()) {
      if (Why) *Why = EvalFailure::Unbound;
      return std::nullopt;
    }
    return evaluate(Source, Bound, Why);
  }
  constexpr unsigned Inline = 64;
  std::array<std::int64_t, Inline> Small;
  std::vector<std::int64_t> Large;
  std::int64_t *S = Small.data();
  if (MaxStack > Inline) {
    Large.resize(MaxStack);
    S = Large.data();
  }
  unsigned Top = 0; // number of values on the stack
  auto Fail = [&](EvalFailure F) -> std::optional<std::int64_t> {
    if (Why) *Why = F;
    return std::nullopt;
  };
  const std::size_t N = Instrs.size();
  for (std::size_t PC = 0; PC < N; ++PC) {
    const Instr &I = Instrs[PC];
    switch (I.C) {
    case OpCode::Const:
      S[Top++] = I.V;
      break;
    case OpCode::Var: {
      auto V = Bound.lookup(static_cast<SymbolId>(I.V));
      if (!V) return Fail(EvalFailure::Unbound);
      S[Top++] = *V;
      break;
    }
    case OpCode::Unbound:
      return Fail(EvalFailure::Unbound);
    case OpCode::LNot:
      S[Top - 1] = S[Top - 1] == 0;
      break;
    case OpCode::Binary: {
      std::int64_t R = S[--Top], L = S[Top - 1];
      auto V = applyBinary(I.O, L, R);
      if (!V) return Fail(failureOf(I.O, R));
      S[Top - 1] = *V;
      break;
    }
    case OpCode::BinaryConst: {
      auto V = applyBinary(I.O, S[Top - 1], I.V);
      if (!V) return Fail(failureOf(I.O, I.V));
      S[Top - 1] = *V;
      break;
    }
    case OpCode::JumpIfZero:
      if (S[--Top] == 0) PC = std::size_t(I.V) - 1;
      break;
    case OpCode::Jump:
      PC = std::size_t(I.V) - 1;
      break;
    }
  }
  if (Why) *Why = EvalFailure::None;
  return S[0];
}

void Program::runLanes(const Env *const *Envs, unsigned N, std::optional<std::int64_t> *Out,
                       EvalFailure *Why) const {
  constexpr unsigned StackLimit = 64;
  if (Fallback || HasJumps || N > MaxLanes || MaxStack > StackLimit) {
    for (unsigned L = 0; L < N; ++L)
      if (Envs[L])
        Out[L] = run(*Envs[L], &Why[L]);
    return;
  }
  std::int64_t S[StackLimit][MaxLanes];
  std::uint32_t Live = 0;
  for (unsigned L = 0; L < N; ++L)
    if (Envs[L])
      Live |= 1u << L;
  auto Fail = [&](unsigned L, EvalFailure F) {
    Out[L] = std::nullopt;
    Why[L] = F;
    Live &= ~(1u << L);
  };
  auto Lanes = [](std::uint32_t M, auto &&Body) {
    for (; M; M &= M - 1)
      Body(static_cast<unsigned>(__builtin_ctz(M)));
  };
  unsigned Top = 0;
  for (std::size_t PC = 0; PC < Instrs.size() && Live; ++PC) {
    const Instr &I = Instrs[PC];
    switch (I.C) {
    case OpCode::Const:
      Lanes(Live, [&](unsigned L) { S[Top][L] = I.V; });
      ++Top;
      break;
    case OpCode::Var:
      Lanes(Live, [&](unsigned L) {
        if (auto V = Envs[L]->lookup(static_cast<SymbolId>(I.V)))
          S[Top][L] = *V;
        else
          Fail(L, EvalFailure::Unbound);
      });
      ++Top;
      break;
    case OpCode::Unbound:
      Lanes(Live, [&](unsigned L) { Fail(L, EvalFailure::Unbound); });
      break;
    case OpCode::LNot:
      Lanes(Live, [&](unsigned L) { S[Top - 1][L] = S[Top - 1][L] == 0; });
      break;
    case OpCode::Binary:
      --Top;
      Lanes(Live, [&](unsigned L) {
        std::int64_t R = S[Top][L];
        if (auto V = applyBinary(I.O, S[Top - 1][L], R))
          S[Top - 1][L] = *V;
        else
          Fail(L, failureOf(I.O, R));
      });
      break;
    case OpCode::BinaryConst:
      Lanes(Live, [&](unsigned L) {
        if (auto V = applyBinary(I.O, S[Top - 1][L], I.V))
          S[Top - 1][L] = *V;
        else
          Fail(L, failureOf(I.O, I.V));
      });
      break;
    case OpCode::JumpIfZero:
    case OpCode::Jump:
      break; // not reached: programs with jumps run lane by lane
    }
  }
  Lanes(Live, [&](unsigned L) {
    Out[L] = S[0][L];
    Why[L] = EvalFailure::None;
  });
}

} // namespace bankcheck::symbolic

//===- Program.h - An Expr compiled for repeated evaluation -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The bank model evaluates the same index expression for every lane of every
/// warp, instance and candidate fix: thousands of times per access. `Program`
/// flattens an Expr once into postfix code (a select becomes two jumps, so
/// only the chosen operand runs, as in `evaluate`) and runs it over a value
/// stack without recursion or allocation. Its results are `evaluate`'s
/// exactly, the failure reason included (operands run left to right and the
/// first failure stops the run); trees too deep or too large to flatten keep
/// the tree walk.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_SYMBOLIC_PROGRAM_H
#define BANKCHECK_SYMBOLIC_PROGRAM_H

#include "Symbolic/Evaluate.h"

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace bankcheck::symbolic {

class Program {
public:
  Program() = default;
  /// A null Expr gives a program whose run() fails with Unbound.
  explicit Program(const Expr &E);

  std::optional<std::int64_t> run(const Env &Bound, EvalFailure *Why = nullptr) const;

  /// run() for up to MaxLanes environments at once (the lanes of a warp):
  /// Out[L] and Why[L] are what run(*Envs[L], &Why[L]) gives, for every L
  /// whose Envs[L] is not null (the others are left as they are). Each
  /// instruction is applied to every lane still running before the next, so
  /// the decoding is paid once per warp; a lane stops at its first failure.
  static constexpr unsigned MaxLanes = 32;
  void runLanes(const Env *const *Envs, unsigned N, std::optional<std::int64_t> *Out, EvalFailure *Why) const;

  /// Whether the expression was flattened (false: run() walks the tree).
  bool flattened() const { return !Fallback; }
  const Expr &expr() const { return Source; }

  /// Most instructions a flattened program holds; larger trees (a shared
  /// subtree is copied once per use) keep the tree walk.
  static constexpr std::size_t MaxInstructions = 4096;

private:
  /// BinaryConst: a binary operator whose right operand is the constant V
  /// (one instruction, not a push and an operator).
  enum class OpCode : std::uint8_t { Const, Var, Unbound, Binary, BinaryConst, LNot, JumpIfZero, Jump };
  struct Instr {
    OpCode C;
    Op O;              ///< Binary, BinaryConst: the operator
    std::int64_t V;    ///< Const, BinaryConst: the value; Var: the symbol; jumps: the target
  };
  void emit(const Expr &E, unsigned Depth, unsigned &Stack);

  Expr Source;
  std::vector<Instr> Instrs;
  unsigned MaxStack = 0;
  bool Fallback = false;
  bool HasJumps = false; ///< a select: lanes may take different paths

};

/// The programs of expressions evaluated again under other bindings (the
/// padding search asks each access under every candidate extent; its
/// expressions are the same nodes each time): each flattened once. A program
/// keeps its expression, so a node's address is not reused while cached.
class ProgramCache {
public:
  const Program &of(const Expr &E) {
    auto It = Map.find(E.node());
    if (It == Map.end())
      It = Map.emplace(E.node(), Program(E)).first;
    return It->second;
  }

private:
  std::unordered_map<const void *, Program> Map;
};

} // namespace bankcheck::symbolic

#endif

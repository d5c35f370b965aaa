//===- BlockThreads.cpp - A block's threads bound, conditions over them ---===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// What the bank model and the front end ask of a block as a whole: a
/// status's name, each thread's coordinates bound, a condition decided over
/// every thread of the block (loop unrolling), and guards compared.
//===----------------------------------------------------------------------===//
#include "BankModel/AccessAnalysis.h"
#include "Symbolic/Program.h"

namespace bankcheck::bank {

using namespace symbolic;

const char *statusName(Status S) {
  switch (S) {
  case Status::Clean: return "clean";
  case Status::Conflict: return "conflict";
  case Status::Possible: return "possible";
  case Status::Unknown: return "unknown";
  }
  return "";
}

void bindShape(Env &E, const BlockShape &S) {
  E.bind(SymbolTable::blockDim(0), S.X);
  E.bind(SymbolTable::blockDim(1), S.Y);
  E.bind(SymbolTable::blockDim(2), S.Z);
}

void bindThread(Env &E, const BlockShape &S, unsigned T) {
  E.bind(SymbolTable::threadIdx(0), T % S.X);
  E.bind(SymbolTable::threadIdx(1), (T / S.X) % S.Y);
  E.bind(SymbolTable::threadIdx(2), T / (S.X * S.Y));
  bindShape(E, S);
}

Truth decideOverBlock(const Expr &Cond, const BlockShape &Shape, const std::vector<Expr> &Guards,
                      std::uint64_t *Work) {
  bool SawTrue = false, SawFalse = false;
  // A condition that does not depend on the thread has one value: the first
  // active thread decides it. Guards that do not either: thread 0 decides.
  bool CondPerThread = SymbolTable::mentionsThreadIdx(Cond);
  bool GuardsPerThread = false;
  for (const Expr &G : Guards)
    GuardsPerThread = GuardsPerThread || SymbolTable::mentionsThreadIdx(G);
  unsigned Threads = GuardsPerThread || CondPerThread ? Shape.threads() : std::min(1u, Shape.threads());
  std::vector<Program> GuardCode(Guards.begin(), Guards.end());
  Program CondCode(Cond);
  Env E;
  Truth Result = Truth::AllFalse; // also when no thread is active: the loop does not run
  unsigned T = 0;
  for (; T < Threads; ++T) {
    bindThread(E, Shape, T);
    bool Active = true;
    bool Failed = false;
    for (const Program &G : GuardCode) {
      auto V = G.run(E);
      if (!V) {
        Failed = true;
        break;
      }
      if (*V == 0) {
        Active = false;
        break;
      }
    }
    if (Failed) {
      Result = Truth::Unknown;
      break;
    }
    if (!Active)
      continue;
    auto V = CondCode.run(E);
    if (!V) {
      Result = Truth::Unknown;
      break;
    }
    (*V ? SawTrue : SawFalse) = true;
    if (SawTrue && SawFalse) {
      Result = Truth::Mixed;
      break;
    }
    if (!CondPerThread) {
      ++T;
      break;
    }
  }
  if (Work)
    *Work += T;
  if (Result == Truth::AllFalse && SawTrue)
    Result = Truth::AllTrue;
  return Result;
}

bool sameGuards(const std::vector<Guard> &A, const std::vector<Guard> &B) {
  return std::equal(A.begin(), A.end(), B.begin(), B.end(),
                    [](const Guard &X, const Guard &Y) { return X.Cond.equals(Y.Cond); });
}

std::size_t hashGuards(std::size_t Seed, const std::vector<Guard> &Gs) {
  for (const Guard &G : Gs)
    Seed = Seed * 31 + symbolic::hashValue(G.Cond);
  return Seed;
}

} // namespace bankcheck::bank

//===- BuiltinCalls.cpp - Known device functions --------------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Calls whose meaning the analysis knows without walking a body: atomics on
/// shared memory, integer min/max, __mul24. One table, one row per function
/// (or name prefix); Walker::builtinCall is the only dispatcher. A handler
/// checks its preconditions before it evaluates anything, and returns
/// nullopt to let the call be handled as an ordinary call.
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;
using symbolic::Op;

namespace {
using Handler = std::optional<Value> (*)(Walker &, const CallExpr *, const FunctionDecl *);

/// atomicAdd(p, v), atomicCAS(p, c, v), __atomic_*: an atomic access of *p.
std::optional<Value> atomicAccess(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  if (C->getNumArgs() < 1)
    return std::nullopt;
  auto P = W.pointer(C->getArg(0));
  for (unsigned I = 1; I < C->getNumArgs(); ++I)
    W.rvalue(C->getArg(I));
  if (P)
    W.record(*P, C, "atomic");
  return Value::integer(W.opaque(C, true, "result of '" + FD->getNameAsString() + "'"));
}

/// min(a, b), max(a, b) and their typed variants, on integers.
std::optional<Value> minMax(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  if (C->getNumArgs() != 2 || !isIntegral(C->getType()))
    return std::nullopt;
  Expr A = W.intValue(C->getArg(0)), B = W.intValue(C->getArg(1));
  return Value::integer(Expr::binary(FD->getName().contains("min") ? Op::Min : Op::Max, A, B));
}

/// __mul24(a, b), __umul24(a, b): the product (indices stay below 2^24).
std::optional<Value> mul24(Walker &W, const CallExpr *C, const FunctionDecl *) {
  if (C->getNumArgs() != 2)
    return std::nullopt;
  return Value::integer(W.intValue(C->getArg(0)) * W.intValue(C->getArg(1)));
}

/// __cvta_generic_to_shared(p): the shared-window address of *p.
std::optional<Value> toSharedWindow(Walker &W, const CallExpr *C, const FunctionDecl *) {
  if (C->getNumArgs() != 1)
    return std::nullopt;
  if (auto P = W.pointer(C->getArg(0)))
    return Value::window(*P);
  return Value::integer(W.opaque(C, true, "shared-window address of a pointer the analysis does not follow"));
}

/// __cvta_shared_to_generic(a): back to a pointer.
std::optional<Value> fromSharedWindow(Walker &W, const CallExpr *C, const FunctionDecl *) {
  if (C->getNumArgs() != 1)
    return std::nullopt;
  Value V = W.rvalue(C->getArg(0));
  if (V.K == Value::Window) {
    V.K = Value::Ptr;
    V.P.Pointee = W.Ctx.VoidTy;
    return V;
  }
  return Value();
}

std::optional<Value> wmma(Walker &W, const CallExpr *C, const FunctionDecl *FD) { return W.wmmaAccess(C, FD); }
std::optional<Value> wmmaFragment(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  return W.wmmaFragmentCall(C, FD);
}

enum class Match { Exact, Prefix };

struct Builtin {
  const char *Name;
  Match How;
  Handler Fn;
};

// clang-format off
const Builtin Builtins[] = {
  {"atomic",   Match::Prefix, atomicAccess},
  {"__atomic", Match::Prefix, atomicAccess},
  {"min",      Match::Exact,  minMax},
  {"max",      Match::Exact,  minMax},
  {"umin",     Match::Exact,  minMax},
  {"umax",     Match::Exact,  minMax},
  {"llmin",    Match::Exact,  minMax},
  {"llmax",    Match::Exact,  minMax},
  {"ullmin",   Match::Exact,  minMax},
  {"ullmax",   Match::Exact,  minMax},
  {"__mul24",  Match::Exact,  mul24},
  {"__cvta_generic_to_shared", Match::Exact, toSharedWindow},
  {"load_matrix_sync",  Match::Exact, wmmaFragment},
  {"store_matrix_sync", Match::Exact, wmmaFragment},
  {"__hmma_",  Match::Prefix, wmma},
  {"__imma_",  Match::Prefix, wmma},
  {"__mma_",   Match::Prefix, wmma},
  {"__dmma_",  Match::Prefix, wmma},
  {"__bmma_",  Match::Prefix, wmma},
  {"__cvta_shared_to_generic", Match::Exact, fromSharedWindow},
  {"__umul24", Match::Exact,  mul24},
};
// clang-format on
} // namespace

std::optional<Value> Walker::builtinCall(const CallExpr *C, const FunctionDecl *FD) {
  if (!FD->getDeclName().isIdentifier())
    return std::nullopt; // operators, constructors, conversions
  StringRef Name = FD->getName();
  for (const Builtin &B : Builtins) {
    bool Hit = B.How == Match::Exact ? Name == B.Name : Name.starts_with(B.Name);
    if (Hit)
      return B.Fn(*this, C, FD);
  }
  return std::nullopt;
}

} // namespace bankcheck::frontend

//===- BuiltinCalls.cpp - Known device functions --------------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Calls whose meaning the analysis knows without walking a body: atomics on
/// shared memory, integer min/max, __mul24, the thread builtins as vectors,
/// a warp's broadcast shuffle, cooperative groups. One table, one row per function (or name prefix, in a
/// scope); Walker::builtinCall is the only dispatcher. A handler
/// checks its preconditions before it evaluates anything, and returns
/// nullopt to let the call be handled as an ordinary call.
//===----------------------------------------------------------------------===//
#include "Frontend/CooperativeGroups.h"
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
  return Value::integer(W.integerOp(FD->getName().contains("min") ? Op::Min : Op::Max, C->getType(), A, B, C));
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

/// __builtin_is_constant_evaluated(): false in code that runs on the device.
std::optional<Value> notConstantEvaluated(Walker &, const CallExpr *, const FunctionDecl *) {
  return Value::integer(Expr::constant(0));
}

/// __builtin_expect(v, e): v.
std::optional<Value> expectValue(Walker &W, const CallExpr *C, const FunctionDecl *) {
  if (C->getNumArgs() != 2)
    return std::nullopt;
  Value V = W.rvalue(C->getArg(0));
  W.rvalue(C->getArg(1));
  return V;
}

/// __isShared(p), __nvvm_isspacep_shared(p): 1 for a pointer into shared
/// memory, 0 for one into global memory, unknown otherwise.
std::optional<Value> isSharedSpace(Walker &W, const CallExpr *C, const FunctionDecl *) {
  if (C->getNumArgs() != 1)
    return std::nullopt;
  if (W.pointer(C->getArg(0)))
    return Value::integer(Expr::constant(1));
  if (W.globalPointer(C->getArg(0)).K == Value::Global)
    return Value::integer(Expr::constant(0));
  return Value::integer(W.opaque(C, false, "whether the pointer is into shared memory is not known"));
}

/// __nvvm_shfl_sync_idx_i32(mask, v, src, clamp), what __shfl_sync calls: of
/// width 32 (clamp 0x1f) from a source lane the same in every lane (`0`: the
/// broadcast of what lane 0 computed), one value for every lane, v itself
/// where v already is; otherwise a value per lane.
std::optional<Value> shuffle(Walker &W, const CallExpr *C, const FunctionDecl *) {
  if (C->getNumArgs() != 4)
    return std::nullopt;
  Value Args[4];
  for (unsigned I = 0; I < 4; ++I)
    Args[I] = W.rvalue(C->getArg(I));
  const bool Broadcast = Args[2].K == Value::Int && !W.isVarying(Args[2].E) && Args[3].K == Value::Int &&
                         Args[3].E.isConst(0x1f);
  if (Broadcast && Args[1].K == Value::Int && !W.isVarying(Args[1].E))
    return Args[1];
  return Value::integer(W.opaque(C, !Broadcast, "result of call to '__nvvm_shfl_sync_idx_i32'"));
}

std::optional<Value> wmma(Walker &W, const CallExpr *C, const FunctionDecl *FD) { return W.wmmaAccess(C, FD); }
std::optional<Value> wmmaFragment(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  return W.wmmaFragmentCall(C, FD);
}

/// threadIdx (and the others) as uint3 or dim3, and dim3 as uint3.
std::optional<Value> vectorConversion(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  return W.builtinVector(C, FD);
}

enum class Match { Exact, Prefix };
/// Where the function is declared: anywhere, or in namespace cooperative_groups.
enum class Scope { Any, CooperativeGroups };

struct Builtin {
  Scope In;
  StringRef Name; // its length known: most rows are rejected on it
  Match How;
  Handler Fn;
};

// The first row that matches the callee's scope and name handles the call.
// clang-format off
const Builtin Builtins[] = {
  {Scope::Any, "atomic",          Match::Prefix, atomicAccess},
  {Scope::Any, "__atomic",        Match::Prefix, atomicAccess},
  {Scope::Any, "min",             Match::Exact,  minMax},
  {Scope::Any, "max",             Match::Exact,  minMax},
  {Scope::Any, "umin",            Match::Exact,  minMax},
  {Scope::Any, "umax",            Match::Exact,  minMax},
  {Scope::Any, "llmin",           Match::Exact,  minMax},
  {Scope::Any, "llmax",           Match::Exact,  minMax},
  {Scope::Any, "ullmin",          Match::Exact,  minMax},
  {Scope::Any, "ullmax",          Match::Exact,  minMax},
  {Scope::Any, "__mul24",         Match::Exact,  mul24},
  {Scope::Any, "__umul24",        Match::Exact,  mul24},
  {Scope::Any, "__cvta_generic_to_shared", Match::Exact, toSharedWindow},
  {Scope::Any, "__cvta_shared_to_generic", Match::Exact, fromSharedWindow},
  {Scope::Any, "__builtin_is_constant_evaluated", Match::Exact, notConstantEvaluated},
  {Scope::Any, "__builtin_expect", Match::Exact, expectValue},
  {Scope::Any, "__nvvm_isspacep_shared", Match::Exact, isSharedSpace},
  {Scope::Any, "__isShared",      Match::Exact,  isSharedSpace},
  {Scope::Any, "__nvvm_shfl_sync_idx_i32", Match::Exact, shuffle},
  {Scope::Any, "load_matrix_sync",  Match::Exact,  wmmaFragment},
  {Scope::Any, "store_matrix_sync", Match::Exact,  wmmaFragment},
  {Scope::Any, "__hmma_",         Match::Prefix, wmma},
  {Scope::Any, "__imma_",         Match::Prefix, wmma},
  {Scope::Any, "__mma_",          Match::Prefix, wmma},
  {Scope::Any, "__dmma_",         Match::Prefix, wmma},
  {Scope::Any, "__bmma_",         Match::Prefix, wmma},
  {Scope::Any, "operator uint3",  Match::Exact,  vectorConversion},
  {Scope::Any, "operator dim3",   Match::Exact,  vectorConversion},
  {Scope::CooperativeGroups, "this_thread_block", Match::Exact, cgThisThreadBlock},
  {Scope::CooperativeGroups, "this_grid",         Match::Exact, cgThisGrid},
  {Scope::CooperativeGroups, "tiled_partition",   Match::Exact, cgTiledPartition},
  {Scope::CooperativeGroups, "thread_rank",       Match::Exact, cgThreadRank},
  {Scope::CooperativeGroups, "size",              Match::Exact, cgSize},
  {Scope::CooperativeGroups, "num_threads",       Match::Exact, cgSize},
  {Scope::CooperativeGroups, "group_size",        Match::Exact, cgSize},
  {Scope::CooperativeGroups, "meta_group_rank",   Match::Exact, cgMetaGroupRank},
  {Scope::CooperativeGroups, "meta_group_size",   Match::Exact, cgMetaGroupSize},
  {Scope::CooperativeGroups, "thread_index",      Match::Exact, cgThreadIndex},
  {Scope::CooperativeGroups, "group_index",       Match::Exact, cgGroupIndex},
  {Scope::CooperativeGroups, "dim_threads",       Match::Exact, cgDimThreads},
  {Scope::CooperativeGroups, "group_dim",         Match::Exact, cgDimThreads},
  {Scope::CooperativeGroups, "sync",              Match::Exact, cgSync},
  {Scope::CooperativeGroups, "operator ",         Match::Prefix, cgAsGroup}, // conversions to group types
  // Keep last: every other function of cooperative_groups is opaque.
  {Scope::CooperativeGroups, "",                  Match::Prefix, cgOther},
};
// clang-format on
} // namespace

std::optional<Value> Walker::builtinCall(const CallExpr *C, const FunctionDecl *FD) {
  // The table's row for FD, looked up once per function (-1: none).
  auto [It, New] = BuiltinRows.try_emplace(FD, -1);
  if (New) {
    const std::string N = nameOf(FD);
    const StringRef Name = N;
    bool InGroups = isCooperativeGroupsFunction(FD);
    for (std::size_t Row = 0; Row < std::size(Builtins); ++Row) {
      const Builtin &B = Builtins[Row];
      if (B.In == Scope::CooperativeGroups && !InGroups)
        continue;
      if (B.How == Match::Exact ? Name == B.Name : Name.starts_with(B.Name)) {
        It->second = int(Row);
        break;
      }
    }
  }
  if (It->second < 0)
    return std::nullopt;
  return Builtins[It->second].Fn(*this, C, FD);
}

} // namespace bankcheck::frontend

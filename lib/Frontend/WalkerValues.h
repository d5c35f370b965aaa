//===- WalkerValues.h - The values a kernel walk computes -------*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Internal to the front end: what the walk (WalkerState.h) knows of a
/// local or an expression: integers and pointers as symbolic values, shared
/// references, local objects and their parts, closures, cooperative groups,
/// and the facts it gathers of a function body before walking it.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_WALKERVALUES_H
#define BANKCHECK_FRONTEND_WALKERVALUES_H

#include "Frontend/CowMap.h"
#include "Frontend/WalkerVars.h"
#include "Frontend/KernelWalker.h"
#include "Symbolic/Range.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <map>
#include <memory>
#include <optional>
#include <set>

namespace bankcheck::frontend {

/// Where a shared pointer points: a byte offset into a shared variable.
/// What a few shared lvalues carry beyond their place (see SharedRef::facts).
struct SharedRefFacts {
  /// Set only on `s[row * W + col]` lvalues of a 1-D array (see AccessSite).
  symbolic::Expr Invariant;
  std::vector<report::TextEdit> StrideTokens;
  std::string StrideName;
  std::int64_t RegionBase = -1; ///< see AccessSite; set only on extern-array lvalues
  std::string RegionVia;
  /// What the offset relies on beyond the code (a shared-window address
  /// swizzled by XOR assumes an aligned variable); empty when nothing.
  std::string Assumption;
  /// cp.async destinations only: the global source's byte offset from its
  /// base (null: not followed).
  symbolic::Expr Source;
};

struct SharedRef {
  SharedRef() = default;
  SharedRef(const clang::VarDecl *Array, symbolic::Expr Offset, clang::QualType Pointee)
      : Array(Array), Offset(std::move(Offset)), Pointee(Pointee) {}
  const clang::VarDecl *Array = nullptr;
  symbolic::Expr Offset;   ///< bytes from the variable's first byte
  clang::QualType Pointee; ///< what the pointer points to (the lvalue type)
  /// Global pointers only: the kernel parameter the pointer is derived from.
  const clang::VarDecl *GlobalBase = nullptr;
  /// The rarely set facts (defaults when none was set). A value is copied at
  /// every read of a variable: they are shared between copies, not copied.
  const SharedRefFacts &facts() const { return Facts ? *Facts : noFacts(); }
  /// The facts to change, this copy's own from here on (use_count is exact:
  /// a walk's values never leave its thread).
  SharedRefFacts &setFacts() { return ownCopy(Facts); }
  std::shared_ptr<SharedRefFacts> Facts; ///< null: the defaults
  static const SharedRefFacts &noFacts() {
    static const SharedRefFacts None;
    return None;
  }
};

struct ObjectValue;

/// What the walk needs to know of a function's body before walking it.
struct BodyFacts {
  std::set<const clang::VarDecl *> Escaping; ///< see Walker::escapes
  /// Locals a walked lambda captures by reference (it may write them where it
  /// is called) or an asm statement names as an output: written where no
  /// assignment to them is spelled.
  std::set<const clang::VarDecl *> WrittenUnseen;
  bool HasGoto = false;                      ///< goto or an indirect goto
};

/// The value of a local or an expression. A Window is an integer holding the
/// 32-bit shared-window address of a shared location (__cvta_generic_to_shared,
/// cvta.to.shared): what ldmatrix, cp.async and ld.shared take in inline PTX.
struct Value {
  enum Kind { None, Int, Ptr, Obj, Window, Global } K = None;
  symbolic::Expr E; ///< Int
  SharedRef P;      ///< Ptr, Window; Global: Array null, GlobalBase and the byte Offset
  std::shared_ptr<const ObjectValue> O; ///< Obj: never null
  static Value integer(symbolic::Expr E) { Value V; V.K = Int; V.E = std::move(E); return V; }
  static Value pointer(SharedRef R) { Value V; V.K = Ptr; V.P = std::move(R); return V; }
  static Value object(ObjectValue O);
  static Value window(SharedRef R) { Value V; V.K = Window; V.P = std::move(R); return V; }
  /// A pointer into global memory, Offset bytes from kernel parameter Base.
  static Value global(const clang::VarDecl *Base, symbolic::Expr Offset, clang::QualType Pointee) {
    Value V;
    V.K = Global;
    V.P.GlobalBase = Base;
    V.P.Offset = std::move(Offset);
    V.P.Pointee = Pointee;
    return V;
  }
  bool isPointerLike() const { return K == Ptr || K == Global; }
};

/// The walker's variables (see CowMap.h).
using VarMap = CowMap<const clang::VarDecl *, Value>;

/// Walker::Vars (see WalkerVars.h).
using WalkerVars = WalkerVarsT<Value>;

/// A cooperative group as a thread sees it: its rank in the group, the
/// group's size, and the group's rank and count among its parent's groups.
struct ThreadGroup {
  symbolic::Expr Rank, Size, MetaRank, MetaSize;
  bool Block = false; ///< the thread block (thread_index() and the like apply)
};

/// A lambda's closure as made: the lambda, and the values its by-copy
/// captures (and init-captures) took there. By-reference captures are the
/// caller's variables themselves, read when the lambda runs.
struct Closure {
  const clang::LambdaExpr *Lambda = nullptr;
  std::map<const clang::VarDecl *, Value> ByCopy;
  /// The kernel's closure parameter (or a copy of it): made by the host, its
  /// captures are not known but the same in every thread (ByCopy is empty).
  bool FromHost = false;
};

/// A local object of class or array type (a struct, a local array, a dim3):
/// its scalar parts by byte offset. A part that is absent has not been
/// given a value the analysis knows; Missing says why (empty: not written).
struct ObjectValue {
  struct Part {
    Value V;            ///< Int or Ptr
    std::int64_t Bytes; ///< the part's size, so that a read of another width misses
  };
  std::map<std::int64_t, Part> Parts;
  std::string Missing;
  std::optional<ThreadGroup> Group; ///< a cooperative group object
  std::shared_ptr<const Closure> Fn; ///< a lambda's closure object
};

inline Value Value::object(ObjectValue O) {
  Value V;
  V.K = Obj;
  V.O = std::make_shared<const ObjectValue>(std::move(O));
  return V;
}

/// An lvalue inside a local object (or a temporary one): `p.row`, `idx[i]`,
/// `t.x`, with the byte offsets it may take.
struct LocalRef {
  const clang::VarDecl *Var = nullptr; ///< the local; null for a temporary
  Value Root;                          ///< the whole object (Obj), or None when not known
  symbolic::Expr Offset;               ///< bytes from the object's first byte
  /// Every constant value Offset can take (within the declared extents);
  /// empty when there are too many to list.
  std::vector<std::int64_t> Candidates;
  clang::QualType Type;                ///< the lvalue's type
  /// Inside the `this` object of a member function when that object is a
  /// temporary (Var null): writes go to ThisStack's copy.
  bool OfThis = false;
};

/// The object a member function runs on (its `this`): in shared memory, in
/// a local object (or a temporary), or neither when not known.
struct ThisObject {
  std::optional<SharedRef> Shared;
  std::optional<LocalRef> Local;
};

} // namespace bankcheck::frontend

#endif

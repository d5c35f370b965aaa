//===- AffineOps.h - One node of the affine evaluation -----------*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Private to lib/Symbolic: what evaluateAffine does at a node once its
/// operands' forms are known, shared by the one-environment evaluator
/// (Evaluate.cpp) and the one for a warp's lanes at once (EvaluateLanes.cpp),
/// so that both give the same form, failure and atoms.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_SYMBOLIC_AFFINEOPS_H
#define BANKCHECK_SYMBOLIC_AFFINEOPS_H

#include "Symbolic/Evaluate.h"

namespace bankcheck::symbolic::detail {

/// E is a subtree the evaluations sharing Ctx's Reuse see alike (no varying
/// symbol; not a leaf, which costs less than the lookup): evaluated once.
inline bool reusedAlike(const Expr &E, const AffineContext *Ctx) {
  return Ctx && Ctx->Reuse && E.minSymbol() >= Ctx->VaryingBelow && E.operands().size() > 0;
}

/// evaluateAffine of E at Depth of the tree being evaluated (Why set on
/// failure only).
std::optional<Affine> evaluateAt(const Expr &E, const Env &B, EvalFailure &Why, unsigned Depth,
                                 const AffineContext *Ctx);

/// Fn(Arg): the atom of that application (NonAffine without atoms in Ctx).
std::optional<Affine> applyFunction(SymbolId Fn, const Affine &Arg, const AffineContext *Ctx, EvalFailure &Why);

/// L O R for a binary operator: folded when both are constants, affine where
/// O keeps it so, otherwise an atom (NonAffine without atoms in Ctx).
std::optional<Affine> combine(Op O, const Affine &L, const Affine &R, const AffineContext *Ctx, EvalFailure &Why);

/// C ? T : F where C is not a constant: T where both forms are the same,
/// otherwise the atom of the three forms (NonAffine without atoms in Ctx).
std::optional<Affine> select(const Affine &C, const Affine &T, const Affine &F, const AffineContext *Ctx,
                             EvalFailure &Why);

} // namespace bankcheck::symbolic::detail

#endif

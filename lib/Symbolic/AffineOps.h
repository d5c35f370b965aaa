//===- AffineOps.h - One node of the affine evaluation -----------*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Private to lib/Symbolic: what evaluateAffine does at a node once its
/// operands' forms are known, for evaluators that
/// must give the same form, failure and atoms as Evaluate.cpp's.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_SYMBOLIC_AFFINEOPS_H
#define BANKCHECK_SYMBOLIC_AFFINEOPS_H

#include "Symbolic/Evaluate.h"

namespace bankcheck::symbolic::detail {

/// Fn(Arg): the atom of that application (NonAffine without atoms in Ctx).
std::optional<Affine> applyFunction(SymbolId Fn, const Affine &Arg, const AffineContext *Ctx, EvalFailure &Why);

/// L O R for a binary operator: folded when both are constants, affine where
/// O keeps it so, otherwise an atom (NonAffine without atoms in Ctx).
std::optional<Affine> combine(Op O, const Affine &L, const Affine &R, const AffineContext *Ctx, EvalFailure &Why);

} // namespace bankcheck::symbolic::detail

#endif

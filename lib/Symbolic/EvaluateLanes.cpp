//===- EvaluateLanes.cpp - The affine evaluation for a warp's lanes at once -===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// evaluateAffine of one expression in up to 32 environments, node by node:
/// each node is visited once for all lanes (the lanes that reach it), and
/// the per-lane work is the node's own operation (AffineOps.h, the same as
/// the one-environment evaluator's). A copy's global source offset, which
/// each lane of each warp evaluates, is where this pays: the tree's walk,
/// its Reuse lookups and its failure paths are no longer repeated per lane.
//===----------------------------------------------------------------------===//
#include "Symbolic/AffineOps.h"

#include <array>

namespace bankcheck::symbolic {

namespace {
constexpr unsigned MaxLanes = 32;
/// Below this depth each lane is evaluated alone (evaluateAffine): the
/// per-node lane arrays stay on a bounded stack, and the depth limit is
/// the one-environment evaluator's.
constexpr unsigned LaneDepth = 48;

struct LaneForms {
  std::array<std::optional<Affine>, MaxLanes> F;
  std::array<EvalFailure, MaxLanes> Why{};
};

class LaneEvaluator {
public:
  LaneEvaluator(const Env *const *Envs, const AffineContext *Ctx) : Envs(Envs), Ctx(Ctx) {}

  /// Sets Out's lanes of Mask (and no other) to E's form or failure there.
  void eval(const Expr &E, std::uint32_t Mask, unsigned Depth, LaneForms &Out) {
    if (!Mask)
      return;
    const bool Alike = detail::reusedAlike(E, Ctx);
    if (Depth >= LaneDepth || Alike) {
      // A subtree the lanes see alike is evaluated once (by the first lane,
      // through Reuse, as each lane alone would find it) and its result is
      // every lane's; a deep one lane by lane.
      int First = -1;
      for (unsigned L = 0; L < MaxLanes; ++L) {
        if (!(Mask >> L & 1))
          continue;
        if (Alike && First >= 0) {
          Out.F[L] = Out.F[First];
          Out.Why[L] = Out.Why[First];
          continue;
        }
        Out.Why[L] = EvalFailure::None;
        Out.F[L] = detail::evaluateAt(E, *Envs[L], Out.Why[L], Depth, Ctx);
        First = int(L);
      }
      return;
    }
    switch (E.op()) {
    case Op::Const:
      for (unsigned L = 0; L < MaxLanes; ++L)
        if (Mask >> L & 1)
          constant(Out, L, E.constValue());
      return;
    case Op::Var:
      for (unsigned L = 0; L < MaxLanes; ++L) {
        if (!(Mask >> L & 1))
          continue;
        if (std::optional<std::int64_t> V = Envs[L]->lookup(E.symbol())) {
          constant(Out, L, *V);
        } else {
          Out.F[L].emplace().Terms.push_back({E.symbol(), 1});
          Out.Why[L] = EvalFailure::None;
        }
      }
      return;
    case Op::Apply:
      operand(E, Mask, Depth, Out, [&](unsigned L, const Affine &Arg) {
        set(Out, L, [&](EvalFailure &W) { return detail::applyFunction(E.symbol(), Arg, Ctx, W); });
      });
      return;
    case Op::LNot:
      operand(E, Mask, Depth, Out, [&](unsigned L, const Affine &V) {
        if (!V.isConstant() && !(Ctx && Ctx->SelectAtoms))
          fail(Out, L, EvalFailure::NonAffine);
        else if (!V.isConstant())
          set(Out, L, [&](EvalFailure &W) { return detail::combine(Op::Eq, V, Affine(), Ctx, W); });
        else
          constant(Out, L, V.C == 0);
      });
      return;
    case Op::Select: {
      std::uint32_t Then = 0, Else = 0, Both = 0;
      std::array<std::optional<Affine>, MaxLanes> Cond; // where it is not a constant
      operand(E, Mask, Depth, Out, [&](unsigned L, const Affine &C) {
        if (C.isConstant()) {
          (C.C ? Then : Else) |= 1u << L;
        } else if (!(Ctx && Ctx->SelectAtoms)) {
          fail(Out, L, EvalFailure::NonAffine);
        } else {
          Cond[L] = C;
          Both |= 1u << L;
        }
      });
      eval(E.operand(1), Then, Depth + 1, Out);
      eval(E.operand(2), Else, Depth + 1, Out);
      if (Both) {
        // A condition the lanes cannot decide: both sides, then the choice's atom.
        LaneForms Tf, Ff;
        eval(E.operand(1), Both, Depth + 1, Tf);
        std::uint32_t Made = 0; // as one lane alone: the else side only after the then side
        for (unsigned L = 0; L < MaxLanes; ++L)
          if ((Both >> L & 1) && Tf.F[L])
            Made |= 1u << L;
        eval(E.operand(2), Made, Depth + 1, Ff);
        for (unsigned L = 0; L < MaxLanes; ++L) {
          if (!(Both >> L & 1))
            continue;
          if (!Tf.F[L] || !Ff.F[L])
            fail(Out, L, !Tf.F[L] ? Tf.Why[L] : Ff.Why[L]);
          else
            set(Out, L, [&](EvalFailure &W) { return detail::select(*Cond[L], *Tf.F[L], *Ff.F[L], Ctx, W); });
        }
      }
      return;
    }
    default:
      break;
    }
    LaneForms Lf, Rf;
    eval(E.operand(0), Mask, Depth + 1, Lf);
    std::uint32_t Both = 0;
    for (unsigned L = 0; L < MaxLanes; ++L)
      if ((Mask >> L & 1) && Lf.F[L])
        Both |= 1u << L;
    eval(E.operand(1), Both, Depth + 1, Rf);
    const Op O = E.op();
    for (unsigned L = 0; L < MaxLanes; ++L) {
      if (!(Mask >> L & 1))
        continue;
      if (!Lf.F[L]) {
        fail(Out, L, Lf.Why[L]);
        continue;
      }
      if (!Rf.F[L]) {
        fail(Out, L, Rf.Why[L]);
        continue;
      }
      // combine()'s first case without the call: most lanes' arithmetic on
      // threadIdx folds to a constant.
      if (Lf.F[L]->isConstant() && Rf.F[L]->isConstant())
        if (std::optional<std::int64_t> V = applyBinary(O, Lf.F[L]->C, Rf.F[L]->C)) {
          constant(Out, L, *V);
          continue;
        }
      set(Out, L, [&](EvalFailure &W) { return detail::combine(O, *Lf.F[L], *Rf.F[L], Ctx, W); });
    }
  }

private:
  /// A node on its first operand: the operand for Mask's lanes, then Fn on
  /// each lane where it has a form (the others fail as it did).
  template <typename Fn>
  void operand(const Expr &E, std::uint32_t Mask, unsigned Depth, LaneForms &Out, Fn Each) {
    LaneForms V;
    eval(E.operand(0), Mask, Depth + 1, V);
    for (unsigned L = 0; L < MaxLanes; ++L) {
      if (!(Mask >> L & 1))
        continue;
      if (!V.F[L])
        fail(Out, L, V.Why[L]);
      else
        Each(L, *V.F[L]);
    }
  }
  static void constant(LaneForms &Out, unsigned L, std::int64_t C) {
    Out.F[L].emplace().C = C;
    Out.Why[L] = EvalFailure::None;
  }
  static void fail(LaneForms &Out, unsigned L, EvalFailure W) {
    Out.F[L].reset();
    Out.Why[L] = W;
  }
  template <typename Fn> static void set(LaneForms &Out, unsigned L, Fn F) {
    EvalFailure W = EvalFailure::None;
    Out.F[L] = F(W);
    Out.Why[L] = Out.F[L] ? EvalFailure::None : W;
  }

  const Env *const *Envs;
  const AffineContext *Ctx;
};
} // namespace

void evaluateAffineLanes(const Expr &E, const Env *const *Lanes, std::optional<Affine> *Out, EvalFailure *Why,
                         const AffineContext *Ctx) {
  std::uint32_t Mask = 0;
  for (unsigned L = 0; L < MaxLanes; ++L)
    if (Lanes[L])
      Mask |= 1u << L;
  LaneForms Forms;
  LaneEvaluator(Lanes, Ctx).eval(E, Mask, 0, Forms);
  for (unsigned L = 0; L < MaxLanes; ++L) {
    if (!Lanes[L])
      continue;
    Out[L] = std::move(Forms.F[L]);
    if (Why)
      Why[L] = Out[L] ? EvalFailure::None : Forms.Why[L];
  }
}

} // namespace bankcheck::symbolic

//===- EvaluateSplit.cpp - A warp's affine forms as a shared part and numbers -===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// evaluateAffine of one offset in each lane of a warp, where the offset is
/// sums and constant multiples of a part that does not read threadIdx (a
/// loop counter, a run-time size) and parts that are numbers in every lane:
/// every lane's form then has the same terms, and only its constant differs.
/// The part the lanes see alike is evaluated once, by the first lane, as
/// each lane alone would find it in the context's Reuse; the rest is lane
/// by lane in 64-bit numbers. Each node's operation is the one-environment
/// evaluator's (AffineOps.h) on the shared terms, with the same overflow
/// checks on each lane's constant. Anything else (a choice, a division of
/// a form, a product of two forms, a failure in any lane) is refused before
/// a lane's form differs from what evaluateAffine gives: the caller then
/// evaluates the lanes one by one and finds in Reuse, in the same order,
/// what was evaluated here.
//===----------------------------------------------------------------------===//
#include "Symbolic/AffineOps.h"

#include <array>

namespace bankcheck::symbolic {

namespace {
constexpr unsigned MaxLanes = 32;

/// Every lane's form: Shared's terms (Shared.C is 0) plus its constant.
struct SplitForm {
  Affine Shared;
  std::array<std::int64_t, MaxLanes> C{};
};

class SplitEvaluator {
public:
  SplitEvaluator(const Env *const *Envs, std::uint32_t Mask, const Env &First, const AffineContext &Ctx)
      : Envs(Envs), Mask(Mask), First(First), Ctx(Ctx) {}

  bool eval(const Expr &E, unsigned Depth, SplitForm &Out) {
    if (Depth > MaxEvalDepth)
      return false;
    if (E.minSymbol() >= Ctx.VaryingBelow) {
      // Alike in every lane: the first lane's evaluation.
      EvalFailure W = EvalFailure::None;
      std::optional<Affine> F = detail::evaluateAt(E, First, W, Depth, &Ctx);
      if (!F)
        return false;
      eachLane([&](unsigned L) { return Out.C[L] = F->C, true; });
      F->C = 0;
      Out.Shared = std::move(*F);
      return true;
    }
    switch (E.op()) {
    case Op::Var:
      return eachLane([&](unsigned L) {
        std::optional<std::int64_t> V = Envs[L]->lookup(E.symbol());
        return V && (Out.C[L] = *V, true);
      });
    case Op::Const:
      return eachLane([&](unsigned L) { return Out.C[L] = E.constValue(), true; });
    case Op::Apply:
    case Op::LNot:
    case Op::Select:
      return false;
    default:
      break;
    }
    SplitForm L, R;
    if (!eval(E.operand(0), Depth + 1, L) || !eval(E.operand(1), Depth + 1, R))
      return false;
    const Op O = E.op();
    const bool LNum = L.Shared.Terms.empty(), RNum = R.Shared.Terms.empty();
    if (LNum && RNum) {
      // Numbers in every lane: folded, as combine() does first.
      return eachLane([&](unsigned Ln) {
        std::optional<std::int64_t> V = applyBinary(O, L.C[Ln], R.C[Ln]);
        return V && (Out.C[Ln] = *V, true);
      });
    }
    EvalFailure W = EvalFailure::None;
    switch (O) {
    case Op::Add:
    case Op::Sub: {
      std::optional<Affine> T = detail::combine(O, L.Shared, R.Shared, &Ctx, W);
      if (!T)
        return false;
      if (!eachLane([&](unsigned Ln) {
            std::int64_t C2 = R.C[Ln];
            return !(O == Op::Sub && __builtin_mul_overflow(C2, -1, &C2)) &&
                   !__builtin_add_overflow(L.C[Ln], C2, &Out.C[Ln]);
          }))
        return false;
      Out.Shared = std::move(*T);
      return true;
    }
    case Op::Mul:
    case Op::Shl: {
      // A form times a number the same in every lane (a shift: by one).
      SplitForm &F = RNum ? L : R;
      const SplitForm &K = RNum ? R : L;
      if (O == Op::Shl && !RNum)
        return false;
      const std::int64_t By = K.C[__builtin_ctz(Mask)];
      if (!eachLane([&](unsigned Ln) { return K.C[Ln] == By; }))
        return false;
      Affine Num;
      Num.C = By;
      std::optional<Affine> T = detail::combine(O, RNum ? F.Shared : Num, RNum ? Num : F.Shared, &Ctx, W);
      if (!T || T->C != 0)
        return false;
      std::int64_t Factor = By;
      if (O == Op::Shl)
        Factor = std::int64_t(1) << By; // combine() checked the amount
      if (!eachLane([&](unsigned Ln) { return !__builtin_mul_overflow(F.C[Ln], Factor, &Out.C[Ln]); }))
        return false;
      Out.Shared = std::move(*T);
      return true;
    }
    default:
      return false; // a division of a form, a product of forms: atoms that differ by lane
    }
  }

private:
  /// Fn on each lane of Mask in order, until it returns false (then false).
  template <typename Fn> bool eachLane(Fn &&F) const {
    for (std::uint32_t M = Mask; M; M &= M - 1)
      if (!F(unsigned(__builtin_ctz(M))))
        return false;
    return true;
  }

  const Env *const *Envs;
  std::uint32_t Mask;
  const Env &First;
  const AffineContext &Ctx;
};
} // namespace

bool evaluateAffineSplit(const Expr &E, const Env *const *Lanes, std::optional<Affine> *Out,
                         const AffineContext &Ctx) {
  std::uint32_t Mask = 0;
  for (unsigned L = 0; L < MaxLanes; ++L)
    if (Lanes[L])
      Mask |= 1u << L;
  if (!Mask || !Ctx.Reuse)
    return false;
  SplitForm F;
  if (!SplitEvaluator(Lanes, Mask, *Lanes[__builtin_ctz(Mask)], Ctx).eval(E, 0, F))
    return false;
  for (std::uint32_t M = Mask; M; M &= M - 1) {
    unsigned L = unsigned(__builtin_ctz(M));
    Affine &A = Out[L].emplace(F.Shared);
    A.C = F.C[L];
  }
  return true;
}

} // namespace bankcheck::symbolic

//===- IntegerTypes.cpp - C's integer conversions and unsigned wrap-around ===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Index arithmetic is done on 64-bit signed values; C's narrower types are
/// brought back here, where the value's bounds (Symbolic/Range.h, over the
/// block shape) show that the type changes it: an unsigned type of w bits
/// wraps modulo 2^w (`threadIdx.x - 1` is 4294967295 at thread 0), and a
/// signed one reads those bits back in two's complement (`int i =
/// threadIdx.x - 1` is -1 there). A bound that depends on an unknown value
/// without a limit (a kernel parameter, data) is assumed not to wrap, as
/// overflows of unknown values are elsewhere. A 64-bit unsigned value is kept
/// as its bits read as a signed one (`size_t(i) * 2` with i = -1 is -2): the
/// same bits under +, -, *, <<, bitwise operations, == and narrowing, and so
/// the same shared address; an operation that reads its order or its high
/// bits (/, %, >>, <, min, max) is unknown where it can be below zero.
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

#include "Symbolic/Range.h"

#include <utility>
#include <vector>

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;
using symbolic::Interval;
using symbolic::Op;

namespace {
std::int64_t lowBits(unsigned W) { return (std::int64_t(1) << W) - 1; }
/// The value modulo 2^W: its bits as an unsigned W-bit type holds them.
Expr wrapUnsigned(Expr V, unsigned W) { return V & Expr::constant(lowBits(W)); }
/// Those bits read back as a signed W-bit value (two's complement).
Expr wrapSigned(Expr V, unsigned W) {
  const std::int64_t Half = std::int64_t(1) << (W - 1);
  return ((V + Half) & Expr::constant(lowBits(W))) + (-Half);
}
/// X where E is wrapUnsigned(X, W); null otherwise.
Expr unwrapUnsigned(const Expr &E, unsigned W) {
  return E.op() == Op::And && E.operand(1).isConst(lowBits(W)) ? E.operand(0) : Expr();
}
/// X where E is wrapSigned(X, W); null otherwise.
Expr unwrapSigned(const Expr &E, unsigned W) {
  const std::int64_t Half = std::int64_t(1) << (W - 1);
  if (E.op() != Op::Add || !E.operand(1).isConst(-Half))
    return Expr();
  Expr Sum = unwrapUnsigned(E.operand(0), W);
  return !Sum.isNull() && Sum.op() == Op::Add && Sum.operand(1).isConst(Half) ? Sum.operand(0) : Expr();
}
/// The terms of E's top-level sums and differences, with their signs.
void addends(const Expr &E, bool Negated, std::vector<std::pair<Expr, bool>> &Out) {
  if (E.op() == Op::Add || E.op() == Op::Sub) {
    addends(E.operand(0), Negated, Out);
    addends(E.operand(1), E.op() == Op::Sub ? !Negated : Negated, Out);
    return;
  }
  Out.push_back({E, Negated});
}
} // namespace

symbolic::RangeHints Walker::hintsFor(const LaunchConfig &Config) {
  symbolic::RangeHints H;
  if (Config.Shape) {
    unsigned Dims[3] = {Config.Shape->X, Config.Shape->Y, Config.Shape->Z};
    for (unsigned D = 0; D < 3; ++D) {
      H.ThreadIdx[D] = {0, std::int64_t(Dims[D]) - 1};
      H.BlockDim[D] = {std::int64_t(Dims[D]), std::int64_t(Dims[D])};
    }
  }
  return H;
}

void Walker::boundByType(symbolic::Symbol &S, QualType T) const {
  if (T.isNull() || !T->isIntegralOrEnumerationType())
    return;
  // A value of an unsigned type is >= 0 whatever it is.
  const bool Unsigned = T->isUnsignedIntegerOrEnumerationType();
  if (Unsigned)
    S.Min = 0;
  if (T->isBooleanType()) {
    S.Min = 0;
    S.Max = 1;
    return;
  }
  const unsigned Bits = Ctx.getIntWidth(T);
  if (Bits == 0 || Bits >= 32)
    return;
  S.Min = Unsigned ? 0 : -(std::int64_t(1) << (Bits - 1));
  S.Max = Unsigned ? (std::int64_t(1) << Bits) - 1 : (std::int64_t(1) << (Bits - 1)) - 1;
}

Expr Walker::asType(QualType T, Expr V, const clang::Expr *Src) {
  if (V.isNull() || V.isConst() || !T->isIntegerType() || T->isBooleanType())
    return V;
  unsigned W = Ctx.getIntWidth(T);
  if (W == 0 || W > 64)
    return V;
  Interval I = symbolic::rangeOf(V, Result.Symbols, rangeHints(), &Ranges);
  if (T->isUnsignedIntegerOrEnumerationType()) {
    if (W == 64)
      return V; // its bits as a signed value: see integerOp

    if (I.mayBeBelow(0) || (I.Hi && *I.Hi > lowBits(W)))
      return wrapUnsigned(V, W); // two's complement: the value modulo 2^W
    return V;
  }
  if (W == 64)
    return V;
  std::int64_t Half = std::int64_t(1) << (W - 1);
  if (!(I.mayBeBelow(-Half) || (I.Hi && *I.Hi >= Half)))
    return V;
  // The bits of a wrapped unsigned value read as signed: X itself when X
  // (what was wrapped) fits.
  if (Expr X = unwrapUnsigned(V, W);
      !X.isNull() && symbolic::rangeOf(X, Result.Symbols, rangeHints(), &Ranges).within(-Half, Half - 1))
    return X;
  return wrapSigned(V, W);
}

Expr Walker::integerOp(Op O, QualType T, Expr L, Expr R, const clang::Expr *Src) {
  bool ReadsOrder = O == Op::Div || O == Op::Mod || O == Op::Shr || O == Op::Min || O == Op::Max ||
                    O == Op::Lt || O == Op::Le;
  if (ReadsOrder && !T.isNull() && T->isUnsignedIntegerOrEnumerationType() && Ctx.getIntWidth(T) == 64 &&
      !L.isNull() && !R.isNull()) {
    for (Expr X : {L, R})
      if (!X.isConst() || X.constValue() < 0)
        if (symbolic::rangeOf(X, Result.Symbols, rangeHints(), &Ranges).mayBeBelow(0))
          return opaque(Src, true, "'" + (Src ? sourceText(Src) : std::string("value")) +
                                       "' can wrap below zero in 64-bit unsigned arithmetic; not modelled");
  }
  return Expr::binary(O, L, R);
}

Expr Walker::sharedIndex(Expr I) {
  // Shared addresses are 32 bits wide: an index wrapped modulo 2^32 reaches
  // the same byte as the value it was wrapped from (`t[threadIdx.y - 1]` at
  // thread 0 is the row before t, as the hardware reads it).
  const std::int64_t Half = std::int64_t(1) << 31;
  if (I.isNull())
    return I;
  Expr X = unwrapUnsigned(I, 32);
  if (X.isNull())
    X = unwrapSigned(I, 32);
  if (X.isNull())
    return I;
  if (symbolic::rangeOf(X, Result.Symbols, rangeHints(), &Ranges).within(INT32_MIN, INT32_MAX))
    return X;
  // X = U + V, U the same for every lane of a warp (however large: a row
  // offset per block, `blockIdx.x * 32`) and V spread over less than 2^31:
  // wrapped or not, two lanes read the same word exactly when their X are
  // equal, and the wrap moves a lane by a multiple of 2^32 elements, which
  // changes no bank. Seen through for the banks, as the other wraps.
  std::vector<std::pair<Expr, bool>> Terms;
  addends(X, false, Terms);
  Expr V = Expr::constant(0);
  bool AnyUniform = false;
  for (const auto &[T, Negated] : Terms) {
    if (!isVarying(T)) {
      AnyUniform = true;
      continue;
    }
    V = Negated ? V - T : V + T;
  }
  symbolic::Interval R = symbolic::rangeOf(V, Result.Symbols, rangeHints(), &Ranges);
  std::int64_t Spread = 0;
  if (AnyUniform && R.Lo && R.Hi && !__builtin_sub_overflow(*R.Hi, *R.Lo, &Spread) && Spread < Half)
    return X;
  return I;
}

} // namespace bankcheck::frontend

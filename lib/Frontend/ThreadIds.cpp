//===- ThreadIds.cpp - Thread coordinates however they are spelled --------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// threadIdx, blockDim, blockIdx and gridDim as the thread symbols of the
/// index IR, one coordinate at a time (`threadIdx.x`) or as a whole uint3 or
/// dim3 (`dim3 t = threadIdx; s[t.y][t.x]`).
//===----------------------------------------------------------------------===//
#include "Frontend/WalkerState.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;

std::optional<Expr> Walker::builtinCoordinate(const clang::Expr *E) {
  // threadIdx.x is a PseudoObjectExpr whose result calls
  // __cuda_builtin_threadIdx_t::__fetch_builtin_x().
  const auto *PO = dyn_cast<PseudoObjectExpr>(E);
  if (!PO)
    return std::nullopt;
  const clang::Expr *R = PO->getResultExpr();
  if (!R)
    return std::nullopt;
  R = R->IgnoreImplicit();
  // The semantic form calls the static member __fetch_builtin_x() of the
  // builtin's record type.
  const auto *Call = dyn_cast<CallExpr>(R);
  if (!Call)
    return std::nullopt;
  const auto *ME = dyn_cast<MemberExpr>(Call->getCallee()->IgnoreImpCasts());
  const auto *MD = ME ? dyn_cast<CXXMethodDecl>(ME->getMemberDecl()) : nullptr;
  if (!MD)
    return std::nullopt;
  StringRef Name = MD->getName();
  if (!Name.starts_with("__fetch_builtin_") || Name.size() != 17)
    return std::nullopt;
  unsigned Dim = Name.back() - 'x';
  if (Dim > 2)
    return std::nullopt;
  const CXXRecordDecl *RD = MD->getParent();
  if (!RD)
    return std::nullopt;
  StringRef Rec = RD->getName();
  if (Rec == "__cuda_builtin_threadIdx_t")
    return Expr::var(symbolic::SymbolTable::threadIdx(Dim));
  if (Rec == "__cuda_builtin_blockDim_t")
    return Expr::var(symbolic::SymbolTable::blockDim(Dim));
  if (Rec == "__cuda_builtin_blockIdx_t")
    return Expr::var(symbolic::SymbolTable::blockIdx(Dim));
  if (Rec == "__cuda_builtin_gridDim_t")
    return Expr::var(symbolic::SymbolTable::gridDim(Dim));
  return std::nullopt;
}

Value Walker::vector3(Expr X, Expr Y, Expr Z) {
  ObjectValue O;
  O.Parts[0] = {Value::integer(std::move(X)), 4};
  O.Parts[4] = {Value::integer(std::move(Y)), 4};
  O.Parts[8] = {Value::integer(std::move(Z)), 4};
  return Value::object(std::move(O));
}

std::optional<Value> Walker::builtinVector(const CallExpr *C, const FunctionDecl *FD) {
  const auto *MD = dyn_cast<CXXConversionDecl>(FD);
  const auto *MC = dyn_cast<CXXMemberCallExpr>(C);
  if (!MD || !MC || !MC->getImplicitObjectArgument())
    return std::nullopt;
  StringRef Rec = MD->getParent()->getName();
  symbolic::SymbolId (*Of)(unsigned) = nullptr;
  if (Rec == "__cuda_builtin_threadIdx_t")
    Of = &symbolic::SymbolTable::threadIdx;
  else if (Rec == "__cuda_builtin_blockDim_t")
    Of = &symbolic::SymbolTable::blockDim;
  else if (Rec == "__cuda_builtin_blockIdx_t")
    Of = &symbolic::SymbolTable::blockIdx;
  else if (Rec == "__cuda_builtin_gridDim_t")
    Of = &symbolic::SymbolTable::gridDim;
  if (Of)
    return vector3(Expr::var(Of(0)), Expr::var(Of(1)), Expr::var(Of(2)));
  // dim3 -> uint3: the same three coordinates.
  if (Rec == "dim3" && isLocalObjectType(MC->getType()))
    return objectValue(MC->getImplicitObjectArgument());
  return std::nullopt;
}

} // namespace bankcheck::frontend

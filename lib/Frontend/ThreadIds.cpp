//===- ThreadIds.cpp - Thread coordinates however they are spelled --------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// threadIdx, blockDim, blockIdx and gridDim as the thread symbols of the
/// index IR.
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

} // namespace bankcheck::frontend

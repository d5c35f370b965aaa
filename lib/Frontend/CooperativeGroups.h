//===- CooperativeGroups.h - Handlers for cooperative groups -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Internal to the front end: the handlers BuiltinCalls.cpp dispatches for
/// functions of namespace cooperative_groups (see CooperativeGroups.cpp), and
/// the test for types of that namespace.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_COOPERATIVEGROUPS_H
#define BANKCHECK_FRONTEND_COOPERATIVEGROUPS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <optional>

namespace bankcheck::frontend {

class Walker;
struct Value;

bool isCooperativeGroupsType(clang::QualType T);
bool isCooperativeGroupsFunction(const clang::FunctionDecl *FD);

#define BANKCHECK_CG_HANDLER(NAME)                                                                 \
  std::optional<Value> NAME(Walker &W, const clang::CallExpr *C, const clang::FunctionDecl *FD);
BANKCHECK_CG_HANDLER(cgThisThreadBlock)
BANKCHECK_CG_HANDLER(cgThisGrid)
BANKCHECK_CG_HANDLER(cgTiledPartition)
BANKCHECK_CG_HANDLER(cgThreadRank)
BANKCHECK_CG_HANDLER(cgSize)
BANKCHECK_CG_HANDLER(cgMetaGroupRank)
BANKCHECK_CG_HANDLER(cgMetaGroupSize)
BANKCHECK_CG_HANDLER(cgThreadIndex)
BANKCHECK_CG_HANDLER(cgGroupIndex)
BANKCHECK_CG_HANDLER(cgDimThreads)
BANKCHECK_CG_HANDLER(cgSync)
/// A conversion of a group object to another group type (thread_group).
BANKCHECK_CG_HANDLER(cgAsGroup)
/// Any other function of the namespace: arguments evaluated, result opaque.
BANKCHECK_CG_HANDLER(cgOther)
#undef BANKCHECK_CG_HANDLER

} // namespace bankcheck::frontend

#endif

//===- AccessForms.h - Which instruction a source access is issued as -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_ACCESSFORMS_H
#define BANKCHECK_FRONTEND_ACCESSFORMS_H

#include "Frontend/KernelWalker.h"

namespace bankcheck::frontend {

struct FormChoice {
  bank::Form F = bank::Form::LDS;
  std::string Note; ///< why, when it is not a plain load or store; printed as a note
};

/// The form of one recorded access (its Form, when the walk set one, wins).
FormChoice formOf(const AccessSite &S, const KernelResult &Walk, clang::ASTContext &Ctx);
/// Sets Form (and FormNote) on every site of Walk that has none.
void assignForms(KernelResult &Walk, clang::ASTContext &Ctx);

} // namespace bankcheck::frontend

#endif

//===- ParseErrors.h - Kernels a parse error does not reach -----*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_PARSEERRORS_H
#define BANKCHECK_FRONTEND_PARSEERRORS_H

#include "Frontend/Analysis.h"

#include "clang/AST/Decl.h"

#include <map>
#include <optional>
#include <string>

namespace bankcheck::frontend {

/// The function bodies that hold a parse error (ParseErrors.cpp).
class ErrorScope {
public:
  /// False when an error is outside every function body (Global: its message).
  bool init(clang::ASTContext &Ctx, const std::vector<ParseError> &Errors, std::string &Global);
  /// The broken function Kernel reaches through its calls, with the error;
  /// nullopt when none.
  std::optional<std::string> reaches(const clang::FunctionDecl &Kernel) const;

private:
  std::map<const clang::FunctionDecl *, std::string> Broken;
};

} // namespace bankcheck::frontend

#endif

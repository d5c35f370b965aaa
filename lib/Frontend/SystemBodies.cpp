//===- SystemBodies.cpp - Bodies of system functions the parse skips ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/SystemBodies.h"

#include "clang/AST/Attr.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {
struct HeaderRow {
  llvm::StringRef Suffix; ///< the end of the header's path
  SystemBody Body;        ///< what becomes of its device bodies
};

// Headers whose device function bodies no walk needs (docs/Design.md, "The
// parse"). Any other system header keeps its device bodies.
// clang-format off
const HeaderRow DeviceBodyHeaders[] = {
  {"/__clang_cuda_math.h",               SystemBody::SkippedPure},
  {"/__clang_cuda_cmath.h",              SystemBody::SkippedPure},
  {"/__clang_cuda_complex_builtins.h",   SystemBody::SkippedPure},
  {"/crt/math_functions.hpp",            SystemBody::SkippedPure},
  {"/__clang_cuda_texture_intrinsics.h", SystemBody::Skipped},
  {"/texture_indirect_functions.h",      SystemBody::Skipped},
  {"/surface_indirect_functions.h",      SystemBody::Skipped},
  {"/cuda_runtime.h",                    SystemBody::Skipped},
  {"/cuda_device_runtime_api.h",         SystemBody::Skipped},
};
// clang-format on
} // namespace

SystemBody systemBody(const Decl &D, const SourceManager &SM) {
  const FunctionDecl *FD = D.getAsFunction();
  if (!FD || FD->hasAttr<CUDAGlobalAttr>())
    return SystemBody::Kept;
  SourceLocation Loc = SM.getExpansionLoc(FD->getLocation());
  if (!SM.isInSystemHeader(Loc))
    return SystemBody::Kept;
  // Host code in a system header is never walked (launches are read at the
  // call, wrappers of the runtime API by name).
  if (!FD->hasAttr<CUDADeviceAttr>())
    return SystemBody::Skipped;
  llvm::StringRef File = SM.getFilename(Loc);
  for (const HeaderRow &R : DeviceBodyHeaders)
    if (File.ends_with(R.Suffix))
      return R.Body;
  return SystemBody::Kept;
}

bool skippedPure(const FunctionDecl &FD, const SourceManager &SM) {
  const FunctionDecl *F = &FD;
  if (const FunctionDecl *P = FD.getTemplateInstantiationPattern())
    F = P;
  for (const FunctionDecl *R : F->redecls())
    if (systemBody(*R, SM) == SystemBody::SkippedPure)
      return true;
  return false;
}

} // namespace bankcheck::frontend

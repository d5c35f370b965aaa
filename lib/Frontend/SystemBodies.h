//===- SystemBodies.h - Bodies of system functions the parse skips -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The parse of every file starts with the toolkit's and Clang's CUDA
/// headers, and most of their function bodies are never walked: host code
/// (the runtime API, the C++ library) and device functions whose calls the
/// walk would end at a value it does not follow anyway (math on their
/// arguments, texture and surface reads, the device runtime's API). Their
/// declarations are parsed, their bodies skipped (as clangd's preamble
/// does), in each file's parse and in a precompiled preamble alike. One table
/// says which device bodies; a call of one of them is an unknown result, the
/// same in every lane where its arguments are for the math headers' pure
/// functions (as the libdevice functions `__nv_*` their bodies call are).
/// Bodies the walk follows stay: vectors (make_int2), shuffles, atomics,
/// cooperative groups, wmma, pipelines, CCCL and the intrinsics that read
/// a lane's registers.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_SYSTEMBODIES_H
#define BANKCHECK_FRONTEND_SYSTEMBODIES_H

#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"

namespace bankcheck::frontend {

enum class SystemBody {
  Kept,        ///< parsed and walked like any other body
  Skipped,     ///< not parsed: a call's result is unknown, by lane
  SkippedPure, ///< not parsed: a call's result is computed from its arguments alone
};

/// What the parse does with the body of D (a function or function template).
SystemBody systemBody(const clang::Decl &D, const clang::SourceManager &SM);

/// Whether FD, a function without a body, is one whose body the parse
/// skipped as SkippedPure (at any of its declarations, or its template's).
bool skippedPure(const clang::FunctionDecl &FD, const clang::SourceManager &SM);

} // namespace bankcheck::frontend

#endif

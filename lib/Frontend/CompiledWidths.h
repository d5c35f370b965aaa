//===- CompiledWidths.h - Accesses as the compiler issues them --*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// At -O3 the compiler merges adjacent shared loads or stores into one vector
/// instruction (`buf[4 * t + i]`, i = 0..3 unrolled, becomes one LDS.128; two
/// scalars `s[2 * t]`, `s[2 * t + 1]` one LDS.64), and the hardware serves the
/// merged instruction by its own rule. This stage reads the PTX the compiler
/// wrote for the translation unit (lib/Ptx/PtxModule) and, where every
/// shared instruction of a kernel on a source line and of one kind is a vector
/// wider than the source accesses there, merges those accesses into the
/// vector access the hardware sees: each group of consecutive addresses
/// (same guards, offsets one element apart) becomes one access of the
/// vector's width at the group's first address. Then the same for the
/// accesses of consecutive statements on several lines (StatementRuns.h),
/// reported where the PTX has the vector. Where the PTX has some of a group
/// as vectors and the others as scalars of the source width, the group is
/// merged when every run is aligned as the ptxas rule asks (ptxas merges
/// the rest). Other groups keep their source widths.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_COMPILEDWIDTHS_H
#define BANKCHECK_FRONTEND_COMPILEDWIDTHS_H

#include "Frontend/KernelWalker.h"
#include "Ptx/PtxModule.h"

#include <string>

namespace bankcheck::frontend {

/// The PTX of one translation unit and where it came from ("nvcc 13.0 -O3",
/// "recorded PTX file.ptx").
struct CompiledPtx {
  ptx::PtxModule Module;
  std::string From;
  /// Recorded PTX (--ptx) names the files it was compiled from by their paths
  /// on the machine that compiled it: sources are matched by file name.
  bool MatchByName = false;
};

/// True when a finding could change if the compiler merged accesses: a
/// conflict or possible conflict of a plain load or store of at most 8 bytes.
bool mayMerge(const report::Finding &F);

/// Merges the accesses of one kernel walk as the PTX issues them. Returns
/// the number of source accesses merged away.
unsigned applyCompiledWidths(KernelResult &Walk, const clang::FunctionDecl &Kernel, const CompiledPtx &Ptx,
                             clang::ASTContext &Ctx);

/// Runs `Nvcc -ptx -O3 -lineinfo` on File with Args (the -I, -D, -U,
/// -isystem, -include and -std arguments of its Clang command, and
/// -arch=sm_XX); false with Error when it cannot.
/// Accesses of one line at consecutive, aligned addresses that ptxas issues
/// as one wider LDS/STS (PtxasWidening.cpp): merged like applyCompiledWidths
/// does, with a note; returns how many accesses were merged away.
unsigned applyPtxasWidening(KernelResult &Walk, clang::ASTContext &Ctx);
/// Whether applyPtxasWidening would merge any access of Walk (it stops at
/// the first run that merges, and changes nothing).
bool ptxasWouldWiden(const KernelResult &Walk, clang::ASTContext &Ctx);

bool compileToPtx(const std::string &Nvcc, const std::string &File, const std::vector<std::string> &Args,
                  CompiledPtx &Out, std::string &Error);

} // namespace bankcheck::frontend

#endif

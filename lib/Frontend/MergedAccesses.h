//===- MergedAccesses.h - Accesses issued as one wider instruction -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// What the two width passes share (CompiledWidths.cpp from nvcc's PTX,
/// PtxasWidening.cpp by the ptxas rule): distances and alignments of byte
/// offsets over every lane and value, the guard key that tells instances
/// apart, and the rewrite of a line's sites into the merged accesses.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_MERGEDACCESSES_H
#define BANKCHECK_FRONTEND_MERGEDACCESSES_H

#include "Frontend/KernelWalker.h"
#include "Symbolic/Evaluate.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace bankcheck::frontend {

/// Facts of byte offsets true for every lane and value: products of symbols
/// (a thread id times an array extent) are atoms, so equal ones cancel;
/// Bound gives symbols their values (the arrays' declared extents).
class OffsetFacts {
public:
  explicit OffsetFacts(const symbolic::SymbolTable &S, symbolic::Env Bound = symbolic::Env());
  /// B - A, when it is one constant.
  std::optional<std::int64_t> distance(const symbolic::Expr &A, const symbolic::Expr &B);
  /// Base + E is a multiple of W.
  bool aligned(const symbolic::Expr &E, std::int64_t Base, std::int64_t W);

private:
  symbolic::SymbolTable Atoms;
  std::map<std::string, symbolic::SymbolId> Ids;
  symbolic::AffineContext Ctx;
  symbolic::Env Bound;
};

/// The guards of an instance as text: instances merge only under equal ones.
std::string guardKey(const bank::AccessInstance &I, const symbolic::SymbolTable &S);

/// Gives the sites of one line (Idx) their merged instances (Heads: site ->
/// the first instance of each merged run), Wp bytes wide, with the note
/// Prefix + "; it also covers ..." and From; sites left without a head go
/// into Remove. Returns how many accesses were merged away.
unsigned mergeSites(KernelResult &Walk, const std::vector<std::size_t> &Idx,
                    std::map<std::size_t, std::vector<bank::AccessInstance>> Heads, unsigned Wp,
                    const std::string &Prefix, const std::string &From, std::set<std::size_t> &Remove);

/// Drops the sites in Remove.
void removeSites(KernelResult &Walk, const std::set<std::size_t> &Remove);

} // namespace bankcheck::frontend

#endif

//===- CompactWalk.cpp - A finished walk's symbols, those its sites name --===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A kernel's walk makes a symbol for every value it does not model: each
/// product of floats, each load from global memory, at every unrolled
/// iteration. Once the kernel is finished, what is kept of its walk for the
/// file's last steps (the sites of arrays that other kernels share: a
/// template's, for the padding search over all its instantiations) names
/// few of them; the others are dropped and the kept ones renumbered in
/// order, so that no comparison, term order or printed name changes.
//===----------------------------------------------------------------------===//
#include "Frontend/KernelWalker.h"

#include <unordered_set>

namespace bankcheck::frontend {

using symbolic::Expr;
using symbolic::SymbolId;

void compactSymbols(KernelResult &W, Expr::RenamePool *Pool) {
  const symbolic::SymbolTable &Old = W.Symbols;
  const std::size_t Below = Old.parent() ? Old.parent()->size() : 0;
  const std::size_t Size = Old.size();
  if (Size - Below < 256)
    return; // too few to matter
  std::vector<char> Used(Size, 0);
  // Every symbol the expressions name, each shared node visited once.
  std::unordered_set<const void *> Seen;
  auto Mark = [&](const Expr &E) { symbolic::forEachSymbolOnce(E, Seen, [&](SymbolId Id) { Used[Id] = 1; }); };
  for (const AccessSite &S : W.Sites)
    for (const bank::AccessInstance &I : S.Instances) {
      Mark(I.ByteOffset);
      for (const bank::Guard &G : I.Guards)
        Mark(G.Cond);
      Mark(I.Invariant);
      Mark(I.SourceOffset);
    }
  for (const auto &[VD, L] : W.Layouts)
    if (L.Inner < Size)
      Used[L.Inner] = 1;
  for (const auto &[Key, L] : W.Regions)
    if (L.Inner < Size)
      Used[L.Inner] = 1;
  std::size_t Kept = 0;
  for (std::size_t Id = Below; Id < Size; ++Id)
    Kept += Used[Id];
  if (Kept * 2 > Size - Below)
    return; // most are named: the copy would save little
  symbolic::SymbolTable New(Old.parent());
  std::vector<SymbolId> To(Size);
  for (std::size_t Id = 0; Id < Size; ++Id)
    To[Id] = Id < Below ? SymbolId(Id) : Used[Id] ? New.add(Old.get(SymbolId(Id))) : ~SymbolId(0);
  Expr::RenameMemo Memo;
  Memo.Pool = Pool;
  auto Rename = [&](Expr &E) {
    if (!E.isNull())
      E = Expr::renamed(E, To, Memo);
  };
  for (AccessSite &S : W.Sites) {
    for (bank::AccessInstance &I : S.Instances) {
      Rename(I.ByteOffset);
      for (bank::Guard &G : I.Guards)
        Rename(G.Cond);
      Rename(I.Invariant);
      Rename(I.SourceOffset);
    }
    S.InstanceIndex.clear(); // hashes of the old ids; no instance is added after the walk
  }
  for (auto &[VD, L] : W.Layouts)
    if (L.Inner < Size)
      L.Inner = To[L.Inner];
  for (auto &[Key, L] : W.Regions)
    if (L.Inner < Size)
      L.Inner = To[L.Inner];
  Memo = Expr::RenameMemo();
  W.Symbols = std::move(New);
}

} // namespace bankcheck::frontend

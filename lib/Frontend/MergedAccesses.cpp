//===- MergedAccesses.cpp - Accesses issued as one wider instruction ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/MergedAccesses.h"

namespace bankcheck::frontend {

using symbolic::Expr;

OffsetFacts::OffsetFacts(const symbolic::SymbolTable &S, symbolic::Env B) : Atoms(&S), Bound(std::move(B)) {
  Ctx.Facts = &S;
  Ctx.Atoms = &Atoms;
  Ctx.AtomIds = &Ids;
}

std::optional<std::int64_t> OffsetFacts::distance(const Expr &A, const Expr &B) {
  std::optional<symbolic::Affine> D = symbolic::evaluateAffine(B - A, Bound, nullptr, &Ctx);
  if (!D || !D->isConstant())
    return std::nullopt;
  return D->C;
}

bool OffsetFacts::aligned(const Expr &E, std::int64_t Base, std::int64_t W) {
  std::optional<symbolic::Affine> A = symbolic::evaluateAffine(E, Bound, nullptr, &Ctx);
  if (!A || (A->C + Base) % W)
    return false;
  for (auto [Id, Coef] : A->Terms)
    if (Coef % W)
      return false;
  return true;
}

std::string guardKey(const bank::AccessInstance &I, const symbolic::SymbolTable &S) {
  std::string K;
  for (const bank::Guard &G : I.Guards)
    K += symbolic::print(G.Cond, S) + "|";
  return K;
}

unsigned mergeSites(KernelResult &Walk, const std::vector<std::size_t> &Idx,
                    std::map<std::size_t, std::vector<bank::AccessInstance>> Heads, unsigned Wp,
                    const std::string &Prefix, const std::string &From, std::set<std::size_t> &Remove) {
  unsigned Merged = 0;
  std::string Covered;
  for (std::size_t S : Idx)
    if (!Heads.count(S)) {
      Covered += (Covered.empty() ? "" : ", ") + std::string("column ") + std::to_string(Walk.Sites[S].Loc.Column);
      Remove.insert(S);
      ++Merged;
    }
  for (auto &[S, Inst] : Heads) {
    AccessSite &Site = Walk.Sites[S];
    Merged += Site.Instances.size() - Inst.size();
    Site.Instances = std::move(Inst);
    Site.InstanceIndex.clear();
    Site.AccessBytes = Wp;
    Site.CompiledNote = Prefix + (Covered.empty() ? "" : "; it also covers the accesses of this line at " + Covered);
    Site.CompiledFrom = From;
  }
  return Merged;
}

void removeSites(KernelResult &Walk, const std::set<std::size_t> &Remove) {
  if (Remove.empty())
    return;
  std::vector<AccessSite> Kept;
  for (std::size_t I = 0; I < Walk.Sites.size(); ++I)
    if (!Remove.count(I))
      Kept.push_back(std::move(Walk.Sites[I]));
  Walk.Sites = std::move(Kept);
}

} // namespace bankcheck::frontend

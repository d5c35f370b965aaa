//===- PtxasWidening.cpp - Loads and stores ptxas issues wider ------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// After the PTX, ptxas merges further: scalar shared loads and stores of one
/// source line at consecutive addresses (an unrolled `As[base + i]` loop)
/// whose first address it can prove aligned become LDS.64/LDS.128 (STS
/// alike). Measured on the corpus (bench/sass_widths.py, docs/validation.md):
/// no line was ever narrower in SASS than in PTX, 4.8% were wider. The rule
/// here: a line's accesses (every instance of every site of one array, kind
/// and width) that split into runs of K at consecutive addresses under the
/// same guards, each run's first byte aligned to K x width for every lane
/// and value (its offset, plus the variable's place in the kernel's shared
/// memory as ptxas lays it out: declaration order, each at its alignment,
/// the dynamic buffer last at 16 bytes), are issued as K-times-wider ones.
//===----------------------------------------------------------------------===//
#include "Frontend/CompiledWidths.h"
#include "Frontend/MergedAccesses.h"
#include "Symbolic/Evaluate.h"

#include <map>
#include <set>
#include <tuple>

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;

namespace {
/// Byte offsets of the kernel's shared variables in its shared memory, as
/// ptxas lays them out (measured, harness/forms/window_base.cu): the static
/// ones in declaration order, each at the next multiple of its alignment;
/// `extern` buffers after them at 16 bytes. Only variables the walk saw.
std::map<const VarDecl *, std::int64_t> sharedLayout(const KernelResult &Walk, ASTContext &Ctx) {
  std::vector<const VarDecl *> Static, Extern;
  std::set<const VarDecl *> Seen;
  for (const AccessSite &S : Walk.Sites)
    if (S.Array && Seen.insert(S.Array).second)
      (S.Array->hasExternalStorage() ? Extern : Static).push_back(S.Array);
  const SourceManager &SM = Ctx.getSourceManager();
  std::sort(Static.begin(), Static.end(), [&](const VarDecl *A, const VarDecl *B) {
    return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  std::map<const VarDecl *, std::int64_t> At;
  std::int64_t End = 0;
  for (const VarDecl *V : Static) {
    std::int64_t Align = std::max<std::int64_t>(1, Ctx.getDeclAlign(V).getQuantity());
    if (V->getType()->isIncompleteType())
      return {};
    End = (End + Align - 1) / Align * Align;
    At[V] = End;
    End += Ctx.getTypeSizeInChars(V->getType()).getQuantity();
  }
  for (const VarDecl *V : Extern) {
    std::int64_t Align = std::max<std::int64_t>(16, Ctx.getDeclAlign(V).getQuantity());
    At[V] = (End + Align - 1) / Align * Align;
  }
  return At;
}

} // namespace

unsigned applyPtxasWidening(KernelResult &Walk, ASTContext &Ctx) {
  constexpr std::size_t MaxInstances = 256;
  std::map<const VarDecl *, std::int64_t> Layout = sharedLayout(Walk, Ctx);
  // The arrays' declared extents (their layout symbols, kept for the padding solver).
  symbolic::Env Extents;
  for (const auto &[Array, L] : Walk.Layouts)
    Extents.bind(L.Inner, L.InnerExtent);
  OffsetFacts Facts(Walk.Symbols, Extents);
  std::map<std::tuple<std::string, unsigned, bool, const VarDecl *, unsigned>, std::vector<std::size_t>> Groups;
  for (std::size_t I = 0; I < Walk.Sites.size(); ++I) {
    const AccessSite &S = Walk.Sites[I];
    if (!S.Unmodelled.empty() || !S.Opcode.empty() || !S.Form || S.Instances.empty() || S.AccessBytes > 8 ||
        !S.CompiledNote.empty() || (*S.Form != bank::Form::LDS && *S.Form != bank::Form::STS) ||
        S.Kind == "atomic" || !Layout.count(S.Array))
      continue;
    Groups[{S.Loc.Path, S.Loc.Line, *S.Form == bank::Form::STS, S.Array, S.AccessBytes}].push_back(I);
  }
  unsigned Merged = 0;
  std::set<std::size_t> Remove;
  for (auto &[Key, Idx] : Groups) {
    const unsigned E = std::get<4>(Key);
    const std::int64_t Base = Layout[std::get<3>(Key)];
    struct Ref {
      std::size_t Site, Inst;
      std::string Guards;
    };
    std::vector<Ref> All;
    for (std::size_t S : Idx)
      for (std::size_t J = 0; J < Walk.Sites[S].Instances.size(); ++J)
        All.push_back({S, J, guardKey(Walk.Sites[S].Instances[J], Walk.Symbols)});
    if (All.size() < 2 || All.size() > MaxInstances)
      continue;
    auto off = [&](std::size_t X) -> const Expr & { return Walk.Sites[All[X].Site].Instances[All[X].Inst].ByteOffset; };
    // The instance E bytes above each one, under the same guards.
    std::vector<std::size_t> Next(All.size(), All.size());
    std::vector<bool> HasPrev(All.size(), false);
    for (std::size_t A = 0; A < All.size(); ++A)
      for (std::size_t B = 0; B < All.size() && Next[A] == All.size(); ++B)
        if (A != B && All[A].Guards == All[B].Guards && !HasPrev[B]) {
          std::optional<std::int64_t> D = Facts.distance(off(A), off(B));
          if (D && *D == std::int64_t(E)) {
            Next[A] = B;
            HasPrev[B] = true;
          }
        }
    // Each chain, from its head, in runs of K with an aligned first byte;
    // the widest K (at most 16 bytes) that covers every instance.
    std::vector<std::vector<std::size_t>> Chains;
    for (std::size_t H = 0; H < All.size(); ++H)
      if (!HasPrev[H]) {
        Chains.push_back({});
        for (std::size_t X = H; X != All.size() && Chains.back().size() <= All.size(); X = Next[X])
          Chains.back().push_back(X);
      }
    std::size_t Covered = 0;
    for (const auto &C : Chains)
      Covered += C.size();
    if (Covered != All.size())
      continue; // a cycle: never, distances are positive
    unsigned Wp = 0;
    for (unsigned W : {16u, 8u, 4u}) {
      if (W <= E || W % E)
        continue;
      unsigned K = W / E;
      bool Ok = true;
      for (const auto &C : Chains) {
        Ok &= C.size() % K == 0;
        for (std::size_t P = 0; Ok && P < C.size(); P += K)
          Ok &= Facts.aligned(off(C[P]), Base, W);
        if (!Ok)
          break;
      }
      if (Ok) {
        Wp = W;
        break;
      }
    }
    if (!Wp)
      continue;
    const unsigned K = Wp / E;
    std::map<std::size_t, std::vector<bank::AccessInstance>> Heads;
    for (const auto &C : Chains)
      for (std::size_t P = 0; P < C.size(); P += K)
        Heads[All[C[P]].Site].push_back(Walk.Sites[All[C[P]].Site].Instances[All[C[P]].Inst]);
    std::string Name = std::string(std::get<2>(Key) ? "STS" : "LDS") + (Wp == 16 ? ".128" : Wp == 8 ? ".64" : "");
    Merged += mergeSites(Walk, Idx, std::move(Heads), Wp,
                         "predicted to be issued as " + std::to_string(Wp) + "-byte " + Name + " (" +
                             std::to_string(K) + " " + std::to_string(E) +
                             "-byte accesses at consecutive, aligned addresses merged, as ptxas does)",
                         "ptxas rule", Remove);
  }
  removeSites(Walk, Remove);
  return Merged;
}

} // namespace bankcheck::frontend

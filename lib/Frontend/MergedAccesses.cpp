//===- MergedAccesses.cpp - Accesses issued as one wider instruction ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/MergedAccesses.h"
#include "Frontend/StatementRuns.h"

#include <algorithm>
#include <tuple>

namespace bankcheck::frontend {

using symbolic::Expr;
using symbolic::Op;

bool mergeable(const AccessSite &S) {
  return S.Unmodelled.empty() && S.Opcode.empty() && S.Form && !S.Instances.empty() && S.AccessBytes <= 8 &&
         (*S.Form == bank::Form::LDS || *S.Form == bank::Form::STS) && S.Kind != "atomic";
}

std::vector<SiteGroup> lineGroups(const KernelResult &Walk, const SiteFilter &Keep) {
  std::map<std::tuple<std::string, unsigned, bool, const clang::VarDecl *, unsigned>, std::vector<std::size_t>> By;
  for (std::size_t I = 0; I < Walk.Sites.size(); ++I) {
    const AccessSite &S = Walk.Sites[I];
    if (Keep(S))
      By[{S.Loc.Path, S.Loc.Line, *S.Form == bank::Form::STS, S.Array, S.AccessBytes}].push_back(I);
  }
  std::vector<SiteGroup> Out;
  for (auto &[Key, Idx] : By)
    Out.push_back({std::move(Idx), std::get<2>(Key), std::get<4>(Key), false});
  return Out;
}

std::vector<SiteGroup> crossLineGroups(const KernelResult &Walk, const SiteFilter &Keep, clang::ASTContext &Ctx) {
  std::map<std::tuple<bool, const clang::VarDecl *, unsigned>, unsigned> Keys;
  std::map<std::size_t, unsigned> Candidates;
  for (std::size_t I = 0; I < Walk.Sites.size(); ++I) {
    const AccessSite &S = Walk.Sites[I];
    if (Keep(S))
      Candidates[I] = Keys.emplace(std::make_tuple(*S.Form == bank::Form::STS, S.Array, S.AccessBytes), Keys.size())
                          .first->second;
  }
  std::vector<SiteGroup> Out;
  if (Candidates.size() < 2)
    return Out;
  std::map<unsigned, unsigned> StoredArray;
  for (const auto &[Key, Id] : Keys)
    if (std::get<0>(Key))
      StoredArray[Id] = arrayId(Walk, std::get<1>(Key));
  for (std::vector<std::size_t> &Run : statementRuns(Walk, Candidates, StoredArray, Ctx)) {
    std::set<std::pair<std::string, unsigned>> Lines;
    for (std::size_t S : Run)
      Lines.insert({Walk.Sites[S].Loc.Path, Walk.Sites[S].Loc.Line});
    if (Lines.size() < 2)
      continue; // one line: the line's own group judged it
    const AccessSite &First = Walk.Sites[Run.front()];
    Out.push_back({std::move(Run), *First.Form == bank::Form::STS, First.AccessBytes, true});
  }
  return Out;
}

std::vector<InstanceRef> groupInstances(const KernelResult &Walk, const SiteGroup &G) {
  std::vector<InstanceRef> All;
  // Key: the first instance with equal guards (and label across lines).
  auto sameKey = [&](const bank::AccessInstance &A, const bank::AccessInstance &B) {
    return (!G.CrossLine || A.Label == B.Label) && bank::sameGuards(A.Guards, B.Guards);
  };
  std::unordered_multimap<std::size_t, std::size_t> Keys; // hash -> index in All
  for (std::size_t S : G.Sites)
    for (std::size_t J = 0; J < Walk.Sites[S].Instances.size(); ++J) {
      const bank::AccessInstance &I = Walk.Sites[S].Instances[J];
      std::size_t Hash = bank::hashGuards(G.CrossLine ? std::hash<std::string>()(I.Label) : 0, I.Guards);
      std::size_t Key = All.size();
      for (auto [K, E] = Keys.equal_range(Hash); K != E && Key == All.size(); ++K) {
        const InstanceRef &R = All[K->second];
        if (sameKey(Walk.Sites[R.Site].Instances[R.Inst], I))
          Key = R.Key;
      }
      if (Key == All.size())
        Keys.emplace(Hash, All.size());
      All.push_back({S, J, Key});
    }
  return All;
}

std::size_t reportingSite(const KernelResult &Walk, const SiteGroup &G, const std::vector<std::size_t> &Members,
                          const std::function<bool(std::size_t)> &Preferred) {
  if (!G.CrossLine || Members.empty())
    return Members.front();
  std::vector<std::size_t> C;
  if (Preferred)
    for (std::size_t S : Members)
      if (Preferred(S))
        C.push_back(S);
  if (C.empty())
    C = Members;
  auto before = [&](std::size_t A, std::size_t B) {
    const report::FileLoc &X = Walk.Sites[A].Loc, &Y = Walk.Sites[B].Loc;
    return std::tie(X.Path, X.Line, X.Column) < std::tie(Y.Path, Y.Line, Y.Column);
  };
  return G.Store ? *std::max_element(C.begin(), C.end(), before) : *std::min_element(C.begin(), C.end(), before);
}

std::string linesText(const KernelResult &Walk, const SiteGroup &G) {
  unsigned Lo = ~0u, Hi = 0;
  for (std::size_t S : G.Sites) {
    Lo = std::min(Lo, Walk.Sites[S].Loc.Line);
    Hi = std::max(Hi, Walk.Sites[S].Loc.Line);
  }
  return Lo == Hi ? "line " + std::to_string(Lo) : "lines " + std::to_string(Lo) + "-" + std::to_string(Hi);
}

namespace {
unsigned constantZeros(std::int64_t V) {
  unsigned N = 0;
  for (; N < 62 && !(V & 1); ++N)
    V >>= 1;
  return N;
}

unsigned trailingZeros(const Expr &E, const symbolic::Env &Bound, unsigned Depth) {
  if (E.isNull() || Depth > 256)
    return 0;
  auto sub = [&](unsigned I) { return trailingZeros(E.operand(I), Bound, Depth + 1); };
  auto amount = [&]() -> std::optional<std::int64_t> {
    std::optional<std::int64_t> V = symbolic::evaluate(E.operand(1), Bound);
    return V && *V >= 0 && *V < 62 ? V : std::nullopt;
  };
  switch (E.op()) {
  case Op::Const:
    return constantZeros(E.constValue());
  case Op::Var:
    if (std::optional<std::int64_t> V = Bound.lookup(E.symbol()))
      return constantZeros(*V);
    return 0;
  case Op::Add:
  case Op::Sub:
  case Op::Or:
  case Op::Xor:
  case Op::Min:
  case Op::Max:
  case Op::Mod: // L - (L / R) * R
    return std::min(sub(0), sub(1));
  case Op::Select:
    return std::min(sub(1), sub(2));
  case Op::Mul:
    return std::min(62u, sub(0) + sub(1));
  case Op::And:
    return std::max(sub(0), sub(1));
  case Op::Shl:
    if (std::optional<std::int64_t> K = amount())
      return std::min<unsigned>(62, sub(0) + unsigned(*K));
    return 0;
  case Op::Shr: // arithmetic: the low bits shift out
    if (std::optional<std::int64_t> K = amount(); K && sub(0) >= *K)
      return sub(0) - unsigned(*K);
    return 0;
  case Op::Div: // exact when the divisor is 2^k and divides L
    if (std::optional<std::int64_t> D = symbolic::evaluate(E.operand(1), Bound);
        D && *D > 0 && (*D & (*D - 1)) == 0 && sub(0) >= constantZeros(*D))
      return sub(0) - constantZeros(*D);
    return 0;
  default:
    return 0;
  }
}
} // namespace

unsigned knownTrailingZeros(const Expr &E, const symbolic::Env &Bound) { return trailingZeros(E, Bound, 0); }

OffsetFacts::OffsetFacts(const symbolic::SymbolTable &S, symbolic::Env B) : Atoms(&S), Bound(std::move(B)) {
  // The facts are asked of every term, atoms included: of the layer that
  // holds them (S has only the symbols below them).
  Ctx.Facts = &Atoms;
  Ctx.Atoms = &Atoms;
  Ctx.AtomIds = &Ids;
}

std::optional<symbolic::Affine> OffsetFacts::form(const Expr &E) {
  // The same expression gives the same form: its atoms keep their ids (Ids).
  auto [It, New] = Forms.try_emplace(E.node());
  if (New)
    It->second = {E, symbolic::evaluateAffine(E, Bound, nullptr, &Ctx)};
  return It->second.second;
}

std::vector<std::optional<symbolic::Affine>> OffsetFacts::forms(const KernelResult &Walk,
                                                               const std::vector<InstanceRef> &All) {
  std::vector<std::optional<symbolic::Affine>> Out;
  Out.reserve(All.size());
  for (const InstanceRef &R : All)
    Out.push_back(form(Walk.Sites[R.Site].Instances[R.Inst].ByteOffset));
  return Out;
}

std::optional<std::int64_t> OffsetFacts::distance(const std::optional<symbolic::Affine> &A,
                                                  const std::optional<symbolic::Affine> &B) {
  std::int64_t D = 0;
  if (!A || !B || !A->sameTerms(*B) || __builtin_sub_overflow(B->C, A->C, &D))
    return std::nullopt;
  return D;
}

bool OffsetFacts::aligned(const Expr &E, std::int64_t Base, std::int64_t W) {
  std::optional<symbolic::Affine> A = symbolic::evaluateAffine(E, Bound, nullptr, &Ctx);
  bool Ok = A && (A->C + Base) % W == 0;
  if (Ok)
    for (auto [Id, Coef] : A->Terms)
      Ok &= Coef % W == 0;
  // A XOR or a division is an unknown term of the affine form; its operands
  // may still fix the low bits ((c ^ (r << 3)) * 4 with c even).
  return Ok || (Base % W == 0 && (std::int64_t(1) << std::min(knownTrailingZeros(E, Bound), 62u)) % W == 0);
}

std::map<const clang::VarDecl *, std::int64_t> sharedLayout(const KernelResult &Walk, clang::ASTContext &Ctx) {
  std::vector<const clang::VarDecl *> Static, Extern;
  std::set<const clang::VarDecl *> Seen;
  for (const AccessSite &S : Walk.Sites)
    if (S.Array && Seen.insert(S.Array).second)
      (S.Array->hasExternalStorage() ? Extern : Static).push_back(S.Array);
  const clang::SourceManager &SM = Ctx.getSourceManager();
  std::sort(Static.begin(), Static.end(), [&](const clang::VarDecl *A, const clang::VarDecl *B) {
    return SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  std::map<const clang::VarDecl *, std::int64_t> At;
  std::int64_t End = 0;
  for (const clang::VarDecl *V : Static) {
    std::int64_t Align = std::max<std::int64_t>(1, Ctx.getDeclAlign(V).getQuantity());
    if (V->getType()->isIncompleteType())
      return {};
    End = (End + Align - 1) / Align * Align;
    At[V] = End;
    End += Ctx.getTypeSizeInChars(V->getType()).getQuantity();
  }
  for (const clang::VarDecl *V : Extern) {
    std::int64_t Align = std::max<std::int64_t>(16, Ctx.getDeclAlign(V).getQuantity());
    At[V] = (End + Align - 1) / Align * Align;
  }
  return At;
}

symbolic::Env declaredExtents(const KernelResult &Walk) {
  symbolic::Env Extents;
  for (const auto &[Array, L] : Walk.Layouts)
    Extents.bind(L.Inner, L.InnerExtent);
  return Extents;
}

std::optional<std::vector<std::vector<std::size_t>>> consecutiveChains(const KernelResult &Walk,
                                                                       const std::vector<InstanceRef> &All,
                                                                       unsigned E, OffsetFacts &Facts) {
  // Each offset's affine form once (the pairs below compare them).
  std::vector<std::optional<symbolic::Affine>> Forms = Facts.forms(Walk, All);
  // The instance E bytes above each one, under the same key.
  std::vector<std::size_t> Next(All.size(), All.size());
  std::vector<bool> HasPrev(All.size(), false);
  for (std::size_t A = 0; A < All.size(); ++A)
    for (std::size_t B = 0; B < All.size() && Next[A] == All.size(); ++B)
      if (A != B && All[A].Key == All[B].Key && !HasPrev[B]) {
        std::optional<std::int64_t> D = OffsetFacts::distance(Forms[A], Forms[B]);
        if (D && *D == std::int64_t(E)) {
          Next[A] = B;
          HasPrev[B] = true;
        }
      }
  std::vector<std::vector<std::size_t>> Chains;
  std::size_t Covered = 0;
  for (std::size_t H = 0; H < All.size(); ++H)
    if (!HasPrev[H]) {
      Chains.push_back({});
      for (std::size_t X = H; X != All.size() && Chains.back().size() <= All.size(); X = Next[X])
        Chains.back().push_back(X);
      Covered += Chains.back().size();
    }
  if (Covered != All.size())
    return std::nullopt;
  return Chains;
}

std::optional<std::vector<std::vector<std::size_t>>>
alignedRuns(const KernelResult &Walk, const std::vector<InstanceRef> &All,
            const std::vector<std::vector<std::size_t>> &Chains, unsigned E, unsigned W, std::int64_t Base,
            OffsetFacts &Facts) {
  const unsigned K = W / E;
  std::vector<std::vector<std::size_t>> Runs;
  for (const auto &C : Chains) {
    if (C.size() % K)
      return std::nullopt;
    for (std::size_t P = 0; P < C.size(); P += K) {
      const InstanceRef &R = All[C[P]];
      if (!Facts.aligned(Walk.Sites[R.Site].Instances[R.Inst].ByteOffset, Base, W))
        return std::nullopt;
      Runs.emplace_back(C.begin() + P, C.begin() + P + K);
    }
  }
  return Runs;
}

std::vector<std::size_t> mergingSites(const KernelResult &Walk, const std::vector<InstanceRef> &All,
                                      const std::vector<std::vector<std::size_t>> &Chains, unsigned E,
                                      unsigned Wp, std::int64_t Base, OffsetFacts &Facts,
                                      std::vector<std::vector<std::size_t>> &Runs) {
  std::set<std::size_t> Bad;
  std::vector<std::optional<std::vector<std::vector<std::size_t>>>> Cut;
  for (const std::vector<std::size_t> &C : Chains) {
    Cut.push_back(alignedRuns(Walk, All, {C}, E, Wp, Base, Facts));
    if (!Cut.back())
      for (std::size_t X : C)
        Bad.insert(All[X].Site);
  }
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const std::vector<std::size_t> &C : Chains) {
      bool Any = false;
      for (std::size_t X : C)
        Any |= Bad.count(All[X].Site) > 0;
      if (Any)
        for (std::size_t X : C)
          Changed |= Bad.insert(All[X].Site).second;
    }
  }
  std::vector<std::size_t> Good;
  for (std::size_t C = 0; C < Chains.size(); ++C) {
    if (Bad.count(All[Chains[C].front()].Site))
      continue;
    Runs.insert(Runs.end(), Cut[C]->begin(), Cut[C]->end());
    for (std::size_t X : Chains[C])
      if (std::find(Good.begin(), Good.end(), All[X].Site) == Good.end())
        Good.push_back(All[X].Site);
  }
  return Good;
}

std::map<std::size_t, std::vector<bank::AccessInstance>>
headsOf(const KernelResult &Walk, const SiteGroup &G, const std::vector<InstanceRef> &All,
        const std::vector<std::vector<std::size_t>> &Runs, const std::function<bool(std::size_t)> &Preferred) {
  std::map<std::size_t, std::vector<bank::AccessInstance>> Heads;
  for (const auto &R : Runs) {
    std::vector<std::size_t> Members;
    for (std::size_t X : R)
      Members.push_back(All[X].Site);
    Heads[reportingSite(Walk, G, Members, Preferred)].push_back(
        Walk.Sites[All[R[0]].Site].Instances[All[R[0]].Inst]);
  }
  return Heads;
}

unsigned mergeSites(KernelResult &Walk, const std::vector<std::size_t> &Idx,
                    std::map<std::size_t, std::vector<bank::AccessInstance>> Heads, unsigned Wp,
                    const std::string &Prefix, const std::string &From, std::set<std::size_t> &Remove) {
  std::size_t Before = 0, After = 0;
  for (std::size_t S : Idx)
    Before += Walk.Sites[S].Instances.size();
  for (auto &[S, Inst] : Heads) {
    // The others, by column on this line, by line and column elsewhere.
    std::string Covered;
    bool ThisLine = true;
    for (std::size_t C : Idx)
      if (!Heads.count(C)) {
        const report::FileLoc &L = Walk.Sites[C].Loc;
        bool Same = L.Path == Walk.Sites[S].Loc.Path && L.Line == Walk.Sites[S].Loc.Line;
        ThisLine &= Same;
        Covered += (Covered.empty() ? "" : ", ") + (Same ? std::string() : "line " + std::to_string(L.Line) + " ") +
                   "column " + std::to_string(L.Column);
      }
    AccessSite &Site = Walk.Sites[S];
    After += Inst.size();
    Site.Instances = std::move(Inst);
    Site.InstanceIndex.clear();
    Site.AccessBytes = Wp;
    Site.CompiledNote =
        Prefix + (Covered.empty() ? ""
                  : ThisLine      ? "; it also covers the accesses of this line at " + Covered
                                  : "; it also covers the accesses at " + Covered);
    Site.CompiledFrom = From;
  }
  for (std::size_t S : Idx)
    if (!Heads.count(S))
      Remove.insert(S);
  return unsigned(Before > After ? Before - After : 0);
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

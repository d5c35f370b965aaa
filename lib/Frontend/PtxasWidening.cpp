//===- PtxasWidening.cpp - Loads and stores ptxas issues wider ------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// After the PTX, ptxas merges further: scalar shared loads and stores of one
/// source line at consecutive addresses (an unrolled `As[base + i]` loop)
/// whose first address it can prove aligned become LDS.64/LDS.128 (STS
/// alike). Measured on the corpus (bench/sass_widths.py, docs/validation.md):
/// no line was ever narrower in SASS than in PTX, 4.8% were wider. The rule
/// here: of a line's accesses (the instances of the sites of one array, kind
/// and width), those in chains at consecutive addresses under the same
/// guards that cut into runs of K, each run's first byte aligned to K x
/// width for every lane and value (its offset, plus the variable's place in
/// the kernel's shared memory as ptxas lays it out: declaration order, each
/// at its alignment, the dynamic buffer last at 16 bytes), are issued as
/// K-times-wider ones. Each site is judged at one width: its instances all
/// merge or none do (mergingSites); the other sites of the line may still.
/// Accesses of consecutive statements on several lines are merged only where
/// nvcc's PTX shows it (CompiledWidths.cpp): ptxas's own merges across lines
/// are not regular enough to predict (see applyPtxasWidening).
//===----------------------------------------------------------------------===//
#include "Frontend/BodyParents.h"
#include "Frontend/CompiledWidths.h"
#include "Frontend/MergedAccesses.h"
#include "Symbolic/Evaluate.h"

#include "clang/AST/ExprCXX.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;

namespace {
constexpr std::size_t MaxInstances = 256;

/// The widest load ptxas makes of a run of 2-byte elements whose values are
/// computed with rather than copied (docs/validation.md, "What ptxas makes
/// of 2-byte loads by what they feed", H100 SASS): halves converted, summed
/// or added as halves are LDS.64 at most, bf16 converted to float are not
/// merged; shorts, and halves only copied, go to 16 bytes.
struct ComputedRun {
  const char *Type; ///< the element's record name
  unsigned Widest;  ///< bytes
};
constexpr ComputedRun ComputedRuns[] = {{"__half", 8}, {"__nv_bfloat16", 2}};

/// Whether the value an access loads is only copied: assigned as it is
/// (`out[i] = s[t][i]`, through the element's copy constructor or
/// operator=), not converted, passed to a function or computed with.
bool onlyCopied(const clang::Expr *Where, const ParentMap &PM) {
  const Stmt *Cur = Where;
  while (const Stmt *P = PM.getParent(Cur)) {
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(P)) {
      if (IC->getCastKind() != CK_LValueToRValue && IC->getCastKind() != CK_NoOp)
        return false;
    } else if (const auto *CE = dyn_cast<CXXConstructExpr>(P)) {
      if (!CE->getConstructor()->isCopyOrMoveConstructor())
        return false;
    } else if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      return BO->getOpcode() == BO_Assign && BO->getRHS() == Cur;
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P)) {
      return OC->getOperator() == OO_Equal && OC->getNumArgs() == 2 && OC->getArg(1) == Cur;
    } else if (!isa<ParenExpr, MaterializeTemporaryExpr, CXXBindTemporaryExpr, ExprWithCleanups>(P)) {
      return false;
    }
    Cur = P;
  }
  return false;
}

/// The widest width the rule may give G's loads: 16 bytes, or less for a
/// run of elements of ComputedRuns whose values are not all only copied.
unsigned widestOf(const KernelResult &Walk, const SiteGroup &G, BodyParents &PM) {
  if (G.Store || G.Bytes != 2)
    return 16;
  const clang::Expr *First = Walk.Sites[G.Sites.front()].Where;
  if (!First)
    return 16;
  const RecordDecl *RD = First->getType()->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return 16;
  for (const ComputedRun &R : ComputedRuns) {
    if (RD->getName() != R.Type)
      continue;
    for (std::size_t S : G.Sites) {
      const AccessSite &Site = Walk.Sites[S];
      const ParentMap *M = PM.of(Site.Func);
      if (!Site.Where || !M || !onlyCopied(Site.Where, *M))
        return R.Widest;
    }
  }
  return 16;
}

/// One group by the rule: its instances in chains at consecutive addresses
/// under equal keys, each chain cut into runs of K whose first byte is
/// aligned to K x width. From the widest width (at most 16 bytes) down, the
/// sites that merge at it (mergingSites) are merged; the others are tried at
/// the next. Returns how many accesses were merged away.
/// With Apply null, only whether some run merges: 1 at the first, nothing
/// changed. Otherwise Apply is Walk, and Remove collects the merged-away sites.
unsigned widenGroup(const KernelResult &Walk, KernelResult *Apply, const SiteGroup &G, std::int64_t Base,
                    OffsetFacts &Facts, std::set<std::size_t> &Remove, BodyParents &PM) {
  const unsigned E = G.Bytes;
  if (E < 2)
    return 0; // bytes stay bytes: none of the corpus's widened lines came from 1-byte accesses, and
              // histogram64's four aligned u8 loads of one line stay LDS.U8 in its SASS
  const unsigned Widest = widestOf(Walk, G, PM);
  if (Widest <= E)
    return 0;
  unsigned Merged = 0;
  SiteGroup Left = G;
  // The instances of the sites left and their chains, kept from one width to
  // the next until some sites merge.
  std::vector<InstanceRef> All;
  std::optional<std::vector<std::vector<std::size_t>>> Chains;
  bool Fresh = false;
  for (unsigned Wp : {16u, 8u, 4u}) {
    if (Wp <= E || Wp % E || Wp > Widest)
      continue;
    if (!Fresh) {
      All = groupInstances(Walk, Left);
      if (All.size() < 2 || All.size() > MaxInstances)
        break;
      Chains = consecutiveChains(Walk, All, E, Facts);
      if (!Chains)
        break;
      // No two instances at consecutive addresses: no run merges at any width.
      if (std::all_of(Chains->begin(), Chains->end(), [](const auto &C) { return C.size() < 2; }))
        break;
      Fresh = true;
    }
    std::vector<std::vector<std::size_t>> Runs;
    std::vector<std::size_t> Good = mergingSites(Walk, All, *Chains, E, Wp, Base, Facts, Runs);
    if (Good.empty())
      continue;
    if (!Apply)
      return 1;
    SiteGroup M = Left;
    M.Sites.clear();
    std::vector<std::size_t> Rest;
    for (std::size_t S : Left.Sites)
      (std::find(Good.begin(), Good.end(), S) != Good.end() ? M.Sites : Rest).push_back(S);
    std::string Name = std::string(G.Store ? "STS" : "LDS") + (Wp == 16 ? ".128" : Wp == 8 ? ".64" : "");
    Merged += mergeSites(*Apply, M.Sites, headsOf(Walk, M, All, Runs), Wp,
                         "predicted to be issued as " + std::to_string(Wp) + "-byte " + Name + " (" +
                             std::to_string(Wp / E) + " " + std::to_string(E) + "-byte accesses" +
                             (G.CrossLine ? " of " + linesText(Walk, M) : "") +
                             " at consecutive, aligned addresses merged, as ptxas does)",
                         "ptxas rule", Remove);
    Left.Sites = std::move(Rest);
    Fresh = false;
    if (Left.Sites.empty())
      break;
  }
  return Merged;
}
} // namespace

namespace {
/// The rule over Walk's line groups: applied when Apply (Walk itself) is
/// given, else only asked, stopping at the first group that would merge.
unsigned runRule(const KernelResult &Walk, KernelResult *Apply, ASTContext &Ctx) {
  std::map<const VarDecl *, std::int64_t> Layout = sharedLayout(Walk, Ctx);
  OffsetFacts Facts(Walk.Symbols, declaredExtents(Walk));
  auto keep = [&](const AccessSite &S) { return mergeable(S) && S.CompiledNote.empty() && Layout.count(S.Array); };
  // Each line's accesses. Not those of consecutive statements on several
  // lines: ptxas merges such pairs in some kernels (dxtc's covariance stores)
  // and not in others (MatmulTutorial v03-v08's `dst[0]`, `dst[1]`: scalar
  // STS on the H200, 4x the ideal), so across lines only the PTX decides
  // (CompiledWidths.cpp).
  unsigned Merged = 0;
  std::set<std::size_t> Remove;
  BodyParents PM;
  for (const SiteGroup &G : lineGroups(Walk, keep)) {
    Merged += widenGroup(Walk, Apply, G, Layout[Walk.Sites[G.Sites.front()].Array], Facts, Remove, PM);
    if (Merged && !Apply)
      return Merged;
  }
  if (Apply)
    removeSites(*Apply, Remove);
  return Merged;
}
} // namespace

unsigned applyPtxasWidening(KernelResult &Walk, ASTContext &Ctx) { return runRule(Walk, &Walk, Ctx); }

bool ptxasWouldWiden(const KernelResult &Walk, ASTContext &Ctx) { return runRule(Walk, nullptr, Ctx) != 0; }

} // namespace bankcheck::frontend

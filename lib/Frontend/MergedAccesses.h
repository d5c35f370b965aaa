//===- MergedAccesses.h - Accesses issued as one wider instruction -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// What the two width passes share (CompiledWidths.cpp from nvcc's PTX,
/// PtxasWidening.cpp by the ptxas rule): the groups of accesses they judge
/// together (those of one line; then those of consecutive statements on
/// several lines, StatementRuns.h), distances and alignments of byte offsets
/// over every lane and value, the key that tells instances apart, the site
/// that reports a merged access, and the rewrite of a group's sites into the
/// merged accesses.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_MERGEDACCESSES_H
#define BANKCHECK_FRONTEND_MERGEDACCESSES_H

#include "Frontend/KernelWalker.h"
#include "Symbolic/Evaluate.h"

#include <functional>
#include <map>
#include <unordered_map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace bankcheck::frontend {

/// A plain shared load or store the compiler may merge with others: LDS or
/// STS of at most 8 bytes, modelled, written as C++ (not inline PTX).
bool mergeable(const AccessSite &S);

/// Sites judged together: of one array, kind and width.
struct SiteGroup {
  std::vector<std::size_t> Sites; ///< indices into the walk's sites
  bool Store = false;
  unsigned Bytes = 0; ///< the width of each access as written
  /// Sites of consecutive statements on more than one line (StatementRuns.h);
  /// otherwise the sites of one line.
  bool CrossLine = false;
};
using SiteFilter = std::function<bool(const AccessSite &)>;

/// The sites Keep accepts, by line, array, kind and width.
std::vector<SiteGroup> lineGroups(const KernelResult &Walk, const SiteFilter &Keep);

/// The sites Keep accepts that sit in consecutive statements of one block
/// (StatementRuns.h) on more than one line, by array, kind and width.
std::vector<SiteGroup> crossLineGroups(const KernelResult &Walk, const SiteFilter &Keep, clang::ASTContext &Ctx);

/// One instance of a group's site, and its merge key: instances merge only
/// under equal keys. The key is the instance's guards, and across lines also
/// its loop values: the statements of one iteration are adjacent, those of
/// two iterations are not. Equal keys are one number.
struct InstanceRef {
  std::size_t Site = 0, Inst = 0;
  std::size_t Key = 0;
};
std::vector<InstanceRef> groupInstances(const KernelResult &Walk, const SiteGroup &G);

/// The site that reports a merged access of a group (Members: the sites of
/// the instances merged, the first one holding the lowest address). On one
/// line, that site; across lines, where the compiler puts the vector
/// instruction and a profiler counts it: a merged load at the first of the
/// statements, a merged store at the last (measured in the corpus SASS).
/// Sites Preferred accepts (the lines where the PTX has the vector) first.
std::size_t reportingSite(const KernelResult &Walk, const SiteGroup &G, const std::vector<std::size_t> &Members,
                          const std::function<bool(std::size_t)> &Preferred = nullptr);

/// "lines 242-243": the lines of a group's sites, for notes.
std::string linesText(const KernelResult &Walk, const SiteGroup &G);

/// Powers of two that divide E for every value of its free symbols (Bound
/// gives some their values), as an exponent: at least 62 for 0. Reads the
/// operators (`x * 8`, `(c ^ (r << 3)) * 4`), where the affine form of a
/// XOR or a division is only an unknown term.
unsigned knownTrailingZeros(const symbolic::Expr &E, const symbolic::Env &Bound);

/// Facts of byte offsets true for every lane and value: products of symbols
/// (a thread id times an array extent) are atoms, so equal ones cancel;
/// Bound gives symbols their values (the arrays' declared extents).
class OffsetFacts {
public:
  explicit OffsetFacts(const symbolic::SymbolTable &S, symbolic::Env Bound = symbolic::Env());
  /// E's affine form: the distance of two offsets is the difference of
  /// their forms (one constant when their terms agree).
  std::optional<symbolic::Affine> form(const symbolic::Expr &E);
  /// The forms of the byte offsets of All's instances, in order.
  std::vector<std::optional<symbolic::Affine>> forms(const KernelResult &Walk, const std::vector<InstanceRef> &All);
  /// B - A, when it is one constant.
  static std::optional<std::int64_t> distance(const std::optional<symbolic::Affine> &A,
                                              const std::optional<symbolic::Affine> &B);
  /// Base + E is a multiple of W (a power of two).
  bool aligned(const symbolic::Expr &E, std::int64_t Base, std::int64_t W);

private:
  symbolic::SymbolTable Atoms;
  symbolic::AtomIdMap Ids;
  symbolic::AffineContext Ctx;
  symbolic::Env Bound;
  /// form() of each offset asked for, by node (the Expr is kept, so that
  /// the node is not freed and reused while this lives): the ptxas rule asks
  /// for the same offsets at each width it tries.
  std::unordered_map<const void *, std::pair<symbolic::Expr, std::optional<symbolic::Affine>>> Forms;
};

/// Byte offsets of the kernel's shared variables in its shared memory, as
/// ptxas lays them out (measured, harness/forms/window_base.cu): the static
/// ones in declaration order, each at the next multiple of its alignment;
/// `extern` buffers after them at 16 bytes. Only variables the walk saw;
/// empty when one has an incomplete type.
std::map<const clang::VarDecl *, std::int64_t> sharedLayout(const KernelResult &Walk, clang::ASTContext &Ctx);

/// The arrays' declared extents (their layout symbols, kept for the padding
/// solver), for OffsetFacts.
symbolic::Env declaredExtents(const KernelResult &Walk);

/// All (indices) in chains at consecutive addresses, E bytes apart under
/// equal keys, each from its lowest address; nullopt on a cycle (never:
/// distances are positive).
std::optional<std::vector<std::vector<std::size_t>>> consecutiveChains(const KernelResult &Walk,
                                                                       const std::vector<InstanceRef> &All,
                                                                       unsigned E, OffsetFacts &Facts);

/// The chains cut into runs of W / E, each one's first byte (Base plus its
/// offset) a multiple of W for every lane and value; nullopt when a chain
/// does not cut so.
std::optional<std::vector<std::vector<std::size_t>>>
alignedRuns(const KernelResult &Walk, const std::vector<InstanceRef> &All,
            const std::vector<std::vector<std::size_t>> &Chains, unsigned E, unsigned W, std::int64_t Base,
            OffsetFacts &Facts);

/// The sites (of All) that one instruction width Wp covers: those whose
/// every instance is in a chain (of Chains) that cuts into runs of Wp / E
/// aligned to Wp (alignedRuns), and whose chains hold no instance of a site
/// that does not (a source access is issued at one width: a helper's
/// `s[pos]` whose pair is aligned in one call and not in another stays as
/// written). Their runs are appended to Runs. In the order of All.
std::vector<std::size_t> mergingSites(const KernelResult &Walk, const std::vector<InstanceRef> &All,
                                      const std::vector<std::vector<std::size_t>> &Chains, unsigned E,
                                      unsigned Wp, std::int64_t Base, OffsetFacts &Facts,
                                      std::vector<std::vector<std::size_t>> &Runs);

/// Runs of All (lowest address first) as mergeSites' heads: each run's first
/// instance, given to its reporting site (reportingSite, with Preferred).
std::map<std::size_t, std::vector<bank::AccessInstance>>
headsOf(const KernelResult &Walk, const SiteGroup &G, const std::vector<InstanceRef> &All,
        const std::vector<std::vector<std::size_t>> &Runs,
        const std::function<bool(std::size_t)> &Preferred = nullptr);

/// Gives the sites of a group (Idx) their merged instances (Heads: site ->
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

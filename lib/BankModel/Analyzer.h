//===- Analyzer.h - One access over a block: the analysis' parts -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Private to lib/BankModel: the analysis of one access (AccessAnalysis.cpp:
/// every warp and instance) and its handling of unknown uniform values
/// (UnknownValues.cpp: one unknown scaling the lanes, periodic unknowns,
/// sampling).
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_BANKMODEL_ANALYZER_H
#define BANKCHECK_BANKMODEL_ANALYZER_H

#include "BankModel/AccessAnalysis.h"
#include "BankModel/ThreadAffine.h"
#include "Symbolic/Evaluate.h"
#include "Symbolic/Program.h"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace bankcheck::bank::detail {

using namespace symbolic;

/// One flag per lane of a warp.
using LaneFlags = std::array<bool, WarpSize>;

struct Outcome {
  enum Kind { Decided, Possible, Undecided } K = Decided;
  unsigned Wavefronts = 0, Ideal = 0;
  bool AnyActive = false;
  WarpAddresses Lanes{};
  std::string Values;  ///< witness values (Possible) or the residue case
  std::string Why;     ///< for Undecided
};

class Analyzer {
public:
  Analyzer(const AccessQuery &Q, const SymbolTable &T, symbolic::ProgramCache *Programs = nullptr)
      : Q(Q), Symbols(&T), Programs(Programs) {}

  AccessResult run();

private:
  const AccessQuery &Q;
  SymbolTable Symbols; // a layer over the caller's: gains lane, warp and atom symbols
  /// Programs of the query's own instances, shared with other queries (null: none).
  symbolic::ProgramCache *Programs = nullptr;
  SymbolId LaneSym = 0, WarpSym = 0;
  std::uint64_t Spent = 0;
  std::set<std::string> Assumptions;
  bool Misaligned = false, Negative = false;
  bool InvariantBroken = false, InvariantUnknown = false;
  /// cp.async: the current warp's per-lane global source bytes (set by evalWarp).
  WarpAccess::SourceBytes Src{};
  /// Src is only ever set for cp.async (sources()): other forms skip
  /// clearing its 32 entries for every warp.
  void clearSources() {
    if (Q.F == Form::LDGSTS)
      Src = {};
  }
  WarpCost cost(const WarpAddresses &Lanes) const { return warpCost(WarpAccess{Lanes, Q.AccessBytes, Q.F, Src}); }
  /// The last byte offset an access may start at inside the variable (no
  /// limit where its size is not known).
  std::int64_t lastOffset() const { return Q.ArrayBytes ? *Q.ArrayBytes - std::int64_t(Q.AccessBytes) : INT64_MAX; }
  /// A lane's access at byte Offset is one an execution can make: aligned to
  /// its width (a misaligned one faults) and, for inside(), in the variable.
  bool aligned(std::int64_t Offset) const { return (Offset & std::int64_t(Q.AccessBytes - 1)) == 0; }
  bool inside(std::int64_t Offset) const { return Offset >= 0 && Offset <= lastOffset(); }
  unsigned wf(const WarpAddresses &Lanes) const { return cost(Lanes).Wavefronts; }
  /// Sets Src for this warp (the evaluation is kept across the analyses of
  /// the kernel's accesses: UnknownValues.cpp).
  void sources(const AccessInstance &I, const std::array<std::optional<Env>, WarpSize> &LaneEnvs,
               const LaneFlags &Active);
  void computeSources(const AccessInstance &I, const std::array<std::optional<Env>, WarpSize> &LaneEnvs,
                      const LaneFlags &Active, const char *&Assumption);
  /// The symbols the current instance's source offset names, and their
  /// facts as sources()' cache key spells them.
  std::vector<SymbolId> SourceSyms;
  std::vector<std::int64_t> SourceFacts;
  const AccessInstance *SourceSymsOf = nullptr;
  /// The current instance's expressions, flattened once for every lane.
  struct Compiled {
    Program Offset, Invariant;
    std::vector<Program> Guards;
    /// The offset's first lane-varying unknown (SymbolTable::firstLaneOpaque),
    /// found at the first lane that needs it.
    mutable std::optional<std::optional<SymbolId>> LaneOpaque;
    /// Whether a guard names one of the offset's unknowns (not a thread
    /// coordinate or a bound extent), found at the first warp that asks.
    mutable std::optional<bool> GuardsNameUnknowns;
    /// Per guard, with a block shape: its value where it does not read
    /// threadIdx, the same in every lane of every warp (the lanes' bindings
    /// differ only there), found at the first warp that reaches it. A guard
    /// reading a lane's unknown (LaneOpaque) may differ by lane: not one.
    struct UniformGuard {
      bool Uniform = false;
      std::optional<std::optional<std::int64_t>> Value;
      bool Told = false; ///< its assumption is in Assumptions
    };
    mutable std::vector<UniformGuard> GuardValues;
    /// Cache, when given, holds the programs (flattened once for every query).
    Compiled(const AccessInstance &I, bool Shape, symbolic::ProgramCache *Cache, const SymbolTable &Symbols)
        : Offset(Cache ? Cache->of(I.ByteOffset) : Program(I.ByteOffset)),
          Invariant(Cache ? Cache->of(I.Invariant) : Program(I.Invariant)) {
      for (const Guard &G : I.Guards) {
        Guards.push_back(Cache ? Cache->of(G.Cond) : Program(G.Cond));
        GuardValues.push_back(
            {Shape && !SymbolTable::mentionsThreadIdx(G.Cond) && !Symbols.firstLaneOpaque(G.Cond), std::nullopt, false});
      }
    }
  };
  const Compiled *Cur = nullptr;
  /// The affine forms of one warp's lanes (Symbols gains their atoms, named
  /// alike across the lanes). With a shape the lanes differ only in threadIdx
  /// (bindThread): what does not read it is evaluated once for the warp.
  struct WarpForms {
    symbolic::AtomIdMap AtomIds;
    std::map<std::pair<const void *, unsigned>, AffineContext::Reused> Reuse;
    AffineContext Ctx;
    WarpForms(SymbolTable &Symbols, bool Shape) {
      Ctx.Facts = &Symbols;
      Ctx.Atoms = &Symbols;
      Ctx.AtomIds = &AtomIds;
      if (Shape) {
        Ctx.Reuse = &Reuse;
        Ctx.VaryingBelow = SymbolTable::threadIdx(2) + 1;
      }
    }
    WarpForms(const WarpForms &) = delete;
    WarpForms &operator=(const WarpForms &) = delete;
  };
  /// sources()' forms, kept across the warps of one instance: what does not
  /// read threadIdx is the same in every warp, and atoms only tell equal
  /// forms from others within a warp. Made again for each instance.
  std::unique_ptr<WarpForms> SourceForms;
  const AccessInstance *SourceFormsOf = nullptr;
  /// Set by evalWarp: the first lane of the warp proven out of bounds.
  std::optional<std::pair<unsigned, std::int64_t>> WarpOutOfBounds;

  Outcome evalWarp(const AccessInstance &I, const std::array<std::optional<Env>, WarpSize> &LaneEnvs);
  /// An instance whose offset and guards are exact per thread once the
  /// shape and the bindings are bound (ThreadAffine; no invariant, no
  /// cp.async source): evaluated per thread as evalWarp would. A guard that no lane
  /// can evaluate (it reads a run-time or loaded value, and has no select:
  /// evalWarp's program fails in every lane) is none: every lane passes
  /// it, with its assumption, as evalWarp keeps them.
  struct FastInstance {
    ThreadAffine Offset;
    std::vector<std::optional<ThreadAffine>> Guards;
    /// Per guard, the assumption an undecidable one makes (else empty).
    std::vector<std::string> Assumed;
  };
  std::optional<FastInstance> fastInstance(const AccessInstance &I) const;
  /// The block's warps' threads (set by run() when an instance is fast).
  const std::vector<WarpThreads> *Threads = nullptr;
  /// One warp of a fast instance: its active lanes and their byte offsets.
  struct AffineLanes {
    std::uint32_t On = 0;
    std::array<std::int64_t, WarpSize> C{};
    /// An undecidable guard was reached with lanes on: no lane is sure to
    /// take the access (evalWarp's Sure: out-of-bounds lanes are not told).
    bool Unsure = false;
  };
  /// Adds the assumptions of the undecidable guards reached.
  AffineLanes affineLanes(const FastInstance &F, unsigned W);
  /// The warp's outcome from its lanes; Known, when given, is their cost
  /// (that of lanes a whole number of words away, which is the same).
  Outcome affineWarp(const AffineLanes &A, const WarpCost *Known);
  /// True, with O undecided, when an active lane's offset (or constant part)
  /// C is within a few bytes of the 64-bit limits: it has no address.
  static bool nearLimit(Outcome &O, const std::array<std::int64_t, WarpSize> &C, std::uint32_t Active);
  /// A fast instance with an earlier one's guards and offset up to a whole
  /// number of words (an unrolled `tile[ty + j][tx]`): each warp has that
  /// instance's active lanes, its offsets plus Shift, and its cost, since a
  /// whole-word shift rotates every bank alike (warpCost's key relies on it).
  struct RepeatOf {
    std::size_t First;
    std::int64_t Shift;
  };
  static std::vector<std::optional<RepeatOf>> repeats(const std::vector<std::optional<FastInstance>> &Fast);
  /// What concreteWarp's per-lane tests need of a warp's lanes: the extremes
  /// of the active offsets and of the counted ones, and the counted or-ed.
  struct Extremes {
    bool Valid = false; ///< some lane active
    std::uint32_t Counted = 0;
    std::int64_t LoActive = 0, HiActive = 0, Lo = 0, Hi = 0;
    std::uint64_t Bits = 0;
  };
  Extremes extremes(const AffineLanes &A) const;
  /// The lanes of Active whose address the instruction uses (ldmatrix .x1
  /// and .x2 ignore the upper lanes').
  std::uint32_t counted(std::uint32_t Active) const {
    const unsigned AddressLanes = rule(Q.F).AddressLanes;
    return Active & (AddressLanes >= WarpSize ? ~0u : (1u << AddressLanes) - 1);
  }
  /// What a repeated instance takes from its first, per warp.
  struct Memo {
    AffineLanes Lanes;
    std::optional<WarpCost> Cost; ///< none when the warp was not decided
    Extremes X;                   ///< set where a later warp may move it
  };
  /// The outcome of M's warp with every offset moved by Shift (whole words,
  /// so its cost is M's) from M's extremes alone, when they decide every
  /// per-lane test as concreteWarp would: no lane near the limits, negative
  /// or out of bounds, alignment kept. O's lanes are not filled (movedLanes
  /// gives them); false, with nothing changed, when a lane must be looked at.
  bool movedWarp(Outcome &O, const Memo &M, std::int64_t Shift);
  static WarpAddresses movedLanes(const AffineLanes &A, std::int64_t Shift);
  /// The outcome of a warp whose active lanes (a mask) have the concrete
  /// offsets C; Sure: those active with every guard decided. CheckLimits:
  /// first nearLimit's test (undecided, nothing else noted, when it holds).
  void concreteWarp(Outcome &O, const std::array<std::int64_t, WarpSize> &C, std::uint32_t Active,
                    std::uint32_t Sure, const WarpCost *Known = nullptr, bool CheckLimits = false);
  std::optional<Outcome> scaledWarp(const std::array<std::optional<Affine>, WarpSize> &Forms,
                                    const LaneFlags &Active);
  /// Whether one of I's guards names an unknown of I's offset (a uniform or
  /// grid value, not a thread coordinate, block extent or array extent, nor
  /// the warp index standing for threadIdx.x's part without a block shape).
  /// Whether the values sampleWarp gives decide one of the guards Ks: its
  /// unknowns are all the offset's (a guard reading a parameter the offset
  /// does not, or a lane's unknown, stays undecided under every sample).
  bool samplesDecide(const AccessInstance &I, const std::vector<std::size_t> &Ks) const;
  bool guardsNameUnknowns(const AccessInstance &I) const;
  /// Exactly, when every free symbol is periodic (Periodic.h): decided when
  /// all its values agree, else possible; nullopt when not applicable.
  std::optional<Outcome> periodicWarp(const AccessInstance &I,
                                      const std::array<std::optional<Env>, WarpSize> &LaneEnvs,
                                      const LaneFlags &Active, const std::vector<SymbolId> &Free);
  /// NonAffine: the offset failed as non-affine; before sampling, it is
  /// evaluated again with choices as atoms (AffineContext::SelectAtoms).
  /// A sampled witness says which guards it leaves undecided on its lanes;
  /// Told: the assumptions evalWarp first said of lane guards for this warp,
  /// withdrawn then (the samples decide what they can).
  Outcome sampleWarp(const AccessInstance &I, const std::array<std::optional<Env>, WarpSize> &LaneEnvs,
                     const LaneFlags &Active, const std::string &Why, bool NonAffine = false,
                     const std::vector<std::set<std::string>::iterator> *Told = nullptr);
  /// evalWarp's affine forms take choices as atoms (set for that retry).
  bool SelectAtoms = false;
  /// For that retry: the assumptions its caller's evalWarp first said of
  /// lane guards (sampleWarp's Told), taken by the next evalWarp.
  const std::vector<std::set<std::string>::iterator> *InheritedTold = nullptr;
  /// The symbols sampleWarp's uniform parts stand for, made as needed and
  /// reused by every sampling of this analysis (never reported).
  std::vector<SymbolId> PartSymbols;
  /// E with its largest subtrees that read only the sampled symbols Free
  /// (and some of them: not a single one) replaced by PartSymbols, each
  /// distinct subtree once in Parts. Kind: 0 when E reads no symbol, 1 when
  /// it reads only Free ones (E is then returned as it is: the caller's
  /// part), 2 otherwise.
  Expr hoistUniform(const Expr &E, const std::vector<SymbolId> &Free, std::vector<Expr> &Parts, int &Kind);
  /// The symbol standing for Part (the K-th of Parts: added when new).
  SymbolId partSymbol(std::vector<Expr> &Parts, const Expr &Part);
};

/// Tests: false makes every instance take the general evaluation (evalWarp).
/// A change empties this thread's AnalysisMemo, so each path computes its own.
void setThreadAffinePath(bool On);
/// Tests: how many warps took an earlier warp's offsets moved (this thread),
/// and how many of those movedWarp decided from the extremes alone; how
/// many times an undecidable guard was passed on the fast path.
extern thread_local std::uint64_t WarpShiftsTaken, WarpsMovedWhole, GuardsAssumedFast;

std::string describeValues(const std::vector<std::pair<SymbolId, std::int64_t>> &Vals, const SymbolTable &T);
bool satisfiesFacts(const Symbol &S, std::int64_t V);

} // namespace bankcheck::bank::detail

#endif

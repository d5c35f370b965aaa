//===- AnalysisMemo.cpp - Results of access analyses asked again ----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "BankModel/AnalysisMemo.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace bankcheck::bank {

using symbolic::Expr;
using symbolic::Symbol;
using symbolic::SymbolId;
using symbolic::SymbolTable;

namespace {
/// Symbols below this are the builtin coordinates, the same in every table.
const SymbolId FirstOwnSymbol = SymbolTable::gridDim(2) + 1;
/// Bounds on what one thread keeps: past them the memo starts again. A kept
/// question keeps its expressions alive after its kernel's walk is freed:
/// bounds 64 times these added 27 MB to cuda-convnet2's weight_acts.cu (peak
/// 187 -> 214 MB) for no faster a run (2.1 s either way; docs/Design.md).
constexpr std::size_t MaxEntries = 1 << 10;
constexpr std::size_t MaxKeptInstances = 1 << 10;
/// A question with more instances is computed and not kept.
constexpr std::size_t MaxInstancesPerEntry = 1 << 8;

std::size_t mix(std::size_t Seed, std::size_t V) { return Seed ^ (V + 0x9e3779b97f4a7c15ULL + (Seed << 6) + (Seed >> 2)); }
std::size_t textHash(const symbolic::SharedText &T) { return std::hash<const void *>()(T.identity()); }

/// The symbols Q mentions (not the builtins), sorted, with their descriptions.
std::vector<std::pair<SymbolId, Symbol>> mentioned(const AccessQuery &Q, const SymbolTable &Symbols) {
  std::vector<SymbolId> Ids;
  std::unordered_set<const void *> Seen;
  auto Note = [&](SymbolId S) {
    if (S >= FirstOwnSymbol)
      Ids.push_back(S);
  };
  for (const AccessInstance &I : Q.Instances) {
    symbolic::forEachSymbolOnce(I.ByteOffset, Seen, Note);
    for (const Guard &G : I.Guards)
      symbolic::forEachSymbolOnce(G.Cond, Seen, Note);
    symbolic::forEachSymbolOnce(I.Invariant, Seen, Note);
    symbolic::forEachSymbolOnce(I.SourceOffset, Seen, Note);
  }
  for (const auto &B : Q.Bindings)
    Note(B.first);
  std::sort(Ids.begin(), Ids.end());
  Ids.erase(std::unique(Ids.begin(), Ids.end()), Ids.end());
  std::vector<std::pair<SymbolId, Symbol>> Out;
  Out.reserve(Ids.size());
  for (SymbolId S : Ids) {
    Out.emplace_back(S, Symbols.get(S));
    // A bound extent is a value everywhere the analysis looks; its name
    // (`tile7.extent`) is never printed, so two arrays' extents compare equal.
    if (std::any_of(Q.Bindings.begin(), Q.Bindings.end(), [&](const auto &B) { return B.first == S; }))
      Out.back().second.Name = symbolic::SymbolName();
  }
  return Out;
}

std::size_t hashOf(const AccessQuery &Q, std::size_t TableSize, const std::vector<std::pair<SymbolId, Symbol>> &Syms) {
  std::size_t H = mix(TableSize, Q.AccessBytes);
  H = mix(H, static_cast<std::size_t>(Q.F));
  if (Q.Shape)
    H = mix(mix(mix(H, Q.Shape->X), Q.Shape->Y), Q.Shape->Z);
  H = mix(H, Q.ArrayBytes ? static_cast<std::size_t>(*Q.ArrayBytes) : ~std::size_t(0));
  H = mix(H, Q.Budget);
  for (const AccessInstance &I : Q.Instances) {
    H = mix(H, symbolic::hashValue(I.ByteOffset));
    H = hashGuards(H, I.Guards);
    H = mix(H, symbolic::hashValue(I.Invariant));
    H = mix(H, symbolic::hashValue(I.SourceOffset));
    H = mix(H, I.Multiplicity);
  }
  for (const auto &B : Q.Bindings)
    H = mix(mix(H, B.first), static_cast<std::size_t>(B.second));
  for (const auto &[Id, S] : Syms) {
    H = mix(mix(H, Id), static_cast<std::size_t>(S.Kind) * 4 + S.Dim);
    H = mix(mix(H, textHash(S.Name.stem())), S.Name.number());
    H = mix(H, textHash(S.Reason));
    H = mix(mix(mix(H, S.Min ? static_cast<std::size_t>(*S.Min) : 0x5bd1e995), S.Modulus), S.Rem);
    H = mix(H, S.Max ? static_cast<std::size_t>(*S.Max) : 0x27d4eb2d);
  }
  return H;
}

bool sameExpr(const Expr &A, const Expr &B) {
  return A.isNull() == B.isNull() && symbolic::hashValue(A) == symbolic::hashValue(B) && A.equals(B);
}

bool sameInstance(const AccessInstance &A, const AccessInstance &B) {
  if (A.Multiplicity != B.Multiplicity || A.Guards.size() != B.Guards.size() ||
      !sameExpr(A.ByteOffset, B.ByteOffset) || !sameExpr(A.Invariant, B.Invariant) ||
      !sameExpr(A.SourceOffset, B.SourceOffset))
    return false;
  for (std::size_t G = 0; G < A.Guards.size(); ++G)
    if (A.Guards[G].Text != B.Guards[G].Text || !sameExpr(A.Guards[G].Cond, B.Guards[G].Cond))
      return false;
  return true;
}

bool sameQuery(const AccessQuery &A, const AccessQuery &B) {
  auto ShapeOf = [](const AccessQuery &Q) {
    return Q.Shape ? std::make_tuple(true, Q.Shape->X, Q.Shape->Y, Q.Shape->Z) : std::make_tuple(false, 0u, 0u, 0u);
  };
  if (A.AccessBytes != B.AccessBytes || A.F != B.F || ShapeOf(A) != ShapeOf(B) || A.Budget != B.Budget ||
      A.ArrayBytes != B.ArrayBytes || A.Bindings != B.Bindings || A.ShapeUnknownWhy != B.ShapeUnknownWhy ||
      A.Instances.size() != B.Instances.size())
    return false;
  for (std::size_t I = 0; I < A.Instances.size(); ++I)
    if (!sameInstance(A.Instances[I], B.Instances[I]))
      return false;
  return true;
}

struct Entry {
  AccessQuery Q;
  std::size_t TableSize = 0;
  std::vector<std::pair<SymbolId, Symbol>> Syms;
  AccessResult R;
};

struct Memo {
  std::unordered_multimap<std::size_t, Entry> Entries;
  std::size_t KeptInstances = 0;
  MemoStats Stats;
};

Memo &memo() {
  thread_local Memo M;
  return M;
}
} // namespace

AccessResult rememberedAnalysis(const AccessQuery &Q, const SymbolTable &Symbols,
                                const std::function<AccessResult()> &Compute) {
  Memo &M = memo();
  if (Q.Instances.size() > MaxInstancesPerEntry) {
    ++M.Stats.Skipped;
    return Compute();
  }
  std::vector<std::pair<SymbolId, Symbol>> Syms = mentioned(Q, Symbols);
  const std::size_t H = hashOf(Q, Symbols.size(), Syms);
  auto [Begin, End] = M.Entries.equal_range(H);
  for (auto It = Begin; It != End; ++It) {
    const Entry &E = It->second;
    if (E.TableSize == Symbols.size() && E.Syms == Syms && sameQuery(E.Q, Q)) {
      ++M.Stats.Hits;
      // Labels are only copied into the result, from the instance they name.
      AccessResult R = E.R;
      if (R.Worst)
        R.Worst->Label = Q.Instances[R.Worst->Instance].Label;
      if (R.Bounds)
        R.Bounds->Label = Q.Instances[R.Bounds->Instance].Label;
      return R;
    }
  }
  ++M.Stats.Misses;
  AccessResult R = Compute();
  if (M.Entries.size() >= MaxEntries || M.KeptInstances + Q.Instances.size() > MaxKeptInstances) {
    M.Entries.clear();
    M.KeptInstances = 0;
  }
  M.KeptInstances += Q.Instances.size();
  M.Entries.emplace(H, Entry{Q, Symbols.size(), std::move(Syms), R});
  return R;
}

MemoStats analysisMemoStats() { return memo().Stats; }

void clearAnalysisMemo() {
  Memo &M = memo();
  M.Entries.clear();
  M.KeptInstances = 0;
  M.Stats = MemoStats();
}

} // namespace bankcheck::bank

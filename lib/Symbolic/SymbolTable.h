//===- SymbolTable.h - What each symbol of an Expr stands for -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Symbols are the leaves of an Expr that are not constants. Each has a kind
/// that says how the analysis treats it: thread coordinates vary across lanes,
/// uniform symbols take one (unknown) value for the whole warp, opaque lane
/// values are lane-varying values the analysis cannot model.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_SYMBOLIC_SYMBOLTABLE_H
#define BANKCHECK_SYMBOLIC_SYMBOLTABLE_H

#include "Symbolic/Expr.h"

#include <cstdint>
#include <cassert>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace bankcheck::symbolic {

enum class SymbolKind : std::uint8_t {
  ThreadIdx,   ///< threadIdx.{x,y,z}; Dim says which
  BlockDim,    ///< blockDim.{x,y,z}
  BlockIdx,    ///< blockIdx.{x,y,z}: warp-uniform, unknown
  GridDim,     ///< gridDim.{x,y,z}: warp-uniform, unknown
  Uniform,     ///< a warp-uniform value the analysis does not know (a kernel
               ///< parameter, a load from a uniform address, a loop counter
               ///< whose trip count is unknown)
  LaneOpaque,  ///< a lane-varying value that cannot be modelled (data-dependent)
  Layout,      ///< an array extent; always bound (AccessQuery::Bindings), so
               ///< that the padding solver can try other values
  Function     ///< an unknown function, used by Op::Apply (Reason says what)
};

/// Text that many symbols share: an unknown made again at every unrolled
/// iteration of a loop says the same thing each time. Equal texts made on one
/// thread share one copy (a pool of recent texts), so a new symbol whose text
/// was seen before costs no allocation.
class SharedText {
public:
  SharedText() = default;
  SharedText(std::string S) : P(S.empty() ? nullptr : shared(std::move(S))) {}
  SharedText(const char *S) : SharedText(std::string(S)) {}
  const std::string &str() const { return P ? *P : empty_(); }
  operator const std::string &() const { return str(); }
  bool empty() const { return !P; }
  friend bool operator==(const SharedText &A, const SharedText &B) { return A.P == B.P || A.str() == B.str(); }
  friend bool operator!=(const SharedText &A, const SharedText &B) { return !(A == B); }
  /// The shared copy: equal for texts made from one pooled copy, so a hash
  /// of it is consistent with operator== within one thread's pool (equal
  /// texts from two copies compare equal but may hash apart).
  const void *identity() const { return P.get(); }

private:
  static const std::string &empty_();
  static std::shared_ptr<const std::string> shared(std::string S);
  std::shared_ptr<const std::string> P;
};

/// A symbol's printed name: a stem, and for the unknowns the walk makes at
/// every unrolled iteration a number after it ("R_Q[i][0]#12"), the stem
/// shared with theirs.
class SymbolName {
public:
  SymbolName() = default;
  SymbolName(std::string Stem) : Stem(std::move(Stem)) {}
  SymbolName(const char *Stem) : Stem(Stem) {}
  /// Stem followed by '#' and Number (Number > 0).
  SymbolName(std::string Stem, std::uint32_t Number) : Stem(std::move(Stem)), Number(Number) {}
  std::string str() const;
  operator std::string() const { return str(); }
  void appendTo(std::string &Out) const;
  friend bool operator==(const SymbolName &A, const SymbolName &B) {
    return A.Number == B.Number && A.Stem == B.Stem;
  }
  const SharedText &stem() const { return Stem; }
  std::uint32_t number() const { return Number; }

private:
  SharedText Stem;
  std::uint32_t Number = 0;
};

struct Symbol {
  SymbolName Name;    ///< how it prints: "threadIdx.x", "n", "k"
  SymbolKind Kind;
  unsigned Dim = 0;   ///< 0, 1, 2 for x, y, z
  SharedText Reason;  ///< for LaneOpaque/Uniform: why it is not modelled
  /// Facts that hold for every value: Min <= Value <= Max, Value == Rem
  /// (mod Modulus).
  std::optional<std::int64_t> Min, Max;
  std::int64_t Modulus = 1, Rem = 0;
  friend bool operator==(const Symbol &A, const Symbol &B) {
    return A.Kind == B.Kind && A.Dim == B.Dim && A.Min == B.Min && A.Max == B.Max && A.Modulus == B.Modulus &&
           A.Rem == B.Rem &&
           A.Name == B.Name && A.Reason == B.Reason;
  }
};

class SymbolTable {
public:
  /// A table of the builtin coordinates only: a layer over one shared,
  /// read-only table of them (so a kernel's table starts empty).
  SymbolTable();
  /// A layer over Parent: its symbols keep their ids, new ones are added here.
  /// Parent must outlive the layer and not grow while the layer is used.
  explicit SymbolTable(const SymbolTable *Parent)
      : Parent(Parent), Offset(Parent ? Parent->size() : 0) {}
  /// The six builtin coordinates exist in every table with fixed ids.
  static SymbolId threadIdx(unsigned Dim) { return Dim; }
  static SymbolId blockDim(unsigned Dim) { return 3 + Dim; }
  static SymbolId blockIdx(unsigned Dim) { return 6 + Dim; }
  static SymbolId gridDim(unsigned Dim) { return 9 + Dim; }

  SymbolId add(Symbol S);
  const Symbol &get(SymbolId Id) const {
    assert(Id < size() && "a symbol of another table (a layer above this one)");
    return Id < Offset ? Parent->get(Id) : local(Id - Offset);
  }
  std::size_t size() const { return Offset + Count; }
  /// The table this one is a layer over (null: none); its ids are below
  /// this layer's.
  const SymbolTable *parent() const { return Parent; }

  /// True when the expression mentions a lane-varying symbol (threadIdx, LaneOpaque).
  bool isLaneVarying(const Expr &E) const;
  /// True when the expression mentions threadIdx.x, .y or .z (the builtin ids).
  static bool mentionsThreadIdx(const Expr &E);
  /// The first LaneOpaque symbol the expression mentions, if any: a value
  /// that may differ by lane and is not known (wherever it stands).
  std::optional<SymbolId> firstLaneOpaque(const Expr &E) const;

private:
  struct BuiltinsTag {};
  explicit SymbolTable(BuiltinsTag);
  static const SymbolTable &builtins();
  const SymbolTable *Parent = nullptr;
  std::size_t Offset = 0;
  /// This layer's symbols in chunks of 16, 32, 64, ... that never move: a
  /// table of hundreds of thousands of symbols (unknowns made at every
  /// unrolled iteration) grows without copying itself or doubling its size.
  std::vector<std::vector<Symbol>> Chunks;
  std::size_t Count = 0;
  static constexpr unsigned FirstChunkBits = 4;
  const Symbol &local(std::size_t I) const {
    const std::size_t J = I + (std::size_t(1) << FirstChunkBits);
    const unsigned Top = 63u - unsigned(__builtin_clzll(J));
    return Chunks[Top - FirstChunkBits][J - (std::size_t(1) << Top)];
  }
};

/// C-like text of an expression ("threadIdx.x * 33 + k").
std::string print(const Expr &E, const SymbolTable &T);

} // namespace bankcheck::symbolic

#endif

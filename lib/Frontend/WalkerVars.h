//===- WalkerVars.h - The walker's variables, with an undo log -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Walker::Vars. The variables' values are a CowMap (copies share storage
/// until one is written); on top of it:
/// - the variables outside any function (globals, static members) it was
///   ever given are kept, so that a helper's walk starts from those without a
///   look at each of the caller's locals (startFromOutside);
/// - a trial run (a loop's probe, a constructor's initialisers) takes a mark
///   and undoes what it wrote, instead of keeping a copy to restore: a copy
///   would be shared, and the trial's first write would copy the whole map.
///   While a mark is held, every write records the value it replaces and
///   every replacement of the whole map the map it replaces.
///
/// Every write goes through operator[] or an assignment of a whole map;
/// reading goes through const iterators (CowMap.h says how long they hold).
/// Its copies (the states kept to merge or restore) are plain CowMaps.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_WALKERVARS_H
#define BANKCHECK_FRONTEND_WALKERVARS_H

#include "Frontend/CowMap.h"

#include "clang/AST/Decl.h"

#include <cassert>
#include <optional>
#include <set>
#include <vector>

namespace bankcheck::frontend {

template <class Value> class WalkerVarsT {
public:
  using Map = CowMap<const clang::VarDecl *, Value>;
  using const_iterator = typename Map::const_iterator;

  WalkerVarsT() = default;
  WalkerVarsT(const WalkerVarsT &) = delete;
  WalkerVarsT &operator=(const WalkerVarsT &) = delete;

  const_iterator find(const clang::VarDecl *VD) const { return M.find(VD); }
  const_iterator begin() const { return M.begin(); }
  const_iterator end() const { return M.end(); }
  std::size_t count(const clang::VarDecl *VD) const { return M.count(VD); }
  std::size_t size() const { return M.size(); }
  /// The variables as they are (a copy shares the storage).
  operator const Map &() const { return M; }

  /// The value of VD to write (made, default, where absent).
  Value &operator[](const clang::VarDecl *VD) {
    if (Marks) {
      auto It = M.find(VD);
      Log.push_back({VD, It != M.end() ? std::optional<Value>(It->second) : std::nullopt, Map(), false});
    }
    auto [It, New] = M.mut().try_emplace(VD);
    if (New && !VD->isLocalVarDeclOrParm())
      Outside.insert(VD);
    return It->second;
  }
  WalkerVarsT &operator=(const Map &O) {
    replace(Map(O));
    return *this;
  }
  WalkerVarsT &operator=(Map &&O) {
    replace(std::move(O));
    return *this;
  }
  /// Keeps only the variables outside any function that Caller holds.
  void startFromOutside(const Map &Caller) {
    Map Kept;
    for (const clang::VarDecl *VD : Outside)
      if (auto It = Caller.find(VD); It != Caller.end())
        Kept.mut().emplace_hint(Kept.mut().end(), VD, It->second);
    replace(std::move(Kept));
  }

  /// Starts recording what is written; undo(the mark) puts it back.
  std::size_t mark() {
    ++Marks;
    return Log.size();
  }
  /// Puts back everything written since Mark, latest first.
  void undo(std::size_t Mark) {
    assert(Marks && Mark <= Log.size() && "undo without its mark");
    while (Log.size() > Mark) {
      Entry &E = Log.back();
      if (E.IsWhole)
        M = std::move(E.Whole);
      else if (E.Old)
        M.mut()[E.VD] = std::move(*E.Old);
      else
        M.mut().erase(E.VD);
      Log.pop_back();
    }
    --Marks;
  }

private:
  void replace(Map New) {
    if (Marks)
      Log.push_back({nullptr, std::nullopt, M, true});
    M = std::move(New);
  }
  struct Entry {
    const clang::VarDecl *VD;  ///< a write: the variable
    std::optional<Value> Old;  ///< its value before (none: absent)
    Map Whole;                 ///< a replacement: the map before
    bool IsWhole;
  };
  Map M;
  std::set<const clang::VarDecl *> Outside;
  std::vector<Entry> Log;
  unsigned Marks = 0;
};

} // namespace bankcheck::frontend

#endif

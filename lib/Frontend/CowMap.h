//===- CowMap.h - An ordered map whose copies share storage -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The walker's variables are copied at every branch, loop probe and call
/// (the state before, to restore or to merge), and most of those copies are
/// never written: a branch that only stores to shared memory leaves every
/// variable as it was. A CowMap is a std::map whose copies share one
/// storage until one of them is written (copy on write): a copy costs a
/// reference count, a write after a copy one copy of the map.
///
/// Reading goes through const iterators only; writing through operator[] or
/// mut(), which make the storage this map's own first. An iterator taken
/// before a write may point into storage the map no longer uses: take it
/// again after writing. use_count() is exact here because a walk's maps never
/// leave its thread.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_COWMAP_H
#define BANKCHECK_FRONTEND_COWMAP_H

#include <map>
#include <memory>

namespace bankcheck::frontend {

/// *P as this owner's own, to write: made (default) where P is null, copied
/// first where P is shared.
template <class T> T &ownCopy(std::shared_ptr<T> &P) {
  if (!P)
    P = std::make_shared<T>();
  else if (P.use_count() > 1)
    P = std::make_shared<T>(*P);
  return *P;
}

template <class Key, class T> class CowMap {
public:
  using Map = std::map<Key, T>;
  using const_iterator = typename Map::const_iterator;
  using value_type = typename Map::value_type;

  CowMap() = default;

  const Map &get() const { return P ? *P : emptyMap(); }
  const_iterator find(const Key &K) const { return get().find(K); }
  const_iterator begin() const { return get().begin(); }
  const_iterator end() const { return get().end(); }
  std::size_t count(const Key &K) const { return get().count(K); }
  std::size_t size() const { return get().size(); }
  bool empty() const { return get().empty(); }

  /// The value at K, made (default) where absent; the storage is this map's
  /// own afterwards.
  T &operator[](const Key &K) { return mut()[K]; }
  /// The storage, this map's own (copied first when shared).
  Map &mut() { return ownCopy(P); }
  void clear() { P.reset(); }
  void swap(CowMap &O) noexcept { P.swap(O.P); }
  /// True when both maps use one storage (so they hold the same entries).
  bool sharesStorageWith(const CowMap &O) const { return P == O.P; }

private:
  static const Map &emptyMap() {
    static const Map Empty;
    return Empty;
  }
  std::shared_ptr<Map> P; ///< null: empty
};

} // namespace bankcheck::frontend

#endif

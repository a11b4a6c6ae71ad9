// The locations of an execution graph by start address: a sorted vector, as graphs have few
// locations and are copied at every revisit (a node-based map costs an allocation per
// location and a pointer chase per lookup).
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

#include "model/Event.h"

namespace scopemc {

template <typename Info> class LocationMap {
public:
  using Entry = std::pair<Addr, Info>;
  using const_iterator = typename std::vector<Entry>::const_iterator;

  const Info *find(Addr a) const {
    // Lookups come in runs on one location (e.g. a lock's): the last one found is tried first.
    if (last_ < entries_.size() && entries_[last_].first == a)
      return &entries_[last_].second;
    auto it = lowerBound(a);
    if (it == entries_.end() || it->first != a)
      return nullptr;
    last_ = static_cast<size_t>(it - entries_.begin());
    return &it->second;
  }
  Info *find(Addr a) { return const_cast<Info *>(std::as_const(*this).find(a)); }
  /// The location at `a`, added empty when missing (references to others may move then).
  Info &operator[](Addr a) {
    auto it = lowerBound(a);
    if (it == entries_.end() || it->first != a)
      it = entries_.insert(it, Entry{a, Info{}});
    return entries_[static_cast<size_t>(it - entries_.cbegin())].second;
  }
  void erase(Addr a) {
    auto it = lowerBound(a);
    if (it != entries_.end() && it->first == a)
      entries_.erase(it);
  }
  /// Rebuilding the map in address order over its own entries: entry k gets address `a`
  /// (larger than those of entries 0..k-1) and keeps its info's storage for the caller to
  /// fill; truncate(n) then drops the entries from n on.
  Info &slot(size_t k, Addr a) {
    if (k == entries_.size())
      entries_.emplace_back(a, Info{});
    entries_[k].first = a;
    last_ = 0;
    return entries_[k].second;
  }
  void truncate(size_t n) {
    if (n < entries_.size())
      entries_.erase(entries_.begin() + static_cast<long>(n), entries_.end());
  }
  size_t size() const { return entries_.size(); }
  /// The first location whose address is at least `a`.
  const_iterator lowerBound(Addr a) const {
    return std::lower_bound(entries_.begin(), entries_.end(), a,
                            [](const Entry &e, Addr x) { return e.first < x; });
  }
  const_iterator begin() const { return entries_.begin(); }
  const_iterator end() const { return entries_.end(); }

private:
  std::vector<Entry> entries_;
  mutable size_t last_ = 0; // an index into entries_, checked before use
};

} // namespace scopemc

// The locations of an execution graph by start address: sorted vectors of at most 2 kChunk
// entries each, in address order, as graphs have few locations and are copied at every revisit
// (a node-based map costs an allocation per location and a pointer chase per lookup), and some
// have very many (a host loop over a large array): an insertion moves the entries of one chunk
// only, not of the whole map.
//
// Contract: one entry per address, iterated in increasing address order; find costs O(log n).
// Adding or erasing an entry may move others: pointers, references and iterators into the map
// last only until then. find is const but updates a one-entry cache, so a map is used by one
// thread at a time. A rebuild calls slot(k, a) for k = 0, 1, ... with increasing addresses,
// and nothing else until truncate(n); slot may hand back an old entry's Info unchanged, for the
// caller to overwrite in full.
#pragma once

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <utility>
#include <vector>

#include "model/Event.h"

namespace scopemc {

template <typename Info> class LocationMap {
public:
  using Entry = std::pair<Addr, Info>;
  using Chunk = std::vector<Entry>;

  /// A bidirectional iterator over the entries in address order.
  class const_iterator {
  public:
    using iterator_category = std::bidirectional_iterator_tag;
    using value_type = Entry;
    using difference_type = std::ptrdiff_t;
    using pointer = const Entry *;
    using reference = const Entry &;
    const_iterator() = default;
    reference operator*() const { return (*chunks_)[c_][i_]; }
    pointer operator->() const { return &**this; }
    const_iterator &operator++() {
      if (++i_ == (*chunks_)[c_].size() && c_ + 1 < chunks_->size()) {
        ++c_;
        i_ = 0;
      }
      return *this;
    }
    const_iterator &operator--() {
      if (i_ == 0) {
        --c_;
        i_ = (*chunks_)[c_].size();
      }
      --i_;
      return *this;
    }
    bool operator==(const const_iterator &o) const { return c_ == o.c_ && i_ == o.i_; }

  private:
    friend class LocationMap;
    const_iterator(const std::vector<Chunk> *chunks, size_t c, size_t i)
        : chunks_(chunks), c_(c), i_(i) {}
    const std::vector<Chunk> *chunks_ = nullptr;
    size_t c_ = 0, i_ = 0; // end(): the last chunk, one past its last entry (or 0, 0)
  };

  const Info *find(Addr a) const {
    // Lookups come in runs on one location (e.g. a lock's): the last one found is tried first.
    if (lastC_ < chunks_.size() && lastI_ < chunks_[lastC_].size() &&
        chunks_[lastC_][lastI_].first == a)
      return &chunks_[lastC_][lastI_].second;
    auto [c, i] = position(a);
    if (c >= chunks_.size() || i >= chunks_[c].size() || chunks_[c][i].first != a)
      return nullptr;
    lastC_ = c;
    lastI_ = i;
    return &chunks_[c][i].second;
  }
  Info *find(Addr a) { return const_cast<Info *>(std::as_const(*this).find(a)); }
  /// The location at `a`, added empty when missing (references to others may move then).
  Info &operator[](Addr a) {
    if (chunks_.empty())
      chunks_.emplace_back();
    auto [c, i] = position(a);
    if (c == chunks_.size()) { // past every entry: the last chunk takes it
      c = chunks_.size() - 1;
      i = chunks_[c].size();
    }
    Chunk &ch = chunks_[c];
    if (i < ch.size() && ch[i].first == a)
      return ch[i].second;
    ch.insert(ch.begin() + static_cast<long>(i), Entry{a, Info{}});
    ++size_;
    if (ch.size() > 2 * kChunk) { // split in two halves
      Chunk upper(std::make_move_iterator(ch.begin() + static_cast<long>(kChunk)),
                  std::make_move_iterator(ch.end()));
      ch.erase(ch.begin() + static_cast<long>(kChunk), ch.end());
      chunks_.insert(chunks_.begin() + static_cast<long>(c) + 1, std::move(upper));
      if (i >= kChunk) {
        ++c;
        i -= kChunk;
      }
    }
    return chunks_[c][i].second;
  }
  void erase(Addr a) {
    auto [c, i] = position(a);
    if (c >= chunks_.size() || i >= chunks_[c].size() || chunks_[c][i].first != a)
      return;
    chunks_[c].erase(chunks_[c].begin() + static_cast<long>(i));
    --size_;
    if (chunks_[c].empty() && chunks_.size() > 1)
      chunks_.erase(chunks_.begin() + static_cast<long>(c));
  }
  /// Rebuilding the map in address order over its own entries: entry k gets address `a`
  /// (larger than those of entries 0..k-1) and keeps its info's storage for the caller to
  /// fill; truncate(n) then drops the entries from n on. (The rebuilt chunks are full.)
  Info &slot(size_t k, Addr a) {
    lastC_ = lastI_ = 0;
    size_t c = k / kChunk, i = k % kChunk;
    if (c == chunks_.size())
      chunks_.emplace_back();
    Chunk &ch = chunks_[c];
    if (i == ch.size())
      ch.emplace_back(a, Info{});
    else if (i > ch.size()) // (a chunk of the old layout that was shorter)
      ch.resize(i + 1);
    ch[i].first = a;
    return ch[i].second;
  }
  void truncate(size_t n) {
    // Undoes slot()'s layout past entry n: chunk n / kChunk keeps n % kChunk entries, and the
    // chunks after it go. Chunks of the old layout beyond their fill are cut to it as well.
    size_t c = n / kChunk, i = n % kChunk;
    if (c < chunks_.size()) {
      chunks_[c].resize(std::min(chunks_[c].size(), i));
      chunks_.erase(chunks_.begin() + static_cast<long>(c) + (i > 0 ? 1 : 0), chunks_.end());
    }
    for (size_t k = 0; k < chunks_.size() && k < c; ++k)
      if (chunks_[k].size() > kChunk)
        chunks_[k].resize(kChunk);
    size_ = n;
  }
  size_t size() const { return size_; }
  /// The first location whose address is at least `a`.
  const_iterator lowerBound(Addr a) const {
    auto [c, i] = position(a);
    if (c >= chunks_.size())
      return end();
    if (i == chunks_[c].size()) // (only in the last chunk: position() looks for the chunk)
      return end();
    return const_iterator(&chunks_, c, i);
  }
  const_iterator begin() const {
    size_t c = 0;
    while (c + 1 < chunks_.size() && chunks_[c].empty())
      ++c;
    return const_iterator(&chunks_, c, 0);
  }
  const_iterator end() const {
    return chunks_.empty() ? const_iterator(&chunks_, 0, 0)
                           : const_iterator(&chunks_, chunks_.size() - 1, chunks_.back().size());
  }

private:
  static constexpr size_t kChunk = 256;
  /// The chunk that holds or would hold `a` (the first whose last entry is at least a; past
  /// the last: chunks_.size()) and the index of the first entry at least `a` in it.
  std::pair<size_t, size_t> position(Addr a) const {
    auto c = std::lower_bound(chunks_.begin(), chunks_.end(), a, [](const Chunk &ch, Addr x) {
      return ch.empty() || ch.back().first < x;
    });
    if (c == chunks_.end())
      return {chunks_.size(), 0};
    auto i = std::lower_bound(c->begin(), c->end(), a,
                              [](const Entry &e, Addr x) { return e.first < x; });
    return {static_cast<size_t>(c - chunks_.begin()), static_cast<size_t>(i - c->begin())};
  }

  std::vector<Chunk> chunks_; // none empty but a lone one, each at most 2 kChunk entries
  size_t size_ = 0;
  mutable size_t lastC_ = 0, lastI_ = 0; // the last entry found, checked before use
};

} // namespace scopemc

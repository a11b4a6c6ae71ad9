// Views (vector clocks): inline for few threads, shared between events for many.
//
// Contract: values. A copy never sees another's later changes, whatever form each has. An
// entry is a last index (so a view is downward closed in po); a thread without one reads -1,
// and no view contains init(). set takes thread ids >= 0. get and contains are O(1); set
// copies at most the page pointers, one page and one chunk; a join skips what both views
// share. Equality compares entries, not forms (nor size(), an upper bound). Distinct views may
// be used on different threads though they share arrays (the counts are atomic; an array is
// written in place only by its sole owner), but no view is read while another thread writes it.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>

#include "model/Event.h"

namespace scopemc {

/// A vector clock: for each thread, the index of the last event of that thread contained in
/// the view (-1: none). The views of an event are downward closed in program order.
///
/// Storage has two forms, one predicate-free interface:
/// - inline: up to kInline entries in the view itself (copies and joins touch nothing else);
/// - shared, once a view needs more: an immutable, reference-counted array of entries shared
///   by every copy, plus two entries held in the view itself (the "own" threads: the thread of
///   the event whose view it is, keepOwn, and one more, the first other thread set while the
///   slot is free). A thread's consecutive events mostly have views that differ only in the
///   thread's own index, so they share one array; a thread created by another shares its
///   creator's array, the creator's entry in the second slot: a label's two views cost their
///   share of arrays, however many threads the program has. The array is a tree of
///   reference-counted nodes: pages of kChunk chunk pointers, chunks of kChunk entries (a
///   missing node holds only -1). A change to another entry copies, where they are shared
///   (copy on write), the page pointers, the one page and the one chunk it falls in, so a run
///   of joins that each add a thread (a host joining a grid) copies a pointer per kChunk²
///   threads, not every entry; a join skips the pages and chunks both views share, and one
///   that adds nothing copies nothing. The counts are atomic: graphs copied for other workers
///   share arrays.
class View {
public:
  View() = default;
  View(const View &o) : n_(o.n_) {
    std::memcpy(inl_, o.inl_, sizeof inl_);
    if (shared())
      retain(sh_.rep);
  }
  View(View &&o) noexcept : n_(o.n_) {
    std::memcpy(inl_, o.inl_, sizeof inl_);
    o.n_ = 0;
  }
  View &operator=(const View &o) {
    if (this == &o)
      return *this;
    Rep *old = shared() ? sh_.rep : nullptr;
    Rep *now = o.shared() ? o.sh_.rep : nullptr;
    n_ = o.n_;
    std::memcpy(inl_, o.inl_, sizeof inl_);
    if (old != now) { // (a graph copied over a similar one mostly meets the same arrays)
      retain(now);
      release(old);
    }
    return *this;
  }
  View &operator=(View &&o) noexcept {
    if (this != &o) {
      if (shared())
        release(sh_.rep);
      n_ = o.n_;
      std::memcpy(inl_, o.inl_, sizeof inl_);
      o.n_ = 0;
    }
    return *this;
  }
  ~View() {
    if (shared())
      release(sh_.rep);
  }

  int32_t get(ThreadId t) const {
    if (!shared())
      return static_cast<uint32_t>(t) < n_ ? inl_[t] : -1;
    if (t == sh_.ownT[0])
      return sh_.ownI[0];
    if (t == sh_.ownT[1])
      return sh_.ownI[1];
    return sh_.rep ? sh_.rep->get(static_cast<uint32_t>(t)) : -1;
  }
  bool contains(Event e) const { return !e.isInit() && e.index <= get(e.thread); }
  void set(ThreadId t, int32_t idx) {
    if (!shared() && static_cast<uint32_t>(t) < kInline) {
      while (n_ <= static_cast<uint32_t>(t))
        inl_[n_++] = -1;
      inl_[t] = idx;
    } else if (int k = shared() ? slotFor(t) : -1; k >= 0) {
      sh_.ownT[k] = t;
      sh_.ownI[k] = idx;
    } else if (int32_t *at =
                   shared() && sh_.rep ? sh_.rep->ownedEntry(static_cast<uint32_t>(t)) : nullptr) {
      *at = idx; // (an array of this view's own: the common case of a view being built)
    } else {
      setSlow(t, idx);
    }
  }
  void raise(ThreadId t, int32_t idx) {
    if (idx > get(t))
      set(t, idx);
  }
  /// This view becomes the least upper bound of itself and `o`.
  void join(const View &o) {
    if (!shared() && !o.shared())
      joinInline(o);
    else
      joinShared(o);
  }
  /// Moves a shared view's own entry into its array (an array of its own then): a copy's
  /// set() of its own thread is then O(1) whatever that thread is. Inline views are unchanged.
  void settleOwn();
  /// Takes the shared form if thread t's entry cannot be inline: the view of an event that
  /// threads up to t will join (their creator's) is made shared once, by its thread, and not
  /// by each of them.
  void shareFor(ThreadId t) {
    if (!shared() && static_cast<uint32_t>(t) >= kInline)
      toShared();
  }
  /// Makes t the own thread (the previous own entry moved into the array): the thread of the
  /// event whose view this is, so that the views of its next events, copies with t's entry
  /// set, share this one's array.
  void keepOwn(ThreadId t);
  /// Makes room for the entries of threads below n, in an array of this view's own if more
  /// than kInline.
  void reserve(size_t n);
  /// One past the highest thread an entry may be above -1 for.
  size_t size() const {
    if (!shared())
      return n_;
    size_t n = sh_.rep ? sh_.rep->size : 0;
    for (ThreadId t : sh_.ownT)
      if (t != kNone && static_cast<size_t>(t) >= n)
        n = static_cast<size_t>(t) + 1;
    return n;
  }
  bool operator==(const View &o) const;

private:
  static constexpr uint32_t kInline = 12;
  static constexpr uint32_t kShared = std::numeric_limits<uint32_t>::max(); // n_ of a shared view
  static constexpr ThreadId kNone = std::numeric_limits<ThreadId>::max();
  static constexpr uint32_t kChunkBits = 6, kChunk = 1u << kChunkBits;
  struct Chunk {
    std::atomic<uint32_t> refs;
    int32_t e[kChunk];
  };
  /// kChunk chunk pointers (null: a chunk of -1).
  struct Page {
    std::atomic<uint32_t> refs;
    Chunk *c[kChunk];
  };
  static constexpr uint32_t kPageBits = 2 * kChunkBits; // entries per page: kChunk²
  /// The shared entries: a header followed by `cap` page pointers (null: a page of -1),
  /// `size` entries in use. The entry of a view's own thread in it is stale for that view
  /// (never read through it).
  struct alignas(alignof(Page *)) Rep { // (the page pointers follow it, aligned)
    std::atomic<uint32_t> refs;
    uint32_t size;
    uint32_t cap;
    Page **pages() { return reinterpret_cast<Page **>(this + 1); }
    Page *const *pages() const { return reinterpret_cast<Page *const *>(this + 1); }
    uint32_t used() const { return (size + (1u << kPageBits) - 1) >> kPageBits; } // pages
    const Chunk *chunk(uint32_t k) const { // chunk k (entries k kChunk ...), null: all -1
      const Page *p = pages()[k >> kChunkBits];
      return p ? p->c[k & (kChunk - 1)] : nullptr;
    }
    int32_t get(uint32_t t) const {
      if (t >= size)
        return -1;
      const Chunk *c = chunk(t >> kChunkBits);
      return c ? c->e[t & (kChunk - 1)] : -1;
    }
    /// Entry t when this rep, its page and its chunk belong to one view alone; else null.
    int32_t *ownedEntry(uint32_t t) {
      if (t >= size || refs.load(std::memory_order_acquire) != 1)
        return nullptr;
      Page *p = pages()[t >> kPageBits];
      if (!p || p->refs.load(std::memory_order_acquire) != 1)
        return nullptr;
      Chunk *c = p->c[(t >> kChunkBits) & (kChunk - 1)];
      return c && c->refs.load(std::memory_order_acquire) == 1 ? &c->e[t & (kChunk - 1)] : nullptr;
    }
  };
  struct Shared {
    Rep *rep;         // null: no entries but the own one
    ThreadId ownT[2]; // the own threads (kNone: a free slot; the second only after the first)
    int32_t ownI[2];
  };
  bool shared() const { return n_ == kShared; }
  /// The slot that holds t's entry, or a free one (-1: t is in the array, no slot is free).
  int slotFor(ThreadId t) const {
    if (sh_.ownT[0] == t || sh_.ownT[0] == kNone)
      return 0;
    return sh_.ownT[1] == t || sh_.ownT[1] == kNone ? 1 : -1;
  }
  static void retain(Rep *r) {
    if (r)
      r->refs.fetch_add(1, std::memory_order_relaxed);
  }
  static void release(Rep *r) {
    if (r && r->refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
      destroy(r);
  }
  static void destroy(Rep *r);
  void toShared(); // an inline view takes the shared form (same entries, no own thread)
  void setSlow(ThreadId t, int32_t idx);
  void joinInline(const View &o) {
    while (n_ < o.n_)
      inl_[n_++] = -1;
    for (uint32_t i = 0; i < o.n_; ++i)
      inl_[i] = inl_[i] < o.inl_[i] ? o.inl_[i] : inl_[i];
  }
  void joinShared(const View &o);
  /// The shared rep, owned by this shared view alone with at least n entries in use (its
  /// page pointers copied first if shared with others or too few; pages stay shared).
  Rep *ownRep(uint32_t n);
  /// The entries of chunk k of r (a rep of one view alone), owned by r alone with its page
  /// (each copied, or made of -1, first).
  static int32_t *ownChunk(Rep *r, uint32_t k);
  /// Sets entry t of the shared array (not the own entry).
  void setEntry(uint32_t t, int32_t idx) {
    ownChunk(ownRep(t + 1), t >> kChunkBits)[t & (kChunk - 1)] = idx;
  }
  static void release(Chunk *c);
  static void release(Page *p);

  uint32_t n_ = 0; // inline: entries in use; kShared: the shared form
  union {
    int32_t inl_[kInline] = {};
    Shared sh_;
  };
};

} // namespace scopemc

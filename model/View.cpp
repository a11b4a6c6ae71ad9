#include "model/View.h"

#include <algorithm>
#include <new>

#include "model/Pool.h"

namespace scopemc {

namespace {
/// Bytes of a rep of `cap` page pointers after its header.
size_t repBytes(size_t header, uint32_t cap) { return header + cap * sizeof(void *); }
template <class Node> void hold(Node *n) {
  if (n)
    n->refs.fetch_add(1, std::memory_order_relaxed);
}
} // namespace

void View::release(Chunk *c) {
  if (c && c->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    c->~Chunk();
    poolFree(c, sizeof(Chunk));
  }
}

void View::release(Page *p) {
  if (p && p->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    for (Chunk *c : p->c)
      release(c);
    p->~Page();
    poolFree(p, sizeof(Page));
  }
}

void View::destroy(Rep *r) {
  for (uint32_t k = 0; k < r->used(); ++k)
    release(r->pages()[k]);
  const size_t bytes = repBytes(sizeof(Rep), r->cap);
  r->~Rep();
  poolFree(r, bytes);
}

void View::toShared() {
  const uint32_t n = n_;
  int32_t entries[kInline];
  std::copy(inl_, inl_ + n, entries);
  n_ = kShared;
  sh_ = Shared{nullptr, {kNone, kNone}, {-1, -1}};
  for (uint32_t t = 0; t < n; ++t)
    if (entries[t] >= 0)
      setEntry(t, entries[t]);
}

void View::setSlow(ThreadId t, int32_t idx) {
  if (!shared())
    toShared();
  if (int k = slotFor(t); k >= 0) {
    sh_.ownT[k] = t;
    sh_.ownI[k] = idx;
  } else {
    setEntry(static_cast<uint32_t>(t), idx);
  }
}

View::Rep *View::ownRep(uint32_t n) {
  Rep *rep = sh_.rep;
  const uint32_t have = rep ? rep->size : 0;
  const bool alone = rep && rep->refs.load(std::memory_order_acquire) == 1;
  const uint32_t size = std::max(have, n);
  const uint32_t slots = (size + (1u << kPageBits) - 1) >> kPageBits;
  if (alone && rep->cap >= slots) {
    std::fill(rep->pages() + rep->used(), rep->pages() + slots, nullptr);
    rep->size = size;
    return rep;
  }
  // A rep of its own that outgrows its pointers (threads are made one by one) doubles them;
  // a copy of a shared rep is as long as needed. The pages are shared with the old rep.
  const uint32_t want = std::max(slots, alone ? 2 * rep->cap : 0);
  // the pool's blocks come in 16-byte steps: the pointers fill their block
  const uint32_t cap = static_cast<uint32_t>(
      ((repBytes(sizeof(Rep), want) + 15) / 16 * 16 - sizeof(Rep)) / sizeof(void *));
  Rep *r = new (poolAllocate(repBytes(sizeof(Rep), cap))) Rep{{1}, size, cap};
  const uint32_t kept = rep ? rep->used() : 0;
  for (uint32_t k = 0; k < kept; ++k) {
    hold(rep->pages()[k]);
    r->pages()[k] = rep->pages()[k];
  }
  std::fill(r->pages() + kept, r->pages() + cap, nullptr);
  release(rep);
  sh_.rep = r;
  return r;
}

int32_t *View::ownChunk(Rep *r, uint32_t k) {
  Page *&p = r->pages()[k >> kChunkBits];
  if (!p || p->refs.load(std::memory_order_acquire) != 1) {
    auto *fresh = new (poolAllocate(sizeof(Page))) Page{};
    fresh->refs.store(1, std::memory_order_relaxed);
    for (uint32_t i = 0; i < kChunk; ++i) {
      fresh->c[i] = p ? p->c[i] : nullptr;
      hold(fresh->c[i]);
    }
    release(p);
    p = fresh;
  }
  Chunk *&c = p->c[k & (kChunk - 1)];
  if (c && c->refs.load(std::memory_order_acquire) == 1)
    return c->e;
  auto *fresh = new (poolAllocate(sizeof(Chunk))) Chunk{};
  fresh->refs.store(1, std::memory_order_relaxed);
  if (c)
    std::copy(c->e, c->e + kChunk, fresh->e);
  else
    std::fill(fresh->e, fresh->e + kChunk, -1);
  release(c);
  c = fresh;
  return c->e;
}

void View::joinShared(const View &o) {
  // Most joins add nothing (the other event is already in the view): those copy nothing, and
  // chunks both views share are skipped whole.
  if (!shared())
    toShared();
  const bool oShared = o.shared();
  const Rep *s = oShared ? o.sh_.rep : nullptr;
  auto stale = [&](uint32_t t) { // o's own entries: stale in o's array
    return oShared &&
           (t == static_cast<uint32_t>(o.sh_.ownT[0]) || t == static_cast<uint32_t>(o.sh_.ownT[1]));
  };
  auto mineAt = [&](uint32_t t) { // this view's slot holding t, or -1
    for (int k = 0; k < 2; ++k)
      if (static_cast<uint32_t>(sh_.ownT[k]) == t && sh_.ownT[k] != kNone)
        return k;
    return -1;
  };
  // Where both views read one array (or page, or chunk), only the own entries may differ:
  // this view's own entries in [base, base + 2^bits) take o's values there.
  auto sharedAt = [&](uint32_t base, uint32_t bits) {
    for (int k = 0; k < 2; ++k) {
      auto t = static_cast<uint32_t>(sh_.ownT[k]);
      if (sh_.ownT[k] != kNone && (uint64_t{t} >> bits) == (uint64_t{base} >> bits) && !stale(t) &&
          t < s->size)
        sh_.ownI[k] = std::max(sh_.ownI[k], s->get(t));
    }
  };
  // o's entry t against this view's, raised where o's is larger
  auto meet = [&](uint32_t t, int32_t theirs) {
    if (stale(t) || theirs < 0)
      return;
    if (int k = mineAt(t); k >= 0) {
      sh_.ownI[k] = std::max(sh_.ownI[k], theirs);
      return;
    }
    if (theirs > (sh_.rep ? sh_.rep->get(t) : -1))
      setEntry(t, theirs);
  };
  bool adopted = false;
  if (!oShared) {
    for (uint32_t t = 0; t < o.n_; ++t)
      meet(t, o.inl_[t]);
  } else if (s && !sh_.rep) {
    adopted = true;
    // Nothing but own entries here: o's array is taken whole (a thread's first event and its
    // creator's), and o's own entries are raised below.
    retain(const_cast<Rep *>(s));
    sh_.rep = const_cast<Rep *>(s);
    sharedAt(0, 32);
  } else if (s && s != sh_.rep) {
    for (uint32_t k = 0; k < s->used(); ++k) {
      const Page *theirs = s->pages()[k];
      const Page *mine = k < sh_.rep->used() ? sh_.rep->pages()[k] : nullptr;
      if (!theirs || theirs == mine) {
        if (theirs)
          sharedAt(k << kPageBits, kPageBits);
        continue;
      }
      for (uint32_t j = 0; j < kChunk; ++j) {
        const uint32_t base = (k << kPageBits) + (j << kChunkBits);
        if (base >= s->size)
          break;
        const Chunk *tc = theirs->c[j];
        const Chunk *mc = base < sh_.rep->size ? sh_.rep->chunk(base >> kChunkBits) : nullptr;
        if (!tc || tc == mc) {
          if (tc)
            sharedAt(base, kChunkBits);
          continue;
        }
        const uint32_t end = std::min(s->size - base, kChunk);
        for (uint32_t i = 0; i < end; ++i)
          meet(base + i, tc->e[i]);
      }
    }
  } else if (s) { // one array: only the own entries differ
    sharedAt(0, 32);
  }
  if (!oShared)
    return;
  for (int k = 0; k < 2; ++k) {
    const ThreadId x = o.sh_.ownT[k];
    if (x == kNone)
      continue;
    if (!adopted || mineAt(static_cast<uint32_t>(x)) >= 0) {
      raise(x, o.sh_.ownI[k]);
    } else if (int free = slotFor(x); free >= 0) { // (the taken array's entry is o's stale one)
      sh_.ownT[free] = x;
      sh_.ownI[free] = o.sh_.ownI[k];
    } else {
      setEntry(static_cast<uint32_t>(x), o.sh_.ownI[k]);
    }
  }
}

void View::settleOwn() {
  if (!shared())
    return;
  for (int k = 1; k >= 0; --k) {
    const ThreadId t = sh_.ownT[k];
    if (t == kNone)
      continue;
    const int32_t idx = sh_.ownI[k];
    sh_.ownT[k] = kNone;
    setEntry(static_cast<uint32_t>(t), idx);
  }
}

void View::keepOwn(ThreadId t) {
  if (!shared() || sh_.ownT[0] == t)
    return;
  if (sh_.ownT[1] == t) { // (the two slots exchanged)
    std::swap(sh_.ownT[0], sh_.ownT[1]);
    std::swap(sh_.ownI[0], sh_.ownI[1]);
    return;
  }
  const int32_t idx = get(t);
  if (sh_.ownT[1] != kNone) { // the second slot's entry goes into the array
    const ThreadId u = sh_.ownT[1];
    sh_.ownT[1] = kNone;
    setEntry(static_cast<uint32_t>(u), sh_.ownI[1]);
  }
  sh_.ownT[1] = sh_.ownT[0];
  sh_.ownI[1] = sh_.ownI[0];
  sh_.ownT[0] = t;
  sh_.ownI[0] = idx;
}

void View::reserve(size_t n) {
  if (n <= kInline && !shared()) {
    while (n_ < n)
      inl_[n_++] = -1;
  } else if (n > 0) {
    if (!shared())
      toShared();
    ownRep(static_cast<uint32_t>(n));
  }
}

bool View::operator==(const View &o) const {
  const auto n = static_cast<ThreadId>(std::max(size(), o.size()));
  for (ThreadId t = 0; t < n; ++t)
    if (get(t) != o.get(t))
      return false;
  return true;
}

} // namespace scopemc

#include "model/View.h"

#include <algorithm>
#include <new>

#include "model/Pool.h"

namespace scopemc {

namespace {
/// Bytes of an array of `cap` entries after its header.
size_t repBytes(size_t header, uint32_t cap) { return header + cap * sizeof(int32_t); }
} // namespace

void View::destroy(Rep *r) {
  const size_t bytes = repBytes(sizeof(Rep), r->cap);
  r->~Rep();
  poolFree(r, bytes);
}

void View::toShared() {
  const uint32_t n = n_;
  int32_t entries[kInline];
  std::copy(inl_, inl_ + n, entries);
  n_ = kShared;
  sh_ = Shared{nullptr, kNone, -1};
  if (n > 0)
    std::copy(entries, entries + n, writable(n));
}

void View::setSlow(ThreadId t, int32_t idx) {
  if (!shared())
    toShared();
  if (sh_.ownT == kNone || sh_.ownT == t) {
    sh_.ownT = t;
    sh_.ownI = idx;
  } else {
    writable(static_cast<uint32_t>(t) + 1)[t] = idx;
  }
}

int32_t *View::writable(uint32_t n) {
  Rep *rep = sh_.rep;
  const uint32_t have = rep ? rep->size : 0;
  const bool alone = rep && rep->refs.load(std::memory_order_acquire) == 1;
  if (alone && rep->cap >= n) {
    std::fill(rep->data() + have, rep->data() + std::max(have, n), -1);
    rep->size = std::max(have, n);
    return rep->data();
  }
  // A view of its own that outgrows its array (threads are made one by one) doubles it; a
  // copy of a shared array is as long as needed.
  const uint32_t size = std::max(have, n);
  const uint32_t want = std::max(size, alone ? 2 * rep->cap : 0);
  // the pool's blocks come in 16-byte steps: the array fills its block
  const uint32_t cap = static_cast<uint32_t>(
      ((repBytes(sizeof(Rep), want) + 15) / 16 * 16 - sizeof(Rep)) / sizeof(int32_t));
  Rep *r = new (poolAllocate(repBytes(sizeof(Rep), cap))) Rep{{1}, size, cap};
  if (rep)
    std::copy(rep->data(), rep->data() + have, r->data());
  std::fill(r->data() + have, r->data() + cap, -1);
  release(rep);
  sh_.rep = r;
  return r->data();
}

void View::joinShared(const View &o) {
  // Most joins add nothing (the other event is already in the view): those copy nothing.
  if (!shared())
    toShared();
  const bool oShared = o.shared();
  const Rep *s = oShared ? o.sh_.rep : nullptr;
  const int32_t *src = oShared ? (s ? s->data() : nullptr) : o.inl_;
  const uint32_t n = oShared ? (s ? s->size : 0) : o.n_;
  const auto skip = static_cast<uint32_t>(oShared ? o.sh_.ownT : kNone); // o's stale entry
  const auto own = static_cast<uint32_t>(sh_.ownT);
  if (oShared && s == sh_.rep) { // one array: only the own entries differ
    if (own < n && own != skip)
      sh_.ownI = std::max(sh_.ownI, src[own]);
  } else {
    const int32_t *mine = sh_.rep ? sh_.rep->data() : nullptr;
    const uint32_t have = sh_.rep ? sh_.rep->size : 0;
    uint32_t t = 0;
    for (; t < n; ++t) // the first entry o adds
      if (t != skip && src[t] > (t == own ? sh_.ownI : t < have ? mine[t] : -1))
        break;
    if (t < n) {
      int32_t *d = writable(n);
      for (; t < n; ++t)
        if (t != skip && t != own)
          d[t] = std::max(d[t], src[t]);
      if (own < n && own != skip)
        sh_.ownI = std::max(sh_.ownI, src[own]);
    }
  }
  if (oShared && o.sh_.ownT != kNone)
    raise(o.sh_.ownT, o.sh_.ownI);
}

void View::reserve(size_t n) {
  if (n <= kInline && !shared()) {
    while (n_ < n)
      inl_[n_++] = -1;
  } else if (n > 0) {
    if (!shared())
      toShared();
    writable(static_cast<uint32_t>(n));
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

#include "model/Pool.h"

#include <array>
#include <new>

namespace scopemc {

namespace {
// Free lists of blocks, one per 16-byte size class and thread. Every block is a
// separate ::operator new allocation of its class's size, so any thread may free it: it
// joins the free list of the thread that frees it, or goes back to ::operator delete once
// that thread's lists are gone (thread exit).
constexpr size_t kGrain = 16, kClasses = 48;
#ifdef __SANITIZE_ADDRESS__
constexpr bool kPooled = false; // AddressSanitizer then sees every block's lifetime
#else
constexpr bool kPooled = true;
#endif
struct FreeBlock {
  FreeBlock *next;
};
thread_local bool poolGone = false;
struct Pools {
  std::array<FreeBlock *, kClasses> heads{};
  ~Pools() {
    poolGone = true;
    for (FreeBlock *h : heads)
      while (h) {
        FreeBlock *n = h->next;
        ::operator delete(h);
        h = n;
      }
  }
};
thread_local Pools pool;
size_t sizeClass(size_t size) { return (size + kGrain - 1) / kGrain; }
} // namespace

void *poolAllocate(size_t size) {
  size_t c = sizeClass(size);
  if (kPooled && c < kClasses && !poolGone) {
    if (FreeBlock *b = pool.heads[c]) {
      pool.heads[c] = b->next;
      return b;
    }
  }
  return ::operator new(c * kGrain);
}

void poolFree(void *p, size_t size) {
  size_t c = sizeClass(size);
  if (!kPooled || c >= kClasses || poolGone) {
    ::operator delete(p);
    return;
  }
  auto *b = static_cast<FreeBlock *>(p);
  b->next = pool.heads[c];
  pool.heads[c] = b;
}

} // namespace scopemc

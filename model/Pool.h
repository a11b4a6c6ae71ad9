// Small blocks made and dropped in bursts (labels: a graph copy per backward revisit, a graph
// freed per finished frame; view arrays likewise) come from per-thread free lists.
//
// Contract: a block (size > 0) comes uninitialised, aligned as ::operator new aligns, and goes
// back through poolFree with a size of the same 16-byte class as the one it was asked with.
// No locks: each thread's lists are its own, and a block freed by another thread than the one
// that made it joins the freeing thread's lists. Free blocks stay listed until their thread
// exits (the lists never shrink before). Builds with AddressSanitizer pool nothing.
#pragma once

#include <cstddef>

namespace scopemc {

/// A block of at least `size` bytes: from the calling thread's free list of its 16-byte
/// size class, else from ::operator new (also for blocks over 752 bytes).
void *poolAllocate(size_t size);
/// Gives back a block of poolAllocate(size), from any thread: it joins this thread's free
/// list (or goes back to ::operator delete once the thread's lists are gone).
void poolFree(void *p, size_t size);

} // namespace scopemc

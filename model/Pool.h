// Small blocks made and dropped in bursts (labels: a graph copy per backward revisit, a graph
// freed per finished frame; view arrays likewise) come from per-thread free lists.
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

// The orders of the lock and barrier examples: acquire/release (race-free), or with
// -DRELAXED_ACQUIRE / -DRELAXED_RELEASE one side made relaxed (racy).
#ifdef RELAXED_ACQUIRE
#define ACQ memory_order_relaxed
#else
#define ACQ memory_order_acquire
#endif
#ifdef RELAXED_RELEASE
#define REL memory_order_release
#else
#define REL memory_order_release
#endif

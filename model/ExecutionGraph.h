// The execution graph (docs/dpor.md section 1): per-thread events in po order, rf of every read,
// co of every location, stamps, and the views kept on the labels.
//
// Contract: the graph owns its labels. A label pointer stays valid until its event leaves the
// graph (restrict, cutToStamp, removeLastRead) or the graph is assigned over (assignRestricted
// reuses labels in place); adding events moves none. The other references it hands out
// (threadPos, location, barrierJoin) last only until the graph next changes. add takes each
// thread's events in po order (checked in debug builds only) and stamps them in the order
// added. Lists come in a fixed order: co order, reads and frees in the order added, barrier
// arrivals by event, locations by address. One thread at a time: even const calls update caches
// (location lookup, freshThreadId, barrierJoin). A copy() shares nothing mutable with its
// source (view arrays are counted atomically, copied on write), so it may go to another worker.
#pragma once

#include <algorithm>
#include <cassert>
#include <functional>
#include <map>
#include <memory>
#include <utility>
#include <vector>

#include "model/Labels.h"
#include "model/LocationMap.h"

namespace scopemc {

/// The views of every arrival at one barrier instance joined, computed once for all its
/// departures (model/ScopedRC11.cpp). `uniform`: every arrival orders all memory, keeps one
/// happens-before for local and other memory, and every two of them include each other
/// (`inclusion`); only then does a departure take `hb` whole.
struct BarrierJoin {
  View hb, porf;
  MutualInclusion inclusion;
  bool uniform = true;
};

/// Per-location data. Locations are identified by their start address; `co` lists the
/// writes in coherence order, after the implicit initialisation write.
struct LocationInfo {
  uint32_t size = 0;
  std::vector<Event> co;
  std::vector<Event> reads; // every read of the location, in the order added
  MutualInclusion accesses; // over every access added (those dropped since included)
  /// The one thread every access added so far came from (those dropped since included);
  /// kNone before the first, kSeveral once a second thread accessed the location. A thread's
  /// own accesses never race with each other, so a location of one thread needs no race scan.
  static constexpr int32_t kNone = -1, kSeveral = -2;
  int32_t soleThread = kNone;
  /// A deferred update was placed here (docs/commuting.md, "Deferred updates"); kept when it
  /// is dropped again. From then on, `plain` lists the accesses that are not halves of
  /// deferred updates (the premise compares each with every update: dpor/Deferral.h), and
  /// `deferredOp` is the operation of one of its updates.
  bool deferredSeen = false;
  RmwOp deferredOp = RmwOp::None;
  std::vector<Event> plain;
  void noteThread(ThreadId t) {
    soleThread = soleThread == kNone || soleThread == static_cast<int32_t>(t)
                     ? static_cast<int32_t>(t)
                     : kSeveral;
  }
};

class ExecutionGraph {
public:
  ExecutionGraph() = default;
  ExecutionGraph(const ExecutionGraph &) = delete;
  ExecutionGraph &operator=(const ExecutionGraph &) = delete;
  ExecutionGraph(ExecutionGraph &&) = default;
  ExecutionGraph &operator=(ExecutionGraph &&) = default;

  // --- threads -------------------------------------------------------------------------
  ThreadId numThreads() const { return static_cast<ThreadId>(threads_.size()); }
  int32_t threadSize(ThreadId t) const {
    return static_cast<int32_t>(threads_[static_cast<size_t>(t)].size());
  }
  /// Whether thread t is part of the graph: the main thread, or one whose create event is.
  bool threadExists(ThreadId t) const {
    return t == 0 || (t > 0 && t < numThreads() && contains(creators_[static_cast<size_t>(t)]));
  }
  /// A thread id for a new thread: the lowest free slot above 0, or a new slot.
  ThreadId freshThreadId() const;
  /// The thread's position as its latest event states it.
  const ThreadPos &threadPos(ThreadId t) const { return tpos_[static_cast<size_t>(t)]; }
  void setThreadPos(ThreadId t, ThreadPos p);
  /// Makes room for thread t, created by `creator` (init() for the main thread).
  void addThread(ThreadId t, ThreadPos p, Event creator);
  Event creatorOf(ThreadId t) const { return creators_[static_cast<size_t>(t)]; }
  ThreadRef threadRef(ThreadId t) const { return ThreadRef{t, threadPos(t)}; }

  // --- events ----------------------------------------------------------------------------
  const EventLabel *label(Event e) const {
    return threads_[static_cast<size_t>(e.thread)][static_cast<size_t>(e.index)].get();
  }
  EventLabel *label(Event e) {
    return threads_[static_cast<size_t>(e.thread)][static_cast<size_t>(e.index)].get();
  }
  const EventLabel *lastLabel(ThreadId t) const {
    return threadSize(t) ? label(Event{t, threadSize(t) - 1}) : nullptr;
  }
  bool contains(Event e) const {
    return !e.isInit() && e.thread < numThreads() && e.index < threadSize(e.thread);
  }
  size_t numEvents() const;
  /// How many SC fences the graph holds.
  size_t numScFences() const { return scFences_; }

  /// Appends `lab` as the next event of its thread (its index must equal the thread's
  /// size) and stamps it. Reads are not yet linked: call setRf. Writes are not yet in co:
  /// call placeWrite.
  EventLabel *add(std::unique_ptr<EventLabel> lab);
  void setRf(Event read, Event write);
  /// Inserts a write into its location's co so that `pos` writes precede it.
  void placeWrite(Event write, size_t pos);
  /// Removes the read that was just added as thread t's last event (the exploration
  /// postponed it: dpor/Explorer, waiting awaits).
  void removeLastRead(ThreadId t);
  /// Moves an already placed write to position `pos` of its location's co.
  void moveWrite(Event write, size_t pos);

  // --- locations and relations ------------------------------------------------------------
  const LocationInfo *location(Addr a) const { return locs_.find(a); }
  const LocationMap<LocationInfo> &locations() const { return locs_; }
  /// Position of a write in co (init = -1).
  long coIndex(Event w) const {
    if (w.isInit())
      return -1;
    auto *l = cast<WriteLabel>(label(w));
    if (l->coPos() >= 0) [[likely]] {
      assert(locs_.find(l->addr())->co[static_cast<size_t>(l->coPos())] == w);
      return l->coPos();
    }
    return unplacedCoIndex(*l);
  }
  /// The co-maximal write of a location (init if none).
  Event coMax(Addr a) const;
  /// Whether write a is co-before write b (init before everything).
  bool coBefore(Event a, Event b) const;
  /// The readers of a write (of the initialisation write of `a` for init()), in the order
  /// they were added: the location's reads whose rf is w (writes keep no reader list, so
  /// copies and cuts have none to maintain).
  std::vector<Event> readersOf(Event w, Addr a) const;
  /// Whether `f` holds for some reader of w (as readersOf), without collecting them.
  template <typename F> bool anyReaderOf(Event w, Addr a, F f) const {
    const LocationInfo *li = location(a);
    return li && std::any_of(li->reads.begin(), li->reads.end(),
                             [&](Event r) { return rfOf(r) == w && f(r); });
  }
  /// The source of read r.
  Event rfOf(Event r) const { return cast<ReadLabel>(label(r))->rf(); }
  /// The write an access observes: itself for a write, its rf source for a read.
  Event observedWrite(const MemAccessLabel *l) const;

  /// The allocation holding address a in this graph (null: none), by an index of the
  /// allocations kept sorted by address (blocks of one graph do not overlap).
  const AllocLabel *allocationAt(Addr a) const;
  /// The frees and retires of the block starting at `start`, in the order added.
  std::vector<const FreeLabel *> freesOf(Addr start) const;

  /// How many threads arrived at instance `instance` of barrier `b`.
  size_t barrierArrivalCount(Addr b, uint32_t instance) const {
    auto it = arrivals_.find({b, instance});
    return it == arrivals_.end() ? 0 : it->second.events.size();
  }
  /// The arrivals of instance `instance` of barrier `b`, by event (not in the order added).
  std::vector<const EventLabel *> barrierArrivals(Addr b, uint32_t instance) const;
  /// What the memory model computed once from all the arrivals of an instance so far
  /// (ScopedRC11Checker: the join of their views), kept with the instance's arrivals and
  /// forgotten (null) when they change; the caller reads it or sets it. (Instances with no
  /// arrival share one slot, reset at each call.)
  std::shared_ptr<const BarrierJoin> &barrierJoin(Addr b, uint32_t instance) const;

  // --- restriction and copies ---------------------------------------------------------------
  Stamp nextStamp() const { return nextStamp_; }
  /// Removes every event with stamp greater than s. False: there was none (nothing changed).
  bool cutToStamp(Stamp s);
  /// A full copy.
  ExecutionGraph copy() const;
  /// The value of the initialisation write of `size` bytes at an address.
  using InitialValues = std::function<uint64_t(Addr, uint32_t)>;
  /// Makes this graph a copy of `from` holding only the events in `keep` (a po-prefix of every
  /// thread), reusing this graph's storage. With `initial`, each deferred update whose
  /// coherence predecessor went reads the write now before it, and writes what its operation
  /// makes of that write's value (docs/commuting.md, "Deferred updates").
  void assignRestricted(const ExecutionGraph &from, const View &keep,
                        const InitialValues *initial = nullptr);
  /// The view of all events with stamp at most s.
  View viewUpToStamp(Stamp s) const;

  /// Keeps only the events in `keep` (a po-prefix of every thread); `initial` as above.
  void restrict(const View &keep, const InitialValues *initial = nullptr);

private:
  static void setPoIndexes(EventLabel &lab, const EventLabel *prev);
  long unplacedCoIndex(const WriteLabel &w) const;
  /// Drops the threads whose create event is not in the graph (after a cut or a copy).
  void dropUnstartedThreads();
  /// Drops from a location's lists the events this graph no
  /// longer holds; false when the location has no access left.
  bool keepHeldEvents(LocationInfo &li);
  /// Writes their positions in the co list from `from` on into the write labels (coIndex).
  void renumberCo(LocationInfo &li, size_t from);
  /// Fills locs_ with `from`'s locations restricted to the events this graph holds.
  void copyLocationsFrom(const ExecutionGraph &from);
  /// Drops events[n..]; the addresses of the accesses dropped go to dropped_.
  void dropFrom(std::vector<std::unique_ptr<EventLabel>> &events, size_t n);
  LocationInfo &locFor(Addr a, uint32_t size);

  std::vector<std::vector<std::unique_ptr<EventLabel>>> threads_;
  std::vector<ThreadPos> tpos_;
  std::vector<Event> creators_;
  mutable ThreadId existFrom_ = 1; // every thread from 1 up to this one exists (freshThreadId)
  LocationMap<LocationInfo> locs_;
  Stamp nextStamp_ = 1;
  size_t scFences_ = 0;
  std::vector<Addr> dropped_;   // scratch of restrict: the locations that lost events
  std::vector<Addr> unsettled_; // scratch of restrict: locations whose deferred updates lost writes
  /// Heap events by block start (allocations sorted; frees of a block in the order added)
  /// and barrier arrivals by (barrier, instance); filtered to the events held after a
  /// restriction that dropped such an event, or a copy (filterIndexes).
  std::vector<std::pair<Addr, Event>> allocs_, frees_;
  struct Arrivals {
    std::vector<Event> events;
    mutable std::shared_ptr<const BarrierJoin> joined; // for exactly `events`
  };
  std::map<std::pair<Addr, uint32_t>, Arrivals> arrivals_;
  mutable std::shared_ptr<const BarrierJoin> noArrivals_; // barrierJoin's slot without them
  bool indexedDropped_ = false; // dropFrom dropped an allocation, free or arrival
  void filterIndexes();
};

/// Whether threads t and u belong to one symmetry class (docs/symmetry.md, "Which threads are
/// interchangeable"): both exist, one thread created both within one run of consecutive
/// thread creations, and their symmetry keys are equal. The one definition of class
/// membership: the symmetry pruner's classes and the scheduler's settled starts use it.
bool sameSymmetryClass(const ExecutionGraph &g, ThreadId t, ThreadId u);

/// Refuses (UnsupportedProgram, naming the source) an access `m`, about to be added, to bytes
/// that an access of another start or size touched: locations are identified by their start
/// address, so such mixed-size accesses would be explored wrongly.
void refuseMixedSizes(const ExecutionGraph &g, const MemAccessLabel &m);

/// Whether a thread of g called exit(), which ended the process: whoever still waits then
/// waits for nothing (O(threads)). (main's return is not taken so: docs/model.md §6.)
bool programExited(const ExecutionGraph &g);

} // namespace scopemc

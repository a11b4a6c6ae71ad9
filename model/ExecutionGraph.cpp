#include "model/ExecutionGraph.h"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <iterator>

#include "model/Errors.h"
#include "model/RmwOps.h"

namespace scopemc {

namespace {

/// Each deferred update of the locations `addrs` reads the write before it in co and writes
/// what its operation makes of that write's value (ExecutionGraph::restrict).
void settleDeferred(ExecutionGraph &g, const std::vector<Addr> &addrs,
                    const ExecutionGraph::InitialValues &initial) {
  for (Addr a : addrs) {
    const LocationInfo *li = g.location(a);
    if (!li)
      continue;
    Event before = Event::init();
    for (Event x : li->co) {
      auto *w = cast<WriteLabel>(g.label(x));
      if (w->deferred()) {
        auto *r = cast<ReadLabel>(g.label(x.prev()));
        uint64_t old =
            before.isInit() ? initial(a, w->size()) : cast<WriteLabel>(g.label(before))->value();
        r->setRf(before);
        w->setValue(applyRmw(r->rmw().op, old, r->rmw().operand, w->size()));
      }
      before = x;
    }
  }
}

} // namespace

ThreadId ExecutionGraph::freshThreadId() const {
  // (threads below existFrom_ exist: a launch of n threads looks at each slot once, not n times)
  for (ThreadId t = std::max<ThreadId>(existFrom_, 1); t < numThreads(); ++t)
    if (!threadExists(t))
      return existFrom_ = t;
  return existFrom_ = std::max<ThreadId>(numThreads(), 1);
}

void ExecutionGraph::setThreadPos(ThreadId t, ThreadPos p) {
  if (t >= numThreads()) {
    threads_.resize(static_cast<size_t>(t) + 1);
    tpos_.resize(static_cast<size_t>(t) + 1);
    creators_.resize(static_cast<size_t>(t) + 1, Event::init());
  }
  tpos_[static_cast<size_t>(t)] = p;
}

void ExecutionGraph::addThread(ThreadId t, ThreadPos p, Event creator) {
  setThreadPos(t, p);
  creators_[static_cast<size_t>(t)] = creator;
}

size_t ExecutionGraph::numEvents() const {
  size_t n = 0;
  for (auto &t : threads_)
    n += t.size();
  return n;
}

LocationInfo &ExecutionGraph::locFor(Addr a, uint32_t size) {
  auto &li = locs_[a];
  if (li.size == 0)
    li.size = size;
  return li;
}

void ExecutionGraph::setPoIndexes(EventLabel &lab, const EventLabel *prev) {
  int32_t i = lab.index();
  bool sc = lab.isSC() && (isa<MemAccessLabel>(&lab) || isa<FenceLabel>(&lab));
  int32_t prevSc = sc ? i : (prev ? prev->prevSc() : -1);
  auto *m = dyn_cast<MemAccessLabel>(&lab);
  auto *pm = dyn_cast<MemAccessLabel>(prev);
  int32_t run = m && pm && pm->addr() == m->addr() ? prev->runStart() : i;
  lab.setPoIndexes(prevSc, run);
}

EventLabel *ExecutionGraph::add(std::unique_ptr<EventLabel> lab) {
  ThreadId t = lab->thread();
  setThreadPos(t, lab->threadPos()); // placement calls may move a thread after its start
  auto &events = threads_[static_cast<size_t>(t)];
  assert(lab->index() == static_cast<int32_t>(events.size()) && "events are added in po order");
  lab->setStamp(nextStamp_++);
  if (isa<FenceLabel>(lab.get()) && lab->isSC())
    ++scFences_;
  setPoIndexes(*lab, events.empty() ? nullptr : events.back().get());
  if (auto *al = dyn_cast<AllocLabel>(lab.get())) {
    auto it = std::lower_bound(allocs_.begin(), allocs_.end(),
                               std::pair<Addr, Event>(al->addr(), Event{}),
                               [](auto &x, auto &y) { return x.first < y.first; });
    allocs_.insert(it, {al->addr(), al->pos()});
  } else if (auto *fl = dyn_cast<FreeLabel>(lab.get())) {
    frees_.push_back({fl->addr(), fl->pos()});
  } else if (auto *ba = dyn_cast<BarrierArriveLabel>(lab.get())) {
    Arrivals &in = arrivals_[{ba->barrier(), ba->instance()}];
    in.events.push_back(ba->pos());
    in.joined.reset();
  }
  if (auto *r = dyn_cast<ReadLabel>(lab.get())) {
    LocationInfo &li = locFor(r->addr(), r->size());
    li.reads.push_back(r->pos());
    if (li.deferredSeen && !r->deferred())
      li.plain.push_back(r->pos());
    li.accesses.add(isAtomic(r->order()), r->scope(), r->threadRef());
    li.noteThread(t);
  }
  events.push_back(std::move(lab));
  return events.back().get();
}

void ExecutionGraph::setRf(Event read, Event write) { cast<ReadLabel>(label(read))->setRf(write); }

void ExecutionGraph::placeWrite(Event write, size_t pos) {
  auto *w = cast<WriteLabel>(label(write));
  LocationInfo &li = locFor(w->addr(), w->size());
  pos = std::min(pos, li.co.size());
  li.co.insert(li.co.begin() + static_cast<long>(pos), write);
  renumberCo(li, pos);
  li.accesses.add(isAtomic(w->order()), w->scope(), w->threadRef());
  li.noteThread(write.thread);
  if (w->deferred() && !li.deferredSeen) { // (from now on, the other accesses are listed)
    li.deferredSeen = true;
    li.deferredOp = cast<ReadLabel>(label(write.prev()))->rmw().op;
    for (const auto *list : {&li.reads, &li.co})
      for (Event e : *list)
        if (!cast<MemAccessLabel>(label(e))->deferred())
          li.plain.push_back(e);
  } else if (li.deferredSeen && !w->deferred()) {
    li.plain.push_back(write);
  }
}

void ExecutionGraph::moveWrite(Event write, size_t pos) {
  auto *w = cast<WriteLabel>(label(write));
  auto &li = locs_[w->addr()];
  auto &co = li.co;
  co.erase(std::remove(co.begin(), co.end(), write), co.end());
  co.insert(co.begin() + static_cast<long>(std::min(pos, co.size())), write);
  renumberCo(li, 0);
}

long ExecutionGraph::unplacedCoIndex(const WriteLabel &w) const {
  const LocationInfo *li = locs_.find(w.addr()); // after every placed write
  return li ? std::find(li->co.begin(), li->co.end(), w.pos()) - li->co.begin() : 0;
}

Event ExecutionGraph::coMax(Addr a) const {
  auto *li = location(a);
  return (!li || li->co.empty()) ? Event::init() : li->co.back();
}

bool ExecutionGraph::coBefore(Event a, Event b) const {
  if (a == b || b.isInit())
    return false;
  if (a.isInit())
    return true;
  return coIndex(a) < coIndex(b);
}

std::vector<Event> ExecutionGraph::readersOf(Event w, Addr a) const {
  std::vector<Event> out;
  anyReaderOf(w, a, [&](Event r) {
    out.push_back(r);
    return false;
  });
  return out;
}

Event ExecutionGraph::observedWrite(const MemAccessLabel *l) const {
  if (auto *r = dyn_cast<ReadLabel>(l))
    return r->rf();
  return l->pos();
}

std::vector<const EventLabel *> ExecutionGraph::barrierArrivals(Addr b, uint32_t instance) const {
  std::vector<const EventLabel *> out;
  auto it = arrivals_.find({b, instance});
  if (it != arrivals_.end())
    for (Event e : it->second.events)
      out.push_back(label(e));
  std::sort(out.begin(), out.end(), [](auto *x, auto *y) { return x->pos() < y->pos(); });
  return out;
}

std::shared_ptr<const BarrierJoin> &ExecutionGraph::barrierJoin(Addr b, uint32_t instance) const {
  auto it = arrivals_.find({b, instance});
  if (it != arrivals_.end())
    return it->second.joined;
  noArrivals_.reset();
  return noArrivals_;
}

View ExecutionGraph::viewUpToStamp(Stamp s) const {
  // Stamps increase along each thread: the kept part is a prefix found by binary search.
  View v;
  v.reserve(numThreads()); // sized once
  for (ThreadId t = 0; t < numThreads(); ++t) {
    auto &events = threads_[static_cast<size_t>(t)];
    size_t lo = 0, hi = events.size();
    if (hi > 0 && events[hi - 1]->stamp() <= s) { // the whole thread (the common case)
      v.set(t, static_cast<int32_t>(hi) - 1);
      continue;
    }
    while (lo < hi) { // the first event stamped after s
      size_t mid = (lo + hi) / 2;
      if (events[mid]->stamp() <= s)
        lo = mid + 1;
      else
        hi = mid;
    }
    v.set(t, static_cast<int32_t>(lo) - 1);
  }
  return v;
}

bool ExecutionGraph::cutToStamp(Stamp s) {
  // Stamps increase along each thread: a thread's last event holds its largest stamp.
  bool later = false;
  for (const auto &events : threads_)
    later = later || (!events.empty() && events.back()->stamp() > s);
  if (!later)
    return false;
  // (a deferred update is placed last when it is added: a cut drops only the end of a chain)
  restrict(viewUpToStamp(s));
  return true;
}

void ExecutionGraph::dropFrom(std::vector<std::unique_ptr<EventLabel>> &events, size_t n) {
  for (size_t i = n; i < events.size(); ++i) {
    EventLabel *l = events[i].get();
    if (auto *m = dyn_cast<MemAccessLabel>(l))
      dropped_.push_back(m->addr());
    else if (isa<FenceLabel>(l) && l->isSC())
      --scFences_;
    else if (isa<AllocLabel>(l) || isa<FreeLabel>(l) || isa<BarrierArriveLabel>(l))
      indexedDropped_ = true;
  }
  if (events.size() > n)
    events.resize(n);
}

namespace {
/// Removes e from v (at most once; v holds it at most once), searching from the back.
void eraseLast(std::vector<Event> &v, Event e) {
  auto it = std::find(v.rbegin(), v.rend(), e);
  if (it != v.rend())
    v.erase(std::next(it).base());
}
} // namespace

void ExecutionGraph::removeLastRead(ThreadId t) {
  auto &events = threads_[static_cast<size_t>(t)];
  assert(!events.empty() && isa<ReadLabel>(events.back().get()));
  auto *r = cast<ReadLabel>(events.back().get());
  Addr addr = r->addr();
  auto &li = locs_[addr];
  eraseLast(li.reads, r->pos());
  if (li.deferredSeen && !r->deferred())
    eraseLast(li.plain, r->pos());
  events.pop_back();
  if (li.co.empty() && li.reads.empty())
    locs_.erase(addr);
}

void ExecutionGraph::dropUnstartedThreads() {
  existFrom_ = 1;
  // A thread whose creation is gone is forgotten with its creator's position: an event added
  // there later (the creator took another path) must not make it exist again.
  for (ThreadId t = 1; t < numThreads(); ++t)
    if (!threadExists(t)) {
      dropFrom(threads_[static_cast<size_t>(t)], 0);
      creators_[static_cast<size_t>(t)] = Event::init();
    }
  while (threads_.size() > 1 && !threadExists(numThreads() - 1)) {
    threads_.pop_back();
    tpos_.pop_back();
    creators_.pop_back();
  }
}

void ExecutionGraph::restrict(const View &keep, const InitialValues *initial) {
  unsettled_.clear();
  for (ThreadId t = 0; t < numThreads(); ++t) {
    auto &events = threads_[static_cast<size_t>(t)];
    auto n = static_cast<size_t>(keep.get(t)) + 1;
    dropFrom(events, n);
  }
  dropUnstartedThreads();
  // Only the locations of dropped accesses can hold events that are gone.
  std::sort(dropped_.begin(), dropped_.end());
  dropped_.erase(std::unique(dropped_.begin(), dropped_.end()), dropped_.end());
  for (Addr a : dropped_) {
    LocationInfo *li = locs_.find(a);
    if (!li)
      continue;
    size_t writes = li->co.size();
    if (!keepHeldEvents(*li))
      locs_.erase(a);
    else if (li->deferredSeen && li->co.size() != writes)
      unsettled_.push_back(a);
  }
  dropped_.clear();
  if (indexedDropped_)
    filterIndexes();
  if (initial)
    settleDeferred(*this, unsettled_, *initial);
}

void ExecutionGraph::filterIndexes() {
  indexedDropped_ = false;
  auto gone = [&](const std::pair<Addr, Event> &x) { return !contains(x.second); };
  std::erase_if(allocs_, gone);
  std::erase_if(frees_, gone);
  for (auto it = arrivals_.begin(); it != arrivals_.end();) {
    if (std::erase_if(it->second.events, [&](Event e) { return !contains(e); }))
      it->second.joined.reset();
    it = it->second.events.empty() ? arrivals_.erase(it) : std::next(it);
  }
}

const AllocLabel *ExecutionGraph::allocationAt(Addr a) const {
  auto it = std::upper_bound(allocs_.begin(), allocs_.end(), a,
                             [](Addr x, const std::pair<Addr, Event> &y) { return x < y.first; });
  if (it == allocs_.begin())
    return nullptr;
  auto *al = cast<AllocLabel>(label(std::prev(it)->second));
  return a < al->addr() + std::max<uint64_t>(al->size(), 1) ? al : nullptr;
}

std::vector<const FreeLabel *> ExecutionGraph::freesOf(Addr start) const {
  std::vector<const FreeLabel *> out;
  for (auto &[a, e] : frees_)
    if (a == start)
      out.push_back(cast<FreeLabel>(label(e)));
  return out;
}

void ExecutionGraph::renumberCo(LocationInfo &li, size_t from) {
  for (size_t i = from; i < li.co.size(); ++i)
    cast<WriteLabel>(label(li.co[i]))->setCoPos(static_cast<int32_t>(i));
}

bool ExecutionGraph::keepHeldEvents(LocationInfo &li) {
  auto gone = [&](Event e) { return !contains(e); };
  if (std::erase_if(li.co, gone))
    renumberCo(li, 0);
  std::erase_if(li.reads, gone);
  std::erase_if(li.plain, gone);
  return !li.co.empty() || !li.reads.empty();
}

ExecutionGraph ExecutionGraph::copy() const {
  View all;
  for (ThreadId t = 0; t < numThreads(); ++t)
    all.set(t, threadSize(t) - 1);
  ExecutionGraph g;
  g.assignRestricted(*this, all);
  return g;
}

void ExecutionGraph::assignRestricted(const ExecutionGraph &from, const View &keep,
                                      const InitialValues *initial) {
  // Vectors are assigned, not made: a graph taken from a finished frame keeps its capacity.
  tpos_ = from.tpos_;
  creators_ = from.creators_;
  threads_.resize(from.threads_.size());
  scFences_ = 0;
  for (ThreadId t = 0; t < from.numThreads(); ++t) {
    const auto &src = from.threads_[static_cast<size_t>(t)];
    auto n = std::min(static_cast<size_t>(keep.get(t) + 1), src.size());
    auto &dst = threads_[static_cast<size_t>(t)];
    if (dst.size() > n)
      dst.resize(n);
    dst.reserve(n + 4);
    for (size_t i = 0; i < n; ++i) {
      // (the labels this graph had are overwritten where they are of the same class)
      if (i >= dst.size())
        dst.push_back(src[i]->clone());
      else if (!dst[i]->assignFrom(*src[i]))
        dst[i] = src[i]->clone();
      if (isa<FenceLabel>(dst[i].get()) && dst[i]->isSC())
        ++scFences_;
    }
  }
  nextStamp_ = from.nextStamp_;
  dropUnstartedThreads();
  dropped_.clear(); // the locations are built filtered below
  unsettled_.clear();
  copyLocationsFrom(from);
  allocs_ = from.allocs_;
  frees_ = from.frees_;
  arrivals_ = from.arrivals_;
  filterIndexes();
  if (initial)
    settleDeferred(*this, unsettled_, *initial);
}

void ExecutionGraph::copyLocationsFrom(const ExecutionGraph &from) {
  // Built in order, without the map copy and erasures a full copy then a restrict would make,
  // into the entries this graph has (their vectors keep their capacity).
  auto held = [&](Event e) { return contains(e); };
  size_t k = 0;
  for (auto &[addr, src] : from.locs_) {
    LocationInfo &li = locs_.slot(k, addr);
    li.size = src.size;
    li.accesses = src.accesses;
    li.soleThread = src.soleThread;
    li.deferredSeen = src.deferredSeen;
    li.deferredOp = src.deferredOp;
    li.co.clear();
    li.reads.clear();
    li.plain.clear();
    std::copy_if(src.plain.begin(), src.plain.end(), std::back_inserter(li.plain), held);
    std::copy_if(src.co.begin(), src.co.end(), std::back_inserter(li.co), held);
    std::copy_if(src.reads.begin(), src.reads.end(), std::back_inserter(li.reads), held);
    if (li.co.empty() && li.reads.empty())
      continue;                          // (the slot is taken by the next location, or dropped)
    if (li.co.size() != src.co.size()) { // the labels are copies: their co positions moved
      renumberCo(li, 0);
      if (li.deferredSeen)
        unsettled_.push_back(addr);
    }
    ++k;
  }
  locs_.truncate(k);
}

bool sameSymmetryClass(const ExecutionGraph &g, ThreadId t, ThreadId u) {
  auto valid = [&](ThreadId x) { return x > 0 && x < g.numThreads() && g.threadExists(x); };
  if (!valid(t) || !valid(u))
    return false;
  Event ct = g.creatorOf(t), cu = g.creatorOf(u);
  if (ct.isInit() || cu.isInit() || ct.thread != cu.thread)
    return false;
  auto *a = dyn_cast<ThreadCreateLabel>(g.label(ct));
  auto *b = dyn_cast<ThreadCreateLabel>(g.label(cu));
  if (!a || !b || !a->entry().symmetry || !sameSymmetry(a->entry().symmetry, b->entry().symmetry))
    return false;
  for (int32_t i = std::min(ct.index, cu.index) + 1; i < std::max(ct.index, cu.index); ++i)
    if (!isa<ThreadCreateLabel>(g.label(Event{ct.thread, i})))
      return false; // another run of creations
  return true;
}

void refuseMixedSizes(const ExecutionGraph &g, const MemAccessLabel &m) {
  // Locations are identified by their start address: accesses of another size to the same
  // bytes would be explored wrongly, so they are refused.
  const auto &locs = g.locations();
  auto overlaps = [&](const std::pair<Addr, LocationInfo> &l) {
    return l.first < m.addr() + m.size() && m.addr() < l.first + l.second.size &&
           (l.first != m.addr() || l.second.size != m.size());
  };
  auto it = locs.lowerBound(m.addr());
  const std::pair<Addr, LocationInfo> *other = nullptr;
  if (it != locs.end() && overlaps(*it))
    other = &*it;
  else if (it != locs.begin() && overlaps(*std::prev(it)))
    other = &*std::prev(it);
  if (other) {
    char what[160];
    std::snprintf(what, sizeof what,
                  "a %u-byte access at 0x%llx overlaps a %u-byte access at 0x%llx", m.size(),
                  static_cast<unsigned long long>(m.addr()), other->second.size,
                  static_cast<unsigned long long>(other->first));
    throw UnsupportedProgram(toString(m.source()) + ": " + what +
                             ": accesses of different sizes to the same memory (mixed-size "
                             "accesses) are not supported");
  }
}

bool programExited(const ExecutionGraph &g) {
  for (ThreadId t = 0; t < g.numThreads(); ++t)
    if (auto *f = dyn_cast<ThreadFinishLabel>(g.lastLabel(t));
        f && f->how() == FinishKind::ProcessExit)
      return true;
  return false;
}

} // namespace scopemc

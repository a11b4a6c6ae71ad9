#include "checks/BugChecker.h"
#include "model/BarrierKeys.h"
#include "model/Collective.h"

#include <algorithm>
#include <limits>

#include "checks/Atomicity.h"
#include "checks/Witness.h"
#include "model/Models.h"

namespace scopemc {

BugChecker::BugChecker(CheckOptions opts, ModelKind model, const Symbolizer *sym)
    : opts_(opts), sym_(sym), model_(makeConsistencyChecker(model)) {}

void BugChecker::record(const ExecutionGraph &g, ErrorType t, std::string msg,
                        const std::vector<const EventLabel *> &events) {
  Report r{t, std::move(msg), {}, nullptr, nullptr};
  for (auto *l : events)
    r.events.push_back(describeEvent(*l));
  if (!seen_.insert(r.key()).second)
    return;
  std::vector<LaunchPlace> places = launchPlaces(g); // (only for a report that is new)
  for (ReportedEvent &e : r.events)
    e.place = places.at(static_cast<size_t>(e.event.thread));
  r.witness = std::make_shared<ExecutionGraph>(g.copy());
  if (sym_) {
    auto w = std::make_shared<Witness>(resolveWitness(g, r, *sym_));
    for (ReportedEvent &e : r.events)
      if (const WitnessEvent *we = w->find(e.event))
        e.location = we->location;
    r.trace = std::move(w);
  }
  reports_.push_back(std::move(r));
  if (opts_.stopOnFirst)
    stop_ = true;
}

namespace {
std::string accessVerb(const MemAccessLabel &l) { return isa<ReadLabel>(&l) ? "reads" : "writes"; }
} // namespace

void BugChecker::checkAtomicity(const ExecutionGraph &g) {
  auto v = findAtomicityViolation(g);
  if (!v)
    return;
  auto name = [](const EventLabel &l) { return "T" + std::to_string(l.thread()); };
  std::string msg = std::string(patternName(v->pattern)) + " (" +
                    std::string(patternMeaning(v->pattern)) + "): " + name(*v->first) + " " +
                    accessVerb(*v->first) + " and then " + accessVerb(*v->second) +
                    " a location with no synchronisation between, and " + name(*v->other) + " " +
                    accessVerb(*v->other) + " it in between";
  std::vector<const EventLabel *> events{v->first, v->other, v->second};
  if (v->otherFirst) {
    msg = std::string(patternName(v->pattern)) + " (" + std::string(patternMeaning(v->pattern)) +
          "): " + name(*v->first) + " writes two locations with no synchronisation between, " +
          name(*v->other) + " writes both too, and each thread's write is the last on one";
    events = {v->first, v->second, v->otherFirst, v->other};
  }
  record(g, ErrorType::AtomicityViolation, msg, events);
}

void BugChecker::checkExitStatus(const ExecutionGraph &g, const ThreadFinishLabel &fin) {
  // The process ends with main's return (thread 0) or with exit() in any thread; C's exit
  // status is the int given (a shell sees its low 8 bits).
  bool ends = fin.how() == FinishKind::ProcessExit ||
              (fin.thread() == 0 && fin.how() == FinishKind::Return);
  auto status = static_cast<int32_t>(static_cast<uint32_t>(fin.returnValue()));
  if (!opts_.exitStatus || !ends || status == 0)
    return;
  record(g, ErrorType::ExitStatus,
         "the program ended with exit status " + std::to_string(status) +
             (fin.how() == FinishKind::ProcessExit ? " (exit() called)" : " (main returned it)"),
         {&fin});
}

bool BugChecker::onEvent(const ExecutionGraph &g, Event e) {
  const EventLabel *lab = g.label(e);
  if (auto *err = dyn_cast<ErrorLabel>(lab)) {
    ErrorType t = err->errorKind() == ErrorKind::Assertion     ? ErrorType::Assertion
                  : err->errorKind() == ErrorKind::MemoryError ? ErrorType::MemoryError
                                                               : ErrorType::UndefinedBehaviour;
    record(g, t, err->message(), {lab});
  } else if (auto *m = dyn_cast<MemAccessLabel>(lab)) {
    if (opts_.races)
      checkRaces(g, *m);
    checkHeap(g, *lab);
    // a read (not itself a copy's) of bytes a copy took from memory never written
    if (auto *r = dyn_cast<ReadLabel>(m); r && !r->copiedFrom() && !r->rf().isInit())
      if (auto *w = cast<WriteLabel>(g.label(r->rf())); w->copiedFrom())
        if (const AllocLabel *alloc = uninitialisedCopy(g, *w, 0))
          record(g, ErrorType::MemoryError,
                 "read of uninitialised heap memory, through a copy of it", {alloc, lab});
  } else if (isa<FreeLabel>(lab)) {
    checkHeap(g, *lab);
  } else if (auto *fin = dyn_cast<ThreadFinishLabel>(lab)) {
    checkExitStatus(g, *fin);
  } else if (auto *d = dyn_cast<BarrierDepartLabel>(lab); d && d->isCollective()) {
    if (const EventLabel *fin = exitedSource(g, *d))
      record(g, ErrorType::UndefinedBehaviour,
             "a warp shuffle reads lane " + std::to_string(g.threadPos(fin->thread()).thread % 32) +
                 ", which exited before the shuffle (CUDA leaves the value undefined)",
             {fin, lab});
  }
  return !stop_;
}

void BugChecker::checkRaces(const ExecutionGraph &g, const MemAccessLabel &e) {
  const LocationInfo *li = g.location(e.addr());
  // every two accesses there are atomic and include each other, or all are of e's thread
  if (!li || li->accesses.holds() || li->soleThread == static_cast<int32_t>(e.thread()))
    return;
  auto consider = [&](Event x) {
    if (x.thread == e.thread() || !g.contains(x))
      return;
    auto *o = cast<MemAccessLabel>(g.label(x));
    if (!isa<WriteLabel>(&e) && !isa<WriteLabel>(o))
      return;
    bool atomic = isAtomic(e.order()) && isAtomic(o->order());
    bool local = e.localSpace(); // ordered as that memory is (a barrier may order one space)
    if ((atomic && model_->incl(e, *o)) || hbBefore(g, x, e.pos(), local) ||
        hbBefore(g, e.pos(), x, local))
      return; // (the inclusion test first: it is the cheaper one)
    if (!atomic) {
      record(g, ErrorType::DataRace, "non-atomic access races with a conflicting access", {o, &e});
    } else { // atomic, unordered, and the scopes do not include each other
      record(g, ErrorType::HeteroRace,
             "the scopes of the two atomic accesses do not include each other", {o, &e});
    }
  };
  for (Event w : li->co)
    consider(w);
  if (isa<WriteLabel>(&e)) // two reads never race
    for (Event r : li->reads)
      consider(r);
}

void BugChecker::checkHeap(const ExecutionGraph &g, const EventLabel &e) {
  // Accesses are checked when their label says they touch the heap; every free is checked
  // (freeing anything but the start of an allocation is an invalid free).
  Addr a = 0;
  uint64_t size = 0;
  if (auto *m = dyn_cast<MemAccessLabel>(&e)) {
    if (!m->onHeap())
      return;
    a = m->addr();
    size = m->size();
  } else if (auto *f = dyn_cast<FreeLabel>(&e)) {
    a = f->addr();
  }
  const AllocLabel *alloc = g.allocationAt(a);
  std::vector<const FreeLabel *> frees;
  if (alloc)
    for (const FreeLabel *fl : g.freesOf(alloc->addr()))
      if (fl != &e)
        frees.push_back(fl);
  if (isa<FreeLabel>(&e)) {
    if (!alloc || alloc->addr() != a)
      record(g, ErrorType::MemoryError, "free of memory that was not allocated", {&e});
    else if (!frees.empty())
      record(g, ErrorType::MemoryError, "double free", {frees.front(), &e});
    else
      checkAccessesBeforeFree(g, *dyn_cast<FreeLabel>(&e), *alloc);
    return;
  }
  if (!alloc) {
    // Just past a block: in the red zone the allocator leaves after each one.
    for (uint64_t back = 1; back <= 16 && back <= a; ++back)
      if (const AllocLabel *before = g.allocationAt(a - back);
          before && a >= before->addr() + before->size()) {
        uint64_t past = a - before->addr() - before->size();
        record(g, ErrorType::MemoryError,
               "out-of-bounds heap access " +
                   (past ? std::to_string(past) + " bytes past" : std::string("just past")) +
                   " the end of a block of " + std::to_string(before->size()) + " bytes",
               {before, &e});
        return;
      }
    record(g, ErrorType::MemoryError, "access to heap memory that was never allocated", {&e});
    return;
  }
  if (a + size > alloc->addr() + alloc->size()) {
    record(g, ErrorType::MemoryError, "out-of-bounds heap access", {alloc, &e});
    return;
  }
  for (auto *fl : frees)
    if (!hbBefore(g, e.pos(), fl->pos()) && !(fl->isRetire() && hazardProtected(g, e, *alloc))) {
      record(g, ErrorType::MemoryError, "use after free", {fl, &e});
      return;
    }
  // An exchange whose result the program never uses overwrites the memory blindly: it uses
  // nothing it reads (docs/model.md §6).
  // A copy's read moves the bytes on without using them: its write carries them, and a read
  // of that write is checked instead (uninitialisedCopy).
  if (auto *r = dyn_cast<ReadLabel>(&e); r && r->rf().isInit() && !alloc->zeroed() &&
                                         !(r->rmw().op == RmwOp::Xchg && r->rmw().resultUnused) &&
                                         !r->copiedFrom())
    record(g, ErrorType::MemoryError, "read of uninitialised heap memory", {alloc, &e});
}

const AllocLabel *BugChecker::uninitialisedCopy(const ExecutionGraph &g, const WriteLabel &w,
                                                int depth) const {
  // The reads of w's copy precede its writes in w's thread: step back over the writes, then
  // look at the reads for those of the bytes w copies.
  if (depth >= 16)
    return nullptr;
  Addr from = w.copiedFrom();
  if (w.copyReads() >= 0)
    return uninitialisedCopyRead(g, w, depth);
  bool inReads = false;
  for (int32_t i = w.index() - 1; i >= 0; --i) {
    auto *m = dyn_cast<MemAccessLabel>(g.label(Event{w.thread(), i}));
    if (!m || !m->copiedFrom())
      return nullptr;
    auto *r = dyn_cast<ReadLabel>(m);
    if (!r) {
      if (inReads)
        return nullptr; // the previous copy's writes
      continue;
    }
    inReads = true;
    if (from + w.size() <= r->addr() || r->addr() + r->size() <= from)
      continue;
    if (const AllocLabel *alloc = uninitialisedSource(g, *r, depth))
      return alloc;
  }
  return nullptr;
}

const AllocLabel *BugChecker::uninitialisedSource(const ExecutionGraph &g, const ReadLabel &r,
                                                  int depth) const {
  if (r.rf().isInit()) {
    const AllocLabel *alloc = r.onHeap() ? g.allocationAt(r.addr()) : nullptr;
    return alloc && !alloc->zeroed() ? alloc : nullptr;
  }
  auto *src = cast<WriteLabel>(g.label(r.rf()));
  return src->copiedFrom() ? uninitialisedCopy(g, *src, depth + 1) : nullptr;
}

const AllocLabel *BugChecker::uninitialisedCopyRead(const ExecutionGraph &g, const WriteLabel &w,
                                                    int depth) const {
  // The copy's reads run from copyReads() in ascending address order, then its writes: the
  // reads of w's bytes are found by a binary search (a piece is at most 8 bytes).
  Addr from = w.copiedFrom();
  auto key = [&](int32_t i) {
    auto *r = dyn_cast<ReadLabel>(g.label(Event{w.thread(), i}));
    return r && r->copiedFrom() ? r->addr() : std::numeric_limits<Addr>::max();
  };
  int32_t lo = w.copyReads(), hi = w.index();
  while (lo < hi) { // the first read at or after from - 8
    int32_t mid = lo + (hi - lo) / 2;
    Addr k = key(mid);
    if (k < from && from - k >= 8)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (int32_t i = lo; i < w.index(); ++i) {
    auto *r = dyn_cast<ReadLabel>(g.label(Event{w.thread(), i}));
    if (!r || !r->copiedFrom() || r->addr() >= from + w.size())
      break;
    if (r->addr() + r->size() <= from)
      continue;
    if (const AllocLabel *alloc = uninitialisedSource(g, *r, depth))
      return alloc;
  }
  return nullptr;
}

void BugChecker::checkAccessesBeforeFree(const ExecutionGraph &g, const FreeLabel &fl,
                                         const AllocLabel &block) {
  // An access added before the free must happen before it (an access added after it is
  // checked when it is added).
  uint64_t end = block.addr() + std::max<uint64_t>(block.size(), 1);
  for (ThreadId t = 0; t < g.numThreads(); ++t)
    for (int32_t i = 0; i < g.threadSize(t); ++i) {
      auto *m = dyn_cast<MemAccessLabel>(g.label(Event{t, i}));
      if (!m || m->addr() < block.addr() || m->addr() >= end || hbBefore(g, m->pos(), fl.pos()))
        continue;
      if (fl.isRetire() && hazardProtected(g, *m, block))
        continue;
      record(g, ErrorType::MemoryError, "use after free", {&fl, m});
      return;
    }
}

bool BugChecker::hazardProtected(const ExecutionGraph &g, const EventLabel &e,
                                 const AllocLabel &block) {
  // The latest setting of each of the thread's hazard pointers before e, nearest first: the
  // access is protected when one of them points into the block (GenMC's hazard pointers).
  std::vector<Addr> seen;
  for (int32_t i = e.index() - 1; i >= 0; --i) {
    auto *h = dyn_cast<HazardLabel>(g.label(Event{e.thread(), i}));
    if (!h || std::find(seen.begin(), seen.end(), h->slot()) != seen.end())
      continue;
    if (h->target() >= block.addr() &&
        h->target() < block.addr() + std::max<uint64_t>(block.size(), 1))
      return true;
    seen.push_back(h->slot());
  }
  return false;
}

namespace {
/// A host thread left waiting at a pthread barrier hangs like at any other wait: a deadlock.
/// A GPU thread left waiting at a barrier (a block's, a warp's, or a pthread barrier that
/// stands for a block's, as in GPUMC's programs) is barrier divergence (docs/model.md §6).
bool waitingHangs(const BarrierLabel &d) {
  return !isBlockBarrier(d.barrier()) && !isWarpBarrier(d.barrier()) && isHostPos(d.threadPos());
}

/// Whether a thread of g failed an assertion: assert aborts the process, so no thread hangs
/// after it (the assertion is the execution's error).
bool assertionFailed(const std::vector<ThreadEndState> &threads, const ExecutionGraph &g) {
  for (size_t t = 0; t < threads.size(); ++t)
    if (threads[t].kind == ThreadEndState::Kind::Errored)
      if (auto *e = dyn_cast<ErrorLabel>(g.lastLabel(static_cast<ThreadId>(t)));
          e && e->errorKind() == ErrorKind::Assertion)
        return true;
  return false;
}

/// The threads main's return ends as far as hangs go (docs/model.md §6): one spinning for ever
/// (a worker left polling is how many programs end), and one waiting to join such a thread.
/// Threads waiting for a lock or at a barrier still hang, as in GenMC. None after pthread_exit
/// in main: the process then waits for its other threads.
std::vector<bool> endedWithMain(const ExecutionGraph &g,
                                const std::vector<ThreadEndState> &threads) {
  std::vector<bool> ended(threads.size(), false);
  auto *mainEnd = dyn_cast<ThreadFinishLabel>(g.lastLabel(0));
  if (!mainEnd || mainEnd->how() != FinishKind::Return)
    return ended;
  for (size_t t = 0; t < threads.size(); ++t) {
    auto &st = threads[t];
    if (st.kind == ThreadEndState::Kind::Blocked && st.forGood &&
        cast<BlockLabel>(g.lastLabel(static_cast<ThreadId>(t)))->reason() == BlockReason::SpinLoop)
      ended[t] = true;
  }
  for (bool grew = true; grew;) { // joins of ended threads, through chains of joins
    grew = false;
    for (size_t t = 0; t < threads.size(); ++t) {
      auto &st = threads[t];
      if (!ended[t] && st.kind == ThreadEndState::Kind::WaitingJoin && st.waitingFor >= 0 &&
          ended[static_cast<size_t>(st.waitingFor)])
        ended[t] = grew = true;
    }
  }
  return ended;
}
} // namespace

bool BugChecker::onExecutionEnd(const ExecutionGraph &g,
                                const std::vector<ThreadEndState> &threads) {
  if (opts_.atomicity)
    checkAtomicity(g);
  if (programExited(g) || assertionFailed(threads, g))
    return !stop_; // exit() or a failed assertion's abort ended every thread: nobody waits
  if (opts_.barrierDivergence)
    checkBarrierDivergence(g, threads);
  checkDeadlock(g, threads);
  return !stop_;
}

void BugChecker::checkBarrierDivergence(const ExecutionGraph &g,
                                        const std::vector<ThreadEndState> &threads) {
  // A thread waits at a barrier instance that can never complete. Executions cut by assume,
  // spin loops or bounds are merely blocked: a missing participant may be one of those,
  // unless every blocked thread spins on the latest values (ThreadEndState::forGood): then
  // none of them ever arrives.
  std::vector<const EventLabel *> waiting;
  for (auto &st : threads) {
    if (st.kind == ThreadEndState::Kind::Blocked && !st.forGood)
      return;
    if (st.kind == ThreadEndState::Kind::WaitingBarrier &&
        !waitingHangs(*cast<BarrierLabel>(st.pending)))
      waiting.push_back(st.pending);
  }
  if (waiting.empty())
    return;
  auto *d = cast<BarrierLabel>(waiting.front());
  auto arrived = g.barrierArrivals(d->barrier(), d->instance());
  std::vector<const EventLabel *> events;
  for (auto *a : arrived)
    if (a->thread() == d->thread())
      events.push_back(a);
  record(g, ErrorType::BarrierDivergence,
         "a thread waits at instance " + std::to_string(d->instance()) + " of " +
             (isWarpBarrier(d->barrier()) || isBlockBarrier(d->barrier())
                  ? barrierName(d->barrier(), d->scope())
                  : std::string("a barrier")) +
             " for " + std::to_string(d->count()) + " threads that only " +
             std::to_string(arrived.size()) + " reached; no other thread can arrive",
         events);
}

void BugChecker::checkDeadlock(const ExecutionGraph &g,
                               const std::vector<ThreadEndState> &threads) {
  // A hang: no thread called exit() (onExecutionEnd) and every thread that did not finish
  // waits for ever: for a join, for a lock nobody can release any more, or in a spin
  // loop whose reads got the latest writes (ThreadEndState::forGood: no newer value comes).
  // Threads cut by assume (the user's own pruning), by a bound, or spinning on an older value
  // (an unlucky order: another execution reads the newer one) make it merely blocked.
  std::vector<const EventLabel *> stuck;
  std::string why;
  auto say = [&why](ThreadId t, const std::string &what) {
    why += (why.empty() ? ": T" : "; T") + std::to_string(t) + " " + what;
  };
  std::vector<bool> ended = endedWithMain(g, threads);
  for (ThreadId t = 0; t < static_cast<ThreadId>(threads.size()); ++t) {
    auto &st = threads[static_cast<size_t>(t)];
    if (ended[static_cast<size_t>(t)])
      continue;
    if (st.kind == ThreadEndState::Kind::WaitingBarrier) {
      auto *d = cast<BarrierLabel>(st.pending);
      if (!waitingHangs(*d))
        return; // reported as barrier divergence
      stuck.push_back(g.lastLabel(t));
      say(t, "waits at phase " + std::to_string(d->instance()) + " of a barrier for " +
                 std::to_string(d->count()) + " threads that only " +
                 std::to_string(g.barrierArrivalCount(d->barrier(), d->instance())) + " reached");
      continue;
    }
    if (st.kind == ThreadEndState::Kind::WaitingJoin) {
      stuck.push_back(g.lastLabel(t) ? g.lastLabel(t) : nullptr);
      say(t, st.waitingFor >= 0 ? "waits to join T" + std::to_string(st.waitingFor)
                                : std::string("waits to join a thread"));
      continue;
    }
    if (st.kind != ThreadEndState::Kind::Blocked)
      continue;
    auto *b = cast<BlockLabel>(g.lastLabel(t));
    if (b->reason() == BlockReason::SpinLoop && st.forGood) {
      stuck.push_back(b);
      say(t, "spins for ever (every value its loop reads is the latest: no write can end it)");
      continue;
    }
    if (b->reason() != BlockReason::Lock)
      return;
    auto *r = cast<ReadLabel>(g.label(b->pos().prev()));
    if (r->rf() != g.coMax(r->addr()))
      return; // a later unlock exists: this execution is just an unlucky order
    stuck.push_back(b);
    say(t, "waits for a lock nobody releases");
  }
  std::erase(stuck, nullptr);
  if (!stuck.empty())
    record(g, ErrorType::Deadlock, "no thread can continue" + why, stuck);
}

} // namespace scopemc

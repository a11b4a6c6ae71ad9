#include "repair/Repair.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <set>

#include "checks/Witness.h"

namespace scopemc {

namespace {

std::string describe(const ReportedEvent &e) {
  std::string s = threadName(e.event.thread, e.pos, e.place) + " " + std::string(eventName(e)) +
                  " (" + std::string(orderName(e.order));
  if (isAtomic(e.order))
    s += ", " + std::string(scopeName(e.scope)) + " scope";
  return s + ") at " + toString(e.source);
}

/// The order of the instruction that made the access at `e` in `g`: an RMW's two halves
/// together (a release RMW has a relaxed read half and a release write half).
MemOrder writtenOrder(const ExecutionGraph &g, Event e) {
  const EventLabel *l = g.label(e);
  MemOrder r = MemOrder::NotAtomic, w = MemOrder::NotAtomic;
  if (auto *rd = dyn_cast<ReadLabel>(l)) {
    r = rd->order();
    if (!rd->isRmw())
      return r;
    if (g.contains(e.next()))
      if (auto *wr = dyn_cast<WriteLabel>(g.label(e.next())); wr && wr->isRmwPart())
        w = wr->order();
  } else if (auto *wr = dyn_cast<WriteLabel>(l)) {
    w = wr->order();
    if (!wr->isRmwPart())
      return w;
    if (e.index > 0)
      r = g.label(e.prev())->order();
  }
  if (r == MemOrder::SeqCst || w == MemOrder::SeqCst)
    return MemOrder::SeqCst;
  bool acq = isAcquire(r), rel = isRelease(w);
  return acq && rel ? MemOrder::AcqRel
         : acq      ? MemOrder::Acquire
         : rel      ? MemOrder::Release
                    : MemOrder::Relaxed;
}

bool isRmwAccess(const ExecutionGraph &g, Event e) {
  const EventLabel *l = g.label(e);
  if (auto *rd = dyn_cast<ReadLabel>(l))
    return rd->isRmw();
  if (auto *wr = dyn_cast<WriteLabel>(l))
    return wr->isRmwPart();
  return false;
}

/// What the rules of docs/model.md §7 make of one error: edits, or why there are none.
struct Proposal {
  std::vector<AccessEdit> edits;
  std::string why;            // set when the error cannot be repaired
  bool ordersMayHelp = false; // the order repair, not asked for, may repair it
};

AccessEdit scopeEdit(const ReportedEvent &e, Scope to, const std::string &reason) {
  AccessEdit a;
  a.kind = AccessEdit::Kind::Scope;
  a.site = e.source;
  a.annotation = e.annotation;
  a.from = e.scope;
  a.to = to;
  a.order = e.order;
  a.reason = reason;
  return a;
}

Scope needed(const ReportedEvent &a, const ReportedEvent &b) {
  return narrowestCommonScope(ThreadRef{a.event.thread, a.pos}, ThreadRef{b.event.thread, b.pos});
}

/// A heterogeneous race: both accesses widened to the narrowest scope holding both threads.
Proposal widenBoth(const Report &r) {
  Proposal p;
  const ReportedEvent &a = r.events[0], &b = r.events[1];
  Scope to = needed(a, b);
  for (const ReportedEvent *e : {&a, &b}) {
    const ReportedEvent &other = e == &a ? b : a;
    if (e->scope >= to)
      continue;
    std::string reason = "heterogeneous race with " + describe(other) + ": " +
                         std::string(scopeName(e->scope)) +
                         " scope does not include that thread; " + std::string(scopeName(to)) +
                         " is the narrowest scope holding both";
    p.edits.push_back(scopeEdit(*e, to, reason));
  }
  return p;
}

/// The reads-from edges (write, read) of the cheapest chain first ->po/rf ... ->po second
/// through atomics whose scopes include each other, where an edge costs the orders it lacks
/// (a release write, an acquire read). Nothing when no such chain exists or it costs nothing
/// (something else is missing).
std::vector<std::pair<Event, Event>> orderingChain(const ExecutionGraph &g, Event first,
                                                   Event second) {
  if (first.thread == second.thread || !g.contains(second) || !g.contains(first))
    return {};
  // readers of each atomic write, and the departures of each barrier instance (an arrival
  // happens before every departure of its instance), over the whole witness
  std::map<Event, std::vector<Event>> readers;
  std::map<std::pair<Addr, uint32_t>, std::vector<Event>> departures;
  for (ThreadId t = 0; t < g.numThreads(); ++t)
    for (int32_t i = 0; i < g.threadSize(t); ++i) {
      const EventLabel *l = g.label(Event{t, i});
      if (auto *rd = dyn_cast<ReadLabel>(l); rd && isAtomic(rd->order()) && !rd->rf().isInit())
        readers[rd->rf()].push_back(rd->pos());
      if (auto *d = dyn_cast<BarrierDepartLabel>(l))
        departures[{d->barrier(), d->instance()}].push_back(d->pos());
    }
  auto cost = [&](Event w, Event r) {
    return (isRelease(g.label(w)->order()) ? 0 : 1) + (isAcquire(g.label(r)->order()) ? 0 : 1);
  };
  std::map<Event, int> dist;
  std::map<Event, std::pair<Event, bool>> parent; // (previous event, reached by rf)
  std::set<std::pair<int, Event>> queue{{0, first}};
  dist[first] = 0;
  while (!queue.empty()) {
    auto [d, e] = *queue.begin();
    queue.erase(queue.begin());
    if (d > dist[e])
      continue;
    if (e.thread == second.thread && e.index <= second.index) {
      std::vector<std::pair<Event, Event>> chain;
      for (Event x = e; x != first; x = parent[x].first)
        if (parent[x].second)
          chain.push_back({parent[x].first, x});
      return d == 0 ? std::vector<std::pair<Event, Event>>{} : chain;
    }
    auto relax = [&](Event n, int c, bool rf) {
      auto it = dist.find(n);
      if (it != dist.end() && it->second <= d + c)
        return;
      dist[n] = d + c;
      parent[n] = {e, rf};
      queue.insert({d + c, n});
    };
    if (g.contains(e.next()))
      relax(e.next(), 0, false);
    if (auto *b = dyn_cast<BarrierArriveLabel>(g.label(e)))
      for (Event d : departures[{b->barrier(), b->instance()}])
        relax(d, 0, false);
    auto *w = dyn_cast<WriteLabel>(g.label(e));
    if (!w || !isAtomic(w->order()))
      continue;
    for (Event r : readers[e]) {
      const EventLabel *rl = g.label(r);
      if (r.thread != e.thread &&
          scopeIncludes(w->scope(), w->threadRef(), rl->scope(), rl->threadRef()))
        relax(r, cost(e, r), true);
    }
  }
  return {};
}

AccessEdit orderEdit(const ExecutionGraph &g, Event e, AccessEdit::Kind k,
                     const std::string &reason) {
  const EventLabel *l = g.label(e);
  AccessEdit a;
  a.kind = k;
  a.site = l->source();
  if (auto *m = dyn_cast<MemAccessLabel>(l))
    a.annotation = m->annotation();
  a.from = a.to = l->scope();
  a.order = writtenOrder(g, e);
  a.rmw = isRmwAccess(g, e);
  a.reason = reason;
  return a;
}

void strengthenEdge(const ExecutionGraph &g, Event w, Event r, const std::string &what,
                    std::vector<AccessEdit> &out) {
  std::string reason = what + ": the read at " + toString(g.label(r)->source()) +
                       " reads from the write at " + toString(g.label(w)->source()) +
                       "; as a release/acquire pair they give the " + "missing happens-before edge";
  if (!isRelease(g.label(w)->order()))
    out.push_back(orderEdit(g, w, AccessEdit::Kind::Release, reason));
  if (!isAcquire(g.label(r)->order()))
    out.push_back(orderEdit(g, r, AccessEdit::Kind::Acquire, reason));
}

/// Strengthens the write and the read of each edge (w, r) as far as they are not already.
void strengthen(const ExecutionGraph &g, const std::vector<std::pair<Event, Event>> &chain,
                const std::string &what, std::vector<AccessEdit> &out) {
  for (auto [w, r] : chain)
    strengthenEdge(g, w, r, what, out);
}

AccessEdit scopeEditAt(const ExecutionGraph &g, Event e, Scope to, const std::string &reason) {
  AccessEdit a = orderEdit(g, e, AccessEdit::Kind::Scope, reason);
  a.to = to;
  return a;
}

/// The fence of `t` between indices (from, to) that `want` accepts, nearest to `to` when
/// `latest`, else nearest to `from`; init when there is none.
Event fenceBetween(const ExecutionGraph &g, ThreadId t, int32_t from, int32_t to, bool latest,
                   bool (*want)(MemOrder)) {
  for (int32_t k = 1; k < to - from; ++k) {
    Event e{t, latest ? to - k : from + k};
    if (auto *f = dyn_cast<FenceLabel>(g.label(e)); f && want(f->order()))
      return e;
  }
  return Event::init();
}

/// A race that a release (fence) before a write and an acquire (fence) after a read of it
/// would order but for their scopes (`__threadfence_block()` on both sides of a flag passed
/// between blocks): each of them, and the write and read, widened to the narrowest scope
/// holding both threads.
Proposal widenSynchronisation(const Report &r) {
  Proposal p;
  const ExecutionGraph &g = *r.witness;
  Event a = r.events[0].event, b = r.events[1].event;
  for (auto [x, y] : {std::pair{a, b}, std::pair{b, a}}) {
    if (x.thread == y.thread || !g.contains(x) || !g.contains(y))
      continue;
    Scope to = narrowestCommonScope(g.label(x)->threadRef(), g.label(y)->threadRef());
    for (int32_t i = y.index - 1; i >= 0; --i) {
      auto *rd = dyn_cast<ReadLabel>(g.label(Event{y.thread, i}));
      if (!rd || !isAtomic(rd->order()) || rd->rf().isInit() || rd->rf().thread != x.thread ||
          rd->rf().index <= x.index || !isAtomic(g.label(rd->rf())->order()))
        continue;
      Event w = rd->rf(), rdPos = rd->pos();
      Event rel = isRelease(g.label(w)->order())
                      ? w
                      : fenceBetween(g, x.thread, x.index, w.index, true, isRelease);
      Event acq =
          isAcquire(rd->order()) ? rdPos : fenceBetween(g, y.thread, i, y.index, false, isAcquire);
      if (rel.isInit() || acq.isInit())
        continue;
      std::string reason = "data race between " + describe(r.events[0]) + " and " +
                           describe(r.events[1]) + ": the synchronisation through the read at " +
                           toString(rd->source()) + " needs " + std::string(scopeName(to)) +
                           " scope on its release and acquire side";
      std::vector<Event> sides{rel, w, rdPos, acq};
      std::sort(sides.begin(), sides.end());
      sides.erase(std::unique(sides.begin(), sides.end()), sides.end());
      for (Event e : sides)
        if (g.label(e)->scope() < to)
          p.edits.push_back(scopeEditAt(g, e, to, reason));
      if (!p.edits.empty())
        return p;
    }
  }
  return p;
}

Proposal orderRace(const Report &r) {
  Proposal p;
  const ExecutionGraph &g = *r.witness;
  Event a = r.events[0].event, b = r.events[1].event;
  for (auto [x, y] : {std::pair{a, b}, std::pair{b, a}})
    strengthen(g, orderingChain(g, x, y),
               "data race between " + describe(r.events[0]) + " and " + describe(r.events[1]),
               p.edits);
  if (p.edits.empty())
    p.why = "no reads-from edge between the two threads would order the accesses";
  return p;
}

Proposal orderAssertion(const Report &r) {
  Proposal p;
  const ExecutionGraph &g = *r.witness;
  Event f = r.events.empty() ? Event::init() : r.events[0].event;
  if (f.isInit() || !g.contains(f)) {
    p.why = "the failing check has no event in the witness";
    return p;
  }
  for (ThreadId t = 0; t < g.numThreads(); ++t)
    if (t != f.thread && g.threadSize(t) > 0)
      strengthen(g, orderingChain(g, Event{t, 0}, f),
                 "assertion violation at " + toString(r.events[0].source), p.edits);
  if (p.edits.empty())
    p.why = "no reads-from edge into the failing thread would change what it reads";
  return p;
}

Proposal propose(const Report &r, const RepairOptions &ro) {
  Proposal p;
  switch (r.type) {
  case ErrorType::HeteroRace:
    return widenBoth(r);
  case ErrorType::DataRace: {
    if (r.events.size() < 2) {
      p.why = "the race names fewer than two accesses";
      return p;
    }
    const ReportedEvent &a = r.events[0], &b = r.events[1];
    bool aa = isAtomic(a.order), ba = isAtomic(b.order);
    if (aa != ba) {
      const ReportedEvent &plain = aa ? b : a, &atomic = aa ? a : b;
      if (plain.annotation) { // made plain by __VERIFIER_weak_access: may be atomic
        Scope to = needed(a, b);
        AccessEdit e = scopeEdit(plain, to,
                                 "data race with the atomic " + describe(atomic) +
                                     ": made a relaxed atomic of " + std::string(scopeName(to)) +
                                     " scope, the two no longer race");
        e.kind = AccessEdit::Kind::MakeAtomic;
        e.order = MemOrder::NotAtomic;
        p.edits.push_back(e);
        if (atomic.scope < to)
          p.edits.push_back(scopeEdit(atomic, to,
                                      "data race with " + describe(plain) +
                                          ", made atomic: " + std::string(scopeName(atomic.scope)) +
                                          " scope does not include that thread"));
        return p;
      }
    }
    if (Proposal widened = widenSynchronisation(r); !widened.edits.empty())
      return widened;
    if (ro.orders)
      return orderRace(r);
    p.why = aa == ba ? "two plain accesses race: not repaired"
                     : "the plain access is not atomic in the source";
    p.ordersMayHelp = true;
    return p;
  }
  case ErrorType::Assertion:
    if (ro.orders)
      return orderAssertion(r);
    p.why = "an assertion violation is repaired only by orders";
    p.ordersMayHelp = true;
    return p;
  default:
    p.why = "not a scope or order problem";
    return p;
  }
}

/// Records which accesses each annotation call decided, over every execution.
class AnnotationRecorder final : public ExplorationObserver {
public:
  bool onEvent(const ExecutionGraph &g, Event e) override {
    if (auto *m = dyn_cast<MemAccessLabel>(g.label(e)); m && m->annotation() && m->source())
      seen_[m->annotation()].insert(m->source());
    return true;
  }
  bool onExecutionEnd(const ExecutionGraph &, const std::vector<ThreadEndState> &) override {
    return true;
  }
  std::map<const SourceLoc *, std::set<const SourceLoc *>> seen_;
};

std::shared_ptr<const AccessOverrides> overridesOf(const std::vector<AccessEdit> &edits) {
  auto o = std::make_shared<AccessOverrides>();
  for (const AccessEdit &e : edits) {
    AccessOverride &x = (*o)[e.site];
    switch (e.kind) {
    case AccessEdit::Kind::MakeAtomic:
      x.makeAtomic = true;
      [[fallthrough]];
    case AccessEdit::Kind::Scope:
      x.scope = std::max(x.scope, e.to);
      break;
    case AccessEdit::Kind::Acquire:
      x.acquire = true;
      break;
    case AccessEdit::Kind::Release:
      x.release = true;
      break;
    }
  }
  return o;
}

class Repairer {
public:
  Repairer(const std::shared_ptr<const Program> &p, const RunOptions &o, const RepairOptions &ro)
      : program_(p), opts_(o), ropts_(ro) {
    // Each round repairs the first error it finds: a racy program's full exploration can be
    // far larger than the repaired one's (a lock with a relaxed acquire), so rounds stop early
    // and the verification that counts is the one without errors, which explores everything.
    opts_.checks.stopOnFirst = true;
    opts_.exploration.onProgress = nullptr;
  }

  RepairResult run() {
    auto start = std::chrono::steady_clock::now();
    std::vector<AccessEdit> edits;
    for (unsigned round = 1; round <= ropts_.maxRounds; ++round) {
      tell("round " + std::to_string(round) + ": verifying with " + std::to_string(edits.size()) +
           " edit(s)");
      RunResult r = verifyWith(edits);
      RepairRound rr{r.reports, {}, r.verdict, r.exploration.seconds, r.exploration.complete};
      res_.unrepairable.clear();
      res_.why.clear();
      res_.ordersMayHelp.clear();
      if (r.verdict == Verdict::ErrorFound)
        rr.added = propose(r.reports, edits);
      res_.rounds.push_back(rr);
      edits.insert(edits.end(), rr.added.begin(), rr.added.end());
      res_.last = std::move(r);
      if (rr.added.empty())
        break;
    }
    if (res_.last.verdict == Verdict::Verified && !edits.empty())
      edits = minimise(std::move(edits));
    res_.edits = edits;
    for (auto &[annotation, sites] : recorder_)
      res_.annotated[annotation].assign(sites.begin(), sites.end());
    res_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return std::move(res_);
  }

private:
  void tell(const std::string &s) const {
    if (ropts_.progress)
      ropts_.progress(s);
  }

  RunResult verifyWith(const std::vector<AccessEdit> &edits) {
    RunOptions o = opts_;
    o.interpreter.overrides = overridesOf(edits);
    std::vector<std::unique_ptr<AnnotationRecorder>> recorders;
    unsigned last = 0;
    auto make = [&](unsigned search) -> ExplorationObserver & {
      if (search != last)
        recorders.clear(); // (the search started over: only the last one counts)
      last = search;
      recorders.push_back(std::make_unique<AnnotationRecorder>());
      return *recorders.back();
    };
    RunResult r = verifyProgram(program_, o, make);
    for (auto &rec : recorders)
      for (auto &[annotation, sites] : rec->seen_)
        recorder_[annotation].insert(sites.begin(), sites.end());
    ++res_.verifications;
    return r;
  }

  /// The new edits the errors ask for (none already made); unrepairable errors are noted.
  std::vector<AccessEdit> propose(const std::vector<Report> &errors,
                                  const std::vector<AccessEdit> &made) {
    std::vector<AccessEdit> out;
    auto known = [&](const AccessEdit &e) {
      auto same = [&](const AccessEdit &o) { return o.sameChange(e) && o.to >= e.to; };
      return std::any_of(made.begin(), made.end(), same) ||
             std::any_of(out.begin(), out.end(), same);
    };
    for (const Report &r : errors) {
      Proposal p = scopemc::propose(r, ropts_);
      bool sourced = std::all_of(p.edits.begin(), p.edits.end(), [](auto &e) { return e.site; });
      if (p.edits.empty() || !sourced) {
        res_.unrepairable.push_back(r);
        res_.why.push_back(sourced ? p.why : "an access to change has no source location");
        res_.ordersMayHelp.push_back(sourced && p.ordersMayHelp);
        continue;
      }
      for (AccessEdit &e : p.edits)
        if (!known(e))
          out.push_back(std::move(e));
    }
    return out;
  }

  /// Drops each edit the program verifies without (docs/model.md §7, minimality).
  std::vector<AccessEdit> minimise(std::vector<AccessEdit> edits) {
    for (size_t k = edits.size(); k-- > 0;) {
      std::vector<AccessEdit> without = edits;
      without.erase(without.begin() + static_cast<long>(k));
      tell("trying without the edit at " + toString(edits[k].site));
      RunResult r = verifyWith(without);
      if (r.verdict == Verdict::Verified) {
        edits = std::move(without);
        res_.last = std::move(r);
      }
    }
    return edits;
  }

  std::shared_ptr<const Program> program_;
  RunOptions opts_;
  RepairOptions ropts_;
  RepairResult res_;
  std::map<const SourceLoc *, std::set<const SourceLoc *>> recorder_;
};

} // namespace

MemOrder orderAfter(const std::vector<AccessEdit> &edits, const SourceLoc *site) {
  std::optional<MemOrder> base;
  bool acq = false, rel = false;
  for (const AccessEdit &e : edits)
    if (e.site == site) {
      base = base ? *base : e.order;
      acq = acq || e.kind == AccessEdit::Kind::Acquire;
      rel = rel || e.kind == AccessEdit::Kind::Release;
    }
  MemOrder o = base.value_or(MemOrder::Relaxed);
  if (o == MemOrder::SeqCst)
    return o;
  if (o == MemOrder::NotAtomic)
    o = MemOrder::Relaxed;
  acq = acq || isAcquire(o);
  rel = rel || isRelease(o);
  return acq && rel ? MemOrder::AcqRel
         : acq      ? MemOrder::Acquire
         : rel      ? MemOrder::Release
                    : MemOrder::Relaxed;
}

RepairResult repairProgram(const std::shared_ptr<const Program> &program, const RunOptions &opts,
                           const RepairOptions &ropts) {
  return Repairer(program, opts, ropts).run();
}

} // namespace scopemc

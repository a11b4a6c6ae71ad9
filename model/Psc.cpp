// The sc axiom of scoped RC11: psc = (psc_base U psc_F) n incl is acyclic (docs/model.md §3-4).
#include "model/ScopedRC11.h"

#include <algorithm>
#include <functional>
#include <map>

namespace scopemc {

namespace {

struct PscContext {
  const ExecutionGraph &g;
  std::vector<const EventLabel *> events; // memory accesses and fences

  bool sameLoc(const EventLabel *a, const EventLabel *b) const {
    auto *ma = dyn_cast<MemAccessLabel>(a);
    auto *mb = dyn_cast<MemAccessLabel>(b);
    return ma && mb && ma->addr() == mb->addr();
  }
  bool hb(const EventLabel *a, const EventLabel *b) const {
    return hbBefore(g, a->pos(), b->pos());
  }
  bool po(const EventLabel *a, const EventLabel *b) const {
    return a->thread() == b->thread() && a->index() < b->index();
  }
  Event observed(const EventLabel *l) const { return g.observedWrite(cast<MemAccessLabel>(l)); }
  bool co(const EventLabel *a, const EventLabel *b) const {
    return isa<WriteLabel>(a) && isa<WriteLabel>(b) && sameLoc(a, b) &&
           g.coBefore(a->pos(), b->pos());
  }
  bool fr(const EventLabel *a, const EventLabel *b) const {
    return isa<ReadLabel>(a) && isa<WriteLabel>(b) && sameLoc(a, b) &&
           g.coBefore(observed(a), b->pos());
  }
  /// eco = (rf U co U fr)+ on one location.
  bool eco(const EventLabel *a, const EventLabel *b) const {
    if (a == b || !sameLoc(a, b))
      return false;
    Event wa = observed(a), wb = observed(b);
    if (isa<WriteLabel>(a))
      return wa == wb ? isa<ReadLabel>(b) : g.coBefore(wa, wb);
    return g.coBefore(wa, isa<WriteLabel>(b) ? b->pos() : wb);
  }
  /// The first po-successor of x that is not an access to x's location.
  const EventLabel *nextOtherLoc(const EventLabel *x) const {
    for (int32_t i = x->index() + 1; i < g.threadSize(x->thread()); ++i) {
      auto *l = g.label(Event{x->thread(), i});
      if (!sameLoc(x, l))
        return l;
    }
    return nullptr;
  }
  const EventLabel *prevOtherLoc(const EventLabel *y) const {
    for (int32_t i = y->index() - 1; i >= 0; --i) {
      auto *l = g.label(Event{y->thread(), i});
      if (!sameLoc(y, l))
        return l;
    }
    return nullptr;
  }
  /// scb = po U (po|≠loc; hb; po|≠loc) U hb|loc U co U fr
  bool scb(const EventLabel *x, const EventLabel *y) const {
    if (x == y)
      return false;
    if (po(x, y) || co(x, y) || fr(x, y))
      return true;
    if (sameLoc(x, y) && hb(x, y))
      return true;
    auto *x2 = nextOtherLoc(x);
    auto *y2 = prevOtherLoc(y);
    return x2 && y2 && (x2 == y2 || hb(x2, y2));
  }
};

} // namespace

bool ScopedRC11Checker::pscAcyclic(const ExecutionGraph &g) const {
  PscContext c{g, {}};
  std::vector<const EventLabel *> sc;
  for (ThreadId t = 0; t < g.numThreads(); ++t)
    for (int32_t i = 0; i < g.threadSize(t); ++i) {
      auto *l = g.label(Event{t, i});
      if (!isa<MemAccessLabel>(l) && !isa<FenceLabel>(l))
        continue;
      c.events.push_back(l);
      if (l->isSC())
        sc.push_back(l);
    }
  if (sc.size() < 2)
    return true;

  auto leftSet = [&](const EventLabel *a) { // [E^sc] U [F^sc]; hb?
    std::vector<const EventLabel *> v{a};
    if (isa<FenceLabel>(a))
      for (auto *x : c.events)
        if (c.hb(a, x))
          v.push_back(x);
    return v;
  };
  auto rightSet = [&](const EventLabel *b) { // [E^sc] U hb?; [F^sc]
    std::vector<const EventLabel *> v{b};
    if (isa<FenceLabel>(b))
      for (auto *y : c.events)
        if (c.hb(y, b))
          v.push_back(y);
    return v;
  };
  auto pscEdge = [&](const EventLabel *a, const EventLabel *b) {
    if (!incl(*a, *b))
      return false;
    auto L = leftSet(a), R = rightSet(b);
    for (auto *x : L)
      for (auto *y : R)
        if (c.scb(x, y))
          return true;
    if (isa<FenceLabel>(a) && isa<FenceLabel>(b)) { // psc_F = [F^sc]; (hb U hb; eco; hb); [F^sc]
      if (c.hb(a, b))
        return true;
      for (auto *x : L)
        for (auto *y : R)
          if (c.eco(x, y))
            return true;
    }
    return false;
  };

  // Between SC events of one thread, psc follows po: po is part of scb (and of hb for
  // fences), and an edge against po would make hb;eco reflexive or hb cyclic, which coherent
  // graphs exclude. So a thread's SC events form a chain, and only pairs of events of
  // different threads need the full test. `sc` is sorted by thread, then po.
  size_t n = sc.size();
  if (sc.front()->thread() == sc.back()->thread())
    return true;
  std::vector<std::vector<size_t>> succ(n);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) {
      if (sc[i]->thread() == sc[j]->thread()) {
        if (j == i + 1)
          succ[i].push_back(j);
      } else if (pscEdge(sc[i], sc[j])) {
        succ[i].push_back(j);
      }
    }

  std::vector<int> state(n, 0); // 0 new, 1 on stack, 2 done
  std::function<bool(size_t)> dfs = [&](size_t u) {
    state[u] = 1;
    for (size_t v : succ[u]) {
      if (state[v] == 1)
        return false;
      if (state[v] == 0 && !dfs(v))
        return false;
    }
    state[u] = 2;
    return true;
  };
  for (size_t i = 0; i < n; ++i)
    if (state[i] == 0 && !dfs(i))
      return false;
  return true;
}

namespace {

/// The psc graph around one SC access, for the incremental check (pscCycleThrough). Edges are
/// those of pscAcyclic on SC accesses (no SC fences): scb = po U co U fr U hb|loc U
/// po|≠loc; hb; po|≠loc, restricted to incl. inEdges lists, for each kind, the sources from
/// which every other source of that kind is reached along po (same thread, always in incl),
/// so backward reachability is the same as over all edges.
struct PscIncremental {
  const ExecutionGraph &g;
  const ConsistencyChecker &c;
  std::vector<std::vector<bool>> seen;

  const EventLabel *at(ThreadId t, int32_t i) const { return g.label(Event{t, i}); }
  bool mark(const EventLabel *x) {
    auto &v = seen[static_cast<size_t>(x->thread())];
    if (v.empty())
      v.resize(static_cast<size_t>(g.threadSize(x->thread())), false);
    bool was = v[static_cast<size_t>(x->index())];
    v[static_cast<size_t>(x->index())] = true;
    return !was;
  }
  /// The latest SC event of thread t at index at most i that satisfies `ok` (null: none).
  template <typename F> const EventLabel *latestSc(ThreadId t, int32_t i, F ok) const {
    for (int32_t k = i >= 0 ? at(t, i)->prevSc() : -1; k >= 0;
         k = k > 0 ? at(t, k - 1)->prevSc() : -1)
      if (ok(at(t, k)))
        return at(t, k);
    return nullptr;
  }
  template <typename F> void inEdges(const MemAccessLabel &v, F visit) {
    ThreadId tv = v.thread();
    if (v.index() > 0)
      if (int32_t p = at(tv, v.index() - 1)->prevSc(); p >= 0)
        visit(at(tv, p)); // po
    auto sameLoc = [&](const EventLabel *x) {
      auto *m = dyn_cast<MemAccessLabel>(x);
      return m && m->addr() == v.addr();
    };
    // v2 = the po-predecessor of v's run of same-location accesses (po|≠loc into v)
    const EventLabel *v2 = v.runStart() > 0 ? at(tv, v.runStart() - 1) : nullptr;
    for (ThreadId t = 0; t < g.numThreads(); ++t) {
      if (t == tv || g.threadSize(t) == 0)
        continue;
      int32_t last = g.threadSize(t) - 1;
      // hb|loc: the latest SC access to v's location hb-before v
      if (auto *x = latestSc(t, std::min(v.hb().get(t), last),
                             [&](const EventLabel *x) { return sameLoc(x) && c.incl(*x, v); }))
        visit(x);
      // po|≠loc; hb; po|≠loc: x's run of same-location accesses ends before an event
      // hb-before v2, i.e. x lies before the run of the latest such event
      if (int32_t k = v2 ? std::min(v2->hb().get(t), last) : -1; k >= 0)
        if (int32_t s = at(t, k)->runStart(); s > 0)
          if (auto *x = latestSc(t, s - 1, [&](const EventLabel *x) { return c.incl(*x, v); }))
            visit(x);
    }
    if (!isa<WriteLabel>(&v))
      return;
    const LocationInfo *li = g.location(v.addr());
    // When every two accesses of the location include each other, x co w is a psc edge for
    // any two SC writes: the latest SC write co-before v stands for all earlier ones, and the
    // SC reads fr-before a write co-before one whose fr sources were visited were visited too.
    const bool uniform = li->accesses.holds();
    const long at = g.coIndex(v.pos());
    for (long k = at - 1; k >= 0; --k) // co
      if (auto *w = g.label(li->co[static_cast<size_t>(k)]); w->isSC() && c.incl(*w, v)) {
        visit(w);
        if (uniform)
          break;
      }
    if (uniform) {
      auto [it, fresh] = frDone.try_emplace(v.addr(), at);
      if (!fresh && it->second >= at)
        return; // (a search visits each location's fr sources once, mostly)
      it->second = at;
    }
    for (Event r : li->reads) // fr
      if (auto *rl = cast<ReadLabel>(g.label(r));
          rl->isSC() && g.coBefore(rl->rf(), v.pos()) && c.incl(*rl, v))
        visit(rl);
  }
  /// Per location whose accesses all include each other: the highest co index of a write
  /// whose fr sources this search visited.
  std::map<Addr, long> frDone;
};

} // namespace

bool ScopedRC11Checker::pscCycleThrough(const ExecutionGraph &g, const MemAccessLabel &e) const {
  // Every new psc edge touches e (it is its thread's last event, and there are no SC
  // fences): a cycle goes e -> y ->* e. e's successors are the SC writes co-after what it
  // observes (co, fr); po|≠loc and hb lead nowhere from a po-maximal event. Search backwards
  // from e for one of them.
  const LocationInfo *li = g.location(e.addr());
  std::vector<const EventLabel *> targets;
  for (size_t k = static_cast<size_t>(g.coIndex(g.observedWrite(&e)) + 1); li && k < li->co.size();
       ++k)
    if (auto *w = g.label(li->co[k]); w != &e && w->isSC() && incl(e, *w))
      targets.push_back(w);
  if (targets.empty())
    return false; // added maximally: no successor, no cycle
  PscIncremental p{
      g, *this, std::vector<std::vector<bool>>(static_cast<size_t>(g.numThreads())), {}};
  std::vector<const MemAccessLabel *> stack{&e};
  p.mark(&e);
  bool found = false;
  while (!stack.empty() && !found) {
    const MemAccessLabel *v = stack.back();
    stack.pop_back();
    p.inEdges(*v, [&](const EventLabel *x) {
      if (found || !p.mark(x))
        return;
      found = std::find(targets.begin(), targets.end(), x) != targets.end();
      stack.push_back(cast<MemAccessLabel>(x));
    });
  }
  return found;
}

} // namespace scopemc

// The sc axiom of scoped RC11: psc = (psc_base U psc_F) n incl is acyclic (docs/model.md §3-4).
#include "model/ScopedRC11.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <map>
#include <stdexcept>

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

namespace {

/// The SC accesses and fences of g, sorted by thread, then po.
std::vector<const EventLabel *> scEvents(const ExecutionGraph &g) {
  std::vector<const EventLabel *> sc;
  for (ThreadId t = 0; t < g.numThreads(); ++t)
    for (int32_t i = 0; i < g.threadSize(t); ++i)
      if (auto *l = g.label(Event{t, i});
          l->isSC() && (isa<MemAccessLabel>(l) || isa<FenceLabel>(l)))
        sc.push_back(l);
  return sc;
}

/// Whether psc is acyclic, given `edge(i, j)` for SC events sc[i], sc[j] of different threads.
/// Between SC events of one thread, psc follows po: po is part of scb (and of hb for fences),
/// and an edge against po would make hb;eco reflexive or hb cyclic, which coherent graphs
/// exclude. So a thread's SC events form a chain, and only pairs of events of different
/// threads need the test. `sc` is sorted by thread, then po.
template <typename Edge> bool chainsAcyclic(const std::vector<const EventLabel *> &sc, Edge edge) {
  size_t n = sc.size();
  if (n < 2 || sc.front()->thread() == sc.back()->thread())
    return true;
  std::vector<std::vector<size_t>> succ(n);
  for (size_t i = 0; i < n; ++i)
    for (size_t j = 0; j < n; ++j) {
      if (sc[i]->thread() == sc[j]->thread()) {
        if (j == i + 1)
          succ[i].push_back(j);
      } else if (edge(i, j)) {
        succ[i].push_back(j);
      }
    }
  std::vector<int> state(n, 0);                 // 0 new, 1 on stack, 2 done
  std::vector<std::pair<size_t, size_t>> stack; // (node, next successor to look at)
  for (size_t root = 0; root < n; ++root) {
    if (state[root] != 0)
      continue;
    stack.emplace_back(root, 0);
    state[root] = 1;
    while (!stack.empty()) {
      auto &[u, k] = stack.back();
      if (k == succ[u].size()) {
        state[u] = 2;
        stack.pop_back();
        continue;
      }
      size_t v = succ[u][k++];
      if (state[v] == 1)
        return false;
      if (state[v] == 0) {
        state[v] = 1;
        stack.emplace_back(v, 0);
      }
    }
  }
  return true;
}

} // namespace

bool ScopedRC11Checker::pscAcyclicByDefinition(const ExecutionGraph &g) const {
  // The relation as docs/scoped-rc11.cat states it, over every event: slow, kept to check
  // pscAcyclic against (crossCheckPsc).
  PscContext c{g, {}};
  for (ThreadId t = 0; t < g.numThreads(); ++t)
    for (int32_t i = 0; i < g.threadSize(t); ++i)
      c.events.push_back(g.label(Event{t, i}));
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
  auto sc = scEvents(g);
  return chainsAcyclic(sc, [&](size_t i, size_t j) {
    const EventLabel *a = sc[i], *b = sc[j];
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
  });
}

namespace {

/// What the psc edges of SC fences need, computed once per check (pscAcyclic). hb is a
/// transitive relation that contains po, so the events hb-after an event are a suffix of each
/// thread, and those hb-before it a prefix.
///
/// Accesses of one location are ranked along eco: a write by 2 * (its co position + 1), a
/// read by the rank of what it reads plus 1 (init ranks 0). For two accesses x, y of one
/// location, x eco y exactly when rank(x) < rank(y): a write is eco-before the writes co-after
/// it and the reads of itself or of them; a read is fr-before the writes co-after its source
/// and, through them, before their readers.
struct PscSides {
  const ExecutionGraph &g;
  std::vector<const EventLabel *> sc;
  std::vector<std::vector<int32_t>> after; // per SC event, per thread: first index hb-after it
  /// Per SC fence: per location, the least rank of an access hb-after it, and the greatest
  /// rank of an access (of a write) hb-before it.
  std::vector<std::map<Addr, long>> minAfter, maxBefore, maxWriteBefore;

  long rank(const MemAccessLabel &m) const {
    return 2 * (g.coIndex(g.observedWrite(&m)) + 1) + (isa<ReadLabel>(&m) ? 1 : 0);
  }
  int32_t firstAfter(const EventLabel &a, ThreadId t) const {
    if (t == a.thread())
      return a.index() + 1;
    int32_t lo = 0, hi = g.threadSize(t); // views grow along po: binary search
    while (lo < hi) {
      int32_t mid = lo + (hi - lo) / 2;
      if (g.label(Event{t, mid})->hb().contains(a.pos()))
        hi = mid;
      else
        lo = mid + 1;
    }
    return lo;
  }
  /// The last index of thread t hb-before b (b excluded).
  int32_t lastBefore(const EventLabel &b, ThreadId t) const {
    if (t == b.thread())
      return b.index() - 1;
    return std::min(b.hb().get(t), g.threadSize(t) - 1);
  }
  explicit PscSides(const ExecutionGraph &graph) : g(graph), sc(scEvents(graph)) {
    size_t n = sc.size();
    after.resize(n);
    minAfter.resize(n);
    maxBefore.resize(n);
    maxWriteBefore.resize(n);
    for (size_t k = 0; k < n; ++k) {
      const EventLabel &a = *sc[k];
      for (ThreadId t = 0; t < g.numThreads(); ++t)
        after[k].push_back(firstAfter(a, t));
      if (!isa<FenceLabel>(&a))
        continue;
      auto keep = [](std::map<Addr, long> &m, Addr a, long r, auto better) {
        if (auto [it, fresh] = m.try_emplace(a, r); !fresh && better(r, it->second))
          it->second = r;
      };
      for (ThreadId t = 0; t < g.numThreads(); ++t) {
        for (int32_t i = after[k][static_cast<size_t>(t)]; i < g.threadSize(t); ++i)
          if (auto *m = dyn_cast<MemAccessLabel>(g.label(Event{t, i})))
            keep(minAfter[k], m->addr(), rank(*m), std::less<long>());
        for (int32_t i = 0; i <= lastBefore(a, t); ++i)
          if (auto *m = dyn_cast<MemAccessLabel>(g.label(Event{t, i}))) {
            keep(maxBefore[k], m->addr(), rank(*m), std::greater<long>());
            if (isa<WriteLabel>(m))
              keep(maxWriteBefore[k], m->addr(), rank(*m), std::greater<long>());
          }
      }
    }
  }
  /// Whether an access to `loc` is hb-after sc[i] and hb-before b.
  bool accessBetween(size_t i, const EventLabel &b, Addr loc) const {
    for (ThreadId t = 0; t < g.numThreads(); ++t)
      for (int32_t k = after[i][static_cast<size_t>(t)]; k <= lastBefore(b, t); ++k)
        if (auto *m = dyn_cast<MemAccessLabel>(g.label(Event{t, k})); m && m->addr() == loc)
          return true;
    return false;
  }
  static long at(const std::map<Addr, long> &m, Addr a, long none) {
    auto it = m.find(a);
    return it == m.end() ? none : it->second;
  }
};

} // namespace

bool ScopedRC11Checker::pscAcyclic(const ExecutionGraph &g) const {
  // The edges of docs/scoped-rc11.cat between SC events a and b of different threads, where
  // a fence's side (hb-after a fence a, hb-before a fence b) is a set closed under hb:
  // - two accesses: scb(a, b);
  // - two fences: a hb b, or x eco y for accesses x hb-after a and y hb-before b (scb's po,
  //   hb|loc and po|≠loc;hb;po|≠loc between such events give a hb b; its co and fr are eco);
  // - a fence a, an access b: an event of b's thread before b is hb-after a (po), an access
  //   to b's location is hb-after a and hb-before b (hb|loc), or b is a write and an access
  //   x hb-after a has x co b or x fr b (rank below b's); po|≠loc;hb;po|≠loc implies po;
  // - an access a, a fence b: the mirror image, with co/fr into a write hb-before b.
  // pscAcyclicByDefinition evaluates the relation literally (crossCheckPsc compares them).
  PscSides s(g);
  PscContext c{g, {}};
  const auto &sc = s.sc;
  bool ok = chainsAcyclic(sc, [&](size_t i, size_t j) {
    const EventLabel &a = *sc[i], &b = *sc[j];
    if (!incl(a, b))
      return false;
    bool fa = isa<FenceLabel>(&a), fb = isa<FenceLabel>(&b);
    if (!fa && !fb)
      return c.scb(&a, &b);
    if (fa && fb) {
      if (hbBefore(g, a.pos(), b.pos()))
        return true;
      for (auto [loc, lo] : s.minAfter[i])
        if (lo < PscSides::at(s.maxBefore[j], loc, -1))
          return true;
      return false;
    }
    if (fa) {
      auto &m = cast<MemAccessLabel>(b);
      if (s.after[i][static_cast<size_t>(b.thread())] < b.index())
        return true;
      if (isa<WriteLabel>(&m) &&
          PscSides::at(s.minAfter[i], m.addr(), std::numeric_limits<long>::max()) < s.rank(m))
        return true;
      return s.accessBetween(i, b, m.addr());
    }
    auto &m = cast<MemAccessLabel>(a);
    if (s.lastBefore(b, a.thread()) > a.index())
      return true;
    if (PscSides::at(s.maxWriteBefore[j], m.addr(), -1) > s.rank(m))
      return true;
    return s.accessBetween(i, b, m.addr());
  });
  if (crossCheckPsc_ && ok != pscAcyclicByDefinition(g))
    throw std::logic_error("psc check disagrees with the relation's definition");
  return ok;
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

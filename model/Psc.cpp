// The sc axiom of scoped RC11: psc = (psc_base U psc_F) n incl is acyclic (MODEL.md §3-4).
#include "model/ScopedRC11.h"

#include <functional>

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
  bool hb(const EventLabel *a, const EventLabel *b) const { return hbBefore(g, a->pos(), b->pos()); }
  bool po(const EventLabel *a, const EventLabel *b) const {
    return a->thread() == b->thread() && a->index() < b->index();
  }
  Event observed(const EventLabel *l) const {
    return g.observedWrite(static_cast<const MemAccessLabel *>(l));
  }
  bool co(const EventLabel *a, const EventLabel *b) const {
    return isa<WriteLabel>(a) && isa<WriteLabel>(b) && sameLoc(a, b) && g.coBefore(a->pos(), b->pos());
  }
  bool fr(const EventLabel *a, const EventLabel *b) const {
    return isa<ReadLabel>(a) && isa<WriteLabel>(b) && sameLoc(a, b) && g.coBefore(observed(a), b->pos());
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

} // namespace scopemc

#include "dpor/Symmetry.h"

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>

namespace scopemc {

namespace {

uint64_t keyHash(const std::vector<uint64_t> &key) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (uint64_t w : key)
    h = (h ^ w) * 0x100000001b3ull;
  return h;
}

enum class Step : uint8_t { Same, Differ, Ordered };

/// What the events two threads have at one index must share to be alike: everything but a
/// read's source. Kinds other than reads, writes and fences have none: they never compare
/// alike.
using Signature =
    std::tuple<uint8_t, uint8_t, uint8_t, uint64_t, uint64_t, uint64_t, uint64_t, uint8_t>;

std::optional<Signature> signatureOf(const EventLabel &l) {
  auto head = [&](uint64_t addr, uint64_t size, uint64_t a, uint64_t b, uint8_t flags) {
    return Signature{static_cast<uint8_t>(l.kind()),
                     static_cast<uint8_t>(l.order()),
                     static_cast<uint8_t>(l.scope()),
                     addr,
                     size,
                     a,
                     b,
                     flags};
  };
  if (auto *r = dyn_cast<ReadLabel>(&l)) {
    const RmwInfo &x = r->rmw();
    return head(r->addr(), r->size(), x.operand, x.expected,
                static_cast<uint8_t>((static_cast<unsigned>(x.op) << 1) | (x.lockAcquire ? 1 : 0)));
  }
  if (auto *w = dyn_cast<WriteLabel>(&l)) // (a deferred update's value is its chain's: its
                                          // read half's operand stands for it)
    return head(w->addr(), w->size(), w->deferred() ? 0 : w->value(), 0,
                w->deferred()    ? 3
                : w->isRmwPart() ? 1
                                 : 0);
  if (auto *f = dyn_cast<FenceLabel>(&l))
    return head(0, 0, f->fences(), 0, 0);
  return std::nullopt;
}

/// Compares the events two threads have at one index: the same (as their histories go),
/// different in a way that says nothing, or both reads of one location from different
/// sources (the sources' co order then says which thread went first).
Step compare(const EventLabel &a, const EventLabel &b) {
  auto sa = signatureOf(a), sb = signatureOf(b);
  if (!sa || !sb || *sa != *sb)
    return Step::Differ;
  if (auto *ra = dyn_cast<ReadLabel>(&a)) {
    auto *rb = cast<ReadLabel>(&b);
    if (ra->deferred() || rb->deferred()) // (reads nothing: dpor/Deferral.h)
      return ra->deferred() && rb->deferred() ? Step::Same : Step::Differ;
    return ra->rf() == rb->rf() ? Step::Same : Step::Ordered;
  }
  return Step::Same;
}

} // namespace

const std::vector<std::vector<ThreadId>> &SymmetryPruner::classes(const ExecutionGraph &g,
                                                                  bool fresh) {
  size_t n = static_cast<size_t>(g.numThreads());
  if (!fresh && classesFor_ == n)
    return classes_;
  classes_.clear();
  classesFor_ = n;
  // Members are compared with their class's latest: a run of creations is contiguous, so
  // membership (sameSymmetryClass) carries over from one member to the next. Only classes of
  // the same creator and key can take t, and of those only the latest: an earlier one in t's
  // run of creations has the latest's members in that run too. They are found by a hash.
  std::unordered_map<uint64_t, std::vector<size_t>> open; // (creator, key) hash -> classes
  for (ThreadId t = 1; t < g.numThreads(); ++t) {
    if (!sameSymmetryClass(g, t, t)) // (not keyed)
      continue;
    ThreadId creator = g.creatorOf(t).thread;
    const SymmetryKey &key = cast<ThreadCreateLabel>(g.label(g.creatorOf(t)))->entry().symmetry;
    std::vector<size_t> &alike =
        open[keyHash(*key) ^ (static_cast<uint64_t>(creator) * 0x9E3779B97F4A7C15ull)];
    auto c = std::find_if(alike.rbegin(), alike.rend(), [&](size_t k) {
      ThreadId last = classes_[k].back();
      return g.creatorOf(last).thread == creator &&
             sameSymmetry(cast<ThreadCreateLabel>(g.label(g.creatorOf(last)))->entry().symmetry,
                          key);
    });
    if (c != alike.rend() && sameSymmetryClass(g, classes_[*c].back(), t)) {
      classes_[*c].push_back(t);
    } else {
      alike.push_back(classes_.size());
      classes_.push_back({t});
    }
  }
  std::erase_if(classes_, [](const auto &c) { return c.size() < 2; });
  sawClass_ = sawClass_ || !classes_.empty();
  return classes_;
}

int32_t SymmetryPruner::violation(const ExecutionGraph &g, ThreadId s, ThreadId t) const {
  int32_t n = std::min(g.threadSize(s), g.threadSize(t));
  for (int32_t i = 1; i < n; ++i) {
    const EventLabel *a = g.label(Event{s, i}), *b = g.label(Event{t, i});
    switch (compare(*a, *b)) {
    case Step::Same:
      continue;
    case Step::Differ:
      return -1;
    case Step::Ordered:
      return g.coIndex(cast<ReadLabel>(b)->rf()) < g.coIndex(cast<ReadLabel>(a)->rf()) ? i : -1;
    }
  }
  return -1;
}

bool SymmetryPruner::persistent(const ExecutionGraph &g, ThreadId s, ThreadId t, int32_t upTo) {
  // A backward revisit below this graph revisits a read that is revisitable and was added
  // maximally, and removes only such events added after it. Events added before every such
  // read, or that are not such events themselves, stay as they are.
  for (ThreadId u : {s, t})
    for (int32_t i = 0; i < upTo; ++i)
      if (!p_.stays(g, g.label(Event{u, i})))
        return false;
  auto *later = cast<ReadLabel>(g.label(Event{s, upTo}));
  if (!p_.stays(g, g.label(Event{t, upTo})))
    return false;
  if (p_.stays(g, later))
    return true;
  // s's read may still be revisited, but not removed if no other read that a revisit could
  // change was added before it. A revisit gives it a write added later: if every such write
  // is co-after t's source, s's read stays the later one.
  return later->stamp() == p_.minRevisitable(g) && later->stamp() < p_.nextRevisitable(g) &&
         laterWritesFollow(g, cast<ReadLabel>(g.label(Event{t, upTo}))->rf(), s, t, upTo);
}

bool SymmetryPruner::laterWritesFollow(const ExecutionGraph &g, Event x, ThreadId s, ThreadId t,
                                       int32_t j) {
  // A write added below this graph by a thread that has x happen-before it is co-after x
  // (coherence). s's and t's writes to x's location follow reads of x or of writes co-after it,
  // and x's own thread's follow x: coherence again. Every other thread must have x in the
  // happens-before of an event that stays (or be finished for good); a thread created later
  // inherits its creator's.
  if (x.isInit())
    return true;
  auto *xl = cast<WriteLabel>(g.label(x));
  auto knowsX = [&](const View &known) { return known.contains(x); };
  for (ThreadId u = 0; u < g.numThreads(); ++u) {
    if (u == s || u == t || u == x.thread || !g.threadExists(u) ||
        !p_.mayStillWrite(g, u, xl->addr(), xl->size()))
      continue;
    if (!p_.knows(g, u, xl->localSpace(), knowsX) && !laterInClass(g, s, u, j, x))
      return false;
  }
  return true;
}

bool SymmetryPruner::laterInClass(const ExecutionGraph &g, ThreadId s, ThreadId u, int32_t j,
                                  Event x) {
  // s's read at index j follows j - 1 events that stay. A higher thread u of its class that has
  // made exactly the same j - 1 events, for good, makes the same read next (it runs the same
  // code on the same values), and none of those events writes the location: u writes to it
  // only after that read, so co-after the read's source. Where s's read reads from u, u's
  // source is then co-before s's: a violation (docs/symmetry.md, step 3). With j = 1 the
  // events before are the starts: u has only begun.
  if (u < s || g.threadSize(u) != j || !sameSymmetryClass(g, s, u) ||
      !p_.stays(g, g.label(g.creatorOf(u))))
    return false;
  auto *xl = cast<WriteLabel>(g.label(x));
  for (int32_t i = 1; i < j; ++i) {
    const EventLabel *a = g.label(Event{s, i}), *b = g.label(Event{u, i});
    auto *w = dyn_cast<WriteLabel>(a);
    if (compare(*a, *b) != Step::Same || !p_.stays(g, b) ||
        (w && w->addr() < xl->addr() + xl->size() && xl->addr() < w->addr() + w->size()))
      return false;
  }
  return true;
}

bool SymmetryPruner::check(const ExecutionGraph &g, ThreadId only) {
  p_.refresh();
  bool any = false;
  auto prunes = [&](ThreadId s, ThreadId t, int32_t j) {
    any = true;
    if (!persistent(g, s, t, j))
      return false;
    ++pruned_;
    return true;
  };
  for (const auto &c : classes_) {
    if (only < 0 && c.size() > pairwiseUpTo_) { // (cost: the class and its violations)
      if (anyViolation(g, c, prunes))
        return true;
      continue;
    }
    if (only < 0) { // (a small class: every pair, cheaper than building the trie)
      for (size_t x = 0; x < c.size(); ++x)
        for (size_t y = x + 1; y < c.size(); ++y)
          if (int32_t j = violation(g, c[x], c[y]); j >= 0 && prunes(c[x], c[y], j))
            return true;
      continue;
    }
    auto at = std::find(c.begin(), c.end(), only);
    if (at == c.end())
      continue;
    for (auto it = c.begin(); it != c.end(); ++it) {
      ThreadId s = it < at ? *it : only, t = it < at ? only : *it;
      if (int32_t j = it == at ? -1 : violation(g, s, t); j >= 0 && prunes(s, t, j))
        return true;
    }
  }
  unviolated_ = only < 0 && !any;
  return false;
}

bool SymmetryPruner::anyViolation(const ExecutionGraph &g, const std::vector<ThreadId> &c,
                                  const std::function<bool(ThreadId, ThreadId, int32_t)> &f) const {
  // The members' histories as a trie: the members of a node are alike up to its index. At the
  // index, those whose events share a signature but read from different sources differ there
  // first: s < t is a violation when t's source is co-before s's (an inversion of thread order
  // and co order, found in time proportional to their number). Those with the same event
  // stay alike: a child node. Every pair violation() finds is met once, at its index.
  std::vector<std::pair<std::vector<ThreadId>, int32_t>> nodes{{c, 1}};
  while (!nodes.empty()) {
    auto [members, i] = std::move(nodes.back());
    nodes.pop_back();
    std::map<Signature, std::vector<ThreadId>> alike; // each in thread order
    for (ThreadId m : members)
      if (g.threadSize(m) > i)
        if (auto sig = signatureOf(*g.label(Event{m, i})))
          alike[*sig].push_back(m);
    for (auto &[sig, ms] : alike) {
      if (ms.size() < 2)
        continue;
      auto *first = dyn_cast<ReadLabel>(g.label(Event{ms.front(), i}));
      if (!first || first->deferred()) { // (a deferred update's read is no choice)
        nodes.emplace_back(std::move(ms), i + 1);
        continue;
      }
      std::map<Event, std::vector<ThreadId>> bySource;
      std::multimap<long, ThreadId> lower; // the members before t, by their source's co index
      for (ThreadId t : ms) {
        Event src = cast<ReadLabel>(g.label(Event{t, i}))->rf();
        bySource[src].push_back(t);
        long co = g.coIndex(src);
        for (auto s = lower.upper_bound(co); s != lower.end(); ++s)
          if (f(s->second, t, i))
            return true;
        lower.emplace(co, t);
      }
      for (auto &[src, same] : bySource)
        if (same.size() > 1)
          nodes.emplace_back(std::move(same), i + 1);
    }
  }
  return false;
}

void SymmetryPruner::noteKey(ThreadId child, const SymmetryKey &key) {
  // Two threads with one key: a class may form. (The same thread created again after a cut
  // brings its own key back; until some key repeats, the keys seen are few.)
  if (!key || keyed_)
    return;
  auto &same = seenKeys_[keyHash(*key)]; // (by hash: a large launch's keys may all differ)
  for (auto &[t, k] : same)
    if (*k == *key && t != child) {
      keyed_ = true;
      seenKeys_.clear();
      return;
    }
  same.emplace_back(child, key);
}

void SymmetryPruner::attach(const ExecutionGraph &g) {
  for (ThreadId u = 0; u < g.numThreads() && !keyed_; ++u)
    for (int32_t i = 0; i < g.threadSize(u) && !keyed_; ++i)
      if (auto *c = dyn_cast<ThreadCreateLabel>(g.label(Event{u, i})))
        noteKey(c->child(), c->entry().symmetry);
  classesFor_ = 0;
  unviolated_ = false;
}

bool SymmetryPruner::prunesAfterAdd(const ExecutionGraph &g, Event e) {
  if (!enabled_)
    return false;
  const EventLabel *lab = g.label(e);
  if (auto *c = dyn_cast<ThreadCreateLabel>(lab)) {
    noteKey(c->child(), c->entry().symmetry);
    classesFor_ = 0; // the threads changed: the classes are found again when next needed
    unviolated_ = false;
    return false;
  }
  if (isa<ThreadStartLabel>(lab)) // (a start changes no class: creators and keys make them)
    return false;
  if (!keyed_)
    return false;
  // A thread that finishes writes nothing more: violations that were open may now persist.
  if (isa<ThreadFinishLabel>(lab))
    return !unviolated_ && !classes(g, false).empty() && check(g, -1);
  // A new violation has its first difference at the new event, which is a read, and only
  // then with a thread of its class whose event at that index reads the same location.
  auto *r = dyn_cast<ReadLabel>(lab);
  if (!r || r->deferred())
    return false;
  unviolated_ = false;
  if (classes(g, false).empty())
    return false;
  for (const auto &c : classes_) {
    if (std::find(c.begin(), c.end(), e.thread) == c.end())
      continue;
    bool candidate = std::any_of(c.begin(), c.end(), [&](ThreadId u) {
      if (u == e.thread || g.threadSize(u) <= e.index)
        return false;
      auto *o = dyn_cast<ReadLabel>(g.label(Event{u, e.index}));
      return o && o->addr() == r->addr() && o->rf() != r->rf();
    });
    return candidate && check(g, e.thread);
  }
  return false;
}

bool SymmetryPruner::prunesAfterChange(const ExecutionGraph &g) {
  unviolated_ = false;
  if (!enabled_ || !keyed_ || classes(g, true).empty())
    return false;
  return check(g, -1);
}

bool SymmetryPruner::joinsAlike(const ExecutionGraph &g) {
  if (!enabled_ || !keyed_ || classes(g, true).empty())
    return true;
  std::map<ThreadId, Event> joinOf;
  for (ThreadId u = 0; u < g.numThreads(); ++u)
    for (int32_t i = 0; i < g.threadSize(u); ++i)
      if (auto *j = dyn_cast<ThreadJoinLabel>(g.label(Event{u, i})))
        joinOf.emplace(j->child(), Event{u, i});
  for (const auto &c : classes_) {
    ThreadId joiner = -1;
    int32_t lo = std::numeric_limits<int32_t>::max(), hi = -1;
    size_t joined = 0;
    for (ThreadId t : c) {
      auto it = joinOf.find(t);
      if (it == joinOf.end())
        continue;
      if (joiner >= 0 && it->second.thread != joiner)
        return false;
      joiner = it->second.thread;
      lo = std::min(lo, it->second.index);
      hi = std::max(hi, it->second.index);
      ++joined;
    }
    if (joined == 0)
      continue;
    for (int32_t i = lo; i <= hi; ++i)
      if (!isa<ThreadJoinLabel>(g.label(Event{joiner, i})))
        return false;
    // Some not joined: the joiner must still be joining (its joins run to its last event).
    if (joined < c.size() && hi != g.threadSize(joiner) - 1)
      return false;
  }
  return true;
}

} // namespace scopemc

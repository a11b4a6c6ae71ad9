#include "checks/Atomicity.h"

#include <algorithm>
#include <vector>

namespace scopemc {

std::string_view patternName(AtomicityPattern p) {
  switch (p) {
  case AtomicityPattern::ReadReadWrite:
    return "RR|W";
  case AtomicityPattern::WriteReadWrite:
    return "WR|W";
  case AtomicityPattern::WriteWriteRead:
    return "WW|R";
  case AtomicityPattern::ReadWriteWrite:
    return "RW|RW";
  case AtomicityPattern::CrossedWrites:
    return "W1W2|W2W1";
  }
  return "?";
}

std::string_view patternMeaning(AtomicityPattern p) {
  switch (p) {
  case AtomicityPattern::ReadReadWrite:
    return "two reads see different values";
  case AtomicityPattern::WriteReadWrite:
    return "a read does not see the thread's own write";
  case AtomicityPattern::WriteWriteRead:
    return "another thread reads an intermediate value";
  case AtomicityPattern::ReadWriteWrite:
    return "a lost update";
  case AtomicityPattern::CrossedWrites:
    return "each thread's write is the last on one of the two locations";
  }
  return "";
}

namespace {

bool plainOrRelaxed(const EventLabel &l) {
  return l.order() == MemOrder::NotAtomic || l.order() == MemOrder::Relaxed;
}

/// What ends a thread's stretch of accesses that the check pairs.
bool synchronises(const EventLabel &l) {
  switch (l.kind()) {
  case EventLabel::Kind::Read:
  case EventLabel::Kind::Write:
    return !plainOrRelaxed(l);
  case EventLabel::Kind::Fence:
  case EventLabel::Kind::ThreadCreate:
  case EventLabel::Kind::ThreadJoin:
  case EventLabel::Kind::BarrierArrive:
  case EventLabel::Kind::BarrierDepart:
    return true;
  default:
    return false;
  }
}

/// Whether two accesses come from one instruction of the compiled program (a loop's repeated
/// access; a helper function's access called twice, unless the compiler inlined it at each
/// call); without debug information, no.
bool samePlace(const SourceLoc *a, const SourceLoc *b) { return a && a == b; }

/// What an access does for the patterns: reads, writes a value that does not depend on what it
/// read (a store or an exchange), or updates (any other read-modify-write, a compare and
/// exchange that failed, or an update whose result the program never uses: an atomic step in
/// itself, never one of a pair; the commuting-updates reduction reorders only such updates). An
/// update that cannot change the value (an add of 0, an or of 0, an and of all ones) is a read: it
/// is how CUDA code reads atomically.
enum class Role : uint8_t { Read, Write, Update };

/// One access of a thread to a location: a read, a write, or both (a read-modify-write, its
/// read right before its write in the thread).
struct Access {
  const ReadLabel *r = nullptr;
  const WriteLabel *w = nullptr;
  int32_t firstIndex() const { return r ? r->index() : w->index(); }
  int32_t lastIndex() const { return w ? w->index() : r->index(); }
  ThreadId thread() const { return r ? r->thread() : w->thread(); }
  const SourceLoc *source() const { return r ? r->source() : w->source(); }
  bool candidate() const { return (!r || plainOrRelaxed(*r)) && (!w || plainOrRelaxed(*w)); }
  /// A read-modify-write that cannot change the value (an add, sub, or or xor of 0, an and of
  /// all ones): what it writes is what it read.
  bool noOp() const {
    if (!r || !w)
      return false;
    const RmwInfo &x = r->rmw();
    uint64_t ones = r->size() >= 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * r->size())) - 1;
    switch (x.op) {
    case RmwOp::Add:
    case RmwOp::Sub:
    case RmwOp::Or:
    case RmwOp::Xor:
      return (x.operand & ones) == 0;
    case RmwOp::And:
      return (x.operand & ones) == ones;
    default:
      return false;
    }
  }
  Role role() const {
    if (!r)
      return Role::Write;
    if (!r->isRmw())
      return Role::Read;
    if (w && r->rmw().op == RmwOp::Xchg)
      return Role::Write;
    if (!w || r->rmw().resultUnused) // a failed CAS; an update whose read nobody uses
      return Role::Update;
    return noOp() ? Role::Read : Role::Update;
  }
};

/// Whether w is a write whose value does not depend on what it read: a store, or an exchange.
bool blindWrite(const ExecutionGraph &g, const WriteLabel &w) {
  if (!w.isRmwPart())
    return true;
  auto *r = dyn_cast<ReadLabel>(g.label(Event{w.thread(), w.index() - 1}));
  return r && r->rmw().op == RmwOp::Xchg && plainOrRelaxed(*r);
}

class Finder {
public:
  explicit Finder(const ExecutionGraph &g) : g_(g), syncs_(static_cast<size_t>(g.numThreads())) {}

  std::optional<AtomicityViolation> run() {
    for (const auto &[addr, li] : g_.locations()) {
      if (li.soleThread != LocationInfo::kSeveral)
        continue;
      if (auto v = onLocation(li))
        return v;
    }
    return crossedWrites();
  }

private:
  /// The synchronising events of thread t before index i, as a count.
  int32_t syncsBefore(ThreadId t, int32_t i) {
    auto &pre = syncs_[static_cast<size_t>(t)];
    if (pre.empty()) {
      pre.resize(static_cast<size_t>(g_.threadSize(t)) + 1, 0);
      for (int32_t k = 0; k < g_.threadSize(t); ++k)
        pre[static_cast<size_t>(k) + 1] =
            pre[static_cast<size_t>(k)] + (synchronises(*g_.label(Event{t, k})) ? 1 : 0);
    }
    return pre[static_cast<size_t>(i)];
  }
  bool pairable(const Access &p, const Access &c) {
    return p.candidate() && c.candidate() && !samePlace(p.source(), c.source()) &&
           syncsBefore(p.thread(), c.firstIndex()) == syncsBefore(p.thread(), p.lastIndex() + 1);
  }

  /// The accesses of a location, thread by thread, in program order.
  std::vector<std::vector<Access>> accessesOf(const LocationInfo &li) const {
    std::vector<std::pair<Event, Access>> all;
    for (Event r : li.reads)
      all.push_back({r, Access{cast<ReadLabel>(g_.label(r)), nullptr}});
    auto byEvent = [](const auto &a, const auto &b) { return a.first < b.first; };
    std::sort(all.begin(), all.end(), byEvent);
    size_t reads = all.size();
    for (Event w : li.co) {
      auto *wl = cast<WriteLabel>(g_.label(w));
      auto it = std::lower_bound(all.begin(), all.begin() + static_cast<long>(reads),
                                 std::pair{Event{w.thread, w.index - 1}, Access{}}, byEvent);
      if (wl->isRmwPart() && it != all.begin() + static_cast<long>(reads) &&
          it->first == Event{w.thread, w.index - 1} && it->second.r->isRmw())
        it->second.w = wl;
      else
        all.push_back({w, Access{nullptr, wl}});
    }
    std::sort(all.begin(), all.end(), byEvent);
    std::vector<std::vector<Access>> out;
    for (auto &[e, a] : all) {
      if (out.empty() || out.back().front().thread() != e.thread)
        out.emplace_back();
      out.back().push_back(a);
    }
    return out;
  }

  /// Another thread's write of li at co positions (lo, hi], the first in co: a store, or the
  /// write of an RMW that can change the value (an add of 0 writes what it read).
  const WriteLabel *writeBetween(const LocationInfo &li, long lo, long hi, ThreadId t) const {
    for (long k = lo + 1; k <= hi && k < static_cast<long>(li.co.size()); ++k) {
      Event w = li.co[static_cast<size_t>(k)];
      if (w.thread != t && !noOpWrite(*cast<WriteLabel>(g_.label(w))))
        return cast<WriteLabel>(g_.label(w));
    }
    return nullptr;
  }
  /// Another thread's read of li whose source is at co positions [lo, hi): a load, or the
  /// read of an RMW that is not a write by its role (an exchange reads nothing it uses).
  const ReadLabel *readBetween(const LocationInfo &li, long lo, long hi, ThreadId t) const {
    for (Event r : li.reads) {
      long src = g_.coIndex(g_.rfOf(r));
      auto *rl = cast<ReadLabel>(g_.label(r));
      if (r.thread != t && src >= lo && src < hi && rl->rmw().op != RmwOp::Xchg)
        return rl;
    }
    return nullptr;
  }
  /// Whether w is the write of an RMW that cannot change the value (Access::noOp).
  bool noOpWrite(const WriteLabel &w) const {
    if (!w.isRmwPart())
      return false;
    auto *r = dyn_cast<ReadLabel>(g_.label(Event{w.thread(), w.index() - 1}));
    return r && Access{r, &w}.noOp();
  }

  std::optional<AtomicityViolation> onLocation(const LocationInfo &li) {
    for (const auto &accesses : accessesOf(li))
      for (size_t k = 0; k + 1 < accesses.size(); ++k) {
        const Access &p = accesses[k], &c = accesses[k + 1];
        if (!pairable(p, c))
          continue;
        if (auto v = splitPair(li, p, c))
          return v;
      }
    return std::nullopt;
  }

  std::optional<AtomicityViolation> splitPair(const LocationInfo &li, const Access &p,
                                              const Access &c) {
    ThreadId t = p.thread();
    Role pr = p.role(), cr = c.role();
    if (pr == Role::Update || cr == Role::Update)
      return std::nullopt;
    auto found = [&](AtomicityPattern pat, const MemAccessLabel *first, const MemAccessLabel *o,
                     const MemAccessLabel *second) {
      return std::optional(AtomicityViolation{pat, first, o, second});
    };
    const MemAccessLabel *first = pr == Role::Read ? static_cast<const MemAccessLabel *>(p.r) : p.w;
    // What the thread saw last before c: the source of its read, or its own write.
    long lo = pr == Role::Read ? g_.coIndex(p.r->rf()) : g_.coIndex(p.w->pos());
    if (cr == Role::Read) {
      if (auto *o = writeBetween(li, lo, g_.coIndex(c.r->rf()), t))
        return found(pr == Role::Read ? AtomicityPattern::ReadReadWrite
                                      : AtomicityPattern::WriteReadWrite,
                     first, o, c.r);
    } else if (pr == Role::Read) { // it read, then wrote: another's write between is lost
      if (auto *o = writeBetween(li, lo, g_.coIndex(c.w->pos()) - 1, t))
        return found(AtomicityPattern::ReadWriteWrite, first, o, c.w);
    } else if (auto *o = readBetween(li, lo, g_.coIndex(c.w->pos()), t)) {
      return found(AtomicityPattern::WriteWriteRead, first, o, c.w);
    }
    return std::nullopt;
  }

  /// A thread's two plain or relaxed writes p (location x) and c (location y), with no
  /// synchronisation between, and another thread's writes s (x) and q (y), also with none
  /// between: s co-after p and q co-before c (each thread's write is last on one location).
  std::optional<AtomicityViolation> crossedWrites() {
    for (ThreadId t = 0; t < g_.numThreads(); ++t) {
      std::vector<const WriteLabel *> interval; // the writes since the last synchronisation
      for (int32_t i = 0; g_.threadExists(t) && i < g_.threadSize(t); ++i) {
        const EventLabel *l = g_.label(Event{t, i});
        if (synchronises(*l)) {
          interval.clear();
          continue;
        }
        auto *w = dyn_cast<WriteLabel>(l);
        if (!w || !blindWrite(g_, *w))
          continue;
        for (const WriteLabel *p : interval)
          if (p->addr() != w->addr())
            if (auto v = crossing(*p, *w))
              return v;
        interval.push_back(w);
      }
    }
    return std::nullopt;
  }

  std::optional<AtomicityViolation> crossing(const WriteLabel &p, const WriteLabel &c) {
    const LocationInfo *x = g_.location(p.addr()), *y = g_.location(c.addr());
    if (!x || !y || x->soleThread != LocationInfo::kSeveral ||
        y->soleThread != LocationInfo::kSeveral)
      return std::nullopt;
    for (size_t k = static_cast<size_t>(g_.coIndex(p.pos())) + 1; k < x->co.size(); ++k) {
      auto *s = cast<WriteLabel>(g_.label(x->co[k]));
      if (s->thread() == p.thread() || !blindWrite(g_, *s) || !plainOrRelaxed(*s))
        continue;
      for (size_t m = 0; m < static_cast<size_t>(g_.coIndex(c.pos())); ++m) {
        auto *q = cast<WriteLabel>(g_.label(y->co[m]));
        if (q->thread() != s->thread() || !blindWrite(g_, *q) || !plainOrRelaxed(*q))
          continue;
        int32_t lo = std::min(s->index(), q->index()), hi = std::max(s->index(), q->index());
        if (syncsBefore(s->thread(), hi) == syncsBefore(s->thread(), lo + 1))
          return AtomicityViolation{AtomicityPattern::CrossedWrites, &p, q, &c, s};
      }
    }
    return std::nullopt;
  }

  const ExecutionGraph &g_;
  std::vector<std::vector<int32_t>> syncs_; // per thread: synchronising events before each index
};

} // namespace

std::optional<AtomicityViolation> findAtomicityViolation(const ExecutionGraph &g) {
  return Finder(g).run();
}

} // namespace scopemc

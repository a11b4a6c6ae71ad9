#include "checks/Witness.h"

#include "model/BarrierKeys.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

namespace scopemc {

namespace {

constexpr unsigned kWarpSize = 32;    // CUDA's; OpenCL sub-groups are shown the same way
constexpr unsigned kContextLines = 2; // source lines shown around a reported event's line
constexpr size_t kMaxSourceLines = 400;

WitnessMemory memoryOf(const ExecutionGraph &g, const std::vector<LaunchPlace> &places) {
  WitnessMemory mem;
  auto &heap = mem.heap;
  mem.entries.assign(static_cast<size_t>(g.numThreads()), 0);
  for (ThreadId t = 0; t < g.numThreads(); ++t) {
    if (t > 0 && g.threadExists(t))
      if (auto *c = dyn_cast<ThreadCreateLabel>(g.label(g.creatorOf(t)))) {
        mem.entries[static_cast<size_t>(t)] = c->entry().function;
        std::pair key(g.threadPos(t).device, g.threadPos(t).block);
        if (c->entry().place && (mem.blocks.empty() || mem.blocks.back().first != key))
          mem.blocks.emplace_back(key, places[static_cast<size_t>(t)]);
      }
    for (int32_t i = 0; g.threadExists(t) && i < g.threadSize(t); ++i)
      if (auto *a = dyn_cast<AllocLabel>(g.label(Event{t, i})))
        heap.push_back(HeapBlock{a->addr(), a->size(), a->source(), 0});
  }
  std::sort(heap.begin(), heap.end(),
            [](const HeapBlock &a, const HeapBlock &b) { return a.start < b.start; });
  for (size_t k = 0; k < heap.size(); ++k)
    heap[k].ordinal = static_cast<unsigned>(k + 1);
  return mem;
}

/// The shortest text that reads back as `x` ("2.5", "1e-07", "inf", "nan").
template <typename F> std::string floatText(F x) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, x);
  return ec == std::errc() ? std::string(buf, end) : "?";
}

std::string hex(uint64_t v) {
  std::ostringstream os;
  os << "0x" << std::hex << v;
  return os.str();
}

/// Resolves names and values of one graph's events.
class Namer {
public:
  Namer(const ExecutionGraph &g, const Symbolizer &sym, const std::vector<LaunchPlace> &places)
      : g_(g), sym_(sym), mem_(memoryOf(g, places)) {}

  std::string location(Addr a) const {
    std::string n = sym_.nameOf(a, mem_);
    return n.empty() ? hex(a) : n;
  }
  /// A heap block by its start: "d_partial", not "d_partial[0]".
  std::string blockName(Addr a) const {
    std::string n = location(a);
    return n.size() > 3 && n.compare(n.size() - 3, 3, "[0]") == 0 ? n.substr(0, n.size() - 3) : n;
  }
  /// `v` as the program shows it: a pointer by the memory it names, a float or double as a
  /// number (`isFloat`: the access is of a floating-point type), an integer signed.
  std::string value(uint64_t v, uint32_t size, bool isFloat) const {
    if (isFloat && size == 4)
      return floatText(std::bit_cast<float>(static_cast<uint32_t>(v)));
    if (isFloat && size == 8)
      return floatText(std::bit_cast<double>(v));
    if (size == 8 && v != 0) {
      std::string n = sym_.nameOf(v, mem_);
      if (!n.empty())
        return "&" + n;
    }
    uint64_t mask = size >= 8 ? ~0ull : (1ull << (size * 8)) - 1;
    uint64_t bits = v & mask;
    if (size < 8 && (bits >> (size * 8 - 1)) & 1) // sign-extend, as the program's ints
      bits |= ~mask;
    return std::to_string(static_cast<int64_t>(bits));
  }
  uint64_t readValue(const ReadLabel &r) const {
    if (r.rf().isInit())
      return sym_.initialValue(r.addr(), r.size());
    return cast<WriteLabel>(g_.label(r.rf()))->value();
  }
  WitnessEvent event(const EventLabel &l) const;

private:
  const ExecutionGraph &g_;
  const Symbolizer &sym_;
  WitnessMemory mem_;
};

std::string modeText(const EventLabel &l) {
  std::string s(orderName(l.order()));
  if (isAtomic(l.order()))
    s += ", " + std::string(scopeName(l.scope())) + " scope";
  return s;
}

WitnessEvent Namer::event(const EventLabel &l) const {
  WitnessEvent e;
  e.event = l.pos();
  e.order = l.order();
  e.scope = l.scope();
  if (l.source())
    e.source = *l.source();
  e.plumbing = sym_.isPlumbing(l.source());
  if (auto *m = dyn_cast<MemAccessLabel>(&l)) {
    e.object = location(m->addr());
    std::string alias = sym_.accessName(g_, *m, mem_);
    e.location = alias.empty() ? e.object : alias;
  }
  if (auto *r = dyn_cast<ReadLabel>(&l)) {
    e.kind = r->isRmw() ? "rmw read" : "read";
    e.value = value(readValue(*r), r->size(), sym_.isFloatAccess(l.source()));
    e.hasRf = true;
    e.rf = r->rf();
    e.access = true;
    e.text = e.kind + " " + e.location + " = " + e.value + " (" + modeText(l) + ") from " +
             toString(r->rf());
  } else if (auto *w = dyn_cast<WriteLabel>(&l)) {
    e.kind = w->isRmwPart() ? "rmw write" : "write";
    e.value = value(w->value(), w->size(), sym_.isFloatAccess(l.source()));
    e.access = true;
    e.text = e.kind + " " + e.location + " = " + e.value + " (" + modeText(l) + ")";
  } else if (auto *a = dyn_cast<AllocLabel>(&l)) {
    e.kind = "alloc";
    e.location = blockName(a->addr());
    e.text = "alloc " + e.location + " (" + std::to_string(a->size()) + " bytes)";
  } else if (auto *f = dyn_cast<FreeLabel>(&l)) {
    e.kind = f->isRetire() ? "retire" : "free";
    e.location = blockName(f->addr());
    e.text = e.kind + " " + e.location;
  } else if (auto *b = dyn_cast<BarrierLabel>(&l)) {
    bool arrive = l.kind() == EventLabel::Kind::BarrierArrive;
    e.kind = arrive ? "barrier arrive" : "barrier depart";
    std::string n = sym_.nameOf(b->barrier(), mem_); // a barrier object in memory
    if (size_t inner = n.find(".__"); inner != std::string::npos)
      n.resize(inner); // the C library's fields of pthread_barrier_t
    if (n.empty())
      n = barrierName(b->barrier(), b->scope());
    e.text = e.kind + " " + n + " #" + std::to_string(b->instance()) + " (" +
             std::string(scopeName(b->scope())) + ", " + std::to_string(b->count()) + " threads)";
  } else {
    e.kind = std::string(kindName(l.kind()));
    e.text = describe(l);
  }
  return e;
}

std::string blockText(const LaunchPlace &l) {
  return (l.launch ? "launch " + std::to_string(l.launch) + ", " : std::string()) + "block " +
         std::to_string(l.block);
}

std::string placeText(const ThreadPos &p, const LaunchPlace &l) {
  return "device " + std::to_string(p.device) + ", " + blockText(l) + ", thread " +
         std::to_string(p.thread);
}

/// The threads a scope instance of `s` at `p` holds, in words.
std::string scopeExtent(Scope s, const ThreadPos &p, const LaunchPlace &l) {
  switch (s) {
  case Scope::Thread:
    return "only its own thread";
  case Scope::Block:
    return "only " + blockText(l) + " of device " + std::to_string(p.device);
  case Scope::Device:
    return "only device " + std::to_string(p.device);
  case Scope::System:
    return "every thread";
  }
  return "?";
}

std::string eventRef(const ReportedEvent &e) {
  return toString(e.event) + " (" + std::string(eventName(e)) + " at " + toString(e.source) + ")";
}

std::string whyText(const Report &r) {
  if (r.events.size() < 2 || (r.type != ErrorType::DataRace && r.type != ErrorType::HeteroRace))
    return r.message + ".";
  const ReportedEvent &a = r.events[0], &b = r.events[1];
  if (r.type == ErrorType::HeteroRace)
    return "Missing edge: no happens-before orders " + eventRef(a) + " and " + eventRef(b) +
           ", and as atomics they do not synchronise: " + toString(a.event) + " has " +
           std::string(scopeName(a.scope)) + " scope, which includes " +
           scopeExtent(a.scope, a.pos, a.place) + ", and " + toString(b.event) + " has " +
           std::string(scopeName(b.scope)) + " scope, which includes " +
           scopeExtent(b.scope, b.pos, b.place) + "; each must include the other's thread.";
  std::string plain;
  for (const ReportedEvent *e : {&a, &b})
    if (!isAtomic(e->order))
      plain += (plain.empty() ? "" : " and ") + toString(e->event);
  return "Missing edge: no happens-before orders " + eventRef(a) + " and " + eventRef(b) +
         " (no release/acquire pair, fence pair or barrier runs from one thread to the other), "
         "and " +
         plain + (plain.find(" and ") != std::string::npos ? " are" : " is") + " not atomic.";
}

/// For a failed assertion: what its thread read before it.
std::string readsBefore(const Witness &w, const Report &r) {
  constexpr size_t kMaxReads = 8;
  const WitnessThread *t = r.type == ErrorType::Assertion && r.events.size() == 1
                               ? w.thread(r.events[0].event.thread)
                               : nullptr;
  if (!t)
    return "";
  std::vector<std::string> reads;
  for (const WitnessEvent &e : t->events)
    if (e.hasRf && !e.plumbing && e.event.index < r.events[0].event.index)
      reads.push_back(e.location + " = " + e.value + " from " + toString(e.rf));
  if (reads.empty())
    return "";
  std::string s = " Before it, T" + std::to_string(t->id) + " read ";
  size_t from = reads.size() > kMaxReads ? reads.size() - kMaxReads : 0;
  for (size_t k = from; k < reads.size(); ++k)
    s += (k == from ? "" : k + 1 == reads.size() ? " and " : ", ") + reads[k];
  return s + ".";
}

/// For a barrier divergence: who arrived at the barrier instance and where each other thread
/// that could have (same block for a block barrier) ended.
std::string divergenceWhy(const Witness &w, const ExecutionGraph &g, const Report &r) {
  constexpr size_t kMaxListed = 8;
  if (r.type != ErrorType::BarrierDivergence || r.events.empty() || !g.contains(r.events[0].event))
    return "";
  const auto *b = dyn_cast<BarrierLabel>(g.label(r.events[0].event));
  if (!b)
    return "";
  std::vector<std::string> arrived, missing;
  for (const EventLabel *a : g.barrierArrivals(b->barrier(), b->instance()))
    arrived.push_back("T" + std::to_string(a->thread()));
  const ThreadPos &at = g.threadPos(b->thread());
  // Threads that arrived at an earlier instance of this barrier take part in it: when some of
  // them did not arrive now, they are the ones to name.
  std::set<ThreadId> before;
  for (ThreadId u = 0; u < g.numThreads(); ++u)
    for (int32_t i = 0; g.threadExists(u) && i < g.threadSize(u); ++i)
      if (auto *x = dyn_cast<BarrierLabel>(g.label(Event{u, i}));
          x && x->kind() == EventLabel::Kind::BarrierArrive && x->barrier() == b->barrier() &&
          x->instance() < b->instance() &&
          std::find(arrived.begin(), arrived.end(), "T" + std::to_string(u)) == arrived.end())
        before.insert(u);
  for (const WitnessThread &t : w.threads) {
    if (!before.empty() && !before.count(t.id))
      continue;
    std::string id = "T" + std::to_string(t.id);
    if (std::find(arrived.begin(), arrived.end(), id) != arrived.end() || t.events.empty() ||
        (b->scope() == Scope::Block &&
         (t.host || t.pos.device != at.device || t.pos.block != at.block)) ||
        (b->scope() != Scope::Block && t.id == 0))
      continue;
    const WitnessEvent &last = t.events.back();
    std::string line = last.source.line ? " (line " + std::to_string(last.source.line) + ")" : "";
    const EventLabel *l = g.label(last.event);
    missing.push_back(id + (isa<ThreadFinishLabel>(l) ? " finished" + line
                            : isa<BlockLabel>(l)      ? " is " + last.text + line
                                                      : "'s last event is " + last.text + line));
  }
  auto list = [](const std::vector<std::string> &xs) {
    std::string s;
    for (size_t k = 0; k < xs.size() && k < kMaxListed; ++k)
      s += (k ? ", " : "") + xs[k];
    return xs.size() > kMaxListed ? s + " and " + std::to_string(xs.size() - kMaxListed) + " more"
                                  : s;
  };
  std::string s = " Arrived: " + list(arrived) + ".";
  if (!missing.empty())
    s += " Did not arrive: " + list(missing) + ".";
  return s;
}

/// Whether each thread matters to the error (WitnessThread::relevant).
void markRelevant(Witness &w, const ExecutionGraph &g, const Report &r) {
  std::set<ThreadId> hot;
  std::set<Addr> locs;
  for (const ReportedEvent &e : r.events) {
    hot.insert(e.event.thread);
    if (auto *m = g.contains(e.event) ? dyn_cast<MemAccessLabel>(g.label(e.event)) : nullptr)
      locs.insert(m->addr());
  }
  // Threads the hot threads read from or synchronise with, and so on, back to the start.
  std::set<ThreadId> linked(hot.begin(), hot.end());
  std::vector<ThreadId> todo(hot.begin(), hot.end());
  while (!todo.empty()) {
    const WitnessThread *t = w.thread(todo.back());
    todo.pop_back();
    if (!t)
      continue;
    for (const WitnessEvent &e : t->events) {
      std::vector<Event> from = e.syncFrom;
      if (e.hasRf && !e.rf.isInit())
        from.push_back(e.rf);
      for (Event f : from)
        if (linked.insert(f.thread).second)
          todo.push_back(f.thread);
    }
  }
  for (WitnessThread &t : w.threads) {
    t.relevant = linked.count(t.id) > 0;
    for (int32_t i = 0; !t.relevant && i < g.threadSize(t.id); ++i)
      if (auto *m = dyn_cast<MemAccessLabel>(g.label(Event{t.id, i})))
        t.relevant = locs.count(m->addr()) > 0;
  }
}

void readSourceLines(Witness &w) {
  std::map<std::string, std::set<unsigned>> wanted; // path -> lines
  for (const WitnessThread &t : w.threads)
    for (const WitnessEvent &e : t.events) {
      if (e.source.file.empty() || e.source.line == 0 || (e.plumbing && !e.reported))
        continue;
      unsigned from = e.reported && e.source.line > kContextLines ? e.source.line - kContextLines
                                                                  : e.source.line;
      unsigned to = e.reported ? e.source.line + kContextLines : e.source.line;
      for (unsigned l = from; l <= to; ++l)
        wanted[e.source.path()].insert(l);
    }
  size_t total = 0;
  for (auto &[path, lines] : wanted) {
    std::ifstream in(path);
    std::string text;
    for (unsigned n = 1; in && std::getline(in, text) && total < kMaxSourceLines; ++n)
      if (lines.count(n)) {
        w.sourceLines[path][n] = text;
        ++total;
      }
  }
}

constexpr size_t kMinRun = 4; // shorter runs are shown event by event

/// "in" and 3 for "in[3]"; false when the location is not an element.
bool elementOf(const std::string &loc, std::string &base, uint64_t &index) {
  if (loc.size() < 4 || loc.back() != ']')
    return false;
  size_t open = loc.rfind('[');
  if (open == std::string::npos || open == 0)
    return false;
  const std::string digits = loc.substr(open + 1, loc.size() - open - 2);
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos)
    return false;
  base = loc.substr(0, open);
  index = std::stoull(digits);
  return true;
}

/// Whether b continues a run that a (at index `ia` of the run's base) started.
bool continues(const WitnessEvent &a, const WitnessEvent &b, const std::string &base,
               uint64_t next) {
  std::string bb;
  uint64_t ib = 0;
  return !b.reported && b.kind == a.kind && b.order == a.order && b.source.line == a.source.line &&
         b.source.file == a.source.file && elementOf(b.location, bb, ib) && bb == base &&
         ib == next;
}

} // namespace

std::string barrierName(Addr b, Scope s) {
  if (isWarpBarrier(b)) {
    std::string warp = "warp " + std::to_string(warpOfBarrier(b));
    if (isConvergenceBarrier(b))
      return warp + "'s __activemask()";
    char mask[16];
    std::snprintf(mask, sizeof mask, "0x%08x", laneMaskOfBarrier(b));
    return warp + "'s collective of lanes " + mask;
  }
  return s == Scope::Block ? "the block's barrier" : "the grid's barrier";
}

std::vector<WitnessRun> foldRuns(const WitnessThread &t,
                                 const std::function<bool(const WitnessEvent &)> &shown) {
  std::vector<WitnessRun> runs;
  const auto &ev = t.events;
  for (size_t k = 0; k < ev.size();) {
    if (!shown(ev[k])) {
      ++k;
      continue;
    }
    std::string base;
    uint64_t first = 0;
    size_t end = k + 1;
    bool sameValue = true;
    if (!ev[k].reported && ev[k].access && elementOf(ev[k].location, base, first))
      while (end < ev.size() && shown(ev[end]) &&
             continues(ev[k], ev[end], base, first + (end - k))) {
        sameValue = sameValue && ev[end].value == ev[k].value;
        ++end;
      }
    if (end - k < kMinRun) {
      runs.push_back(WitnessRun{k, 1, ev[k].text});
      ++k;
      continue;
    }
    size_t n = end - k;
    runs.push_back(WitnessRun{k, n,
                              ev[k].kind + " " + base + "[" + std::to_string(first) + ".." +
                                  std::to_string(first + n - 1) + "]" +
                                  (sameValue ? " = " + ev[k].value : std::string()) + " (" +
                                  std::to_string(n) + " " + ev[k].kind + "s)"});
    k = end;
  }
  return runs;
}

std::string threadName(ThreadId t, const ThreadPos &pos, const LaunchPlace &place) {
  std::string s = "T" + std::to_string(t);
  if (isHostPos(pos))
    return s + " (host thread)";
  return s + " (" + placeText(pos, place) + "; warp " + std::to_string(pos.thread / kWarpSize) +
         ", lane " + std::to_string(pos.thread % kWarpSize) + ")";
}

const SourceLoc *reportedSource(const Report &r, const ReportedEvent &e) {
  const WitnessEvent *w = r.trace ? r.trace->find(e.event) : nullptr;
  return w && !w->source.file.empty() ? &w->source : e.source;
}

const WitnessEvent *Witness::find(Event e) const {
  const WitnessThread *t = thread(e.thread);
  if (!t)
    return nullptr;
  for (const WitnessEvent &x : t->events)
    if (x.event == e)
      return &x;
  return nullptr;
}

const WitnessThread *Witness::thread(ThreadId id) const {
  for (const WitnessThread &t : threads)
    if (t.id == id)
      return &t;
  return nullptr;
}

Witness resolveWitness(const ExecutionGraph &g, const Report &r, const Symbolizer &sym) {
  Witness w;
  std::vector<LaunchPlace> places = launchPlaces(g);
  Namer namer(g, sym, places);
  for (ThreadId t = 0; t < g.numThreads(); ++t) {
    if (!g.threadExists(t) || g.threadSize(t) == 0)
      continue;
    WitnessThread wt;
    wt.id = t;
    wt.pos = g.threadPos(t);
    wt.host = isHostPos(wt.pos);
    wt.place = places[static_cast<size_t>(t)];
    wt.name = threadName(t, wt.pos, wt.place);
    wt.plumbingOnly = true;
    for (int32_t i = 0; i < g.threadSize(t); ++i) {
      const EventLabel *l = g.label(Event{t, i});
      if (isa<ThreadStartLabel>(l))
        continue;
      WitnessEvent e = namer.event(*l);
      if (i > 0) {
        const View &now = l->hb(), &before = g.label(Event{t, i - 1})->hb();
        for (ThreadId u = 0; u < g.numThreads(); ++u)
          if (u != t && now.get(u) > before.get(u) && now.get(u) >= 0)
            e.syncFrom.push_back(Event{u, now.get(u)});
      }
      e.reported = std::any_of(r.events.begin(), r.events.end(),
                               [&](const ReportedEvent &x) { return x.event == l->pos(); });
      wt.plumbingOnly = wt.plumbingOnly && e.plumbing;
      wt.events.push_back(std::move(e));
    }
    w.threads.push_back(std::move(wt));
  }
  for (auto &[a, li] : g.locations())
    if (li.co.size() > 1)
      w.co.emplace_back(namer.location(a), li.co);
  w.why = whyText(r) + readsBefore(w, r) + divergenceWhy(w, g, r);
  markRelevant(w, g, r);
  readSourceLines(w);
  return w;
}

} // namespace scopemc

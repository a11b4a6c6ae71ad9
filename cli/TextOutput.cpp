#include "cli/TextOutput.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace scopemc {

uint64_t readValueOf(const ExecutionGraph &g, const ReadLabel &r, const Program &p) {
  if (r.rf().isInit())
    return p.initialValue(r.addr(), r.size());
  return cast<WriteLabel>(g.label(r.rf()))->value();
}

std::string threadName(const ExecutionGraph *, Event e, const ThreadPos &pos) {
  std::string s = "T" + std::to_string(e.thread);
  if (isHostPos(pos))
    return s + " (host thread)";
  return s + " (device " + std::to_string(pos.device) + ", block " + std::to_string(pos.block) +
         ", thread " + std::to_string(pos.thread) + ")";
}

namespace {

std::string modeScope(MemOrder o, Scope s) {
  std::string r(orderName(o));
  if (isAtomic(o))
    r += ", " + std::string(scopeName(s)) + " scope";
  return r;
}

std::string eventLine(const ExecutionGraph &g, const EventLabel &l, const Program &p) {
  std::ostringstream os;
  if (auto *r = dyn_cast<ReadLabel>(&l)) {
    os << (r->isRmw() ? "rmw read " : "read ") << p.describeAddress(r->addr()) << " = "
       << static_cast<long long>(readValueOf(g, *r, p)) << " (" << orderName(r->order())
       << ") from " << toString(r->rf());
  } else if (auto *w = dyn_cast<WriteLabel>(&l)) {
    os << (w->isRmwPart() ? "rmw write " : "write ") << p.describeAddress(w->addr()) << " = "
       << static_cast<long long>(w->value()) << " (" << orderName(w->order()) << ")";
  } else {
    os << describe(l);
  }
  return os.str();
}

} // namespace

void printTrace(std::ostream &os, const ExecutionGraph &g, const Program &p,
                const std::vector<Event> &highlight) {
  os << "Trace (per thread, in program order; reads name the write they read from):\n";
  for (ThreadId t = 0; t < g.numThreads(); ++t) {
    if (!g.threadExists(t) || g.threadSize(t) == 0)
      continue;
    os << "  " << threadName(&g, Event{t, 0}, g.threadPos(t)) << ":\n";
    for (int32_t i = 0; i < g.threadSize(t); ++i) {
      const EventLabel *l = g.label(Event{t, i});
      if (isa<ThreadStartLabel>(l))
        continue;
      bool hi = std::find(highlight.begin(), highlight.end(), l->pos()) != highlight.end();
      os << (hi ? "  >> " : "     ") << toString(l->pos()) << "  " << eventLine(g, *l, p);
      if (l->source())
        os << "  [" << toString(l->source()) << "]";
      os << "\n";
    }
  }
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    auto u = static_cast<unsigned char>(c);
    if ((u < 0x20 && c != '\n' && c != '\t') || u == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out;
}

void printReport(std::ostream &os, const Report &r, const Program &p, bool trace) {
  os << "Error: " << errorTypeName(r.type) << "!\n";
  os << "  " << r.message << "\n";
  for (size_t k = 0; k < r.events.size(); ++k) {
    const auto &e = r.events[k];
    bool access = isAtomic(e.order) || (e.isAccess() && !e.rmw);
    os << (k == 0 ? "  Event " : "    and ") << toString(e.event) << " of "
       << threadName(r.witness.get(), e.event, e.pos) << ": " << eventName(e)
       << (access ? " (" + modeScope(e.order, e.scope) + ")" : std::string()) << " at "
       << toString(e.source) << "\n";
  }
  if (trace && r.witness) {
    std::vector<Event> hi;
    for (auto &e : r.events)
      hi.push_back(e.event);
    printTrace(os, *r.witness, p, hi);
  }
}

void printSummary(std::ostream &os, const RunResult &res, unsigned unroll) {
  const auto &x = res.exploration;
  if (res.reports.empty() && res.verdict == Verdict::Verified)
    os << "No errors were detected.\n";
  os << "Number of complete executions explored: " << x.complete << "\n";
  if (x.blocked)
    os << "Number of blocked executions seen: " << x.blocked << "\n";
  if (x.symmetric && x.symmetryPruned)
    os << "(counted up to symmetry: executions that differ only by exchanging interchangeable "
          "threads were explored as one; --no-symmetry counts each)\n";
  if (res.symmetryAbandoned)
    os << "(threads that looked interchangeable were joined unlike each other: explored "
          "without the symmetry reduction)\n";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2fs", x.seconds);
  os << "Total wall-clock time: " << buf << "\n";
  switch (res.verdict) {
  case Verdict::ErrorFound:
    if (x.stoppedEarly)
      os << "(the search stopped at the first error; --keep-going explores everything)\n";
    os << "*** Verification unsuccessful.\n";
    break;
  case Verdict::Bounded:
    if (x.memoryLimitHit)
      os << "Verification bounded: the memory limit (--memory-limit) stopped the exploration "
            "before it finished; no verdict.\n";
    if (x.boundHit) {
      os << "Verification bounded: the loop bound (--unroll " << unroll
         << ") cut some executions, so no verdict is given for them. Loops that hit the bound:\n";
      for (auto *l : x.boundLoops)
        os << "  " << toString(l) << "\n";
    }
    if (res.sampledUndefined)
      os << "Verification bounded: each call of a function without a definition returned one "
            "arbitrary value (--undefined-functions=nondet) and changed no memory; executions "
            "with other values were not explored.\n";
    if (res.sampledNondet)
      os << "Verification bounded: each __VERIFIER_nondet_* call returned one value (fixed per "
            "thread and call, as in GenMC); executions with other values were not explored.\n";
    break;
  case Verdict::Timeout:
    os << "Timeout: the exploration was stopped before it finished; no verdict.\n";
    break;
  case Verdict::Verified:
    break;
  }
}

} // namespace scopemc

#include "cli/TextOutput.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace scopemc {

namespace {

std::string modeScope(MemOrder o, Scope s) {
  std::string r(orderName(o));
  if (isAtomic(o))
    r += ", " + std::string(scopeName(s)) + " scope";
  return r;
}

std::string foldedLine(size_t n) {
  return "     (" + std::to_string(n) + " event" + (n == 1 ? "" : "s") +
         " of scopemc's own headers folded; --verbose shows them)\n";
}

} // namespace

void printTrace(std::ostream &os, const Witness &w, bool verbose) {
  os << "Trace (per thread, in program order; reads name the write they read from):\n";
  for (const WitnessThread &t : w.threads) {
    if (t.plumbingOnly && !verbose) {
      os << "  " << t.name << ": " << t.events.size()
         << " events of scopemc's own headers (a launch's plumbing) folded\n";
      continue;
    }
    os << "  " << t.name << ":\n";
    auto shown = [&](const WitnessEvent &e) { return verbose || !e.plumbing || e.reported; };
    size_t next = 0; // the first event not printed yet
    for (const WitnessRun &run : foldRuns(t, shown)) {
      if (run.first > next) // only the tool's own events are left out
        os << foldedLine(run.first - next);
      const WitnessEvent &e = t.events[run.first], &last = t.events[run.first + run.count - 1];
      os << (e.reported ? "  >> " : "     ") << toString(e.event)
         << (run.count > 1 ? ".." + std::to_string(last.event.index) : std::string()) << "  "
         << run.text;
      if (!e.source.file.empty())
        os << "  [" << toString(&e.source) << "]";
      os << "\n";
      next = run.first + run.count;
    }
    if (t.events.size() > next)
      os << foldedLine(t.events.size() - next);
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

void printReport(std::ostream &os, const Report &r, bool trace, bool verbose) {
  os << "Error: " << errorTypeName(r.type) << "!\n";
  os << "  " << printable(r.message) << "\n"; // (it may quote the program's own strings)
  for (size_t k = 0; k < r.events.size(); ++k) {
    const auto &e = r.events[k];
    bool access = isAtomic(e.order) || (e.isAccess() && !e.rmw);
    os << (k == 0 ? "  Event " : "    and ") << toString(e.event) << " of "
       << threadName(e.event.thread, e.pos, e.place) << ": " << eventName(e)
       << (e.location.empty() ? std::string() : " of " + e.location)
       << (access ? " (" + modeScope(e.order, e.scope) + ")" : std::string()) << " at "
       << toString(reportedSource(r, e)) << "\n";
  }
  if (r.trace && r.trace->why != r.message + ".") // more than the message says
    os << "  Why: " << printable(r.trace->why) << "\n";
  if (r.type == ErrorType::ExitStatus)
    os << "  (a program's non-zero exit status is an error; --ignore-exit-status does not "
          "report it)\n";
  if (trace && r.trace)
    printTrace(os, *r.trace, verbose);
}

void printSummary(std::ostream &os, const RunResult &res, unsigned unroll) {
  const auto &x = res.exploration;
  if (res.reports.empty() && res.verdict == Verdict::Verified)
    os << "No errors were detected.\n";
  os << "Number of complete executions explored: " << x.complete << "\n";
  if (x.blocked)
    os << "Number of blocked executions seen: " << x.blocked << "\n";
  if (x.hungAtBarrier && res.verdict == Verdict::Verified) // hangs the checks did not report
    os << "(in " << x.hungAtBarrier << " of them threads wait for ever at a barrier that others "
       << "never reach: barrier divergence, not reported with --disable-barrier-divergence)\n";
  if (x.complete == 0 && res.verdict == Verdict::Verified)
    os << "(no execution ran to completion: in each, an assume stopped some thread, or a "
          "thread was left waiting when main returned; nothing after that point was checked)\n";
  if (x.symmetric && x.symmetryPruned)
    os << "(counted up to symmetry: executions that differ only by exchanging interchangeable "
          "threads were explored as one; --no-symmetry counts each)\n";
  if (x.commutingPruned || x.commutingDeferred)
    os << "(counted up to the order of commuting updates: executions that differ only in the "
          "order of unused-result atomic updates (adds, ors, maxima...) to one location were "
          "explored as one; --no-commuting-updates counts each)\n";
  if (res.symmetryAbandoned)
    os << "(threads that looked interchangeable were joined unlike each other: explored "
          "without the symmetry reduction)\n";
  if (res.deferralAbandoned)
    os << "(an access was not ordered with the commuting updates of its location: their orders "
          "were generated, not taken as one)\n";
  if (res.zeroNetEffectAbandoned)
    os << "(a loop rewrote a heap block whose address reached another thread: explored without "
          "the zero-net-effect rule)\n";
  if (res.barrierPhasesByArrival)
    os << "(a pthread barrier had more waiters than its count: its phases were formed by order "
          "of arrival, every order explored)\n";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2fs", x.seconds);
  os << "Total wall-clock time: " << buf << "\n";
  switch (res.verdict) {
  case Verdict::ErrorFound:
    if (!x.failure.empty())
      os << "(the search did not finish: " << x.failure << ")\n";
    else if (x.stoppedEarly)
      os << "(the search stopped at the first error; --keep-going explores everything)\n";
    else if (x.timedOut || x.memoryLimitHit)
      os << "(the " << (x.timedOut ? "time" : "memory") << " limit stopped the search before it "
         << "finished: other errors may remain)\n";
    os << "*** Verification unsuccessful.\n";
    break;
  case Verdict::Bounded:
    if (x.memoryLimitHit) {
      os << "Verification bounded: the memory limit (--memory-limit) stopped the exploration "
            "before it finished; no verdict.\n";
      if (!x.memoryNote.empty())
        os << "  (" << x.memoryNote << ")\n";
    }
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
    if (res.hungUnreported)
      os << "Not verified: no execution ran to completion. In each, threads wait for ever at a "
            "barrier that others never reach (barrier divergence, not reported with "
            "--disable-barrier-divergence); nothing after it was checked.\n";
    if (res.sampledNondet)
      os << "Verification bounded: each __VERIFIER_nondet_* call returned one value (fixed per "
            "thread and call, as in GenMC); executions with other values were not explored.\n";
    break;
  case Verdict::Timeout:
    os << "Timeout: the exploration was stopped before it finished; no verdict.\n";
    break;
  case Verdict::Failed:
    os << "Verification failed: " << x.failure << "; the search did not finish: no verdict.\n";
    break;
  case Verdict::Verified:
    break;
  }
}

} // namespace scopemc

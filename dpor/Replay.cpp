// Replaying a search path in an explorer (dpor/Replay.h).
#include "dpor/Replay.h"

namespace scopemc {

using Kind = Explorer::WorkItem::Kind;

PathStep toPathStep(const Explorer::WorkItem &it) {
  return PathStep{static_cast<uint8_t>(it.kind), it.target, it.write, it.coPos, false};
}

namespace {
/// The event whose stamp an alternative carries: the revisiting write of a backward revisit,
/// else the event it changes.
Event stampedEvent(const PathStep &s) {
  return s.kind == static_cast<uint8_t>(Kind::BackwardRevisit) ? s.write : s.target;
}
} // namespace

Explorer::WorkItem toWorkItem(const PathStep &s, const ExecutionGraph &g) {
  if (s.kind > static_cast<uint8_t>(Kind::Election))
    throw ReplayDiverged("a path step of unknown kind " + std::to_string(s.kind));
  Event stamped = stampedEvent(s);
  if (!g.contains(stamped))
    throw ReplayDiverged("a path step names " + toString(stamped) + ", which the graph lacks");
  return Explorer::WorkItem{static_cast<Kind>(s.kind), g.label(stamped)->stamp(), s.target, s.write,
                            s.coPos};
}

SearchPath Explorer::Replay::here(std::optional<Event> e) const {
  SearchPath p;
  p.steps = ex_.frames_.back().trail.steps();
  p.end = e ? SearchPath::End::Event : SearchPath::End::Execution;
  if (e)
    p.last.target = *e;
  return p;
}

void Explorer::Replay::advanceTo(std::optional<Event> x) {
  Explorer &ex = ex_;
  auto there = [&] { return x && ex.graph().contains(*x); };
  std::string what = x ? toString(*x) : "the end of the execution";
  ex.scheduler_.graphChanged();
  while (!there()) {
    ThreadId t = ex.scheduler_.choose(ex.graph());
    if (t < 0) {
      if (!x) // (the execution's end was the goal)
        return;
      throw ReplayDiverged("the execution ended before " + what);
    }
    int32_t size = ex.graph().threadSize(t);
    bool ok = ex.addEvent(ex.driver_.take(t));
    if (there())
      break;
    if (!ok)
      throw ReplayDiverged("the graph became inconsistent before " + what);
    ex.scheduler_.added(ex.graph(), t, ex.graph().threadSize(t) - size);
  }
}

void Explorer::Replay::replaySteps(const SearchPath &path) {
  Explorer &ex = ex_;
  ex.quiet_ = true;
  ex.monitor_.start(ex.sharing_ ? ex.sharing_->start : std::chrono::steady_clock::now());
  ex.startWalk();
  bool forward = true; // the first execution is a forward run from the start
  for (const PathStep &s : path.steps) {
    if (forward)
      advanceTo(stampedEvent(s));
    // (no work pending: a backward revisit restricts the frame in place, as one would whose
    // alternatives are all explored; the graph is the same either way)
    ex.frames_.back().work.clear();
    WorkItem it = toWorkItem(s, ex.graph());
    if (ex.applyWorkItem(it))
      ex.symmetry_.prunesAfterChange(ex.graph());
    forward = s.ranForward;
  }
  ex.frames_.back().work.clear();
  if (forward) // (to the last event, or to the end of the execution)
    advanceTo(path.end == SearchPath::End::Execution ? std::nullopt
                                                     : std::optional(stampedEvent(path.last)));
  ex.quiet_ = false;
}

Explorer::Branch Explorer::Replay::rebuild(const SearchPath &path) {
  if (path.end != SearchPath::End::Alternative)
    throw ReplayDiverged("a branch's path ends at an error, not an alternative");
  replaySteps(path);
  WorkItem item = toWorkItem(path.last, ex_.graph());
  Branch b{std::move(ex_.graph()), item, path.steps};
  ex_.frames_.clear();
  return b;
}

void Explorer::Replay::reproduce(const SearchPath &path) {
  replaySteps(path);
  if (path.end == SearchPath::End::Event) {
    if (!ex_.graph().contains(path.last.target))
      throw ReplayDiverged("the error's event " + toString(path.last.target) + " is not there");
    ex_.notify(path.last.target);
  } else if (path.end == SearchPath::End::Execution) {
    ex_.finishExecution();
  }
  ex_.frames_.clear();
}

} // namespace scopemc

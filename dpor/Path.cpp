// Search paths: the trail each frame keeps, and replaying a path in an explorer.
#include "dpor/Path.h"
#include "dpor/Replay.h"

namespace scopemc {

using Kind = Explorer::WorkItem::Kind;

void Trail::record(Stamp stamp, PathStep step) {
  while (steps_.size() > own_) {
    const auto &[s, last] = steps_.back();
    bool replaced = s == stamp && last.kind == step.kind && last.target == step.target &&
                    step.kind != static_cast<uint8_t>(Kind::BackwardRevisit);
    if (s <= stamp && !replaced)
      break;
    steps_.pop_back();
  }
  step.ranForward = false;
  steps_.emplace_back(stamp, step);
}

std::vector<PathStep> Trail::steps() const {
  std::vector<PathStep> out;
  out.reserve(steps_.size());
  for (const auto &[s, step] : steps_)
    out.push_back(step);
  return out;
}

void Trail::inherit(const std::vector<PathStep> &steps) {
  steps_.clear();
  for (const PathStep &s : steps)
    steps_.emplace_back(0, s);
  own_ = steps_.size();
}

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
  ex.startClock();
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

namespace scopemc {

namespace {
constexpr uint8_t kPathVersion = 1;
constexpr size_t kStepBytes = 2 + 4 * 4 + 8;

template <typename T> void put(std::vector<uint8_t> &out, T v) {
  for (size_t i = 0; i < sizeof(T); ++i) // (little-endian, as memcpy would give on x86)
    out.push_back(static_cast<uint8_t>(static_cast<uint64_t>(v) >> (8 * i)));
}
template <typename T> T get(const uint8_t *&p) {
  uint64_t v = 0;
  for (size_t i = 0; i < sizeof(T); ++i)
    v |= static_cast<uint64_t>(*p++) << (8 * i);
  return static_cast<T>(v);
}
void putStep(std::vector<uint8_t> &out, const PathStep &s) {
  put<uint8_t>(out, s.kind);
  put<uint8_t>(out, s.ranForward ? 1 : 0);
  for (Event e : {s.target, s.write}) {
    put<int32_t>(out, e.thread);
    put<int32_t>(out, e.index);
  }
  put<uint64_t>(out, s.coPos);
}
PathStep getStep(const uint8_t *&p) {
  PathStep s;
  s.kind = get<uint8_t>(p);
  s.ranForward = get<uint8_t>(p) != 0;
  for (Event *e : {&s.target, &s.write}) {
    e->thread = get<int32_t>(p);
    e->index = get<int32_t>(p);
  }
  s.coPos = get<uint64_t>(p);
  return s;
}
} // namespace

std::vector<uint8_t> encodePath(const SearchPath &p) {
  std::vector<uint8_t> out;
  out.reserve(6 + kStepBytes * (p.steps.size() + 1));
  put<uint8_t>(out, kPathVersion);
  put<uint8_t>(out, static_cast<uint8_t>(p.end));
  put<uint32_t>(out, static_cast<uint32_t>(p.steps.size()));
  for (const PathStep &s : p.steps)
    putStep(out, s);
  putStep(out, p.last);
  return out;
}

SearchPath decodePath(const uint8_t *data, size_t size) {
  if (size < 6 || data[0] != kPathVersion || data[1] > 2)
    throw std::invalid_argument("not a search path");
  const uint8_t *p = data + 2;
  uint32_t n = get<uint32_t>(p);
  if (size != 6 + kStepBytes * (static_cast<size_t>(n) + 1))
    throw std::invalid_argument("a search path of the wrong length");
  SearchPath path;
  path.end = static_cast<SearchPath::End>(data[1]);
  path.steps.reserve(n);
  for (uint32_t i = 0; i < n; ++i)
    path.steps.push_back(getStep(p));
  path.last = getStep(p);
  return path;
}

} // namespace scopemc

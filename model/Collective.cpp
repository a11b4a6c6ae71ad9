#include "model/Collective.h"

#include "model/BarrierKeys.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace scopemc {

namespace {

int32_t asSigned32(uint64_t v) { return static_cast<int32_t>(static_cast<uint32_t>(v)); }

uint64_t reduce(CollectiveOp op, const std::vector<const BarrierArriveLabel *> &as) {
  uint64_t acc = 0;
  bool first = true;
  for (const BarrierArriveLabel *a : as) {
    uint64_t v = a->collective().value & 0xFFFFFFFFull; // CUDA's __reduce_*_sync: 32 bits
    if (first) {
      acc = v;
      first = false;
      continue;
    }
    switch (op) {
    case CollectiveOp::ReduceAdd:
      acc = (acc + v) & 0xFFFFFFFFull;
      break;
    case CollectiveOp::ReduceMin:
      acc = asSigned32(v) < asSigned32(acc) ? v : acc;
      break;
    case CollectiveOp::ReduceMax:
      acc = asSigned32(v) > asSigned32(acc) ? v : acc;
      break;
    case CollectiveOp::ReduceUMin:
      acc = std::min(acc, v);
      break;
    case CollectiveOp::ReduceUMax:
      acc = std::max(acc, v);
      break;
    case CollectiveOp::ReduceAnd:
      acc &= v;
      break;
    case CollectiveOp::ReduceOr:
      acc |= v;
      break;
    default: // ReduceXor
      acc ^= v;
      break;
    }
  }
  return acc;
}

} // namespace

bool completesIdleRound(const ExecutionGraph &g, const BarrierDepartLabel &d) {
  if (d.isCollective() || d.index() == 0)
    return false;
  auto *own = dyn_cast<BarrierArriveLabel>(g.label(d.pos().prev()));
  if (!own || own->idleFrom() < 0)
    return false;
  std::vector<const EventLabel *> all = g.barrierArrivals(d.barrier(), d.instance());
  return all.size() >= d.count() && std::all_of(all.begin(), all.end(), [&](const EventLabel *a) {
           return cast<BarrierArriveLabel>(a)->idleFrom() == own->idleFrom();
         });
}

uint64_t collectiveResult(const ExecutionGraph &g, const BarrierDepartLabel &d) {
  const BarrierArriveLabel *own = nullptr;
  std::vector<const BarrierArriveLabel *> as;
  for (const EventLabel *l : g.barrierArrivals(d.barrier(), d.instance())) {
    as.push_back(cast<BarrierArriveLabel>(l));
    if (l->thread() == d.thread())
      own = as.back();
  }
  if (!own || own->collective().op == CollectiveOp::None)
    return 0;
  const Collective &me = own->collective();
  // In lane order, so that the result does not depend on the order of arrival.
  std::sort(as.begin(), as.end(),
            [](auto *a, auto *b) { return a->collective().lane < b->collective().lane; });
  auto nonZero = [](const BarrierArriveLabel *a) { return a->collective().value != 0; };
  auto laneBit = [](const BarrierArriveLabel *a) {
    return uint64_t{1} << (a->collective().lane & 63);
  };
  uint64_t r = 0;
  switch (me.op) {
  case CollectiveOp::Shfl:
    for (auto *a : as)
      if (a->collective().lane == me.operand)
        return a->collective().value;
    return 0; // the interpreter checks that the lane takes part before it arrives
  case CollectiveOp::Ballot:
    for (auto *a : as)
      r |= nonZero(a) ? laneBit(a) : 0;
    return r;
  case CollectiveOp::All:
    return std::all_of(as.begin(), as.end(), nonZero) ? 1 : 0;
  case CollectiveOp::Any:
    return std::any_of(as.begin(), as.end(), nonZero) ? 1 : 0;
  case CollectiveOp::Count:
    return static_cast<uint64_t>(std::count_if(as.begin(), as.end(), nonZero));
  case CollectiveOp::MatchAny:
    for (auto *a : as)
      r |= a->collective().value == me.value ? laneBit(a) : 0;
    return r;
  case CollectiveOp::Uniform:
    return std::all_of(as.begin(), as.end(),
                       [&](auto *a) { return a->collective().value == me.value; })
               ? 1
               : 0;
  case CollectiveOp::MatchAll:
    for (auto *a : as) {
      if (a->collective().value != me.value)
        return 0;
      r |= laneBit(a);
    }
    return r;
  default:
    return reduce(me.op, as);
  }
}

namespace {

const BarrierArriveLabel *ownArrival(const ExecutionGraph &g, const BarrierDepartLabel &d) {
  if (d.index() == 0)
    return nullptr;
  auto *a = dyn_cast<BarrierArriveLabel>(g.label(Event{d.thread(), d.index() - 1}));
  return a && a->barrier() == d.barrier() && a->instance() == d.instance() ? a : nullptr;
}

const ThreadEntry &entryOf(const ExecutionGraph &g, ThreadId t) {
  return cast<ThreadCreateLabel>(g.label(g.creatorOf(t)))->entry();
}

/// Calls f(t, lane) for each thread t of the launch, block and warp of warp barrier
/// departure d, in thread order, until f returns false.
template <class F> void forEachLane(const ExecutionGraph &g, const BarrierDepartLabel &d, F f) {
  const ThreadPos &me = g.threadPos(d.thread());
  uint32_t warp = warpOfBarrier(d.barrier());
  uint32_t launch = entryOf(g, d.thread()).kernel.launch;
  for (ThreadId t = 1; t < g.numThreads(); ++t) {
    if (!g.threadExists(t))
      continue;
    const ThreadPos &p = g.threadPos(t);
    if (p.device != me.device || p.block != me.block || p.thread / 32 != warp ||
        g.creatorOf(t).isInit() || entryOf(g, t).kernel.launch != launch)
      continue;
    if (!f(t, p.thread % 32))
      return;
  }
}

uint32_t laneMaskOf(const std::vector<const EventLabel *> &arrivals) {
  uint32_t m = 0;
  for (const EventLabel *a : arrivals)
    m |= 1u << (cast<BarrierArriveLabel>(a)->collective().lane & 31);
  return m;
}

/// The departure of instance k of barrier b that is in g already, if any.
const BarrierDepartLabel *someDeparture(const ExecutionGraph &g, Addr b, uint32_t k) {
  for (const EventLabel *a : g.barrierArrivals(b, k)) {
    Event next{a->thread(), a->index() + 1};
    if (next.index < g.threadSize(next.thread))
      if (auto *d = dyn_cast<BarrierDepartLabel>(g.label(next)))
        return d;
  }
  return nullptr;
}

/// The rank of a convergence barrier instance: its arrival that its thread made earliest
/// (fewest events before it; the lowest thread among equals). Of two instances waiting for
/// each other's lanes, the lower rank goes first: its lanes are behind, and may still come
/// to the other's call site afterwards (the maximal grouping, when lanes run the same code).
std::pair<int32_t, ThreadId> rankOf(const std::vector<const EventLabel *> &arrivals) {
  std::pair<int32_t, ThreadId> r{std::numeric_limits<int32_t>::max(), 0};
  for (const EventLabel *a : arrivals)
    r = std::min(r, std::pair{a->index(), a->thread()});
  return r;
}

/// Whether `last`, the last event of a lane of a convergence barrier instance's warp, is an
/// arrival the lane cannot leave before the instance's callers leave it: at a block or grid
/// barrier, or a warp collective, that names a caller that has not arrived there; or at an
/// undecided instance of another convergence barrier of a higher rank (rankOf).
bool waitsForCaller(const ExecutionGraph &g, const EventLabel &last,
                    const std::vector<const EventLabel *> &callers) {
  auto *a = dyn_cast<BarrierArriveLabel>(&last);
  if (!a)
    return false;
  if (isConvergenceBarrier(a->barrier()))
    return !someDeparture(g, a->barrier(), a->instance()) &&
           rankOf(g.barrierArrivals(a->barrier(), a->instance())) > rankOf(callers);
  bool block = isBlockBarrier(a->barrier());
  if (!block && !isWarpBarrier(a->barrier()))
    return false; // a barrier object in memory: whom it names is not known
  std::vector<const EventLabel *> there = g.barrierArrivals(a->barrier(), a->instance());
  return std::any_of(callers.begin(), callers.end(), [&](const EventLabel *c) {
    uint32_t lane = cast<BarrierArriveLabel>(c)->collective().lane & 31;
    bool named = block || (laneMaskOfBarrier(a->barrier()) >> lane & 1);
    return named && std::none_of(there.begin(), there.end(),
                                 [&](const EventLabel *x) { return x->thread() == c->thread(); });
  });
}

} // namespace

uint32_t openConvergenceInstance(const ExecutionGraph &g, Addr b, uint32_t from) {
  uint32_t k = from;
  while (someDeparture(g, b, k))
    ++k;
  return k;
}

std::optional<std::vector<Event>> convergenceAbsent(const ExecutionGraph &g,
                                                    const BarrierDepartLabel &d) {
  if (!isConvergenceBarrier(d.barrier()) || g.creatorOf(d.thread()).isInit())
    return std::nullopt;
  if (const BarrierDepartLabel *first = someDeparture(g, d.barrier(), d.instance()))
    return first->absent(); // the instance has decided
  std::vector<const EventLabel *> callers = g.barrierArrivals(d.barrier(), d.instance());
  uint32_t arrived = laneMaskOf(callers);
  std::vector<Event> out;
  bool open = false;
  forEachLane(g, d, [&](ThreadId t, uint32_t lane) {
    if (arrived >> lane & 1)
      return true;
    const EventLabel *last = g.threadSize(t) ? g.lastLabel(t) : nullptr;
    open = !last || !(isa<ThreadFinishLabel>(last) || isa<ErrorLabel>(last) ||
                      isa<BlockLabel>(last) || waitsForCaller(g, *last, callers));
    if (!open)
      out.push_back(last->pos());
    return !open;
  });
  if (open || callers.size() + out.size() < d.count())
    return std::nullopt; // a lane may still call it, or has not been made yet
  return out;
}

std::vector<const EventLabel *> exitedLanes(const ExecutionGraph &g, const BarrierDepartLabel &d) {
  std::vector<const EventLabel *> out;
  const BarrierArriveLabel *own = ownArrival(g, d);
  if (!isWarpBarrier(d.barrier()) || isConvergenceBarrier(d.barrier()) || !own ||
      own->collective().op == CollectiveOp::None ||
      g.barrierArrivalCount(d.barrier(), d.instance()) >= d.count() ||
      g.creatorOf(d.thread()).isInit())
    return out;
  uint32_t mask = laneMaskOfBarrier(d.barrier());
  uint32_t arrived = laneMaskOf(g.barrierArrivals(d.barrier(), d.instance()));
  bool mayArrive = false;
  forEachLane(g, d, [&](ThreadId t, uint32_t lane) {
    if (g.threadSize(t) == 0 || !(mask >> lane & 1) || (arrived >> lane & 1))
      return true;
    mayArrive = !isa<ThreadFinishLabel>(g.lastLabel(t));
    if (!mayArrive)
      out.push_back(g.lastLabel(t));
    return !mayArrive;
  });
  if (mayArrive)
    return {}; // a named lane may still arrive
  if (g.barrierArrivalCount(d.barrier(), d.instance()) + out.size() < d.count())
    return {}; // a named lane has not started yet
  return out;
}

const EventLabel *exitedSource(const ExecutionGraph &g, const BarrierDepartLabel &d) {
  const BarrierArriveLabel *own = ownArrival(g, d);
  if (!own || own->collective().op != CollectiveOp::Shfl)
    return nullptr;
  for (const EventLabel *a : g.barrierArrivals(d.barrier(), d.instance()))
    if (cast<BarrierArriveLabel>(a)->collective().lane == own->collective().operand)
      return nullptr;
  for (const EventLabel *f : exitedLanes(g, d))
    if (g.threadPos(f->thread()).thread % 32 == own->collective().operand)
      return f;
  return nullptr;
}

} // namespace scopemc

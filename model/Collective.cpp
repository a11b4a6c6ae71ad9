#include "model/Collective.h"

#include <algorithm>

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

/// Warp barriers are named by bit 63, the launch, the block within it, the warp and the mask
/// (interpreter/Cuda.cpp, warpBarrierKey).
constexpr uint64_t kWarpBarrier = uint64_t{1} << 63;

const BarrierArriveLabel *ownArrival(const ExecutionGraph &g, const BarrierDepartLabel &d) {
  if (d.index() == 0)
    return nullptr;
  auto *a = dyn_cast<BarrierArriveLabel>(g.label(Event{d.thread(), d.index() - 1}));
  return a && a->barrier() == d.barrier() && a->instance() == d.instance() ? a : nullptr;
}

const ThreadEntry &entryOf(const ExecutionGraph &g, ThreadId t) {
  return cast<ThreadCreateLabel>(g.label(g.creatorOf(t)))->entry();
}

} // namespace

std::vector<const EventLabel *> exitedLanes(const ExecutionGraph &g, const BarrierDepartLabel &d) {
  std::vector<const EventLabel *> out;
  const BarrierArriveLabel *own = ownArrival(g, d);
  if (!(d.barrier() & kWarpBarrier) || !own || own->collective().op == CollectiveOp::None ||
      g.barrierArrivalCount(d.barrier(), d.instance()) >= d.count() ||
      g.creatorOf(d.thread()).isInit())
    return out;
  auto mask = static_cast<uint32_t>(d.barrier());
  uint32_t warp = static_cast<uint32_t>(d.barrier() >> 32) & 0x1F;
  uint32_t arrived = 0;
  for (const EventLabel *a : g.barrierArrivals(d.barrier(), d.instance()))
    arrived |= 1u << (cast<BarrierArriveLabel>(a)->collective().lane & 31);
  const ThreadPos &me = g.threadPos(d.thread());
  uint32_t launch = entryOf(g, d.thread()).kernel.launch;
  for (ThreadId t = 1; t < g.numThreads(); ++t) {
    if (!g.threadExists(t) || g.threadSize(t) == 0)
      continue;
    const ThreadPos &p = g.threadPos(t);
    uint32_t lane = p.thread % 32;
    if (p.device != me.device || p.block != me.block || p.thread / 32 != warp ||
        !(mask >> lane & 1) || (arrived >> lane & 1) || g.creatorOf(t).isInit() ||
        entryOf(g, t).kernel.launch != launch)
      continue;
    if (!isa<ThreadFinishLabel>(g.lastLabel(t)))
      return {}; // a named lane may still arrive
    out.push_back(g.lastLabel(t));
  }
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

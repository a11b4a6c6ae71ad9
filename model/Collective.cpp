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

} // namespace scopemc

#include "dpor/Election.h"

#include "model/BarrierKeys.h"
#include "model/Collective.h"
#include "model/Errors.h"

#include <algorithm>

namespace scopemc {

void electSerial(const ExecutionGraph &g, BarrierDepartLabel &d, std::vector<ThreadId> &others,
                 bool oneNonUser, bool alternatives) {
  others.clear();
  std::vector<ThreadId> users;
  std::vector<ThreadId> nonUsers;
  for (const EventLabel *l : g.barrierArrivals(d.barrier(), d.instance())) {
    Event next{l->thread(), l->index() + 1};
    if (next != d.pos() && next.index < g.threadSize(next.thread)) {
      if (auto *other = dyn_cast<BarrierDepartLabel>(g.label(next))) {
        d.setSerial(other->serial()); // the instance has chosen already
        return;
      }
    }
    if (cast<BarrierArriveLabel>(l)->usesSerial())
      users.push_back(l->thread());
    else
      nonUsers.push_back(l->thread());
  }
  if (users.empty()) {
    d.setSerial(BarrierDepartLabel::kNoThread);
    return;
  }
  if (!nonUsers.empty() && oneNonUser)
    users.push_back(*std::min_element(nonUsers.begin(), nonUsers.end()));
  else
    users.insert(users.end(), nonUsers.begin(), nonUsers.end());
  std::sort(users.begin(), users.end());
  d.setSerial(users.front());
  if (alternatives)
    others.assign(users.begin() + 1, users.end());
}

void settleConvergence(const ExecutionGraph &g, EventLabel &lab) {
  auto *b = dyn_cast<BarrierLabel>(&lab);
  if (!b || !isConvergenceBarrier(b->barrier()))
    return;
  if (auto *a = dyn_cast<BarrierArriveLabel>(&lab))
    a->setInstance(openConvergenceInstance(g, a->barrier(), a->instance()));
  else if (auto absent = convergenceAbsent(g, cast<BarrierDepartLabel>(lab)))
    cast<BarrierDepartLabel>(lab).setAbsent(std::move(*absent));
}

bool oversubscribedPhase(const ExecutionGraph &g, const EventLabel &lab) {
  auto *a = dyn_cast<BarrierArriveLabel>(&lab);
  if (!a || isBlockBarrier(a->barrier()) || isWarpBarrier(a->barrier()) ||
      a->collective().op != CollectiveOp::None)
    return false;
  size_t arrived = g.barrierArrivalCount(a->barrier(), a->instance());
  if (arrived < a->count())
    return false;
  if (a->byArrival()) // its arrival counter started again: pthread_barrier_init after use
    throw UnsupportedProgram(toString(a->source()) + ": " + std::to_string(arrived + 1) +
                             " threads at phase " + std::to_string(a->instance()) +
                             " of a barrier initialised for " + std::to_string(a->count()) +
                             ": a barrier initialised again after use, whose phases are "
                             "formed by arrival order, is not supported");
  return true;
}

} // namespace scopemc

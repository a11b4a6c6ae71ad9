#include "checks/Report.h"

#include <algorithm>

namespace scopemc {

std::string_view errorTypeName(ErrorType t) {
  switch (t) {
  case ErrorType::Assertion: return "Assertion violation";
  case ErrorType::DataRace: return "Data race";
  case ErrorType::HeteroRace: return "Heterogeneous race";
  case ErrorType::BarrierDivergence: return "Barrier divergence";
  case ErrorType::Deadlock: return "Deadlock";
  case ErrorType::MemoryError: return "Memory error";
  case ErrorType::UndefinedBehaviour: return "Undefined behaviour";
  }
  return "Error";
}

std::string Report::key() const {
  std::vector<std::string> locs;
  for (auto &e : events)
    locs.push_back(toString(e.source));
  std::sort(locs.begin(), locs.end());
  std::string k(errorTypeName(type));
  for (auto &l : locs)
    k += "|" + l;
  if (events.empty())
    k += "|" + message;
  return k;
}

ReportedEvent describeEvent(const EventLabel &l) {
  ReportedEvent r{l.pos(), l.threadPos(), "", l.order(), l.scope(), l.source()};
  if (auto *m = dyn_cast<MemAccessLabel>(&l))
    r.annotation = m->annotation();
  if (auto *rd = dyn_cast<ReadLabel>(&l))
    r.kind = rd->isRmw() ? "rmw-read" : "read";
  else if (auto *w = dyn_cast<WriteLabel>(&l))
    r.kind = w->isRmwPart() ? "rmw-write" : "write";
  else if (auto *f = dyn_cast<FreeLabel>(&l))
    r.kind = f->isRetire() ? "retire" : "free";
  else if (isa<AllocLabel>(&l))
    r.kind = "alloc";
  else if (isa<FenceLabel>(&l))
    r.kind = "fence";
  else if (isa<BarrierArriveLabel>(&l))
    r.kind = "barrier arrival";
  else if (isa<BarrierDepartLabel>(&l))
    r.kind = "barrier departure";
  else if (isa<ErrorLabel>(&l))
    r.kind = "failing check";
  else if (isa<BlockLabel>(&l))
    r.kind = "blocked";
  else if (isa<ThreadJoinLabel>(&l))
    r.kind = "join";
  else if (isa<ThreadCreateLabel>(&l))
    r.kind = "thread creation";
  else
    r.kind = "event";
  return r;
}

} // namespace scopemc

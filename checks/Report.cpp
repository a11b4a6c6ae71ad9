#include "checks/Report.h"

#include <algorithm>

namespace scopemc {

std::string_view errorTypeName(ErrorType t) {
  switch (t) {
  case ErrorType::Assertion:
    return "Assertion violation";
  case ErrorType::DataRace:
    return "Data race";
  case ErrorType::HeteroRace:
    return "Heterogeneous race";
  case ErrorType::BarrierDivergence:
    return "Barrier divergence";
  case ErrorType::Deadlock:
    return "Deadlock";
  case ErrorType::MemoryError:
    return "Memory error";
  case ErrorType::UndefinedBehaviour:
    return "Undefined behaviour";
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

LaunchPlace launchPlace(const ExecutionGraph &g, ThreadId t) {
  ThreadPos pos = g.threadPos(t);
  Event c = g.creatorOf(t);
  auto *create = g.contains(c) ? dyn_cast<ThreadCreateLabel>(g.label(c)) : nullptr;
  if (!create || !create->entry().place)
    return LaunchPlace{0, pos.block};
  const KernelGrid &k = create->entry().kernel;
  return LaunchPlace{k.launch, pos.block - k.blockBase};
}

ReportedEvent describeEvent(const EventLabel &l) {
  ReportedEvent r;
  r.event = l.pos();
  r.pos = l.threadPos();
  r.kind = l.kind();
  r.order = l.order();
  r.scope = l.scope();
  r.source = l.source();
  if (auto *m = dyn_cast<MemAccessLabel>(&l))
    r.annotation = m->annotation();
  if (auto *rd = dyn_cast<ReadLabel>(&l))
    r.rmw = rd->isRmw();
  else if (auto *w = dyn_cast<WriteLabel>(&l))
    r.rmw = w->isRmwPart();
  else if (auto *f = dyn_cast<FreeLabel>(&l))
    r.retire = f->isRetire();
  return r;
}

std::string_view eventName(const ReportedEvent &e) {
  if (e.rmw)
    return e.kind == EventLabel::Kind::Read ? "rmw-read" : "rmw-write";
  if (e.retire)
    return "retire";
  return kindName(e.kind);
}

} // namespace scopemc

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

ReportedEvent describeEvent(const EventLabel &l) {
  ReportedEvent r{l.pos(),   l.threadPos(), l.kind(),   false,   false,
                  l.order(), l.scope(),     l.source(), nullptr, {}};
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

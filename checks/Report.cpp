#include "checks/Report.h"

#include <algorithm>
#include <map>

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
  case ErrorType::ExitStatus:
    return "Non-zero exit status";
  case ErrorType::AtomicityViolation:
    return "Atomicity violation";
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

std::vector<LaunchPlace> launchPlaces(const ExecutionGraph &g) {
  std::vector<LaunchPlace> out(static_cast<size_t>(g.numThreads()));
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> ordinal; // (device, launch) -> its rank
  std::vector<const KernelGrid *> grids(out.size(), nullptr);
  for (ThreadId t = 0; t < g.numThreads(); ++t) {
    out[static_cast<size_t>(t)].block = g.threadExists(t) ? g.threadPos(t).block : 0;
    Event c = g.threadExists(t) ? g.creatorOf(t) : Event{};
    auto *create = g.contains(c) ? dyn_cast<ThreadCreateLabel>(g.label(c)) : nullptr;
    if (!create || !create->entry().place)
      continue;
    grids[static_cast<size_t>(t)] = &create->entry().kernel;
    ordinal.emplace(std::pair(g.threadPos(t).device, create->entry().kernel.launch), 0);
  }
  uint32_t device = ~0u, rank = 0;
  for (auto &[key, r] : ordinal) { // (ordered by device, then launch)
    rank = key.first == device ? rank + 1 : 0;
    device = key.first;
    r = rank;
  }
  for (size_t t = 0; t < out.size(); ++t)
    if (const KernelGrid *k = grids[t])
      out[t] = LaunchPlace{ordinal[{g.threadPos(static_cast<ThreadId>(t)).device, k->launch}],
                           out[t].block - k->blockBase};
  return out;
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

#include "cli/JsonOutput.h"

#include <nlohmann/json.hpp>

#include "checks/Witness.h"

namespace scopemc {

namespace {
const char *verdictName(Verdict v) {
  switch (v) {
  case Verdict::Verified:
    return "verified";
  case Verdict::ErrorFound:
    return "error";
  case Verdict::Bounded:
    return "bounded";
  case Verdict::Timeout:
    return "timeout";
  case Verdict::Failed:
    return "failed";
  }
  return "?";
}
nlohmann::json placeJson(const ThreadPos &p, const LaunchPlace &l) {
  if (isHostPos(p))
    return nullptr;
  return {{"device", p.device}, {"launch", l.launch},    {"block", l.block},
          {"thread", p.thread}, {"warp", p.thread / 32}, {"lane", p.thread % 32}};
}

nlohmann::json sourceJson(const SourceLoc &s) {
  if (s.file.empty())
    return nullptr;
  return {{"file", s.file}, {"line", s.line}, {"column", s.col}, {"function", s.function}};
}

/// The witness, thread by thread (events of the tool's own headers marked "plumbing").
nlohmann::json witnessJson(const Witness &w) {
  using nlohmann::json;
  json threads = json::array();
  for (const WitnessThread &t : w.threads) {
    json events = json::array();
    for (const WitnessEvent &e : t.events) {
      json je = {{"event", toString(e.event)},
                 {"text", e.text},
                 {"kind", e.kind},
                 {"source", sourceJson(e.source)}};
      if (e.access)
        je.update({{"location", e.location}, {"object", e.object}, {"value", e.value}});
      if (e.hasRf)
        je["reads_from"] = toString(e.rf);
      if (!e.syncFrom.empty()) {
        je["synchronised_by"] = json::array();
        for (Event s : e.syncFrom)
          je["synchronised_by"].push_back(toString(s));
      }
      if (e.plumbing)
        je["plumbing"] = true;
      if (e.reported)
        je["reported"] = true;
      events.push_back(je);
    }
    threads.push_back({{"thread", t.id},
                       {"name", t.name},
                       {"position", placeJson(t.pos, t.place)},
                       {"events", events}});
  }
  return {{"threads", threads}};
}

} // namespace

std::string resultToJson(const RunResult &res, const std::string &file, long peakRssKb) {
  using nlohmann::json;
  json j;
  j["schema_version"] = kJsonSchemaVersion;
  j["tool"] = "scopemc";
  j["file"] = file;
  j["verdict"] = verdictName(res.verdict);
  if (!res.exploration.failure.empty())
    j["failure"] = res.exploration.failure;
  j["bounded_by"] = json::array();
  if (res.exploration.boundHit)
    j["bounded_by"].push_back("loop bound");
  if (res.exploration.memoryLimitHit)
    j["bounded_by"].push_back("memory limit");
  if (!res.exploration.memoryNote.empty())
    j["memory_note"] = res.exploration.memoryNote;
  if (res.sampledNondet)
    j["bounded_by"].push_back("sampled nondeterminism");
  if (res.sampledUndefined)
    j["bounded_by"].push_back("functions without a definition");
  if (res.exploration.timedOut)
    j["bounded_by"].push_back("time limit");
  if (res.hungUnreported)
    j["bounded_by"].push_back("every execution hung at a barrier (divergence not reported)");
  // Whether every execution was explored: an error found by a search that a limit, a bound or
  // the first error stopped may not be the only one.
  j["search_complete"] = !res.exploration.timedOut && !res.exploration.memoryLimitHit &&
                         !res.exploration.boundHit && !res.exploration.stoppedEarly &&
                         res.exploration.failure.empty() && !res.sampledNondet &&
                         !res.sampledUndefined;
  j["executions"] = {
      {"complete", res.exploration.complete},
      {"blocked", res.exploration.blocked},
      {"up_to_symmetry", res.exploration.symmetric && res.exploration.symmetryPruned > 0},
      {"up_to_commuting_updates",
       res.exploration.commutingPruned > 0 || res.exploration.commutingDeferred > 0}};
  j["symmetry"] = {{"interchangeable_threads", res.exploration.symmetric},
                   {"branches_dropped", res.exploration.symmetryPruned},
                   {"abandoned", res.symmetryAbandoned}};
  j["commuting_updates"] = {{"branches_dropped", res.exploration.commutingPruned},
                            {"orders_fixed", res.exploration.commutingDeferred},
                            {"deferral_abandoned", res.deferralAbandoned}};
  j["barrier_phases_by_arrival"] = res.barrierPhasesByArrival;
  j["zero_net_effect_abandoned"] = res.zeroNetEffectAbandoned;
  j["hung_at_barrier"] = res.exploration.hungAtBarrier;
  j["hung_unreported"] = res.hungUnreported;
  j["events_added"] = res.exploration.events;
  j["time_seconds"] = res.exploration.seconds;
  j["peak_memory_kb"] = peakRssKb;
  j["errors"] = json::array();
  for (const Report &r : res.reports) {
    json e;
    e["kind"] = std::string(errorTypeName(r.type));
    e["message"] = r.message;
    e["events"] = json::array();
    for (const ReportedEvent &ev : r.events) {
      json je;
      je["event"] = toString(ev.event);
      je["thread"] = ev.event.thread;
      je["position"] = placeJson(ev.pos, ev.place);
      je["access"] = std::string(eventName(ev));
      if (!ev.location.empty())
        je["memory"] = ev.location;
      je["order"] = std::string(orderName(ev.order));
      je["scope"] = isAtomic(ev.order) ? json(std::string(scopeName(ev.scope))) : json(nullptr);
      if (const SourceLoc *src = reportedSource(r, ev))
        je["location"] = sourceJson(*src);
      e["events"].push_back(je);
    }
    if (r.trace) {
      e["why"] = r.trace->why;
      e["witness"] = witnessJson(*r.trace);
    }
    j["errors"].push_back(e);
  }
  return j.dump(2);
}

} // namespace scopemc

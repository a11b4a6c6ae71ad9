#include "cli/JsonOutput.h"

#include <nlohmann/json.hpp>

#include "cli/TextOutput.h"

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
  }
  return "?";
}
} // namespace

std::string resultToJson(const RunResult &res, const std::string &file, long peakRssKb) {
  using nlohmann::json;
  json j;
  j["schema_version"] = kJsonSchemaVersion;
  j["tool"] = "scopemc";
  j["file"] = file;
  j["verdict"] = verdictName(res.verdict);
  j["bounded_by"] = json::array();
  if (res.exploration.boundHit)
    j["bounded_by"].push_back("loop bound");
  if (res.exploration.memoryLimitHit)
    j["bounded_by"].push_back("memory limit");
  if (res.sampledNondet)
    j["bounded_by"].push_back("sampled nondeterminism");
  if (res.sampledUndefined)
    j["bounded_by"].push_back("functions without a definition");
  j["executions"] = {
      {"complete", res.exploration.complete},
      {"blocked", res.exploration.blocked},
      {"up_to_symmetry", res.exploration.symmetric && res.exploration.symmetryPruned > 0}};
  j["symmetry"] = {{"interchangeable_threads", res.exploration.symmetric},
                   {"branches_dropped", res.exploration.symmetryPruned},
                   {"abandoned", res.symmetryAbandoned}};
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
      je["position"] =
          isHostPos(ev.pos)
              ? json(nullptr)
              : json{{"device", ev.pos.device}, {"block", ev.pos.block}, {"thread", ev.pos.thread}};
      je["access"] = std::string(eventName(ev));
      je["order"] = std::string(orderName(ev.order));
      je["scope"] = isAtomic(ev.order) ? json(std::string(scopeName(ev.scope))) : json(nullptr);
      if (ev.source)
        je["location"] = {{"file", ev.source->file},
                          {"line", ev.source->line},
                          {"column", ev.source->col},
                          {"function", ev.source->function}};
      e["events"].push_back(je);
    }
    j["errors"].push_back(e);
  }
  return j.dump(2);
}

} // namespace scopemc

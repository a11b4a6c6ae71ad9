#include "cli/Sarif.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>

#include "checks/Witness.h"

namespace scopemc {

using nlohmann::json;

namespace {

std::string ruleId(ErrorType t) {
  switch (t) {
  case ErrorType::Assertion:
    return "assertion-violation";
  case ErrorType::DataRace:
    return "data-race";
  case ErrorType::HeteroRace:
    return "heterogeneous-race";
  case ErrorType::BarrierDivergence:
    return "barrier-divergence";
  case ErrorType::Deadlock:
    return "deadlock";
  case ErrorType::MemoryError:
    return "memory-error";
  case ErrorType::UndefinedBehaviour:
    return "undefined-behaviour";
  case ErrorType::ExitStatus:
    return "exit-status";
  case ErrorType::AtomicityViolation:
    return "atomicity-violation";
  }
  return "error";
}

json location(const std::string &file, unsigned line, unsigned col) {
  json region = {{"startLine", std::max(1u, line)}};
  if (col)
    region["startColumn"] = col;
  return {
      {"physicalLocation", {{"artifactLocation", {{"uri", sarifUri(file)}}}, {"region", region}}}};
}

/// The witness as SARIF code flows: one thread flow per thread that takes part in the error,
/// its events with a source (the tool's own headers left out) in program order; the reported
/// events essential, the others important.
json codeFlows(const Report &r) {
  json threads = json::array();
  for (const WitnessThread &t : r.trace->threads) {
    if (!t.relevant)
      continue;
    json steps = json::array();
    for (const WitnessEvent &e : t.events) {
      if (e.source.file.empty() || (e.plumbing && !e.reported))
        continue;
      json at = location(e.source.path(), e.source.line, e.source.col);
      at["message"] = {{"text", toString(e.event) + "  " + e.text}};
      steps.push_back({{"location", at}, {"importance", e.reported ? "essential" : "important"}});
    }
    if (!steps.empty())
      threads.push_back({{"id", "T" + std::to_string(t.id)},
                         {"message", {{"text", t.name}}},
                         {"locations", steps}});
  }
  if (threads.empty())
    return nullptr;
  return json::array({{{"message", {{"text", r.trace->why}}}, {"threadFlows", threads}}});
}

json fix(const TextEdit &e) {
  unsigned col = std::max(1u, e.col);
  json deleted = {{"startLine", e.line},
                  {"startColumn", col},
                  {"endLine", e.line},
                  {"endColumn", col + static_cast<unsigned>(e.before.size())}};
  json replacement = {{"deletedRegion", deleted}, {"insertedContent", {{"text", e.after}}}};
  std::string what = e.before.empty() ? "insert " + e.after : e.before + " -> " + shownAfter(e);
  return {{"description", {{"text", what + " (" + e.change + "): " + e.reason}}},
          {"artifactChanges", json::array({{{"artifactLocation", {{"uri", sarifUri(e.file)}}},
                                            {"replacements", json::array({replacement})}}})}};
}

} // namespace

std::string sarifUri(const std::string &path) {
  std::error_code ec;
  std::string abs = std::filesystem::absolute(path, ec).lexically_normal().string();
  if (ec)
    abs = path;
  std::string uri = "file://";
  for (unsigned char c : abs) {
    if (std::isalnum(c) || std::strchr("/-._~", c)) {
      uri += static_cast<char>(c);
    } else {
      char buf[4];
      std::snprintf(buf, sizeof buf, "%%%02X", c);
      uri += buf;
    }
  }
  return uri;
}

json sarifLog(const std::vector<Report> &errors, const SourcePatch *patch,
              const SarifInvocation &how) {
  json rules = json::array();
  std::map<std::string, bool> ruleSeen;
  json results = json::array();
  std::vector<bool> placed(patch ? patch->edits.size() : 0, false);
  for (const Report &r : errors) {
    std::string id = ruleId(r.type);
    if (!ruleSeen[id]) {
      ruleSeen[id] = true;
      rules.push_back(
          {{"id", id}, {"shortDescription", {{"text", std::string(errorTypeName(r.type))}}}});
    }
    std::string text = std::string(errorTypeName(r.type)) + ": " + r.message;
    std::string named;
    for (const ReportedEvent &e : r.events)
      if (!e.location.empty())
        named += (named.empty() ? "" : ", ") + std::string(eventName(e)) + " of " + e.location;
    if (!named.empty())
      text += " (" + named + ")";
    if (r.trace && r.trace->why != r.message + ".")
      text += ". " + r.trace->why;
    json res = {{"ruleId", id}, {"level", "error"}, {"message", {{"text", text}}}};
    json locs = json::array();
    for (const ReportedEvent &e : r.events)
      if (const SourceLoc *src = reportedSource(r, e))
        locs.push_back(location(src->file, src->line, src->col));
    if (r.trace)
      if (json flows = codeFlows(r); !flows.is_null())
        res["codeFlows"] = flows;
    if (!locs.empty()) {
      res["locations"] = json::array({locs[0]});
      if (locs.size() > 1)
        res["relatedLocations"] = json(std::vector<json>(locs.begin() + 1, locs.end()));
    }
    if (patch) {
      json fixes = json::array();
      for (size_t k = 0; k < patch->edits.size(); ++k) {
        bool mine = std::any_of(r.events.begin(), r.events.end(), [&](const ReportedEvent &e) {
          return e.source == patch->edits[k].site;
        });
        if (mine && !placed[k]) {
          fixes.push_back(fix(patch->edits[k]));
          placed[k] = true;
        }
      }
      if (!fixes.empty())
        res["fixes"] = fixes;
    }
    results.push_back(res);
  }
  // Edits no reported access names (an order strengthened elsewhere): on the first result.
  if (patch && !results.empty())
    for (size_t k = 0; k < placed.size(); ++k)
      if (!placed[k]) {
        if (!results[0].contains("fixes"))
          results[0]["fixes"] = json::array();
        results[0]["fixes"].push_back(fix(patch->edits[k]));
      }
  json driver = {{"name", "scopemc"}, {"version", "0.1.0"}, {"rules", rules}};
  json invocation = {{"executionSuccessful", how.successful}};
  if (!how.notification.empty()) {
    json note = {{"level", how.successful ? "note" : "error"},
                 {"message", {{"text", how.notification}}}};
    if (!how.file.empty())
      note["locations"] = json::array({location(how.file, how.line, how.col)});
    invocation["toolExecutionNotifications"] = json::array({note});
  }
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", json::array({{{"tool", {{"driver", driver}}},
                                 {"invocations", json::array({invocation})},
                                 {"results", results}}})}};
}

} // namespace scopemc

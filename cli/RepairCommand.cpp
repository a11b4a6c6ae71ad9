#include "cli/RepairCommand.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/HtmlOutput.h"
#include "cli/JsonOutput.h"
#include "cli/Litmus.h"
#include "cli/Sarif.h"
#include "cli/TextOutput.h"
#include "repair/RepairFile.h"

namespace scopemc {

namespace fs = std::filesystem;
using nlohmann::json;

std::string repairedPath(const std::string &file) {
  fs::path p(file);
  return (p.parent_path() / (p.stem().string() + ".repaired" + p.extension().string())).string();
}

namespace {

std::string trimmed(const std::string &s) {
  size_t b = s.find_first_not_of(" \n"), e = s.find_last_not_of(" \n");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

void printEdits(std::ostream &os, const SourcePatch &patch) {
  if (patch.edits.empty())
    return;
  os << "Edits:\n";
  for (const TextEdit &e : patch.edits) {
    os << "  " << e.file << ":" << e.line << ":" << e.col << "  ";
    if (e.before.empty())
      os << "insert " << trimmed(e.after);
    else
      os << e.before << " -> " << shownAfter(e);
    os << "  (" << e.change << ")\n      because: " << e.reason << "\n";
  }
}

json editsToJson(const SourcePatch &patch) {
  json a = json::array();
  for (const TextEdit &e : patch.edits)
    a.push_back({{"file", e.file},
                 {"line", e.line},
                 {"column", e.col},
                 {"old", e.before},
                 {"new", e.after},
                 {"change", e.change},
                 {"reason", e.reason}});
  return a;
}

/// Writes each repaired file: the input to `out`, any other file next to itself.
bool writeFiles(const SourcePatch &patch, const std::string &input, const std::string &out,
                std::ostream &os) {
  for (auto &[path, text] : patch.repaired) {
    bool isInput = fs::equivalent(path, input);
    std::string target = isInput ? out : repairedPath(path);
    std::ofstream f(target);
    if (!f) {
      std::cerr << "scopemc: cannot write " << target << "\n";
      return false;
    }
    f << text;
    os << "Repaired " << (isInput ? "source" : "header") << " written to " << target
       << (isInput ? "" : " (the repaired source includes the original; the diff shows both)")
       << "\n";
  }
  return true;
}

} // namespace

int runRepair(RunOptions &opts, const OutputOptions &output, const RepairCliOptions &ro) {
  RepairOptions ropts;
  ropts.orders = ro.orders;
  ropts.races = ro.races;
  ropts.maxRounds = ro.maxRounds;
  if (opts.exploration.onProgress)
    ropts.progress = [](const std::string &s) { std::cerr << "scopemc repair: " << s << "\n"; };
  FileRepair fr = repairFile(opts, ropts);
  const RepairResult &rr = fr.search;
  const SourcePatch &patch = fr.patch;
  const RunResult &final = fr.final;
  std::ostream &os = std::cout;

  for (size_t k = 0; k < rr.rounds.size(); ++k) {
    const RepairRound &round = rr.rounds[k];
    os << "Round " << k + 1 << ": " << round.errors.size() << " error(s), " << round.executions
       << " complete executions, " << round.added.size() << " candidate edit(s)\n";
    for (const Report &r : round.errors)
      printReport(os, r, false);
  }
  bool racesRun = fr.races.has_value();
  for (size_t k = 0; k < rr.unrepairable.size(); ++k)
    if (!racesRun || (rr.unrepairable[k].type != ErrorType::DataRace &&
                      rr.unrepairable[k].type != ErrorType::AtomicityViolation))
      os << "Not repaired: " << errorTypeName(rr.unrepairable[k].type) << " at "
         << toString(rr.unrepairable[k].events.front().source) << ": " << rr.why[k]
         << (rr.ordersMayHelp[k] ? " (the order repair, --orders, may help)" : "") << "\n";
  if (racesRun) {
    const RaceRepairResult &races = *fr.races;
    for (size_t k = 0; k < races.errors.size(); ++k) {
      os << "Race repair, round " << k + 1 << ":\n";
      printReport(os, races.errors[k], false);
    }
    for (const std::string &why : races.unrepaired)
      os << "Not repaired: " << why << "\n";
  }
  printEdits(os, patch);
  for (auto &r : patch.refused)
    os << "Edit refused: " << r << "\n";
  if (patch.edits.empty() && rr.rounds.size() == 1 && final.verdict == Verdict::Verified)
    os << "Nothing to repair.\n";
  if (!patch.repaired.empty()) {
    std::string out = ro.output.empty() ? repairedPath(opts.file) : ro.output;
    if (!writeFiles(patch, opts.file, out, os))
      return kExitUsage;
    for (auto &[path, text] : patch.repaired)
      os << unifiedDiff(path, patch.original.at(path), text);
  }
  os << "Verification of the " << (patch.repaired.empty() ? "program" : "repaired program")
     << ":\n";
  for (const Report &r : final.reports)
    printReport(os, r, false);
  printSummary(os, final, opts.interpreter.unroll);
  if (auto it = patch.repaired.find(opts.file);
      it != patch.repaired.end() && fs::path(opts.file).extension() == ".litmus") {
    os << "The repaired test's final states:\n";
    LitmusRunOptions lo;
    lo.model = opts.exploration.model;
    lo.includeDir = opts.frontend.includeDir;
    lo.timeoutSeconds = opts.exploration.timeoutSeconds;
    printLitmus(os, runLitmus(litmus::parse(it->second, opts.file), lo));
  }
  os << "Repair: " << rr.rounds.size() + (racesRun ? fr.races->errors.size() : 0) << " round(s), "
     << rr.verifications + (racesRun ? fr.races->verifications : 0) << " verification(s), "
     << patch.edits.size() << " edit(s) in " <<
      [&] {
        char b[32];
        std::snprintf(b, sizeof b, "%.2fs", rr.seconds + (racesRun ? fr.races->seconds : 0));
        return std::string(b);
      }()
     << "\n";

  if (!output.jsonFile.empty()) {
    json j = json::parse(resultToJson(final, opts.file, 0));
    json rounds = json::array();
    for (const RepairRound &r : rr.rounds)
      rounds.push_back({{"errors", r.errors.size()},
                        {"executions", r.executions},
                        {"candidates", r.added.size()},
                        {"seconds", r.seconds}});
    j["repair"] = {{"edits", editsToJson(patch)},
                   {"rounds", rounds},
                   {"final_seconds", final.exploration.seconds},
                   {"verifications", rr.verifications},
                   {"refused", patch.refused},
                   {"seconds", rr.seconds}};
    std::ofstream f(output.jsonFile);
    f << j.dump(2) << "\n";
  }
  if (!output.htmlFile.empty() && !rr.rounds.empty() && !rr.rounds.front().errors.empty()) {
    std::vector<HtmlEdit> edits;
    for (const TextEdit &e : patch.edits) {
      edits.push_back(HtmlEdit{e.file, e.line, e.before, shownAfter(e), e.change, e.reason, ""});
      if (auto it = patch.original.find(e.file); it != patch.original.end()) {
        std::istringstream in(it->second);
        std::string text;
        for (unsigned n = 1; std::getline(in, text); ++n)
          if (n == e.line) {
            edits.back().lineText = text;
            break;
          }
      }
    }
    std::ofstream f(output.htmlFile);
    f << reportToHtml(rr.rounds.front().errors.front(), opts.file, output.verbose, edits);
  }
  if (!output.sarifFile.empty()) {
    std::vector<Report> errors =
        rr.rounds.empty() ? std::vector<Report>{} : rr.rounds.front().errors;
    std::ofstream f(output.sarifFile);
    f << sarifLog(errors, &patch).dump(2) << "\n";
  }
  return exitCodeOf(final.verdict);
}

} // namespace scopemc

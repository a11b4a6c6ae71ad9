#include "cli/Litmus.h"
#include "cli/TextOutput.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "cli/Args.h"
#include "litmus/Translate.h"

namespace scopemc {

namespace fs = std::filesystem;
using litmus::State;

namespace {

std::string where(const ReportedEvent &e) {
  std::string t = e.event.thread >= 1 ? "P" + std::to_string(e.event.thread - 1) : "main";
  std::string mode(orderName(e.order));
  if (isAtomic(e.order))
    mode += ", " + std::string(scopeName(e.scope)) + " scope";
  return t + " " + std::string(eventName(e)) + " (" + mode + ") at " + toString(e.source);
}

} // namespace

void printLitmus(std::ostream &os, const LitmusOutcome &r) {
  const auto &t = r.test;
  os << "Test " << t.name << " " << (r.reachable() ? "Allowed" : "Forbidden") << "\n";
  os << "States " << r.states.size() << "\n";
  for (auto &[s, n] : r.states)
    os << std::setw(8) << n << " :> " << s.toString() << "\n";
  os << (r.validated() ? "Ok" : "No") << "\n";
  os << "Witnesses\n";
  os << "Positive: " << r.positive << " Negative: " << r.negative << "\n";
  os << "Condition " << t.condition.text << "\n";
  const char *obs = r.positive == 0 ? "Never" : r.negative == 0 ? "Always" : "Sometimes";
  os << "Observation " << t.name << " " << obs << " " << r.positive << " " << r.negative << "\n";
  for (auto &e : r.errors) {
    os << "Undefined behaviour: " << errorTypeName(e.type);
    for (size_t k = 0; k < e.events.size(); ++k)
      os << (k == 0 ? ": " : " and ") << where(e.events[k]);
    os << "\n";
  }
  if (!r.errors.empty())
    os << "(with a race the test's behaviour is undefined: the states above are those of the "
          "consistent executions)\n";
  if (r.timedOut)
    os << "Timeout: the exploration stopped early; the states above are incomplete\n";
  if (r.blocked)
    os << "Blocked executions " << r.blocked << "\n";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", r.seconds);
  os << "Time " << t.name << " " << buf << "\n\n";
}

namespace {

/// The files named and the .litmus files under the folders named, each folder's sorted.
/// Throws InputError for a folder that cannot be read through.
std::vector<std::string> collectInputs(const std::vector<std::string> &inputs) {
  std::vector<std::string> files;
  for (auto &in : inputs) {
    std::error_code ec;
    if (fs::is_directory(in, ec)) {
      std::vector<std::string> found;
      fs::recursive_directory_iterator it(in, ec), end;
      for (; !ec && it != end; it.increment(ec))
        if (it->is_regular_file(ec) && it->path().extension() == ".litmus")
          found.push_back(it->path().string());
      if (ec)
        throw InputError(in + ": cannot read the folder: " + ec.message());
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else {
      files.push_back(in);
    }
  }
  return files;
}

std::string canonical(const std::string &p) {
  std::error_code ec;
  auto c = fs::weakly_canonical(p, ec);
  return ec ? p : c.string();
}

/// path -> expected reachability, paths relative to the CSV's folder.
std::map<std::string, bool> readExpectations(const std::string &csv) {
  std::ifstream in(csv);
  if (!in)
    throw InputError("cannot open the expectations file '" + csv + "'");
  std::map<std::string, bool> out;
  fs::path base = fs::path(csv).parent_path();
  std::string line;
  int n = 0;
  while (std::getline(in, line)) {
    ++n;
    if (line.empty() || line[0] == '#')
      continue;
    auto comma = line.find(',');
    std::string path = line.substr(0, comma),
                v = comma == std::string::npos ? "" : line.substr(comma + 1);
    while (!v.empty() && (v.back() == '\r' || v.back() == ' '))
      v.pop_back();
    if (n == 1 && v != "0" && v != "1")
      continue; // a header
    if (v != "0" && v != "1")
      throw InputError(csv + ":" + std::to_string(n) + ": expected 'path,1' or 'path,0'");
    out[canonical(fs::path(path).is_absolute() ? path : (base / path).string())] = v == "1";
  }
  return out;
}

} // namespace

int litmusCommand(const std::vector<std::string> &args, const std::string &includeDir) {
  CLI::App app{"scopemc litmus: runs herd-format litmus tests (C, OPENCL, CUDA/PTX dialects) and "
               "prints every reachable final state, herd7-style.\n\n"
               "  scopemc litmus FILE|DIR... [options]\n"};
  app.name("scopemc litmus");
  std::vector<std::string> inputs;
  std::string expectFile, model = "scoped-rc11";
  double timeout = 0;
  unsigned workers = 1;
  app.add_option("inputs", inputs, ".litmus files, or folders searched for them")->required();
  app.add_option("--expect", expectFile,
                 "CSV of path,1|0 (1: the condition's state is reachable); report agreements and "
                 "exit 1 on a disagreement");
  app.add_option("--model", model, "scoped-rc11 (default) or rc11 (scopes ignored)")
      ->check(CLI::IsMember({"scoped-rc11", "rc11"}));
  app.add_option("--timeout", timeout, "Stop each test after S seconds");
  app.add_option("--nthreads", workers, "Explorers per test (TBB workers)")
      ->check(CLI::Range(1u, 256u));
  if (auto rc = parseArgs(app, args))
    return *rc;
  LitmusRunOptions o;
  o.model = model == "rc11" ? ModelKind::RC11 : ModelKind::ScopedRC11;
  o.includeDir = includeDir;
  o.timeoutSeconds = timeout;
  o.workers = workers;
  std::map<std::string, bool> expected;
  std::vector<std::string> files;
  try {
    if (!expectFile.empty())
      expected = readExpectations(expectFile);
    files = collectInputs(inputs);
  } catch (const InputError &e) {
    std::cerr << "scopemc: error: " << printable(e.what()) << "\n";
    return kExitInput;
  }

  struct Row {
    std::string file, name, verdict, note;
    size_t states = 0;
    uint64_t executions = 0;
    int agree = -1; // -1: no expectation
  };
  std::vector<Row> rows;
  bool broken = false;
  int disagreements = 0;
  for (auto &f : files) {
    Row row;
    row.file = f;
    try {
      LitmusOutcome r = runLitmus(litmus::parseFile(f), o);
      printLitmus(std::cout, r);
      row.name = r.test.name;
      row.verdict = r.reachable() ? "Allowed" : "Forbidden";
      row.states = r.states.size();
      row.executions = r.complete;
      if (!r.errors.empty())
        row.note = "undefined (" + std::string(errorTypeName(r.errors.front().type)) + ")";
      if (r.timedOut)
        row.note = "timeout";
      if (auto it = expected.find(canonical(f)); it != expected.end()) {
        row.agree = it->second == r.reachable();
        disagreements += row.agree ? 0 : 1;
      }
    } catch (const std::exception &e) {
      std::cerr << "scopemc: error: " << printable(e.what()) << "\n";
      row.verdict = "error";
      broken = true;
    }
    rows.push_back(row);
  }
  if (rows.size() > 1 || !expected.empty()) {
    std::cout << "Summary (" << rows.size() << " tests)\n";
    for (auto &r : rows)
      std::cout << "  " << std::left << std::setw(36) << (r.name.empty() ? r.file : r.name) << " "
                << std::setw(9) << r.verdict << " states " << std::setw(3) << r.states
                << " executions " << std::setw(7) << r.executions
                << (r.agree == 1   ? "  expected: agrees"
                    : r.agree == 0 ? "  expected: DISAGREES"
                                   : "")
                << (r.note.empty() ? "" : "  " + r.note) << "\n";
    if (!expected.empty()) {
      size_t checked = 0;
      for (auto &r : rows)
        checked += r.agree >= 0;
      std::cout << "Expectations: " << checked - static_cast<size_t>(disagreements) << " agree, "
                << disagreements << " disagree, " << expected.size() - checked << " not run\n";
    }
  }
  if (broken)
    return kExitInput;
  return disagreements ? 1 : 0;
}

} // namespace scopemc

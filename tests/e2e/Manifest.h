// Reads the CSV manifests of tests/e2e (and lists a folder's files): the first line is a header,
// lines starting with '#' and empty lines are comments, cells are separated by commas (no quoting).
#pragma once

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "checks/Report.h"

namespace scopemc::testing {

/// A gtest parameter name made of `s`: every character other than a letter or digit becomes '_'.
inline std::string testName(std::string s) {
  for (char &c : s)
    if (!isalnum(static_cast<unsigned char>(c)))
      c = '_';
  return s;
}

/// The conformance manifest's name of an error kind ("data-race", ...).
inline std::string manifestErrorKind(ErrorType t) {
  switch (t) {
  case ErrorType::Assertion:
    return "assertion";
  case ErrorType::DataRace:
    return "data-race";
  case ErrorType::HeteroRace:
    return "hetero-race";
  default:
    return std::string(errorTypeName(t));
  }
}

/// Conformance rows whose count the trusted checker made with a loop cut whose premise scopemc
/// cannot check, with the reason: scopemc explores more executions there (never fewer), with
/// the same error kinds; tests/e2e/ZeroNetEffectTest.cpp shows the same final states with and
/// without the cuts that remain. The row itself is never edited.
inline const std::map<std::string, std::string> &uncheckedCutRows() {
  static const std::map<std::string, std::string> rows = {
      {"rwlock_cancel_2r1w",
       "a fetch_sub undone by a fetch_add is cut there, but another thread may load the value "
       "between them (repro z4_subadd.c): docs/dpor.md §4"},
      {"treiber_stack_2",
       "a failed CAS's refreshed expected value is cut there as no progress, but the next "
       "iteration starts from another state (repro z11_cas_single.c): docs/dpor.md §4"},
  };
  return rows;
}

inline std::vector<std::vector<std::string>> readManifest(const std::string &path) {
  std::ifstream in(path);
  std::vector<std::vector<std::string>> rows;
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    std::stringstream ss(line);
    std::vector<std::string> cells;
    for (std::string cell; std::getline(ss, cell, ',');)
      cells.push_back(cell);
    rows.push_back(std::move(cells));
  }
  return rows;
}

/// The files under `dir`, relative to it, with their contents.
inline std::map<std::string, std::string> filesUnder(const std::filesystem::path &dir) {
  std::map<std::string, std::string> files;
  for (auto &e : std::filesystem::recursive_directory_iterator(dir)) {
    if (!e.is_regular_file())
      continue;
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    files[std::filesystem::relative(e.path(), dir).string()] = ss.str();
  }
  return files;
}

} // namespace scopemc::testing

// Reads the CSV manifests of tests/e2e (and lists a folder's files): the first line is a header,
// lines starting with '#' and empty lines are comments, cells are separated by commas (no quoting).
#pragma once

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace scopemc::testing {

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

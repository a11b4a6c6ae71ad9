// Reads the CSV manifests of tests/e2e: the first line is a header, lines starting with '#'
// and empty lines are comments, cells are separated by commas (no quoting).
#pragma once

#include <fstream>
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

} // namespace scopemc::testing

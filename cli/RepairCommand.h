// `scopemc repair FILE`: repairs scope (and with --orders, order) bugs, prints the errors,
// the edits and a diff, writes the repaired source, and verifies it afresh.
#pragma once

#include <string>

#include "cli/Output.h"
#include "repair/Repair.h"

namespace scopemc {

struct RepairCliOptions {
  std::string output; // -o: the repaired input (default repairedPath(input))
  bool orders = false;
  bool races = false; // --races: data races and atomicity violations too (repair/RaceRepair.h)
  unsigned maxRounds = 8;
};

/// `dir/name.repaired.ext`: next to the input, and still an input the tool accepts.
std::string repairedPath(const std::string &file);

int runRepair(RunOptions &opts, const OutputOptions &output, const RepairCliOptions &ro);

} // namespace scopemc

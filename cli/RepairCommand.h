// `scopemc repair FILE`: repairs scope (and with --orders, order) bugs, prints the errors,
// the edits and a diff, writes the repaired source, and verifies it afresh. The command line's
// side of repair/RepairFile.h (docs/interface.md §5).
//
// Contract: the repaired files are written only when the repair changed a text; the input
// itself is never overwritten unless -o names it. The exit code is the verdict of the final
// verification (0: the repaired program verifies, 42: errors remain).
#pragma once

#include <string>

#include "cli/Output.h"
#include "repair/Repair.h"

namespace scopemc {

/// The options of `scopemc repair` only (cli/CheckFlags.h's addRepairOptions binds them).
struct RepairCliOptions {
  std::string output;     // -o: the repaired input (default repairedPath(input))
  bool orders = false;    // --orders: RepairOptions::orders
  bool races = false;     // --races: data races and atomicity violations too (repair/RaceRepair.h)
  unsigned maxRounds = 8; // --max-rounds (for the race repair too)
};

/// `dir/name.repaired.ext`: next to the input, and still an input the tool accepts.
std::string repairedPath(const std::string &file);

/// Repairs opts.file (repairFile), prints the rounds, what was not repaired, the edits, the
/// refused edits and a diff on stdout (progress on stderr when opts has a progress callback),
/// writes the repaired input to ro.output (default repairedPath) and any other changed file
/// to its repairedPath, and the --json, --html and --sarif files of `output` (the witness
/// and SARIF results: the first round's errors). Returns the final verdict's exit code, or
/// kExitUsage when a repaired file cannot be written; throws what repairFile throws.
int runRepair(RunOptions &opts, const OutputOptions &output, const RepairCliOptions &ro);

} // namespace scopemc

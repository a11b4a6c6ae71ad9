// The whole repair of a source file: search for a minimal set of edits on the loaded program,
// map them onto the text, and verify the repaired text afresh (compiled again, with every
// changed file read from the patch). What the CLI, the tests and the benchmarks call.
#pragma once

#include <optional>

#include "repair/RaceRepair.h"
#include "repair/Repair.h"
#include "repair/SourceEdit.h"

namespace scopemc {

struct FileRepair {
  std::shared_ptr<const Program> program; // the input as loaded (what the reports point to)
  RepairResult search;
  SourcePatch patch;
  /// The verification of the repaired text (or, without edits, of the program as it is).
  RunResult final;
  /// RepairOptions::races: the race repair that ran on the scope repair's text (its edits are
  /// also in `patch`).
  std::optional<RaceRepairResult> races;
};

FileRepair repairFile(const RunOptions &opts, const RepairOptions &ropts);

} // namespace scopemc

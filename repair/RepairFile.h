// The whole repair of a source file: search for a minimal set of edits on the loaded program,
// map them onto the text, and verify the repaired text afresh (compiled again, with every
// changed file read from the patch). What the CLI, the tests and the benchmarks call; above
// repair/Repair.h, SourceEdit.h and RaceRepair.h, which it joins.
//
// Contract: a patch never holds a text that does not compile (a repaired source that does not
// compile is dropped whole, the reason in `refused`; a repaired .litmus test that does not
// throws InputError); `final` is a fresh verification of the text as the patch leaves it (the
// search's last verification when the search made no edit or its edited source did not
// compile). A .litmus input is repaired on its C translation and the edits carried back to
// the test's text; an edit that falls outside the thread bodies is refused. ropts.races turns
// the atomicity check on.
#pragma once

#include <optional>

#include "repair/RaceRepair.h"
#include "repair/Repair.h"
#include "repair/SourceEdit.h"

namespace scopemc {

struct FileRepair {
  /// The input as loaded (a .litmus test: its C translation), what the search's reports point
  /// to.
  std::shared_ptr<const Program> program;
  RepairResult search;
  SourcePatch patch;
  /// The verification described above; with a race repair that found an error or made an
  /// edit, the race repair's (RaceRepairResult::final).
  RunResult final;
  /// RepairOptions::races: the race repair that ran on the scope repair's text (its edits are
  /// also in `patch`).
  std::optional<RaceRepairResult> races;
};

/// Repairs opts.file: the scope (and with ropts.orders, order) repair of the loaded program,
/// its edits made on the text (patchSource, or patchIr for .ll); then, with ropts.races and
/// a C-family source (not .ll or .litmus), the race repair of the text the scope repair left.
/// Throws InputError (the input cannot be read, parsed or compiled), UnsupportedProgram, and
/// what verify throws.
FileRepair repairFile(const RunOptions &opts, const RepairOptions &ropts);

} // namespace scopemc

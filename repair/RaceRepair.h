// Race repair (`scopemc repair --races`, docs/model.md §7): data races and atomicity
// violations repaired on the source text, each edit compiled and verified before it is kept:
// - a racing read-modify-write of a plain location (`x++`, `x += v`, `x -= v`, `x |= v`,
//   `x &= v`, `x ^= v`, whose value the program does not use) becomes the language's atomic
//   update (CUDA's atomicAdd... with the narrowest scope holding both threads, OpenCL C's
//   atomic_add..., C and C++'s __atomic_fetch_add...);
// - a race between two statements of a GPU kernel, the two threads in one block, gets the
//   block's barrier (`__syncthreads();`, OpenCL's `barrier(...)`) after the statement holding
//   the first access, in the innermost block of code holding both (after the statement, in a
//   loop body, when both are in one statement of a loop);
// - a race between blocks of a CUDA kernel (the last-block pattern) gets __threadfence()
//   after the write's statement and before the read's.
//
// Contract: an edit is kept only if the program compiled from the edited text no longer has
// the error it was made for and has no barrier divergence; the result's text compiles. Edits
// are then dropped one at a time where the program verifies without them (fewest edits).
#pragma once

#include <string>
#include <vector>

#include "repair/SourceEdit.h"
#include "session/Session.h"

namespace scopemc {

struct RaceRepairResult {
  std::string original, repaired;      // the input's text, before and after
  std::vector<TextEdit> edits;         // in the repaired text's order (line, column of the input)
  std::vector<Report> errors;          // the error each round repaired, or could not repair
  std::vector<std::string> unrepaired; // what was left, with why
  RunResult final;                     // the verification of `repaired`
  unsigned verifications = 0;
  double seconds = 0; // wall time of the whole race repair, compilations included
};

/// The text of opts.file: from opts.frontend.remappedFiles (a repaired text being checked
/// again), else from disk. Throws InputError when it cannot be read.
std::string sourceText(const RunOptions &opts);

/// Repairs the races of opts.file (its text from opts.frontend.remappedFiles if there), at
/// most `maxRounds` errors. `progress` is told each round (may be empty).
RaceRepairResult repairRaces(const RunOptions &opts, unsigned maxRounds,
                             const std::function<void(const std::string &)> &progress);

} // namespace scopemc

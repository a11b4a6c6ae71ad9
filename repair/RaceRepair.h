// Race repair (`scopemc repair --races`, docs/model.md §7): data races and atomicity
// violations repaired on the source text, one error per round, each edit compiled and verified
// before it is kept. Above session/ (it verifies each text afresh) and Clang's AST (where
// edits go); repair/RepairFile.h runs it after the scope repair. The candidates, tried in order:
// - a racing read-modify-write of a plain location (`x++`, `x--`, `x += v`, `x -= v`,
//   `x |= v`, `x &= v`, `x ^= v`, a statement of its own or a postfix ++/-- whose old value
//   the atomic returns) becomes the language's atomic update (CUDA's atomicAdd..., also on
//   floats: atomicAdd_block on block-shared memory, _system when a host thread takes part,
//   else device scope; OpenCL C's atomic_add..., C and C++'s __atomic_fetch_add..., integers
//   only);
// - in CUDA, a check-then-store `if (v > x) x = v;` (or <, >=, <=) becomes atomicMax/atomicMin;
// - a race between two statements of a GPU kernel, the two threads in one block, gets the
//   block's barrier (`__syncthreads();`, OpenCL's `barrier(...)`) after the statement holding
//   the first access, in the innermost block of code holding both (after the statement, in a
//   loop body, when both are in one statement of a loop);
// - a race between blocks of a CUDA kernel (the last-block pattern) gets __threadfence()
//   after the write's statement and before the read's.
//
// Contract: an edit is kept only if the edited text compiles and its verification (stopped
// at the first error) reports neither the error the edit was made for (the same kind at the
// same places of the original text) nor a barrier divergence; the result's text compiles.
// Once the repaired text verifies, edits are dropped one at a time (last first) where the
// program verifies without them (fewest edits).
#pragma once

#include <string>
#include <vector>

#include "repair/SourceEdit.h"
#include "session/Session.h"

namespace scopemc {

struct RaceRepairResult {
  std::string original, repaired; // the input's text, before and after
  /// In the text's order, at the line and column of the original text; `site` is null.
  std::vector<TextEdit> edits;
  std::vector<Report> errors;          // the error each round repaired, or could not repair
  std::vector<std::string> unrepaired; // what was left, with why
  RunResult final;                     // the verification of `repaired`
  unsigned verifications = 0;
  double seconds = 0; // wall time of the whole race repair, compilations included
};

/// The text of opts.file: from opts.frontend.remappedFiles (a repaired text being checked
/// again), else from disk. Throws InputError when it cannot be read.
std::string sourceText(const RunOptions &opts);

/// Repairs the races of opts.file, a C, C++, CUDA (.cu) or OpenCL C (.cl) source (its text from
/// opts.frontend.remappedFiles if there), at most `maxRounds` errors, with the race and
/// atomicity checks on and the search stopped at the first error. The rounds end at an error
/// that is not a race or an atomicity violation, or one no candidate removes (`unrepaired`
/// says why). `progress` (may be empty) is told each candidate tried. Throws InputError when
/// the text cannot be read or does not compile as given, and what verify throws.
RaceRepairResult repairRaces(const RunOptions &opts, unsigned maxRounds,
                             const std::function<void(const std::string &)> &progress);

} // namespace scopemc

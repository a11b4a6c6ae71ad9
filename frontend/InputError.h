// The error every layer throws for input it cannot handle: a compile error, an unsupported
// instruction or function. The message names the construct and, where it has one, its
// file:line.
//
// Contract: it reports the input, not a bug of the tool (InternalError, model/Errors.h); the
// message alone says what is refused. One thrown while an instruction runs without a position
// gets the instruction's (Interpreter::step); a compile's carries Clang's diagnostics; a few
// name a path only (a missing file, a compilation database). The command line prints it,
// adds an `--arg NAME=VALUE` hint for each of unsetParameters and exits with its input status.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace scopemc {

/// Messages speak of the input, never of the tool's options: a front end adds its own hints
/// (how to give a value, which flag changes a default).
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
  /// Kernel parameters that need a value (KernelOptions::args), for the front end to say how
  /// to give one.
  std::vector<std::string> unsetParameters;
};

} // namespace scopemc

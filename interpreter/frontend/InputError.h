// The error every layer throws for input it cannot handle: a compile error, an unsupported
// instruction or function. The message names the construct and its file:line.
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

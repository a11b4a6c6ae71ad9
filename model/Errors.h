// Exceptions every layer may throw and the front ends tell apart (exit codes, docs/interface.md).
#pragma once

#include <stdexcept>

namespace scopemc {

/// A bug in the tool (e.g. a replay that did not reproduce the graph).
struct InternalError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The program does something the exploration does not model (e.g. accesses of different
/// sizes to overlapping memory). The message names the access and its source location.
struct UnsupportedProgram : std::runtime_error {
  using std::runtime_error::runtime_error;
};

} // namespace scopemc

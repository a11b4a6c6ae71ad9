// Exceptions every layer may throw and the front ends tell apart (exit codes, docs/interface.md).
//
// Contract: both derive from std::runtime_error, neither from the other; what() is the message
// the user is shown (the command line only adds its prefix). The command line exits with 5 for
// UnsupportedProgram (as for InputError, frontend/InputError.h) and with 7 for
// InternalError (as for any other exception; cli/CommandLine.cpp). A distributed search
// carries them between ranks as text: UnsupportedProgram keeps its type, any other exception
// arrives as InternalError.
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

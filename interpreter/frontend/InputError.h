// The error every layer throws for input it cannot handle: a compile error, an unsupported
// instruction or function. The message names the construct and its file:line.
#pragma once

#include <stdexcept>

namespace scopemc {

struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

} // namespace scopemc

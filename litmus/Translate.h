// Turns a litmus test into a C program for the engine (through include/scopemc/litmus.h),
// with each thread's placement and each access's scope, plus the list of globals that hold
// the final state.
#pragma once

#include "litmus/Litmus.h"

namespace scopemc::litmus {

/// One value of the final state: its key ("0:r0" or "x") and the global that holds it.
struct Observed {
  std::string key;
  std::string global;
  uint32_t size = 4;
  bool isSigned = true;
  uint64_t offset = 0;  // of an array element in the global
  bool address = false; // the key is a location's address (State::addresses), not a value
};

struct Translation {
  std::string source;             // C source text
  std::vector<Observed> observed; // sorted by key
};

/// Throws LitmusError for what the translation cannot express (e.g. an unknown type).
Translation translate(const Test &t);

} // namespace scopemc::litmus

// Turns a litmus test into a C program for the engine (through include/scopemc/litmus.h),
// with each thread's placement and each access's scope, plus the list of globals that hold
// the final state. On litmus/Litmus.h alone; session/LitmusRun.h compiles and runs the text.
//
// Contract: a function of the test. Each location becomes a global `__litmus_loc_NAME` with
// its initial value (work-group local ones in block-shared memory); each thread a function
// that main starts with pthread_create and joins, placed on its (device, work-group) in GPU
// dialects (unplaced threads of a GPU test in work-group 0 of device 0; a C test's threads
// host threads unless placed), its body copied verbatim under `#line` so that the program's
// source locations are the test's lines and columns; the default scope is the device in GPU
// dialects, the system (memory_scope_all_svm_devices) in C.
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
  std::string source; // C source text
  /// Sorted by key: each global location's value (each element of an array) and address, and
  /// the registers the condition and filter name (every register when they name none), each
  /// copied to a global `__litmus_out_T_REG` at its thread's end. Local locations are not
  /// observed.
  std::vector<Observed> observed;
};

/// Throws LitmusError for what the translation cannot express (a location type it does not
/// know, initial values of registers).
Translation translate(const Test &t);

} // namespace scopemc::litmus

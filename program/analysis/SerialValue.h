// Whether the value a pthread_barrier_wait returns changes what its thread does: the static half
// of the barrier election (dpor/Election.h). POSIX gives PTHREAD_BARRIER_SERIAL_THREAD (-1) to
// one participant of each instance and 0 to the others; the search makes each participant
// whose call's value is observed the serial one in some execution, and lets one stand for all
// the others (docs/development.md, "Barriers").
//
// Contract: serialValueObserved(c) is false only if the thread, run on from call c once with
// -1 and once with 0 (all ones and zero in the call's width), makes the same events from the
// same replies. The analysis follows both runs through the IR side by side, with every value
// that may differ between them as a constant per run, and proves that both reach a common
// point with no differing value live, having done the same effects in the same order on the
// way. Wherever it cannot tell, the answer is true (observed).
#pragma once

#include "program/analysis/Builtin.h"

namespace scopemc {

/// Whether the value call `c` (a pthread_barrier_wait) returns may change the events its
/// thread makes. False when it has no use, or when:
/// - no value that differs between the two runs reaches an effect (a load's or store's
///   address, a stored value, a call's argument, a returned value, a division, a shift
///   amount) or a branch whose two runs cannot be followed;
/// - where a branch sends the runs apart, each follows its own path through instructions
///   without effect and branches it can decide alone, and the two meet at a block;
/// - every path, forked at branches on values the runs share, reaches a block at whose start
///   no differing value is live, or ends (a return, an unreachable).
/// True as well once 20,000 instructions were followed without a proof (loops that keep a
/// difference alive). Calls of the builtins that make no event and return 0 (output, the calls
/// without effect: `builtinOf`) are effect-free, whatever their arguments.
bool serialValueObserved(const llvm::CallBase &c, BuiltinOf builtinOf);

} // namespace scopemc

// Events and access modes.
//
// Contract: an Event is a plain name (thread, index) and says nothing of whether a graph holds
// it; prev() and next() check no bounds. Events order by thread, then index, init() first, so
// sorting by them is deterministic; isInit() holds of every event of a negative thread. The
// modes are declared weakest first, but acq and rel are incomparable: ask isAcquire and
// isRelease, never compare modes with <. An Addr is one of the interpreter's addresses
// (program/Program.h) or a barrier key (model/BarrierKeys.h).
#pragma once

#include <cstdint>
#include <string>

#include "model/Scope.h"

namespace scopemc {

/// A memory address as the interpreter lays memory out.
using Addr = uint64_t;

/// An event: the `index`-th event of thread `thread` in program order. The initialisation
/// write of every location is the special event init() (thread -1).
struct Event {
  ThreadId thread = -1;
  int32_t index = 0;

  static constexpr Event init() { return Event{-1, 0}; }
  bool isInit() const { return thread < 0; }
  Event prev() const { return Event{thread, index - 1}; }
  Event next() const { return Event{thread, index + 1}; }
  auto operator<=>(const Event &) const = default;
};

std::string toString(Event e);

/// Access modes, weakest first: na < rlx < acq, rel < acq_rel < sc.
enum class MemOrder : uint8_t { NotAtomic, Relaxed, Acquire, Release, AcqRel, SeqCst };

inline bool isAtomic(MemOrder o) { return o != MemOrder::NotAtomic; }
inline bool isAcquire(MemOrder o) { // acq, acq_rel, sc
  return o == MemOrder::Acquire || o == MemOrder::AcqRel || o == MemOrder::SeqCst;
}
inline bool isRelease(MemOrder o) { // rel, acq_rel, sc
  return o == MemOrder::Release || o == MemOrder::AcqRel || o == MemOrder::SeqCst;
}
std::string_view orderName(MemOrder o);

} // namespace scopemc

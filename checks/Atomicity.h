// The atomicity check (docs/model.md §6, "Atomicity violation"; off by default,
// CheckOptions::atomicity): two accesses of one thread to one location, with no
// synchronisation between them, that another thread's access splits in a way no serial order
// of the two threads explains.
//
// Contract: a function of one consistent graph. A violation names three events of that graph
// (the thread's two accesses and the other thread's) and the pattern they form; the graph
// shows it: the other access lies between the two in coherence order or reads from between
// them.
#pragma once

#include <optional>
#include <string_view>

#include "model/ExecutionGraph.h"

namespace scopemc {

/// The unserializable interleavings of a thread's accesses `first`, `second` (in program
/// order) and another thread's access `other` (ARCAV's names: the thread's two accesses, a
/// bar, the other thread's).
enum class AtomicityPattern : uint8_t {
  ReadReadWrite,  // RR|W: the two reads see different values, the other's write between
  WriteReadWrite, // WR|W: the read after the thread's own write sees the other's write
  WriteWriteRead, // WW|R: the other reads a value the thread was still building
  ReadWriteWrite, // RW|RW: a lost update, the other's write between the read and the write
  CrossedWrites,  // W1W2|W2W1: two locations, each thread's write last on one of them
};

/// "RR|W" ... "W1W2|W2W1", and what it means in a few words.
std::string_view patternName(AtomicityPattern p);
std::string_view patternMeaning(AtomicityPattern p);

struct AtomicityViolation {
  AtomicityPattern pattern;
  const MemAccessLabel *first;  // the thread's earlier access
  const MemAccessLabel *other;  // the other thread's access between them
  const MemAccessLabel *second; // the thread's later access
  /// CrossedWrites: the other thread's write to the first location (`other` is its write to
  /// the second one); null otherwise.
  const MemAccessLabel *otherFirst = nullptr;
};

/// The first violation of g, looking at locations in address order and each thread's accesses
/// in program order; none if there is none. The accesses paired are plain or relaxed, of one
/// thread, to one address, made by different instructions of the compiled program (a loop's
/// successive accesses by one instruction, as a spin loop's reads, are not a pair), with no
/// synchronisation of the thread between them: a barrier, a fence, a thread creation or join, or an
/// access that is not plain or relaxed (a lock, an acquire or release). O(accesses x other
/// accesses) per location.
std::optional<AtomicityViolation> findAtomicityViolation(const ExecutionGraph &g);

} // namespace scopemc

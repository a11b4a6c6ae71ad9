// What a check found, independent of how it is printed.
//
// Contract: a recorded Report (BugChecker::record) outlives the search and the graph it was
// found in: its witness is a copy of that graph and its trace a resolved Witness, both const
// and shared by copies of the report. Its raw SourceLoc pointers (ReportedEvent::source and
// annotation, the witness graph's labels) point into the program, valid while it is loaded
// (RunResult::program keeps it; reportedSource prefers the trace's copy). key() depends only on
// the type, the events' source locations in any order and, with no event, the message.
// describeEvent leaves place and location empty: the recorder fills them. The free functions
// are functions of their arguments.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/ExecutionGraph.h"

namespace scopemc {

enum class ErrorType : uint8_t {
  Assertion,
  DataRace,
  HeteroRace,
  BarrierDivergence,
  Deadlock,
  MemoryError,
  UndefinedBehaviour,
  ExitStatus,        // the program ended with a non-zero status (CheckOptions::exitStatus)
  AtomicityViolation // CheckOptions::atomicity (checks/Atomicity.h)
};

/// The GenMC-compatible name scripts grep for ("Data race", ...).
std::string_view errorTypeName(ErrorType t);

/// The place of every thread of g, from the launch its create event records; launches are
/// counted per device (the first on each device is launch 0). O(threads log threads).
std::vector<LaunchPlace> launchPlaces(const ExecutionGraph &g);

struct ReportedEvent {
  Event event;
  ThreadPos pos;
  LaunchPlace place; // resolved when the report is recorded
  EventLabel::Kind kind = EventLabel::Kind::ThreadStart;
  bool rmw = false;    // a read or write that is half of a read-modify-write
  bool retire = false; // a free that is a hazard-pointer retire
  /// Whether the event reads or writes memory (a read or write label).
  bool isAccess() const {
    return kind == EventLabel::Kind::Read || kind == EventLabel::Kind::Write;
  }
  MemOrder order = MemOrder::NotAtomic;
  Scope scope = Scope::System;
  const SourceLoc *source = nullptr;
  /// The annotation call that decided the access's scope or made it plain, if any
  /// (MemAccessLabel::annotation).
  const SourceLoc *annotation = nullptr;
  /// The memory accessed, named as the source does ("reduce::sum[1] of block 1"); empty for
  /// events that access none. Resolved when the report is recorded.
  std::string location;
};

struct Witness;

struct Report {
  ErrorType type;
  std::string message;
  std::vector<ReportedEvent> events;
  /// The execution (prefix) in which the error shows (repair reads it).
  std::shared_ptr<const ExecutionGraph> witness;
  /// The same execution resolved for people (checks/Witness.h): what every output renders.
  /// Null only for reports made without a symbolizer.
  std::shared_ptr<const Witness> trace;
  /// Identifies the error for de-duplication: kind and the events' source locations, sorted
  /// (the message for a report without events).
  std::string key() const;
};

ReportedEvent describeEvent(const EventLabel &l);
/// How reports name the event: its kind's name ("read", "fence", ...), "rmw-read" and
/// "rmw-write" for the halves of a read-modify-write, "retire" for a hazard-pointer retire.
std::string_view eventName(const ReportedEvent &e);

} // namespace scopemc

// What a check found, independent of how it is printed.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/ExecutionGraph.h"

namespace scopemc {

enum class ErrorType : uint8_t {
  Assertion, DataRace, HeteroRace, BarrierDivergence, Deadlock, MemoryError, UndefinedBehaviour
};

/// The GenMC-compatible name scripts grep for ("Data race", ...).
std::string_view errorTypeName(ErrorType t);

struct ReportedEvent {
  Event event;
  ThreadPos pos;
  std::string kind; // "read", "write", "rmw", "free", ...
  MemOrder order = MemOrder::NotAtomic;
  Scope scope = Scope::System;
  const SourceLoc *source = nullptr;
  /// The annotation call that decided the access's scope or made it plain, if any
  /// (MemAccessLabel::annotation).
  const SourceLoc *annotation = nullptr;
};

struct Report {
  ErrorType type;
  std::string message;
  std::vector<ReportedEvent> events;
  /// The execution (prefix) in which the error shows, for traces and graphs.
  std::shared_ptr<const ExecutionGraph> witness;
  /// Identifies the error for de-duplication: kind and the pair of source locations.
  std::string key() const;
};

ReportedEvent describeEvent(const EventLabel &l);

} // namespace scopemc

// A place in the search tree as plain data (docs/distributed.md): the alternatives applied on
// the way from the program's start, which another process holding the same program replays
// to reach the same graph. What a distributed search sends instead of graphs.
//
// Contract. The exploration is a function of the graph: the next thread is chosen from the
// graph (Scheduler.h), an event is what the thread's code makes of the values it read, and an
// alternative changes the graph cut back to the alternative's event. So a graph of the search
// is determined by the alternatives applied to reach it and, between two of them, whether the
// search ran forward (the forward run adds events until the next alternative's event exists).
// Events are named by position (thread, index), never by stamp: stamps count every event
// ever added by one process and differ between processes.
#pragma once

#include <cstdint>
#include <vector>

#include "model/Event.h"
#include "model/Labels.h"

namespace scopemc {

/// The kinds of alternative the search applies (Explorer::WorkItem::Kind).
enum class AlternativeKind : uint8_t { ReadFrom, CoPlacement, BackwardRevisit, Election };

/// One applied (or pending) alternative, Explorer::WorkItem without its stamp.
struct PathStep {
  uint8_t kind = 0; // an AlternativeKind
  Event target;     // the read, the write or the barrier departure
  Event write;      // the write a read is given (ReadFrom, BackwardRevisit)
  uint64_t coPos = 0;
  /// The search ran forward after this alternative (it was applied, consistent and kept):
  /// the replay adds events until the next step's event exists.
  bool ranForward = false;
  bool operator==(const PathStep &) const = default;
};

struct SearchPath {
  /// The alternatives applied, in order, from the first execution on.
  std::vector<PathStep> steps;
  enum class End : uint8_t {
    Alternative, // `last` is an alternative still to explore (a branch given away)
    Event,       // `last.target` is an event the observer was told about (an error found)
    Execution    // the execution the steps lead to, run to its end (an error found there)
  } end = End::Alternative;
  PathStep last;
  bool operator==(const SearchPath &) const = default;
};

/// The steps that led to one frame's graph (Explorer::Frame), with their local stamps for
/// pruning. Steps inherited from the frame's parents come first and are never pruned; the
/// frame's own steps are pruned when a later one makes them irrelevant, which bounds the
/// trail by a few steps per event of the graph.
class Trail {
public:
  /// An alternative applied to this frame's graph after the cut back to `stamp`: steps of
  /// the frame after that stamp went with the cut, and a step for the same event and kind
  /// at that stamp is replaced (it set what this one sets again).
  void record(Stamp stamp, PathStep step);
  /// The last step recorded was followed by a forward run.
  void ranForward() {
    if (!steps_.empty())
      steps_.back().second.ranForward = true;
  }
  /// The steps so far belong to the parents of a new frame.
  void startFrame() { own_ = steps_.size(); }
  std::vector<PathStep> steps() const;
  /// Steps received from another process (their stamps are not needed: never pruned).
  void inherit(const std::vector<PathStep> &steps);

private:
  std::vector<std::pair<Stamp, PathStep>> steps_;
  size_t own_ = 0;
};

} // namespace scopemc

namespace scopemc {

/// A path as bytes (docs/distributed.md, "Messages"): a version byte, the end, the number of
/// steps, then 26 bytes per step, integers little-endian whatever the machine.
std::vector<uint8_t> encodePath(const SearchPath &p);
/// Throws std::invalid_argument for bytes encodePath did not make.
SearchPath decodePath(const uint8_t *data, size_t size);

} // namespace scopemc

// A report's witness resolved for people: every event with its text, names and edges, the
// threads laid out by device, block and warp, the source lines involved, and why the
// reported events are an error. Made once when the error is recorded (resolveWitness);
// text, JSON, DOT and HTML render from it without the program.
//
// Contract: resolveWitness reads g, the report and the symbolizer during the call only, and the
// Witness it returns holds values only (text, SourceLoc copies, event positions): no pointer into
// g or the program, so it outlives both. It also reads the source files the events name (at most
// 400 lines in all; a file that cannot be opened gives none, silently). Thread starts are left
// out, and so are threads with no event. find and thread give pointers into the Witness (null
// when absent), valid while it lives unchanged. foldRuns never folds a reported event, nor a run
// of fewer than four.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "checks/Report.h"
#include "model/Symbolizer.h"

namespace scopemc {

struct WitnessEvent {
  Event event;
  std::string kind;     // "read", "rmw write", "barrier arrive", "create", ...
  std::string location; // the memory accessed as the code names it ("partial[1]"); or ""
  std::string object;   // the same memory by the object it is in ("d_partial[1]"); or ""
  std::string value;    // the value read or written ("3", "&d_partial[1]"); or ""
  std::string text;     // the whole line: kind, location, value, order and scope
  MemOrder order = MemOrder::NotAtomic;
  Scope scope = Scope::System;
  bool access = false; // reads or writes memory
  SourceLoc source;    // empty file when unknown
  bool hasRf = false;  // a read: rf is the write it reads from (init: Event::init())
  Event rf;
  /// Events of other threads whose synchronisation first reaches this one (sw, barriers).
  std::vector<Event> syncFrom;
  bool plumbing = false; // made by the tool's own headers (folded unless verbose)
  bool reported = false; // one of the report's events
};

struct WitnessThread {
  ThreadId id = 0;
  ThreadPos pos;
  LaunchPlace place;
  bool host = false;
  std::string name; // "T2 (device 0, block 0, warp 0, lane 0)" or "T0 (host thread)"
  std::vector<WitnessEvent> events;
  /// Whether the thread matters to the error: it has a reported event, or touches one of
  /// their locations, or synchronises with a thread that has one. Large witnesses collapse
  /// the others.
  bool relevant = false;
  bool plumbingOnly = false; // every event it made is plumbing
};

struct WitnessEdge {
  Event from, to;
};

struct Witness {
  std::vector<WitnessThread> threads;
  /// Coherence order of each location written more than once: (location, writes in order).
  std::vector<std::pair<std::string, std::vector<Event>>> co;
  /// Why the reported events are an error, with the edge that is missing for races.
  std::string why;
  /// The source lines of the reported events and a little context: file -> line -> text.
  std::map<std::string, std::map<unsigned, std::string>> sourceLines;
  const WitnessEvent *find(Event e) const;
  const WitnessThread *thread(ThreadId t) const;
};

/// Consecutive events of one thread shown as one: a bulk copy or fill writing base[i],
/// base[i+1], ... from one source line ("write in[0..63] = 0 (64 writes)"). Runs of one
/// event are the event itself.
struct WitnessRun {
  size_t first = 0, count = 1; // indices into WitnessThread::events
  std::string text;            // the run's text (the event's own when count is 1)
};
/// The runs of t's events, in order; `shown` says which events take part at all.
std::vector<WitnessRun> foldRuns(const WitnessThread &t,
                                 const std::function<bool(const WitnessEvent &)> &shown);

/// How a thread is named in every output: "T3 (device 0, block 1, thread 3; warp 0, lane 3)",
/// "T9 (device 0, launch 2, block 0, thread 1; warp 0, lane 1)" (blocks counted within their
/// launch, the launch named after the first) or "T0 (host thread)".
std::string threadName(ThreadId t, const ThreadPos &pos, const LaunchPlace &place);

/// A barrier that is not an object in memory, in words: "warp 0's __activemask()", "warp 1's
/// collective of lanes 0x0000ffff", "the block's barrier" (model/BarrierKeys.h); `s` tells a
/// block's barrier from a grid's.
std::string barrierName(Addr b, Scope s);

/// Where a reported event is in the source: the witness's copy when the report has one (it
/// outlives the program), else the event's own pointer.
const SourceLoc *reportedSource(const Report &r, const ReportedEvent &e);

/// Resolves the witness of a report made of `events` in `g` (the report's type and message
/// say which error it is).
Witness resolveWitness(const ExecutionGraph &g, const Report &r, const Symbolizer &sym);

} // namespace scopemc

// Events, access modes and views (vector clocks).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "model/Scope.h"

namespace scopemc {

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

bool isAtomic(MemOrder o);
bool isAcquire(MemOrder o); // acq, acq_rel, sc
bool isRelease(MemOrder o); // rel, acq_rel, sc
std::string_view orderName(MemOrder o);

/// A vector clock: for each thread, the index of the last event of that thread contained in
/// the view (-1: none). Views are downward closed in program order.
class View {
public:
  View() = default;
  int32_t get(ThreadId t) const {
    return t < static_cast<ThreadId>(v_.size()) ? v_[static_cast<size_t>(t)] : -1;
  }
  bool contains(Event e) const { return !e.isInit() && e.index <= get(e.thread); }
  void set(ThreadId t, int32_t idx) {
    if (t >= static_cast<ThreadId>(v_.size()))
      v_.resize(static_cast<size_t>(t) + 1, -1);
    v_[static_cast<size_t>(t)] = idx;
  }
  void raise(ThreadId t, int32_t idx) {
    if (idx > get(t))
      set(t, idx);
  }
  void join(const View &o) {
    if (o.v_.size() > v_.size())
      v_.resize(o.v_.size(), -1);
    for (size_t i = 0; i < o.v_.size(); ++i)
      v_[i] = std::max(v_[i], o.v_[i]);
  }
  size_t size() const { return v_.size(); }
  bool operator==(const View &) const = default;

private:
  std::vector<int32_t> v_;
};

} // namespace scopemc

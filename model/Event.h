// Events, access modes and views (vector clocks).
#pragma once

#include <algorithm>
#include <array>
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

inline bool isAtomic(MemOrder o) { return o != MemOrder::NotAtomic; }
inline bool isAcquire(MemOrder o) { // acq, acq_rel, sc
  return o == MemOrder::Acquire || o == MemOrder::AcqRel || o == MemOrder::SeqCst;
}
inline bool isRelease(MemOrder o) { // rel, acq_rel, sc
  return o == MemOrder::Release || o == MemOrder::AcqRel || o == MemOrder::SeqCst;
}
std::string_view orderName(MemOrder o);

/// A vector clock: for each thread, the index of the last event of that thread contained in
/// the view (-1: none). Views are downward closed in program order. Up to kInline threads
/// are stored without allocating.
class View {
public:
  View() { inline_.fill(-1); }
  View(const View &o) : size_(o.size_), inline_(o.inline_) {
    if (!o.heap_.empty()) // (most views fit inline: no vector copy for them)
      heap_ = o.heap_;
  }
  View(View &&o) noexcept = default;
  View &operator=(const View &o) {
    size_ = o.size_;
    inline_ = o.inline_;
    if (!heap_.empty() || !o.heap_.empty())
      heap_ = o.heap_;
    return *this;
  }
  View &operator=(View &&o) noexcept = default;

  int32_t get(ThreadId t) const {
    return t < static_cast<ThreadId>(size_) ? data()[t] : -1;
  }
  bool contains(Event e) const { return !e.isInit() && e.index <= get(e.thread); }
  void set(ThreadId t, int32_t idx) {
    if (static_cast<size_t>(t) >= size_) // (grow stays out of the common path)
      grow(static_cast<size_t>(t) + 1);
    data()[t] = idx;
  }
  void raise(ThreadId t, int32_t idx) {
    if (idx > get(t))
      set(t, idx);
  }
  void join(const View &o) {
    if (o.size_ > size_)
      grow(o.size_);
    int32_t *d = data();
    const int32_t *s = o.data();
    for (size_t i = 0; i < o.size_; ++i)
      d[i] = std::max(d[i], s[i]);
  }
  size_t size() const { return size_; }
  bool operator==(const View &o) const {
    size_t n = std::max(size_, o.size_);
    for (size_t i = 0; i < n; ++i)
      if (get(static_cast<ThreadId>(i)) != o.get(static_cast<ThreadId>(i)))
        return false;
    return true;
  }

private:
  static constexpr size_t kInline = 16;
  int32_t *data() { return heap_.empty() ? inline_.data() : heap_.data(); }
  const int32_t *data() const { return heap_.empty() ? inline_.data() : heap_.data(); }
  void grow(size_t n) {
    if (n <= size_)
      return;
    if (n > kInline && heap_.empty()) {
      heap_.assign(std::max(n, 2 * kInline), -1);
      std::copy(inline_.begin(), inline_.begin() + static_cast<long>(size_), heap_.begin());
    } else if (!heap_.empty() && n > heap_.size()) {
      heap_.resize(2 * n, -1);
    }
    size_ = n;
  }

  size_t size_ = 0;
  std::array<int32_t, kInline> inline_;
  std::vector<int32_t> heap_;
};

} // namespace scopemc

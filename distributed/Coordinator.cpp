#include "distributed/Coordinator.h"

#include <algorithm>

namespace scopemc {

namespace {
/// A rank that had no branch to give is asked again after this long (it may have split its
/// work by then, or it goes idle).
constexpr auto kQuiet = std::chrono::milliseconds(2);
} // namespace

Coordinator::Coordinator(int ranks)
    : busy_(static_cast<size_t>(ranks), true), asked_(static_cast<size_t>(ranks), false),
      gone_(static_cast<size_t>(ranks), false), quietUntil_(static_cast<size_t>(ranks)) {}

void Coordinator::idle(int r) {
  auto i = static_cast<size_t>(r);
  if (!busy_[i] || gone_[i])
    return;
  busy_[i] = false;
  idle_.push_back(r);
}

int Coordinator::branchFrom(int r, bool carried, Clock::time_point now) {
  auto i = static_cast<size_t>(r);
  if (asked_[i]) {
    asked_[i] = false;
    --outstanding_;
  }
  if (!carried) {
    quietUntil_[i] = now + kQuiet;
    return -1;
  }
  if (stopping_)
    return -1;
  if (idle_.empty()) // (cannot happen while asks stay below the idle ranks; never lose it)
    return r;
  int to = idle_.front();
  idle_.pop_front();
  busy_[static_cast<size_t>(to)] = true;
  return to;
}

std::vector<int> Coordinator::asks(Clock::time_point now) {
  std::vector<int> out;
  if (stopping_)
    return out;
  int n = ranks();
  for (int tried = 0; tried < n && outstanding_ < static_cast<int>(idle_.size()); ++tried) {
    int r = next_;
    next_ = (next_ + 1) % n;
    auto i = static_cast<size_t>(r);
    if (!busy_[i] || asked_[i] || gone_[i] || now < quietUntil_[i])
      continue;
    asked_[i] = true;
    ++outstanding_;
    out.push_back(r);
  }
  return out;
}

void Coordinator::lost(int r) {
  auto i = static_cast<size_t>(r);
  if (gone_[i])
    return;
  gone_[i] = true;
  if (asked_[i]) {
    asked_[i] = false;
    --outstanding_;
  }
  if (busy_[i])
    busy_[i] = false;
  else
    idle_.erase(std::remove(idle_.begin(), idle_.end(), r), idle_.end());
}

bool Coordinator::done() const {
  return outstanding_ == 0 && std::none_of(busy_.begin(), busy_.end(), [](bool b) { return b; });
}

} // namespace scopemc

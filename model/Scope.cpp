#include "model/Scope.h"

#include <algorithm>

namespace scopemc {

namespace {
// The mark of an unstated position, in the thread field (never a placed thread's index).
constexpr uint32_t kUnplacedMark = 0x80000000u;
} // namespace

ThreadPos hostThreadPos(ThreadId tid) {
  return ThreadPos{0, 0, kUnplacedMark | static_cast<uint32_t>(tid)};
}

bool isHostPos(const ThreadPos &p) { return (p.thread & kUnplacedMark) != 0; }

bool inScope(Scope s, const ThreadRef &owner, const ThreadRef &u) {
  switch (s) {
  case Scope::System:
    return true;
  case Scope::Device:
    return owner.pos.device == u.pos.device;
  case Scope::Block:
    return owner.pos.device == u.pos.device && owner.pos.block == u.pos.block;
  case Scope::Thread:
    return owner.id == u.id;
  }
  return false;
}

bool scopeIncludes(Scope sa, const ThreadRef &ta, Scope sb, const ThreadRef &tb) {
  return inScope(sa, ta, tb) && inScope(sb, tb, ta);
}

Scope narrowestCommonScope(const ThreadRef &a, const ThreadRef &b) {
  for (Scope s : {Scope::Thread, Scope::Block, Scope::Device})
    if (inScope(s, a, b))
      return s;
  return Scope::System;
}

void MutualInclusion::add(bool atomic, Scope s, const ThreadRef &t) {
  if (empty_) {
    first_ = t;
    empty_ = false;
  }
  atomic_ = atomic_ && atomic;
  narrowest_ = std::min(narrowest_, s);
  // Instances of one level partition the threads, so "all in the first thread's instance"
  // means every two share an instance at that level, and so at every wider one.
  for (Scope l : {Scope::Thread, Scope::Block, Scope::Device}) {
    auto k = static_cast<size_t>(l);
    within_[k] = within_[k] && inScope(l, first_, t); // (symmetric at one level)
  }
}

bool MutualInclusion::holds() const {
  return atomic_ && (narrowest_ == Scope::System || within_[static_cast<size_t>(narrowest_)]);
}

std::string_view scopeName(Scope s) {
  switch (s) {
  case Scope::Thread:
    return "thread";
  case Scope::Block:
    return "block";
  case Scope::Device:
    return "device";
  case Scope::System:
    return "system";
  }
  return "?";
}

} // namespace scopemc

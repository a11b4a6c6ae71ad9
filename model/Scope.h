// Scopes and thread positions (docs/model.md section 1).
//
// Contract: the functions are pure, safe from any thread. Scope's enumerators go from narrow
// to wide, and code compares them so (std::min gives the narrower). inScope reads only what
// its level needs: the ids for Thread, device and block for Block, the device for Device.
// scopeIncludes is symmetric and checks no atomicity: callers ask it of atomic events only. A
// placed position's thread field stays below 2^31 (the top bit marks an unplaced host thread).
// MutualInclusion is plain data, O(1) per add; holds() of an empty set.
#pragma once

#include <cstdint>
#include <string_view>

namespace scopemc {

using ThreadId = int32_t;

/// Scope levels from narrow to wide. Every atomic, fence and barrier label carries one.
enum class Scope : uint8_t { Thread, Block, Device, System };

/// Where a thread sits in the GPU hierarchy. Block ids are relative to the device.
struct ThreadPos {
  uint32_t device = 0;
  uint32_t block = 0;
  uint32_t thread = 0;
  bool operator==(const ThreadPos &) const = default;
};

/// A thread's identity together with its position.
struct ThreadRef {
  ThreadId id = 0;
  ThreadPos pos;
};

/// The default position of a thread that nothing placed: device 0, block 0, as in GPUMC
/// (docs/model.md section 1), so scopes never separate two such threads. The thread field keeps
/// the thread id with a mark that says the position was not stated (isHostPos).
ThreadPos hostThreadPos(ThreadId tid);
/// Whether a position is the default of an unplaced host thread.
bool isHostPos(const ThreadPos &p);

/// inScope(e, u): the scope instance of an event with scope `s` run by thread `owner`
/// contains thread `u`.
bool inScope(Scope s, const ThreadRef &owner, const ThreadRef &u);

/// The one scope-inclusion predicate: incl(a, b) for two atomic events with scopes sa, sb
/// run by threads ta, tb. Callers must only ask it about atomic events.
bool scopeIncludes(Scope sa, const ThreadRef &ta, Scope sb, const ThreadRef &tb);

/// The narrowest scope whose instance of thread `a` contains thread `b`.
Scope narrowestCommonScope(const ThreadRef &a, const ThreadRef &b);

std::string_view scopeName(Scope s);

/// Whether every two of a set of accesses are atomic and include each other (scopeIncludes),
/// kept up to date as accesses are added. Removing accesses keeps it true, so a summary that
/// outlives some of its accesses still answers soundly (it may say false needlessly).
class MutualInclusion {
public:
  void add(bool atomic, Scope s, const ThreadRef &t);
  bool holds() const;

private:
  bool empty_ = true;
  bool atomic_ = true;
  Scope narrowest_ = Scope::System;
  ThreadRef first_;
  bool within_[3] = {true, true, true}; // every thread is in first_'s Thread/Block/Device instance
};

} // namespace scopemc

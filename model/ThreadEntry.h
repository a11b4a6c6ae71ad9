// What a new thread runs (ThreadEntry) and what the interpreter promises about it: its
// launch, its symmetry class, where it may access memory. Carried by ThreadCreateLabel.
//
// Contract: values. The parts held by shared_ptr are immutable, so copies are cheap and may go
// to other threads. Equality is by value (a site footprint by its ranges): the thread driver
// reuses a cached run of a thread only for an equal start (dpor/ThreadDriver.cpp). Null means
// not known or none as each field says; an unknown footprint, reach or resume point answers
// "may access" / "may write". The promises (keys, footprints, reaches) are the interpreter's
// (program/Symmetry.h), assumed here, not checked; a SiteFootprint's ranges have an entry
// for every site its reach names.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "model/Event.h"
#include "model/Scope.h"

namespace scopemc {

/// Extents of a kernel launch in three dimensions (CUDA's dim3).
struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
  uint64_t count() const { return uint64_t{x} * y * z; }
  bool operator==(const Dim3 &) const = default;
};

/// The launch a kernel thread belongs to, as the interpreter needs it to answer the thread's
/// id and size queries and to name its barriers.
struct KernelGrid {
  Dim3 grid, block;
  uint32_t blockBase = 0; // ThreadPos::block of the launch's block 0
  uint32_t launch = 0;    // distinguishes launches within one execution
  bool operator==(const KernelGrid &) const = default;
};

/// Where a thread sits as the program wrote it: its kernel launch (0 for the first launch of
/// the execution and for host threads) and its block's index within that launch.
/// ThreadPos::block numbers blocks across launches, so that block scope never joins two.
struct LaunchPlace {
  uint32_t launch = 0;
  uint32_t block = 0;
};

/// Data the interpreter attaches to an entry, opaque to the exploration: a kernel launch's
/// parameter bytes, the threads a stream's launch waits for, its dynamic shared memory.
struct EntryData {
  std::vector<uint8_t> bytes;
  std::vector<int32_t> waitFor;
  uint64_t kernel = 0;
  uint64_t sharedBytes = 0;
  bool cooperative = false; // launched with cudaLaunchCooperativeKernel: grid barriers allowed
  bool operator==(const EntryData &) const = default;
};

/// A thread's symmetry class, compared by value (sameSymmetry).
using SymmetryKey = std::shared_ptr<const std::vector<uint64_t>>;
inline bool sameSymmetry(const SymmetryKey &a, const SymmetryKey &b) {
  return a == b || (a && b && *a == *b);
}

/// Where a thread may access shared memory in its whole life: [address, address + size)
/// ranges, compared by value. Null: anywhere (not known).
using Footprint = std::shared_ptr<const std::vector<std::pair<uint64_t, uint64_t>>>;
inline bool sameFootprint(const Footprint &a, const Footprint &b) {
  return a == b || (a && b && *a == *b);
}
/// Whether a thread with footprint f may access a byte of [addr, addr + size).
inline bool mayAccess(const Footprint &f, uint64_t addr, uint64_t size) {
  if (!f)
    return true;
  for (const auto &[a, n] : *f)
    if (a < addr + size && addr < a + n)
      return true;
  return false;
}

/// Which access sites of a thread function's code may still run after each point of it
/// (program/ResumePoints.h): a point lies in a block, and the sites still to run are the
/// block's own from the point on, and those of the blocks after it.
struct ResumeReach {
  struct Point {
    uint32_t block = 0;
    uint32_t from = 0; // the first of the block's sites still to run (an index into inBlock)
  };
  std::vector<Point> points;                  // by point - 1
  std::vector<std::vector<uint32_t>> inBlock; // by block: its sites, in instruction order
  std::vector<std::vector<uint32_t>> later;   // by block: the sites of the blocks after it
  std::vector<uint8_t> writes;                // by site: 0 if it only reads (empty: all may write)
};

/// Where a thread may still access memory others share once it is past a point of its code
/// (program/Symmetry.h, sitesOf): the range of each access site of its code, evaluated
/// when the thread is created, and which sites may still run from each resume point
/// (EventLabel::resumePoint). Compared by the ranges (the reach is a function of the code).
struct SiteFootprint {
  /// By site: [address, address + size); size 0 for a site the thread never runs.
  std::vector<std::pair<uint64_t, uint64_t>> ranges;
  /// Shared by the threads that run the same code.
  std::shared_ptr<const ResumeReach> reach;
  /// Whether a thread at resume point `point` (not 0) may still write a byte of
  /// [addr, addr + size) (a site that only reads does not count).
  bool mayWriteAfter(uint32_t point, uint64_t addr, uint64_t size) const {
    if (!reach || point == 0 || point > reach->points.size())
      return true;
    auto touches = [&](uint32_t k) {
      if (k < reach->writes.size() && !reach->writes[k])
        return false;
      auto [a, n] = ranges[k];
      return a < addr + size && addr < a + n;
    };
    ResumeReach::Point p = reach->points[point - 1];
    const std::vector<uint32_t> &own = reach->inBlock[p.block];
    for (size_t k = p.from; k < own.size(); ++k)
      if (touches(own[k]))
        return true;
    for (uint32_t k : reach->later[p.block])
      if (touches(k))
        return true;
    return false;
  }
};
using SiteFootprintPtr = std::shared_ptr<const SiteFootprint>;

/// What a new thread runs: an opaque function handle and an argument, both chosen by the
/// interpreter, and for a kernel thread its place in the grid (other threads get the
/// default position of a host thread).
struct ThreadEntry {
  uint64_t function = 0;
  uint64_t argument = 0;
  std::optional<ThreadPos> place;
  KernelGrid kernel;                     // meaningful when place is set
  std::shared_ptr<const EntryData> data; // shared by the threads of a launch; may be null
  /// The thread's symmetry class (program/Symmetry.h): threads of one creator, created one
  /// after the other, with equal keys are interchangeable. Null: none. Compared by value.
  SymmetryKey symmetry;
  /// Where the thread may access memory others share (program/Symmetry.h); the pruning
  /// needs no consent from a thread that never touches a location. Null: anywhere.
  Footprint footprint;
  /// The same by the points of its code (SiteFootprint); null: not known.
  SiteFootprintPtr sites;
  bool operator==(const ThreadEntry &o) const {
    return function == o.function && argument == o.argument && place == o.place &&
           kernel == o.kernel && (data == o.data || (data && o.data && *data == *o.data)) &&
           sameSymmetry(symmetry, o.symmetry) && sameFootprint(footprint, o.footprint) &&
           (sites == o.sites || (sites && o.sites && sites->ranges == o.sites->ranges));
  }
};

} // namespace scopemc

// What --kernel, --grid, --devices, --buffer-bytes, --post and --arg ask for: a kernel run
// without a host program (frontend/KernelHarness.h adds its host code, frontend/KernelArgs.h
// gives its parameters their values).
//
// Contract: plain data, copied freely.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace scopemc {

/// Extents in three dimensions.
struct Extent3 {
  uint32_t x = 1, y = 1, z = 1;
  uint64_t count() const { return uint64_t{x} * y * z; }
};

struct KernelOptions {
  std::string name; // the kernel function; empty: run main
  uint32_t devices = 1;
  Extent3 grid, block;      // blocks (work-groups) in the grid, threads (work-items) per block
  uint64_t bufferBytes = 0; // per pointer parameter; 0: 64 bytes per thread, at least 4096
  std::string post;         // empty: NAME_post when the program defines it
  /// Values of non-pointer parameters, by name or position (KernelArgs.h): NAME=VALUE.
  std::vector<std::pair<std::string, std::string>> args;
};

} // namespace scopemc

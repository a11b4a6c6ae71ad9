// Running a kernel from the command line (--kernel NAME --grid [DxBx]T): a host entry
// function is added to the module that gives every pointer parameter a zero-initialised
// buffer, launches the kernel on each device, waits, and calls the post function (which
// takes the kernel's parameters and may assert on the final memory).
//
// Contract: addKernelHarness adds kKernelHostEntry, __scopemc_kernel_entry (what every kernel
// thread runs), a zero-initialised global per pointer parameter (bufferBytes; 0: 64 bytes per
// thread over all devices, at least 4096) and a constant global per struct passed by value. It
// does not check the grid (gridBeyondLimits; the interpreter refuses a launch past the
// limits). A missing kernel or post function, a kernel that returns a value, a post function
// with other parameters, a missing or malformed value and an --arg that gives no parameter a
// value throw InputError (at the function's FILE:LINE where debug information gives one).
// parseGrid leaves opts as they were when it answers false.
#pragma once

#include <cstdint>
#include <string>

#include <llvm/IR/Module.h>

#include "frontend/KernelOptions.h"

namespace scopemc {

/// The largest grid one launch may have (threads over all its blocks), the devices, and the
/// blocks one launching thread may start on a device (interpreter/Kernel.cpp refuses more).
inline constexpr uint64_t kMaxLaunchThreads = 1048576;
inline constexpr uint32_t kMaxDevices = 16;
inline constexpr uint32_t kMaxBlocksPerLauncher = 1024;

/// Why a --grid of `opts` is beyond those limits (empty: it is not).
std::string gridBeyondLimits(const KernelOptions &opts);

/// The name of the host entry function the harness adds.
inline constexpr const char *kKernelHostEntry = "__scopemc_host";

/// Adds the host entry function for `opts` to `m`. Throws InputError when the kernel or the
/// post function is missing, or a parameter cannot be given a value.
void addKernelHarness(llvm::Module &m, const KernelOptions &opts);

/// Parses a --grid into opts; false when malformed. "GRID:BLOCK", each "X", "XxY" or "XxYxZ":
/// blocks per dimension, then threads per block per dimension (OpenCL: work-groups and
/// work-items per work-group; the global size is their product); the one-dimensional short
/// forms "BLOCKSxTHREADS" and "DEVICESxBLOCKSxTHREADS" (the kernel runs on each device).
bool parseGrid(const std::string &text, KernelOptions &opts);

} // namespace scopemc

// What a launched kernel thread sees of its launch, computed from the launch alone: its id
// queries (__scopemc_id: thread and block indexes and sizes, device, lane masks) and the
// scalar parameters in a launch's parameter bytes. The runtime (Kernel.cpp, Cuda.cpp) and the
// static symmetry analysis (Symmetry.cpp), which evaluates a thread's addresses when it is
// created, share them so that both see the same values.
//
// Contract: pure functions of their arguments, safe from every worker. `which` is an idq::
// query (frontend/IdQuery.h); a parameter is read only where it is an integer or
// a pointer passed by value and lies wholly in the bytes (else nullopt).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Function.h>

#include "model/ThreadEntry.h"

namespace scopemc {

/// What __scopemc_id(which) returns to a launched kernel thread at `p` in grid `k`: 0-2
/// thread index x/y/z, 3-5 block index, 6-8 block size, 9-11 grid size, 12 device, then the
/// lane registers.
uint64_t launchedThreadQuery(const ThreadPos &p, const KernelGrid &k, uint64_t which);

/// PTX's lane registers (idq::kLane..): the lane, and the masks of the lanes below it, up to
/// it, above it, from it and at it, for the thread with in-block index t.
uint64_t laneQuery(uint32_t t, uint64_t which);

/// Where each parameter of a kernel lies in a launch's parameter bytes: in order, each at its
/// type's alignment (a by-value aggregate as its own type).
struct ParamSlot {
  llvm::Type *type;
  uint64_t offset;
  bool byval;
};
std::vector<ParamSlot> paramLayout(const llvm::DataLayout &dl, const llvm::Function &k);

/// The value of parameter `argNo` of a CUDA kernel in a launch's parameter bytes, if it is an
/// integer or a pointer passed by value.
std::optional<uint64_t> launchScalarParam(const llvm::DataLayout &dl, const llvm::Function &kernel,
                                          const std::vector<uint8_t> &bytes, unsigned argNo);

} // namespace scopemc

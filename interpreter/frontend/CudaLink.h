// One module from the two compilations of a CUDA source (Clang's CUDA mode, host side and
// device side), as nvcc's link of host and device code (docs/cuda.md).
#pragma once

#include <cstdint>
#include <memory>

#include <llvm/IR/Module.h>

namespace scopemc {

/// The size of a kernel's dynamic shared memory block (`extern __shared__`): CUDA's limit
/// without opting in to more.
constexpr uint64_t kDynamicSharedBytes = uint64_t{48} * 1024;

/// Links `device` into `host`: host shadows of device variables become the variables, the
/// device's copies of functions both define are renamed, `extern __shared__` arrays become one
/// block, and each kernel stub is marked with its kernel (attribute "scopemc-kernel").
std::unique_ptr<llvm::Module> linkCuda(std::unique_ptr<llvm::Module> host,
                                       std::unique_ptr<llvm::Module> device);

} // namespace scopemc

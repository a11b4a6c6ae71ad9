// One module from the two compilations of a CUDA source (Clang's CUDA mode, host side and
// device side), as nvcc's link of host and device code (docs/cuda.md).
//
// Contract: both modules are in one LLVMContext; linkCuda consumes them and returns the host
// module with the device code linked in, the device's data layout and target replaced by the
// host's. The one dynamic shared block is kDynamicSharedBytes; an access past what a launch
// gave is refused when it runs (Memory.cpp). `__constant__` variables are marked
// "scopemc-device-constant". A link LLVM refuses throws InputError naming the source file.
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

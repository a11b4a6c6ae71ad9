// The names of the barriers that are not objects in memory: a block's barrier, a grid's, and
// a warp's collectives. The interpreter makes them (interpreter/Kernel.cpp, Cuda.cpp); the
// model reads who a barrier names from them (model/Collective.h).
//
// Contract: keys are pure functions of their arguments, so equal calls name one barrier in
// every execution and run. Each field is masked to its width (launch key 16 bits, unmasked:
// the caller keeps it below 2^16; device 12, block 16; launch 12, block in launch 10, warp 5):
// distinct arguments give distinct keys only within those widths, which the interpreter keeps
// to (interpreter/Kernel.cpp refuses larger launches). No key is a memory address: block keys
// lie in a region the address space leaves free (program/Program.h), warp keys have bit 63
// set. The predicates read bits only: a barrier object in memory is neither block nor warp.
#pragma once

#include <cstdint>

#include "model/Event.h"

namespace scopemc {

/// Block and grid barriers: kBlockBarrierIds + launch key << 28 + device << 16 + block
/// (block 0xFFFF: the grid's barrier). Launch key 0: a block barrier outside a launch
/// (__VERIFIER_groupsize); 1 + the launch's number otherwise.
constexpr uint64_t kBlockBarrierIds = 0x5000'0000'0000ull;
constexpr uint32_t kGridBarrierBlock = 0xFFFF;
inline Addr blockBarrierKey(uint32_t launchKey, uint32_t device, uint32_t block) {
  return kBlockBarrierIds + (static_cast<uint64_t>(launchKey) << 28) +
         (static_cast<uint64_t>(device & 0xFFF) << 16) + (block & 0xFFFF);
}
/// A block's or a grid's barrier: it names every thread of its block (or launch).
inline bool isBlockBarrier(Addr b) {
  return (b >> 63) == 0 && (b & 0xF000'0000'0000ull) == kBlockBarrierIds;
}

/// Warp collectives: bit 63, the launch, the block within the launch, the warp within the
/// block and the mask of the lanes they name.
inline Addr warpBarrierKey(uint32_t launch, uint32_t blockInLaunch, uint32_t warp, uint32_t mask) {
  return (uint64_t{1} << 63) | (static_cast<uint64_t>(launch & 0xFFF) << 47) |
         (static_cast<uint64_t>(blockInLaunch & 0x3FF) << 37) |
         (static_cast<uint64_t>(warp & 0x1F) << 32) | mask;
}
/// A warp's convergence barrier at a call site: __activemask() called from the same place
/// (a hash of the calls on the stack, `site`). Its instances are made of the lanes that call
/// it together (model/Collective.h); bit 62 tells it from a collective.
inline Addr convergenceBarrierKey(uint32_t launch, uint32_t blockInLaunch, uint32_t warp,
                                  uint32_t site) {
  return warpBarrierKey(launch, blockInLaunch, warp, site) | (uint64_t{1} << 62);
}
inline bool isWarpBarrier(Addr b) { return (b >> 63) != 0; }
inline bool isConvergenceBarrier(Addr b) { return (b >> 62) == 3; }
inline uint32_t warpOfBarrier(Addr b) { return static_cast<uint32_t>(b >> 32) & 0x1F; }
/// The lanes a warp collective (not a convergence barrier) names.
inline uint32_t laneMaskOfBarrier(Addr b) { return static_cast<uint32_t>(b); }

} // namespace scopemc

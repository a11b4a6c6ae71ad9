// The queries of __scopemc_id (include/scopemc/api.h, __SCOPEMC_ID_*): what a thread asks
// about its place in a launch. The program's headers spell them as numbers; the frontend's
// passes, the interpreter and the symmetry analysis name them here, once.
//
// Contract: the numbers are those include/scopemc/api.h spells (__SCOPEMC_ID_*; a unit test,
// IdQueries, compares them): a change here changes what compiled programs ask. uniformInLaunch
// is true only for the block and grid sizes, which every thread of one launch answers alike;
// false says nothing, so callers use it only to show threads alike.
#pragma once

#include <cstdint>

namespace scopemc::idq {

/// The x, y and z of a three-axis query are `first + 0, 1, 2`.
constexpr uint64_t kThread = 0;    // threadIdx
constexpr uint64_t kBlock = 3;     // blockIdx
constexpr uint64_t kBlockSize = 6; // blockDim
constexpr uint64_t kGridSize = 9;  // gridDim
constexpr uint64_t kDevice = 12;
/// The lane registers, in PTX's order: %laneid, then %lanemask_lt, _le, _gt, _ge, _eq.
constexpr uint64_t kLane = 13;
constexpr uint64_t kLaneMaskLt = 14, kLaneMaskLe = 15, kLaneMaskGt = 16, kLaneMaskGe = 17,
                   kLaneMaskEq = 18;

/// Whether every thread of one launch gets the same answer (the block and grid sizes).
constexpr bool uniformInLaunch(uint64_t which) { return which >= kBlockSize && which < kDevice; }

} // namespace scopemc::idq

// What a collective barrier arrival carries (model/Labels.h, BarrierArriveLabel).
//
// Contract: plain data. The interpreter fills it in the arrival it builds (interpreter/Cuda.cpp);
// collectiveResult (model/Collective.h) computes each departure's result from the instance's
// (lane, value) pairs and the caller's own entry, never from the order of arrival. `lane` is
// the caller's lane in its warp (0-31); `operand` matters for Shfl only; reductions use the low
// 32 bits of the values. op None: a plain barrier (result 0). Equality compares every field.
#pragma once

#include <cstdint>

namespace scopemc {

/// A collective operation carried by a barrier arrival (a warp shuffle or vote, a counting
/// block barrier; docs/model.md §5): what the participant contributes (`value`), its lane, and
/// what it asks for (`operand`: the lane a shuffle reads). Every departure's result is a
/// function of its instance's arrivals (collectiveResult).
enum class CollectiveOp : uint8_t {
  None,
  Shfl,     // the value of lane `operand`
  Ballot,   // bit `lane` set for each participant whose value is non-zero
  All,      // 1 when every participant's value is non-zero
  Any,      // 1 when some participant's value is non-zero
  Count,    // how many participants' values are non-zero
  MatchAny, // the lanes whose value equals mine
  MatchAll, // the participants' lanes when all values are equal, else 0
  ReduceAdd,
  ReduceMin, // signed 32-bit
  ReduceMax,
  ReduceUMin,
  ReduceUMax,
  ReduceAnd,
  ReduceOr,
  ReduceXor,
  Uniform, // 1 when every participant's value is equal, else 0 (arguments that must agree)
};
struct Collective {
  CollectiveOp op = CollectiveOp::None;
  uint8_t lane = 0;
  uint64_t value = 0;
  uint64_t operand = 0;
  bool operator==(const Collective &) const = default;
};

} // namespace scopemc

#include "program/Launch.h"

#include <cstring>

#include <llvm/Support/MathExtras.h>

#include "frontend/IdQuery.h"

namespace scopemc {

using namespace llvm;

namespace {

// Splits a linear index into coordinates of extent d.
uint32_t coordinate(uint64_t linear, const Dim3 &d, unsigned axis) {
  switch (axis) {
  case 0:
    return static_cast<uint32_t>(linear % d.x);
  case 1:
    return static_cast<uint32_t>(linear / d.x % d.y);
  default:
    return static_cast<uint32_t>(linear / (uint64_t{d.x} * d.y));
  }
}

} // namespace

/// PTX's lane registers (idq::kLane..): the lane, and the masks of the lanes below it, up to
/// it, above it, from it and at it, for the thread with in-block index t.
uint64_t laneQuery(uint32_t t, uint64_t which) {
  uint32_t lane = t % 32, at = 1u << lane, below = at - 1;
  switch (which) {
  case idq::kLane:
    return lane;
  case idq::kLaneMaskLt:
    return below;
  case idq::kLaneMaskLe:
    return below | at;
  case idq::kLaneMaskGt:
    return ~(below | at);
  case idq::kLaneMaskGe:
    return ~below;
  default:
    return at;
  }
}

uint64_t launchedThreadQuery(const ThreadPos &p, const KernelGrid &k, uint64_t which) {
  unsigned axis = static_cast<unsigned>(which % 3);
  switch (which - axis) {
  case idq::kThread:
    return coordinate(p.thread, k.block, axis);
  case idq::kBlock:
    return coordinate(p.block - k.blockBase, k.grid, axis);
  case idq::kBlockSize:
    return axis == 0 ? k.block.x : axis == 1 ? k.block.y : k.block.z;
  case idq::kGridSize:
    return axis == 0 ? k.grid.x : axis == 1 ? k.grid.y : k.grid.z;
  default:
    return which == idq::kDevice ? p.device : laneQuery(p.thread, which);
  }
}

std::vector<ParamSlot> paramLayout(const DataLayout &dl, const Function &k) {
  std::vector<ParamSlot> out;
  uint64_t off = 0;
  for (const Argument &a : k.args()) {
    Type *t = a.getParamByValType();
    bool byval = t != nullptr;
    if (!t)
      t = a.getType();
    off = alignTo(off, dl.getABITypeAlign(t).value());
    out.push_back({t, off, byval});
    off += dl.getTypeAllocSize(t).getFixedValue();
  }
  return out;
}

std::optional<uint64_t> launchScalarParam(const DataLayout &dl, const Function &kernel,
                                          const std::vector<uint8_t> &bytes, unsigned argNo) {
  std::vector<ParamSlot> slots = paramLayout(dl, kernel);
  if (argNo >= slots.size() || slots[argNo].byval || !slots[argNo].type->isIntOrPtrTy())
    return std::nullopt;
  uint64_t size = dl.getTypeAllocSize(slots[argNo].type).getFixedValue();
  if (size > 8 || slots[argNo].offset + size > bytes.size())
    return std::nullopt;
  uint64_t v = 0;
  std::memcpy(&v, bytes.data() + slots[argNo].offset, size);
  return v;
}

} // namespace scopemc

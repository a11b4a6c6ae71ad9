// The points of a thread function's code where a thread goes on after an event
// (EventLabel::resumePoint), and the access sites it may still run from each: what lets the
// exploration see that a thread is done with a location (SiteFootprint, dpor/Persistence.h).
//
// Contract: the numbering is a function of the function's code alone (its instructions in
// order), so every interpreter of one program numbers alike, and a point's sites include every
// access site the thread may run after it, in the function or in a function it calls.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <llvm/ADT/DenseMap.h>
#include <llvm/IR/Function.h>

#include "model/ThreadEntry.h"

namespace scopemc {

class ResumeTable {
public:
  /// `siteAt`: the instruction of each access site, by site index, in `fn` or in a function
  /// it calls (directly or not); `writes`: by site, 0 if the site only reads.
  ResumeTable(const llvm::Function &fn, const std::vector<const llvm::Instruction *> &siteAt,
              std::vector<uint8_t> writes);

  /// The point of a thread of the function that offers an event at instruction `i`: `past`
  /// when the event is i's last (the thread goes on after i), else i may still access memory.
  /// 0 for an instruction of another function, or when the table is too large to make.
  uint32_t pointOf(const llvm::Instruction &i, bool past) const {
    auto it = ordinal_.find(&i);
    return it == ordinal_.end() ? 0 : 2 * it->second + (past ? 2 : 1);
  }
  /// The sites still to run from each point; null when the table was too large to make.
  const std::shared_ptr<const ResumeReach> &reach() const { return reach_; }

  /// The most blocks, and sites times blocks, of a function whose table is made (it costs
  /// time in blocks squared and memory in sites times blocks).
  static constexpr size_t kMaxBlocks = 2000, kMaxEntries = 2'000'000;

private:
  llvm::DenseMap<const llvm::Instruction *, uint32_t> ordinal_;
  std::shared_ptr<const ResumeReach> reach_;
};

} // namespace scopemc

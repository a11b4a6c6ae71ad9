#include "program/ResumePoints.h"

#include <llvm/IR/CFG.h>
#include <llvm/IR/InstrTypes.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "program/analysis/Builtin.h"
#include "program/analysis/CallGraph.h"

namespace scopemc {

using namespace llvm;

namespace {

using SiteSet = std::vector<uint32_t>; // sorted

SiteSet unite(const SiteSet &a, const SiteSet &b) {
  SiteSet out;
  out.reserve(a.size() + b.size());
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}

/// The sites each instruction of `fn` may run: its own, and for a call every site of the
/// functions the callee may run.
std::map<const Instruction *, SiteSet>
sitesByInstruction(const Function &fn, const std::vector<const Instruction *> &at) {
  std::map<const Instruction *, SiteSet> own;
  std::map<const Function *, SiteSet> byFunction;
  for (uint32_t k = 0; k < at.size(); ++k) {
    own[at[k]].push_back(k);
    byFunction[at[k]->getFunction()].push_back(k);
  }
  std::map<const Instruction *, SiteSet> out;
  for (const BasicBlock &b : fn)
    for (const Instruction &i : b) {
      SiteSet s = own.count(&i) ? own[&i] : SiteSet{};
      if (auto *c = dyn_cast<CallBase>(&i))
        if (const Function *callee = calledFunction(*c); callee && !callee->isDeclaration()) {
          auto fns = reachableFunctions(*callee);
          if (!fns) { // (not all known: every site may still run)
            s = SiteSet(at.size());
            std::iota(s.begin(), s.end(), 0U);
          } else {
            for (const Function *g : *fns)
              if (auto it = byFunction.find(g); it != byFunction.end())
                s = unite(s, it->second);
          }
        }
      if (!s.empty())
        out[&i] = std::move(s);
    }
  return out;
}

/// The blocks reachable from b's successors.
std::set<const BasicBlock *> reachableAfter(const BasicBlock &b) {
  std::set<const BasicBlock *> seen;
  std::vector<const BasicBlock *> work(succ_begin(&b), succ_end(&b));
  while (!work.empty()) {
    const BasicBlock *x = work.back();
    work.pop_back();
    if (seen.insert(x).second)
      for (const BasicBlock *s : successors(x))
        work.push_back(s);
  }
  return seen;
}

} // namespace

ResumeTable::ResumeTable(const Function &fn, const std::vector<const Instruction *> &siteAt,
                         std::vector<uint8_t> writes) {
  if (fn.size() > kMaxBlocks || fn.size() * (siteAt.size() + 1) > kMaxEntries)
    return;
  std::map<const Instruction *, SiteSet> at = sitesByInstruction(fn, siteAt);
  std::map<const BasicBlock *, uint32_t> index;
  for (const BasicBlock &b : fn)
    index.emplace(&b, static_cast<uint32_t>(index.size()));
  auto reach = std::make_shared<ResumeReach>();
  reach->inBlock.resize(fn.size());
  reach->later.resize(fn.size());
  uint32_t n = 0;
  for (const BasicBlock &b : fn) {
    std::vector<uint32_t> &own = reach->inBlock[index[&b]];
    for (const Instruction &i : b) {
      ordinal_[&i] = n++;
      reach->points.push_back({index[&b], static_cast<uint32_t>(own.size())}); // i may still run
      if (auto it = at.find(&i); it != at.end())
        own.insert(own.end(), it->second.begin(), it->second.end());
      reach->points.push_back({index[&b], static_cast<uint32_t>(own.size())}); // past i
    }
  }
  for (const BasicBlock &b : fn) {
    SiteSet later; // the blocks after b, b itself whole if it is in a loop
    for (const BasicBlock *x : reachableAfter(b)) {
      SiteSet own = reach->inBlock[index[x]];
      std::sort(own.begin(), own.end());
      own.erase(std::unique(own.begin(), own.end()), own.end());
      later = unite(later, own);
    }
    reach->later[index[&b]] = std::move(later);
  }
  reach->writes = std::move(writes);
  reach_ = std::move(reach);
}

} // namespace scopemc

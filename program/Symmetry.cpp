// The static half of the symmetry reduction (Symmetry.h, docs/symmetry.md).
//
// A thread's identity enters its code through a few sources: the argument of a thread
// created with pthread_create (GPUMC-style benchmarks pass the global id), the thread and
// block indexes of a launched kernel thread (__scopemc_id), pthread_self. Every value computed
// from a source is tainted (SSA data flow; private memory is in registers after SROA and
// mem2reg). A tainted value changes what the thread does only where it is used by an effect:
// a branch, an address, a stored value, a builtin's argument. Those uses are the sinks. If
// each sink's value is a function of the identity alone (an expression over sources and
// constants), it is evaluated when the thread is created, and threads whose sinks all agree
// behave alike: run on the same values, every instruction of one computes what the other's
// does, except tainted values that nothing observes. A sink that mixes in a loaded value or
// a loop-carried one cannot be evaluated ahead: the thread is then given no key.
#include "program/Symmetry.h"
#include "frontend/IdQuery.h"
#include "model/CollectiveOp.h"
#include "program/Bits.h"
#include "program/analysis/CallGraph.h"

#include <llvm/Analysis/ConstantFolding.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Operator.h>

#include <set>

namespace scopemc {

using namespace llvm;

namespace {

// The span of one address region (Program.h): the lowest bit of the region mask.
constexpr uint64_t kRegionSize = addr::kRegionMask & (~addr::kRegionMask + 1);

std::optional<Builtin> builtinCalled(const Program &prog, const CallBase &c) {
  const Function *f = calledFunction(c);
  return f && f->isDeclaration() ? prog.builtinOf(f) : std::nullopt;
}

std::optional<uint64_t> constantArg(const CallBase &c, unsigned k) {
  if (k >= c.arg_size())
    return std::nullopt;
  if (auto *ci = dyn_cast<ConstantInt>(c.getArgOperand(k)))
    return ci->getZExtValue();
  return std::nullopt;
}

/// The scope argument of a kernel-API access or fence (Builtins.def).
std::optional<unsigned> scopeOperand(Builtin b) {
  if (traitsOf(b).scope < 0)
    return std::nullopt;
  return static_cast<unsigned>(traitsOf(b).scope);
}

bool isAtomicInstruction(const Instruction &i) {
  if (auto *l = dyn_cast<LoadInst>(&i))
    return l->isAtomic();
  if (auto *s = dyn_cast<StoreInst>(&i))
    return s->isAtomic();
  return isa<AtomicRMWInst>(i) || isa<AtomicCmpXchgInst>(i) || isa<FenceInst>(i);
}

std::optional<SyncScope::ID> syncScopeOf(const Instruction &i) {
  if (auto *l = dyn_cast<LoadInst>(&i); l && l->isAtomic())
    return l->getSyncScopeID();
  if (auto *s = dyn_cast<StoreInst>(&i); s && s->isAtomic())
    return s->getSyncScopeID();
  if (auto *r = dyn_cast<AtomicRMWInst>(&i))
    return r->getSyncScopeID();
  if (auto *c = dyn_cast<AtomicCmpXchgInst>(&i))
    return c->getSyncScopeID();
  if (auto *f = dyn_cast<FenceInst>(&i))
    return f->getSyncScopeID();
  return std::nullopt;
}

bool blockBuiltin(Builtin b, const CallBase &c) {
  switch (traitsOf(b).block) {
  case BuiltinBlock::No:
    return false;
  case BuiltinBlock::Yes:
    return true;
  case BuiltinBlock::UnlessGrid:
    return constantArg(c, 0) != 2u; // a grid barrier spans every block alike
  case BuiltinBlock::ByName: {
    StringRef n = calledFunction(c)->getName();
    return n.contains("work_group") || n.contains("async") || n.contains("wait_group") ||
           n.contains("prefetch") || n.contains("sub_group");
  }
  case BuiltinBlock::Scope:
    if (auto k = scopeOperand(b)) {
      auto s = constantArg(c, *k);
      return !s || *s == 1; // block scope, or one the code computes
    }
    return true;
  }
  return false;
}

/// Builtins that access no memory another thread shares (their events, if any, are not
/// memory accesses: barriers, fences, output, checks, identity queries).
/// Evaluates an expression over a thread's identity when the thread is created.
class Evaluator {
public:
  /// `entry` null: constants only (no thread to evaluate sources for).
  Evaluator(const Program &prog, const ThreadEntry *entry, const Function *fn, bool launched)
      : prog_(prog), entry_(entry), fn_(fn), launched_(launched) {}

  std::optional<uint64_t> eval(const Value *v, unsigned depth = 0) {
    if (auto it = memo_.find(v); it != memo_.end())
      return it->second;
    std::optional<uint64_t> r = depth > 64 ? std::nullopt : compute(v, depth + 1);
    memo_[v] = r;
    return r;
  }

private:
  std::optional<uint64_t> compute(const Value *v, unsigned d) {
    if (auto *c = dyn_cast<Constant>(v)) {
      if (c->getType()->isVectorTy() || c->getType()->isStructTy() ||
          c->getType()->isFloatingPointTy())
        return std::nullopt;
      return prog_.constantValue(c).bits;
    }
    if (auto *a = dyn_cast<Argument>(v)) { // the entry's own parameters only
      if (!entry_ || a->getParent() != fn_)
        return std::nullopt;
      if (launched_ && entry_->data) // a CUDA launch's parameters, alike for all its threads
        return launchScalarParam(prog_.dataLayout(), *fn_, entry_->data->bytes, a->getArgNo());
      return a->getArgNo() == 0 ? std::optional(entry_->argument) : std::nullopt;
    }
    auto *i = dyn_cast<Instruction>(v);
    if (!i || !i->getType()->isIntOrPtrTy())
      return std::nullopt;
    if (auto *b = dyn_cast<BinaryOperator>(i))
      return binary(*b, d);
    if (auto *c = dyn_cast<ICmpInst>(i)) {
      auto x = eval(c->getOperand(0), d), y = eval(c->getOperand(1), d);
      Type *t = c->getOperand(0)->getType();
      if (!x || !y || t->isVectorTy())
        return std::nullopt;
      unsigned w = t->isPointerTy() ? 64 : t->getScalarSizeInBits();
      return ICmpInst::compare(APInt(w, *x & maskBits(w)), APInt(w, *y & maskBits(w)),
                               c->getPredicate());
    }
    if (auto *c = dyn_cast<CastInst>(i))
      return cast(*c, d);
    if (auto *s = dyn_cast<SelectInst>(i)) {
      auto c = eval(s->getCondition(), d);
      return c ? eval(*c & 1 ? s->getTrueValue() : s->getFalseValue(), d) : std::nullopt;
    }
    if (auto *f = dyn_cast<FreezeInst>(i))
      return eval(f->getOperand(0), d);
    if (auto *x = dyn_cast<ExtractValueInst>(i))
      return extract(*x, d);
    if (auto *g = dyn_cast<GetElementPtrInst>(i))
      return gep(*g, d);
    if (auto *c = dyn_cast<CallBase>(i))
      return call(*c);
    return std::nullopt;
  }

  /// LLVM's constant folder on the operands' values (division by zero and signed overflow of
  /// a division fold to poison: no value).
  std::optional<uint64_t> folded(Constant *c) const {
    if (auto *ci = dyn_cast_or_null<ConstantInt>(c); ci && ci->getBitWidth() <= 64)
      return ci->getZExtValue();
    return std::nullopt;
  }
  Constant *constantOf(Type *t, uint64_t v) const {
    return t->isPointerTy() ? ConstantExpr::getIntToPtr(
                                  ConstantInt::get(prog_.dataLayout().getIntPtrType(t), v), t)
                            : ConstantInt::get(t, v);
  }

  std::optional<uint64_t> binary(const BinaryOperator &b, unsigned d) {
    auto x = eval(b.getOperand(0), d), y = eval(b.getOperand(1), d);
    if (!x || !y || !b.getType()->isIntegerTy() || b.getType()->getIntegerBitWidth() > 64)
      return std::nullopt;
    return folded(ConstantFoldBinaryOpOperands(b.getOpcode(), constantOf(b.getType(), *x),
                                               constantOf(b.getType(), *y), prog_.dataLayout()));
  }

  std::optional<uint64_t> cast(const CastInst &c, unsigned d) {
    auto x = eval(c.getOperand(0), d);
    Type *src = c.getSrcTy(), *dst = c.getDestTy();
    if (!x || src->isVectorTy() || !src->isIntOrPtrTy() || !dst->isIntOrPtrTy())
      return std::nullopt;
    if (dst->isPointerTy()) // the interpreter's pointers are their addresses
      return *x & maskBits(src->isPointerTy() ? 64 : src->getScalarSizeInBits());
    return folded(
        ConstantFoldCastOperand(c.getOpcode(), constantOf(src, *x), dst, prog_.dataLayout()));
  }

  std::optional<uint64_t> gep(const GetElementPtrInst &g, unsigned d) {
    auto base = eval(g.getPointerOperand(), d);
    if (!base || g.getType()->isVectorTy())
      return std::nullopt;
    const DataLayout &dl = prog_.dataLayout();
    uint64_t off = *base;
    for (auto it = gep_type_begin(g); it != gep_type_end(g); ++it) {
      auto idx = eval(it.getOperand(), d);
      if (!idx)
        return std::nullopt;
      unsigned w = it.getOperand()->getType()->getScalarSizeInBits();
      int64_t k = sextBits(*idx, w);
      if (StructType *st = it.getStructTypeOrNull())
        off += dl.getStructLayout(st)->getElementOffset(static_cast<unsigned>(k));
      else
        off += static_cast<uint64_t>(k) * it.getSequentialElementStride(dl).getFixedValue();
    }
    return off;
  }

  /// A field of an aggregate built by insertvalue (a dim3 made of three queries).
  std::optional<uint64_t> extract(const ExtractValueInst &x, unsigned d) {
    const Value *agg = x.getAggregateOperand();
    while (auto *ins = dyn_cast<InsertValueInst>(agg)) {
      if (ins->getIndices() == x.getIndices())
        return eval(ins->getInsertedValueOperand(), d);
      agg = ins->getAggregateOperand();
    }
    return std::nullopt;
  }

  std::optional<uint64_t> call(const CallBase &c) {
    auto b = builtinCalled(prog_, c);
    if (!entry_ || !entry_->place || !launched_ || !b ||
        traitsOf(*b).identity != BuiltinIdentity::Query || c.arg_size() < 1)
      return std::nullopt;
    auto which = eval(c.getArgOperand(0));
    if (!which)
      return std::nullopt;
    return launchedThreadQuery(*entry_->place, entry_->kernel, *which);
  }

  const Program &prog_;
  const ThreadEntry *entry_;
  const Function *fn_;
  bool launched_;
  std::map<const Value *, std::optional<uint64_t>> memo_;
};

} // namespace

SymmetryAnalysis::SymmetryAnalysis(const Program &prog, const AccessOverrides *overrides,
                                   bool idBranches)
    : prog_(prog), idBranches_(idBranches) {
  scanProgram(overrides);
}

void SymmetryAnalysis::scanProgram(const AccessOverrides *overrides) {
  // Block boundaries are visible to an operation whose scope is the block (unless the repair
  // widened it), to barriers and collectives, and to block-shared memory.
  auto widened = [&](const Instruction &i) {
    const SourceLoc *s = prog_.sourceOf(&i);
    if (!overrides || !s)
      return false;
    auto it = overrides->find(s);
    return it != overrides->end() && it->second.scope >= Scope::Device;
  };
  bool annotatesWorkGroup = false, everyAtomicWidened = true;
  for (const GlobalVariable &g : prog_.module().globals())
    if (isBlockSharedGlobal(g))
      blockAware_ = true;
  for (const Function &f : prog_.module()) {
    if (f.isDeclaration())
      continue;
    for (const Instruction &i : instructions(f)) {
      if (isAtomicInstruction(i)) {
        everyAtomicWidened = everyAtomicWidened && widened(i);
        auto id = syncScopeOf(i);
        if (id && *id != SyncScope::System && *id != SyncScope::SingleThread &&
            prog_.syncScope(*id) == Scope::Block && !widened(i))
          blockAware_ = true;
      }
      auto *c = dyn_cast<CallBase>(&i);
      auto b = c ? builtinCalled(prog_, *c) : std::nullopt;
      if (!b)
        continue;
      if (*b == Builtin::ScopeWorkGroup)
        annotatesWorkGroup = true;
      if (traitsOf(*b).identity == BuiltinIdentity::Lanes)
        warpAware_ = true;
      if (scopeOperand(*b))
        everyAtomicWidened = everyAtomicWidened && widened(i);
      if (blockBuiltin(*b, *c) && !(scopeOperand(*b) && widened(i)))
        blockAware_ = true;
    }
  }
  if (annotatesWorkGroup && !everyAtomicWidened)
    blockAware_ = true;
}

const SymmetryAnalysis::Summary &SymmetryAnalysis::summary(const Function &f, bool launched) const {
  auto key = std::make_pair(&f, launched);
  auto it = summaries_.find(key);
  if (it == summaries_.end())
    it = summaries_.emplace(key, analyse(f, launched)).first;
  return it->second;
}

bool SymmetryAnalysis::oneExitValue(const Function &entry,
                                    const std::vector<const Function *> &fns) const {
  std::optional<const Constant *> value; // (null: returns void)
  auto same = [&](const Value *v) {
    auto *c = v ? dyn_cast<Constant>(v) : nullptr;
    if (v && !c)
      return false;
    if (!value)
      value = c;
    return *value == c; // (constants are uniqued)
  };
  for (const Instruction &i : instructions(entry))
    if (auto *r = dyn_cast<ReturnInst>(&i); r && !same(r->getReturnValue()))
      return false;
  for (const Function *f : fns)
    for (const Instruction &i : instructions(*f))
      if (auto *c = dyn_cast<CallBase>(&i);
          c && builtinCalled(prog_, *c) == Builtin::PthreadExit && !same(c->getArgOperand(0)))
        return false;
  return true;
}

bool SymmetryAnalysis::namesLanes(const std::vector<const Function *> &fns) const {
  // A collective whose result is not a symmetric function of the lanes' values names lanes:
  // a shuffle's source lane, a ballot's or match's bits, the active mask. Exchanging two
  // lanes then changes what every lane sees.
  for (const Function *f : fns)
    for (const Instruction &i : instructions(*f)) {
      auto *c = dyn_cast<CallBase>(&i);
      auto b = c ? builtinCalled(prog_, *c) : std::nullopt;
      if (!b || traitsOf(*b).identity != BuiltinIdentity::Lanes)
        continue;
      auto *op = dyn_cast<ConstantInt>(c->getArgOperand(1));
      if (!op)
        return true;
      switch (static_cast<CollectiveOp>(op->getZExtValue())) {
      case CollectiveOp::Shfl:
      case CollectiveOp::Ballot:
      case CollectiveOp::MatchAny:
        return true;
      case CollectiveOp::Uniform: // (whether all agree: the same whatever the order)
        break;
      default:
        if (op->getZExtValue() > static_cast<uint64_t>(CollectiveOp::ReduceXor))
          return true; // the active mask, or an operation not listed there
      }
    }
  return false;
}

SymmetryAnalysis::Summary SymmetryAnalysis::analyse(const Function &entry, bool launched) const {
  auto reachable = reachableFunctions(entry);
  if (!reachable)
    return std::nullopt;
  const std::vector<const Function *> &fns = *reachable;
  if (launched && std::any_of(entry.arg_begin(), entry.arg_end(),
                              [](const Argument &a) { return a.hasByValAttr(); }))
    return std::nullopt;
  std::set<const Value *> tainted;
  if (!launched && entry.arg_size() > 0)
    tainted.insert(entry.getArg(0));
  // Sources and what makes a thread's memory its own (never interchangeable).
  for (const Function *f : fns)
    for (const Instruction &i : instructions(*f)) {
      if (auto *a = dyn_cast<AllocaInst>(&i); a && !prog_.isPrivate(a))
        return std::nullopt;
      for (const Use &u : i.operands())
        if (auto *g = dyn_cast<GlobalVariable>(u->stripPointerCasts()); g && g->isThreadLocal())
          return std::nullopt;
      auto *c = dyn_cast<CallBase>(&i);
      auto b = c ? builtinCalled(prog_, *c) : std::nullopt;
      if (!b)
        continue;
      if (traitsOf(*b).fresh) // memory, a thread or an arbitrary value, new per call
        return std::nullopt;
      switch (traitsOf(*b).identity) {
      case BuiltinIdentity::None:
        break;
      case BuiltinIdentity::Thread:
        tainted.insert(&i);
        break;
      case BuiltinIdentity::Query: {
        auto which = Evaluator(prog_, nullptr, nullptr, launched).eval(c->getArgOperand(0));
        // (the block and grid sizes are alike for every thread of a launch; the other
        // queries, indexes, device and lane, are its identity)
        bool uniform = launched && which && idq::uniformInLaunch(*which);
        if (!uniform)
          tainted.insert(&i);
        break;
      }
      case BuiltinIdentity::Lanes: // (namesLanes)
        break;
      }
    }
  // The thread's return value reaches whoever joins it: it must not differ, between threads
  // or between the ways one thread ends (returns, pthread_exit), which what it read chooses.
  if (!oneExitValue(entry, fns) || namesLanes(fns))
    return std::nullopt;
  // Taint to a fixpoint (phis make the flow cyclic), collecting the sinks.
  std::vector<Sink> sinks;
  bool changed = true;
  while (changed) {
    changed = false;
    sinks.clear();
    for (const Function *f : fns)
      for (const Instruction &i : instructions(*f)) {
        auto isT = [&](const Value *v) { return tainted.count(v) > 0; };
        bool any =
            std::any_of(i.op_begin(), i.op_end(), [&](const Use &u) { return isT(u.get()); });
        if (!any)
          continue;
        auto sink = [&](const Value *v, SinkKind k = SinkKind::Plain) {
          if (isT(v))
            sinks.push_back(Sink{v, k});
        };
        if (auto *c = dyn_cast<CallBase>(&i)) {
          if (isa<DbgInfoIntrinsic>(c))
            continue;
          const Function *callee = calledFunction(*c);
          if (callee && !callee->isDeclaration())
            return std::nullopt; // an identity passed on: not followed
          auto b = builtinCalled(prog_, *c);
          if (b == Builtin::PthreadExit)
            return std::nullopt;
          SinkKind k = b == Builtin::PlaceBlock    ? SinkKind::PlaceBlock
                       : b == Builtin::PlaceThread ? SinkKind::PlaceThread
                       : b == Builtin::PlaceDevice ? SinkKind::PlaceDevice
                                                   : SinkKind::Plain;
          for (const Use &a : c->args())
            sink(a.get(), k);
          continue; // equal arguments, equal results
        }
        if (isa<ReturnInst>(i))
          return std::nullopt; // a callee's identity-dependent result
        if (auto *br = dyn_cast<BranchInst>(&i)) {
          if (idBranches_)
            sink(br->getCondition());
          continue;
        }
        if (auto *sw = dyn_cast<SwitchInst>(&i)) {
          if (idBranches_)
            sink(sw->getCondition());
          continue;
        }
        if (isa<IndirectBrInst>(i))
          return std::nullopt;
        if (isa<LoadInst>(i) || isa<StoreInst>(i) || isa<AtomicRMWInst>(i) ||
            isa<AtomicCmpXchgInst>(i) || isa<AllocaInst>(i)) {
          // the same address and operands give the same event and the same value back
          for (const Use &u : i.operands())
            sink(u.get());
          continue;
        }
        if (!i.getType()->isVoidTy() && tainted.insert(&i).second)
          changed = true;
      }
  }
  return sinks;
}

std::optional<std::vector<std::pair<uint64_t, uint64_t>>>
SymmetryAnalysis::siteRanges(const ThreadEntry &entry, const FunctionInfo &fi) const {
  const AccessSites &sites = accessSites(*fi.fn);
  if (!sites)
    return std::nullopt;
  Evaluator ev(prog_, &entry, fi.fn, entry.place.has_value());
  // (an access in code the thread never runs, `if (i < n)` with i >= n, is not in it)
  auto live = liveCode(*fi.fn, [&ev](const Value *v) { return ev.eval(v); });
  std::vector<std::pair<uint64_t, uint64_t>> ranges;
  for (const AccessSite &w : *sites) {
    if (live && !live->count(w.at->getParent())) {
      ranges.emplace_back(0, 0);
      continue;
    }
    if (w.everything) {
      ranges.emplace_back(0, ~uint64_t{0});
      continue;
    }
    auto a = ev.eval(w.address);
    auto n = w.length ? ev.eval(w.length) : std::optional(w.size);
    if (!a || !n) {
      // An address the code computes as it runs: a local's is on the thread's own stack (a
      // non-private local is on its shared stack), anything else may be anywhere.
      bool local = w.address && isa<AllocaInst>(getUnderlyingObject(w.address));
      ranges.emplace_back(local ? addr::kSharedStack : 0, local ? kRegionSize : ~uint64_t{0});
      continue;
    }
    uint64_t region = *a & addr::kRegionMask;
    if (region == addr::kBlockShared || region == addr::kThreadLocal) // a copy per block, thread
      ranges.emplace_back(region, kRegionSize);
    else
      ranges.emplace_back(*a, *n);
  }
  return ranges;
}

Footprint SymmetryAnalysis::wholeFootprint(const SiteFootprint &s) {
  std::vector<std::pair<uint64_t, uint64_t>> ranges = s.ranges;
  std::erase_if(ranges, [](const auto &r) { return r.second == 0; });
  std::sort(ranges.begin(), ranges.end());
  ranges.erase(std::unique(ranges.begin(), ranges.end()), ranges.end());
  return std::make_shared<const std::vector<std::pair<uint64_t, uint64_t>>>(std::move(ranges));
}

const ResumeTable *SymmetryAnalysis::resumeTable(const Function &f) const {
  auto it = resumeTables_.find(&f);
  if (it != resumeTables_.end())
    return it->second.get();
  std::unique_ptr<ResumeTable> t;
  if (const AccessSites &sites = accessSites(f)) {
    std::vector<const Instruction *> at;
    std::vector<uint8_t> writes;
    for (const AccessSite &w : *sites) {
      at.push_back(w.at);
      writes.push_back(w.writes);
    }
    t = std::make_unique<ResumeTable>(f, at, std::move(writes));
  }
  return resumeTables_.emplace(&f, std::move(t)).first->second.get();
}

SiteFootprintPtr SymmetryAnalysis::sitesOf(const ThreadEntry &entry, const FunctionInfo &fi) const {
  auto ranges = siteRanges(entry, fi);
  if (!ranges)
    return nullptr;
  const ResumeTable *t = resumeTable(*fi.fn); // (known where the ranges are)
  return std::make_shared<const SiteFootprint>(SiteFootprint{std::move(*ranges), t->reach()});
}

SymmetryKey SymmetryAnalysis::keyOf(const ThreadEntry &entry, const FunctionInfo &fi) const {
  bool launched = entry.place.has_value();
  const Summary &s = summary(*fi.fn, launched);
  if (!s)
    return nullptr;
  auto key = std::make_shared<std::vector<uint64_t>>();
  key->push_back(fi.address);
  key->push_back(launched);
  if (launched) {
    const KernelGrid &k = entry.kernel;
    const ThreadPos &p = *entry.place;
    key->insert(key->end(), {entry.argument, k.grid.x, k.grid.y, k.grid.z, k.block.x, k.block.y,
                             k.block.z, k.blockBase, k.launch, p.device,
                             blockAware_ ? p.block : ~0ull, warpAware_ ? p.thread / 32 : ~0ull});
    if (entry.data) {
      key->push_back(entry.data->bytes.size());
      for (uint8_t b : entry.data->bytes)
        key->push_back(b);
    }
  }
  Evaluator ev(prog_, &entry, fi.fn, launched);
  for (const Sink &k : *s) {
    if ((k.kind == SinkKind::PlaceBlock && !blockAware_) ||
        (k.kind == SinkKind::PlaceThread && !warpAware_))
      continue; // a position the program cannot tell apart
    auto v = ev.eval(k.value);
    if (!v)
      return nullptr;
    key->push_back(k.kind == SinkKind::PlaceThread ? *v / 32 : *v);
  }
  return key;
}

} // namespace scopemc

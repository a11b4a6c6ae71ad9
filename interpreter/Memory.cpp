// Memory accesses: private memory is the thread's own business; everything else becomes
// read and write events with the access's order and scope.
#include <algorithm>
#include <cstring>

#include <llvm/IR/Constants.h>

#include "interpreter/Interpreter.h"
#include "interpreter/Leaves.h"
#include "model/RmwOps.h"
#include "program/ResumePoints.h"
#include "program/analysis/Commuting.h"

namespace scopemc {

using namespace llvm;

namespace {
uint64_t mask(uint32_t bytes) { return bytes >= 8 ? ~0ull : ((1ull << (bytes * 8)) - 1); }

MemOrder toOrder(AtomicOrdering o) {
  switch (o) {
  case AtomicOrdering::NotAtomic:
    return MemOrder::NotAtomic;
  case AtomicOrdering::Unordered:
  case AtomicOrdering::Monotonic:
    return MemOrder::Relaxed;
  case AtomicOrdering::Acquire:
    return MemOrder::Acquire;
  case AtomicOrdering::Release:
    return MemOrder::Release;
  case AtomicOrdering::AcquireRelease:
    return MemOrder::AcqRel;
  case AtomicOrdering::SequentiallyConsistent:
    return MemOrder::SeqCst;
  }
  return MemOrder::SeqCst;
}

/// The order of th's next access: plain after __VERIFIER_weak_access (which it consumes).
MemOrder accessOrder(ThreadState &th, AtomicOrdering o) {
  MemOrder m = toOrder(o);
  if (th.weakNext) { // __VERIFIER_weak_access: a plain access
    th.weakNext = false;
    return MemOrder::NotAtomic;
  }
  return m;
}

// The orders of the read and write halves of an RMW with order o.
MemOrder readHalf(MemOrder o) {
  switch (o) {
  case MemOrder::Acquire:
  case MemOrder::AcqRel:
    return MemOrder::Acquire;
  case MemOrder::SeqCst:
    return MemOrder::SeqCst;
  default:
    return MemOrder::Relaxed;
  }
}
MemOrder writeHalf(MemOrder o) {
  switch (o) {
  case MemOrder::Release:
  case MemOrder::AcqRel:
    return MemOrder::Release;
  case MemOrder::SeqCst:
    return MemOrder::SeqCst;
  default:
    return MemOrder::Relaxed;
  }
}
} // namespace

Scope Interpreter::scopeOf(const Thread &th, SyncScope::ID id) const {
  if (id == SyncScope::System)
    return th.scope;          // the thread's current annotation scope (system unless set)
  return prog_.syncScope(id); // validated when the program was loaded
}

Access Interpreter::accessOf(Thread &th, AtomicOrdering o, SyncScope::ID id) const {
  const SourceLoc *weak = th.weakNext && isAtomic(toOrder(o)) ? th.weakFrom : nullptr;
  MemOrder m = accessOrder(th, o);
  if (weak) // made plain by __VERIFIER_weak_access; the scope it would have as an atomic
    return Access{m, th.scope, weak};
  if (m == MemOrder::NotAtomic)
    return Access{};
  return Access{m, scopeOf(th, id), id == SyncScope::System ? th.scopeFrom : nullptr};
}

const AccessOverride *Interpreter::overrideOf(const llvm::Instruction &i) const {
  const SourceLoc *s = src(i);
  if (!opts_.overrides || !s)
    return nullptr;
  auto it = opts_.overrides->find(s);
  return it == opts_.overrides->end() ? nullptr : &it->second;
}

Access Interpreter::overridden(const llvm::Instruction &i, Access acc, bool isWrite) const {
  const AccessOverride *ov = overrideOf(i);
  if (!ov)
    return acc;
  const AccessOverride &o = *ov;
  if (acc.order == MemOrder::NotAtomic) {
    if (!o.makeAtomic)
      return acc;
    acc.order = MemOrder::Relaxed;
  }
  acc.scope = std::max(acc.scope, o.scope);
  if (isWrite && o.release && acc.order == MemOrder::Relaxed)
    acc.order = MemOrder::Release;
  if (!isWrite && o.acquire && acc.order == MemOrder::Relaxed)
    acc.order = MemOrder::Acquire;
  return acc;
}

namespace {
/// Whether `lab` is the last event instruction `i` offers: the write of an RMW instruction,
/// or the one access of a load or store of one scalar.
bool endsInstruction(const Instruction &i, const EventLabel &lab) {
  // (a launch's joins come last in its builtin, and touch no memory: ThreadJoinLabel::ofRun)
  if (auto *j = dyn_cast<ThreadJoinLabel>(&lab))
    return j->ofRun();
  if (auto *w = dyn_cast<WriteLabel>(&lab); w && w->isRmwPart())
    return isa<AtomicRMWInst>(i) || isa<AtomicCmpXchgInst>(i);
  Type *t = nullptr;
  if (auto *ld = dyn_cast<LoadInst>(&i); ld && isa<ReadLabel>(&lab))
    t = ld->getType();
  else if (auto *st = dyn_cast<StoreInst>(&i); st && isa<WriteLabel>(&lab))
    t = st->getValueOperand()->getType();
  return t && (t->isIntOrPtrTy() || t->isFloatingPointTy());
}
} // namespace

bool Interpreter::offer(Thread &th, const EventLabel &lab, uint64_t *value) {
  // Where the thread goes on. In a function its entry function called, the thread is still at
  // that call: its point is at the call (whose sites are the callee's), never past it.
  uint32_t point = 0;
  if (th.resume) {
    const Instruction &at = *th.stack.front().pc;
    point = th.resume->pointOf(at, th.stack.size() == 1 && endsInstruction(at, lab));
  }
  SinkReply r = sink_->offer(lab, point);
  if (r.status == SinkReply::Status::Stop)
    return false;
  ++th.nextIndex;
  th.progress.noteEvent(lab);
  if (value)
    *value = r.value;
  return true;
}

Interpreter::Flow Interpreter::block(Thread &th, const Instruction &i, BlockReason r, bool awaits) {
  return offer(th, BlockLabel(nextEvent(th), th.pos, src(i), r, awaits)) ? Flow::Done : Flow::Stop;
}

Interpreter::Flow Interpreter::fail(Thread &th, const Instruction &i, ErrorKind k,
                                    std::string msg) {
  return offer(th, ErrorLabel(nextEvent(th), th.pos, src(i), k, std::move(msg))) ? Flow::Done
                                                                                 : Flow::Stop;
}

Interpreter::Flow Interpreter::accessCheck(Thread &th, const Instruction &i, uint64_t a,
                                           uint64_t size) {
  auto hex = [](uint64_t v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return std::string(buf);
  };
  uint64_t region = a & addr::kRegionMask;
  if (a == 0 || a < 4096)
    return fail(th, i, ErrorKind::MemoryError, "null pointer dereference");
  if (region == addr::kGlobals) {
    uint64_t start, gsize;
    if (!prog_.globalRange(a, start, gsize) || a + size > start + gsize)
      return fail(th, i, ErrorKind::MemoryError, "out-of-bounds access at " + hex(a));
    return Flow::Next;
  }
  if (region == addr::kBlockShared) {
    uint64_t start, gsize;
    if (isHostPos(th.pos))
      return fail(th, i, ErrorKind::MemoryError, "a host thread accesses block-shared memory");
    if (!prog_.globalRange(a, start, gsize) || addr::sharedTemplate(a) + size > start + gsize)
      return fail(th, i, ErrorKind::MemoryError, "out-of-bounds access at " + hex(a));
    // CUDA's dynamic shared memory: as many bytes as the launch gave
    if (start == prog_.dynamicSharedAddress() && th.entry.data &&
        addr::sharedTemplate(a) + size > start + th.entry.data->sharedBytes)
      return fail(th, i, ErrorKind::MemoryError,
                  "out-of-bounds access at byte " +
                      std::to_string(addr::sharedTemplate(a) - start) +
                      " of the dynamic shared memory (extern __shared__), of which the launch "
                      "gave " +
                      std::to_string(th.entry.data->sharedBytes) + " bytes");
    return Flow::Next;
  }
  if (region == addr::kThreadLocal) {
    uint64_t start, gsize;
    if (!prog_.globalRange(a, start, gsize) || addr::threadLocalTemplate(a) + size > start + gsize)
      return fail(th, i, ErrorKind::MemoryError, "out-of-bounds access at " + hex(a));
    return Flow::Next;
  }
  if (region == addr::kHeap)
    return Flow::Next; // heap bounds and lifetimes are checked against the graph (checks/)
  if (region == addr::kPrivateStack || region == addr::kSharedStack) {
    bool priv = region == addr::kPrivateStack;
    if (addr::ownerOf(a) != th.tid) {
      // Another thread's shared local: its objects are its owner's to know, but it lies in
      // the stack of a thread that exists (not past a neighbouring region's end).
      if (priv || static_cast<size_t>(addr::ownerOf(a)) >= threads_.size() ||
          addr::offsetIn(a) + size > addr::kMaxStack)
        return fail(th, i, ErrorKind::MemoryError, "out-of-bounds stack access at " + hex(a));
      return Flow::Next;
    }
    // Within one live object of the thread's stack (a[-1] or a[4] of an int a[4] is not).
    const auto &objs = priv ? th.privObjects : th.sharedObjects;
    uint64_t off = addr::offsetIn(a);
    auto it = std::upper_bound(objs.begin(), objs.end(), off,
                               [](uint64_t o, const auto &obj) { return o < obj.first; });
    if (it == objs.begin() || off + size > std::prev(it)->second)
      return fail(th, i, ErrorKind::MemoryError, "out-of-bounds stack access at " + hex(a));
    return Flow::Next;
  }
  return fail(th, i, ErrorKind::MemoryError, "access to invalid address " + hex(a));
}

Interpreter::Flow Interpreter::loadScalar(Thread &th, const Instruction &i, uint64_t a,
                                          uint32_t size, Access acc, uint64_t &out,
                                          ReadLabel::Rmw rmw) {
  if (Flow fl = accessCheck(th, i, a, size); fl != Flow::Next)
    return fl;
  if (addr::isPrivate(a)) {
    out = 0;
    std::memcpy(&out, th.priv.data() + addr::offsetIn(a), size);
    return Flow::Next;
  }
  if (size != 1 && size != 2 && size != 4 && size != 8)
    throw InputError(toString(src(i)) + ": unsupported access size " + std::to_string(size));
  a = locate(th, a);
  acc = overridden(i, acc, false);
  ReadLabel lab(nextEvent(th), th.pos, acc.order, acc.scope, src(i), a, size, rmw, addr::isHeap(a));
  lab.setLocalSpace(addr::isBlockShared(a));
  lab.setAnnotation(acc.annotation);
  if (acc.copiedFrom)
    lab.setCopiedFrom(a);
  if (!offer(th, lab, &out))
    return Flow::Stop;
  out &= mask(size);
  return Flow::Next;
}

Interpreter::Flow Interpreter::storeScalar(Thread &th, const Instruction &i, uint64_t a,
                                           uint32_t size, uint64_t v, Access acc, bool rmwPart) {
  if (Flow fl = accessCheck(th, i, a, size); fl != Flow::Next)
    return fl;
  if (addr::isPrivate(a)) {
    uint64_t old = 0;
    std::memcpy(&old, th.priv.data() + addr::offsetIn(a), size);
    if (((old ^ v) & mask(size)) != 0) // (loops compare what their private stores changed)
      th.progress.notePrivateStore(addr::offsetIn(a), size, old);
    std::memcpy(th.priv.data() + addr::offsetIn(a), &v, size);
    return Flow::Next;
  }
  if (size != 1 && size != 2 && size != 4 && size != 8)
    throw InputError(toString(src(i)) + ": unsupported access size " + std::to_string(size));
  if (th.entry.place && prog_.isDeviceConstant(a))
    return fail(th, i, ErrorKind::MemoryError,
                "a device thread writes __constant__ memory, which is read-only on the device");
  a = locate(th, a);
  acc = overridden(i, acc, true);
  WriteLabel lab(nextEvent(th), th.pos, acc.order, acc.scope, src(i), a, size, v & mask(size),
                 rmwPart, addr::isHeap(a));
  lab.setLocalSpace(addr::isBlockShared(a));
  lab.setAnnotation(acc.annotation);
  lab.setCopiedFrom(acc.copiedFrom);
  lab.setCopyReads(acc.copyReads);
  return offer(th, lab) ? Flow::Next : Flow::Stop;
}

Interpreter::Flow Interpreter::load(Thread &th, const Instruction &i, uint64_t a, Type *ty,
                                    Access acc, RtValue &out) {
  return forEachLeaf(prog_.dataLayout(), ty, a, out, Flow::Next,
                     [&](uint64_t at, uint32_t size, RtValue &leaf) {
                       return loadScalar(th, i, at, size, acc, leaf.bits);
                     });
}

Interpreter::Flow Interpreter::store(Thread &th, const Instruction &i, uint64_t a, Type *ty,
                                     const RtValue &v, Access acc) {
  RtValue copy = v;
  return forEachLeaf(prog_.dataLayout(), ty, a, copy, Flow::Next,
                     [&](uint64_t at, uint32_t size, RtValue &leaf) {
                       return storeScalar(th, i, at, size, leaf.bits, acc);
                     });
}

namespace {
RmwOp rmwOp(AtomicRMWInst::BinOp op) {
  switch (op) {
  case AtomicRMWInst::Xchg:
    return RmwOp::Xchg;
  case AtomicRMWInst::Add:
    return RmwOp::Add;
  case AtomicRMWInst::Sub:
    return RmwOp::Sub;
  case AtomicRMWInst::And:
    return RmwOp::And;
  case AtomicRMWInst::Or:
    return RmwOp::Or;
  case AtomicRMWInst::Xor:
    return RmwOp::Xor;
  case AtomicRMWInst::Nand:
    return RmwOp::Nand;
  case AtomicRMWInst::Max:
    return RmwOp::Max;
  case AtomicRMWInst::Min:
    return RmwOp::Min;
  case AtomicRMWInst::UMax:
    return RmwOp::UMax;
  case AtomicRMWInst::UMin:
    return RmwOp::UMin;
  case AtomicRMWInst::FAdd:
    return RmwOp::FAdd;
  case AtomicRMWInst::FSub:
    return RmwOp::FSub;
  case AtomicRMWInst::UIncWrap:
    return RmwOp::UIncWrap;
  case AtomicRMWInst::UDecWrap:
    return RmwOp::UDecWrap;
  default:
    return RmwOp::None;
  }
}
/// Whether the thread runs inside a loop of one of its frames (the innermost frame at the
/// instruction, the others at their calls).
bool inLoop(const ThreadState &th) {
  for (const CallFrame &f : th.stack)
    for (const LoopData &ld : f.fi->loopData)
      if (ld.loop->contains(f.bb))
        return true;
  return false;
}
} // namespace

Interpreter::Flow Interpreter::rmwAt(Thread &th, const Instruction &i, uint64_t a, uint32_t size,
                                     RmwOp op, uint64_t x, Access acc, uint64_t &old) {
  bool atomic = acc.order != MemOrder::NotAtomic;
  Access rd{atomic ? readHalf(acc.order) : acc.order, acc.scope, acc.annotation};
  Access wr{atomic ? writeHalf(acc.order) : acc.order, acc.scope, acc.annotation};
  ReadLabel::Rmw info{op, x, 0, false, false};
  info.resultUnused = prog_.resultUses().rmwResultUnused(&i);
  info.commutes = !scFences_ && commutingOp(op, acc.order) &&
                  (info.resultUnused || !opts_.reductions.checks(Premise::CommutingResultUnused)) &&
                  (!changeSeesValue(op) || !inLoop(th));
  Flow fl = loadScalar(th, i, a, size, rd, old, info);
  uint64_t newv = applyRmw(op, old, x, size);
  if (fl == Flow::Next)
    fl = storeScalar(th, i, a, size, newv, addr::isPrivate(a) ? acc : wr, !addr::isPrivate(a));
  if (fl == Flow::Next)
    th.progress.noteRmw(a, size, old, newv);
  return fl;
}

Interpreter::Flow Interpreter::casAt(Thread &th, const Instruction &i, uint64_t a, uint32_t size,
                                     uint64_t expected, uint64_t desired, Access succ,
                                     MemOrder failOrder, uint64_t &old) {
  bool atomic = succ.order != MemOrder::NotAtomic;
  Access rd{atomic ? std::max(readHalf(succ.order), failOrder) : succ.order, succ.scope,
            succ.annotation};
  Access wr{atomic ? writeHalf(succ.order) : succ.order, succ.scope, succ.annotation};
  Flow fl =
      loadScalar(th, i, a, size, rd, old, ReadLabel::Rmw{RmwOp::Cas, desired, expected, false});
  bool ok = (old & mask(size)) == (expected & mask(size));
  if (fl == Flow::Next && ok) {
    fl = storeScalar(th, i, a, size, desired, wr, !addr::isPrivate(a));
    if (fl == Flow::Next)
      th.progress.noteRmw(a, size, old, desired);
  }
  return fl;
}

Interpreter::Flow Interpreter::atomicRmw(Thread &th, Frame &f, const AtomicRMWInst &i) {
  RmwOp op = rmwOp(i.getOperation());
  if (op == RmwOp::None)
    throw InputError(toString(src(i)) + ": unsupported atomicrmw operation '" +
                     AtomicRMWInst::getOperationName(i.getOperation()).str() + "'");
  uint64_t a = get(f, i.getPointerOperand()).bits;
  uint64_t x = get(f, i.getValOperand()).bits;
  uint32_t size = static_cast<uint32_t>(prog_.dataLayout().getTypeStoreSize(i.getType()));
  uint64_t old = 0;
  Flow fl = rmwAt(th, i, a, size, op, x, accessOf(th, i.getOrdering(), i.getSyncScopeID()), old);
  if (fl == Flow::Next)
    set(f, i, RtValue{old, {}});
  return fl;
}

Interpreter::Flow Interpreter::cmpxchg(Thread &th, Frame &f, const AtomicCmpXchgInst &i) {
  uint64_t a = bits(f, i.getPointerOperand());
  uint64_t expected = bits(f, i.getCompareOperand());
  uint64_t desired = bits(f, i.getNewValOperand());
  Type *t = i.getCompareOperand()->getType();
  uint32_t size = static_cast<uint32_t>(prog_.dataLayout().getTypeStoreSize(t));
  Access succ = accessOf(th, i.getSuccessOrdering(), i.getSyncScopeID());
  uint64_t old = 0;
  Flow fl = casAt(th, i, a, size, expected, desired, succ, toOrder(i.getFailureOrdering()), old);
  bool ok = (old & mask(size)) == (expected & mask(size));
  if (fl == Flow::Next) { // the pair {old, ok}, in the register's own storage once it has one
    RtValue &res = reg(f, &i);
    res.bits = 0;
    res.elems.resize(2);
    res.elems[0] = RtValue{old, {}};
    res.elems[1] = RtValue{ok ? 1u : 0u, {}};
  }
  return fl;
}

FenceLabel Interpreter::fenceLabel(Thread &th, const llvm::Instruction &i, MemOrder o,
                                   Scope s) const {
  if (const AccessOverride *ov = overrideOf(i)) {
    s = std::max(s, ov->scope);
    bool acq = isAcquire(o) || ov->acquire, rel = isRelease(o) || ov->release;
    if (o != MemOrder::SeqCst)
      o = acq && rel ? MemOrder::AcqRel : acq ? MemOrder::Acquire : MemOrder::Release;
  }
  return FenceLabel(nextEvent(th), th.pos, o, s, src(i));
}

Interpreter::Flow Interpreter::fence(Thread &th, const FenceInst &i) {
  return offer(th, fenceLabel(th, i, toOrder(i.getOrdering()), scopeOf(th, i.getSyncScopeID())))
             ? Flow::Next
             : Flow::Stop;
}

} // namespace scopemc

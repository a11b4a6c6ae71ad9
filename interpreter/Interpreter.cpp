#include "interpreter/Interpreter.h"
#include "interpreter/Arithmetic.h"
#include "program/Bits.h"

#include "interpreter/Calls.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <regex>

#include <llvm/ADT/DenseMap.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Operator.h>

namespace scopemc {

using namespace llvm;

Interpreter::Interpreter(const Program &prog, InterpreterOptions opts)
    : CallHost(prog, opts_), prog_(prog), opts_(std::move(opts)),
      scFences_(!opts_.reductions.commutingUpdates || prog.mayFenceSc()),
      calls_(std::make_unique<Calls>(static_cast<CallHost &>(*this))) {}

Interpreter::~Interpreter() = default;

uint64_t Interpreter::initialValue(Addr a, uint32_t size) const {
  return prog_.initialValue(a, size);
}

void Interpreter::resetThread(ThreadId t, const ThreadEntry &entry, ThreadPos pos) {
  if (t >= static_cast<ThreadId>(threads_.size()))
    threads_.resize(static_cast<size_t>(t) + 1);
  Thread &th = threads_[static_cast<size_t>(t)];
  th = Thread{};
  th.tid = t;
  th.pos = pos;
  th.entry = entry;
  th.progress =
      LoopProgress(opts_.zeroNetEffect, opts_.reductions.checks(Premise::ZeroNetEffectUnobserved));
}

int32_t Interpreter::saveThread(ThreadId t, uint32_t slot) {
  const Thread &th = threads_[static_cast<size_t>(t)];
  snapshots_.save(t, slot, th);
  return th.nextIndex;
}

namespace {
constexpr size_t kSnapshotBase = 4;
} // namespace

size_t Interpreter::snapshotCost(ThreadId t) const {
  // Replaying an event runs a few instructions; copying a register or 64 bytes of private
  // memory costs about a 64th of that; the loop record and the thread lists of a launcher
  // count too (a host thread that wrote its device buffers, or launched a large grid). The
  // state's own containers (a few dozen allocations, about 2 KB) cost about 4 events.
  const Thread &th = threads_[static_cast<size_t>(t)];
  size_t words = th.priv.size() / 64 + th.progress.copyWords() + th.bulk.buf.size() / 8 +
                 th.bulk.threads.size() / 2;
  for (const Frame &f : th.stack)
    words += f.regs.size();
  for (const ThreadState::Launch &l : th.launches)
    words += l.threads.size() / 2;
  return kSnapshotBase + words / 64;
}

void Interpreter::restoreThread(ThreadId t, uint32_t slot) {
  threads_[static_cast<size_t>(t)] = snapshots_.at(t, slot);
}

RunStatus Interpreter::run(ThreadId t, EventSink &sink) {
  sink_ = &sink;
  Thread &th = threads_[static_cast<size_t>(t)];
  if (!th.started) {
    const FunctionInfo *fi = t == 0 ? &prog_.entry() : prog_.functionAt(th.entry.function);
    if (!fi || fi->fn->isDeclaration())
      throw InputError("thread " + std::to_string(t) +
                       " starts at an address that is not a function");
    ThreadStartLabel start(nextEvent(th), th.pos, Event::init());
    start.setSites(t == 0 ? calls_->mainSites() : th.entry.sites);
    if (!offer(th, start))
      return RunStatus::Stopped;
    th.started = true;
    if (start.sites())
      th.resume = calls_->resumeTable(*fi->fn);
    std::vector<RtValue> args;
    if (th.entry.place && th.entry.data)
      args = Calls::kernelArguments(prog_.dataLayout(), th, *fi->fn);
    else
      for (size_t k = 0; k < fi->fn->arg_size(); ++k)
        args.push_back(RtValue{k == 0 && t != 0 ? th.entry.argument : 0, {}});
    enterFunction(th, *fi, std::move(args));
  }
  while (true) {
    // Limits hold while a thread computes without events (a loop over locals).
    if ((++steps_ & kPollEvery) == 0 && sink.interrupted())
      throw RunInterrupted{};
    switch (step(th)) {
    case Flow::Stop:
      return RunStatus::Stopped;
    case Flow::Done:
      return RunStatus::Finished;
    default:
      break;
    }
  }
}

Interpreter::Flow Interpreter::step(Thread &th) {
  Frame &f = th.stack.back();
  const Instruction &i = *f.pc;
  int32_t startIndex = th.nextIndex;
  th.progress.instructionStarts();
  LoopProgress::Mark startProgress = th.progress.mark();
  bool weak = th.weakNext;
  uint64_t heapTop = th.heapTop; // realloc allocates, then may stop in its copy
  Flow fl;
  try {
    fl = exec(th, f, i);
  } catch (const InputError &e) {
    // A refusal from deep inside (a constant, a size) names the instruction's position.
    static const std::regex placed(R"(^[^:\n]+:\d+(:\d+)?: )");
    if (std::regex_search(e.what(), placed))
      throw;
    throw InputError(toString(src(i)) + ": " + e.what());
  }
  if (fl == Flow::Stop && th.bulk.inst == &i)
    return fl; // a bulk operation keeps the pieces it completed (Thread::bulk)
  if (fl == Flow::Stop) {
    // The instruction will run again: undo the progress its replayed events made.
    th.nextIndex = startIndex;
    th.progress.rewind(startProgress);
    th.weakNext = weak;
    th.heapTop = heapTop;
  } else if (fl == Flow::Next) {
    ++th.stack.back().pc;
  }
  return fl;
}

Interpreter::Flow Interpreter::enterFunction(Thread &th, const FunctionInfo &fi,
                                             std::vector<RtValue> &&args) {
  Frame f;
  f.fi = &fi;
  f.bb = &fi.fn->getEntryBlock();
  f.pc = f.bb->begin();
  f.regs.resize(fi.numSlots);
  size_t k = 0;
  for (const Argument &a : fi.fn->args())
    f.regs[fi.slots.lookup(&a)] = k < args.size() ? std::move(args[k++]) : RtValue{};
  f.loopIters.assign(fi.loopData.size(), 0);
  f.loopStarts.assign(fi.loopData.size(), LoopProgress::Start{});
  f.privMark = th.privTop;
  th.stack.push_back(std::move(f));
  return Flow::Jumped;
}

Interpreter::Flow Interpreter::returnFrom(Thread &th, RtValue ret, bool hasValue) {
  // Only for inner frames: returning from the entry function ends the thread (exec, Ret).
  th.privTop = th.stack.back().privMark;
  while (!th.privObjects.empty() && th.privObjects.back().first >= th.privTop)
    th.privObjects.pop_back();
  th.stack.pop_back();
  Frame &caller = th.stack.back();
  if (hasValue)
    set(caller, *caller.pc, std::move(ret));
  ++caller.pc;
  return Flow::Jumped;
}

namespace {

/// The thread state besides memory that a loop iteration must leave as it found it.
AnnotationState loopState(const ThreadState &th) {
  return AnnotationState{th.scope,       th.weakNext, th.pos,        th.randState,
                         th.nondetCalls, th.clock,    th.asyncNoted, th.fileCalls};
}

/// Whether the thread's private memory holds what it held when the iteration begun at `s`
/// began (a loop counting in a private array does not repeat itself).
bool privateAsBefore(const ThreadState &th, const LoopProgress::Start &s) {
  auto stores = th.progress.privateStoresSince(s);
  if (!stores)
    return false;
  // Each byte the iteration stored to, as it was before the iteration's first store to it
  // (the stores taken newest first, so the oldest value stays), against what it holds now;
  // bytes past the stack's top belong to frames that returned.
  llvm::SmallDenseMap<uint64_t, uint8_t, 32> before;
  for (auto it = stores->rbegin(); it != stores->rend(); ++it)
    for (uint32_t b = 0; b < it->size; ++b)
      before[it->offset + b] = static_cast<uint8_t>(it->old >> (8 * b));
  for (auto [offset, byte] : before)
    if (offset < th.privTop && offset < th.priv.size() && th.priv[offset] != byte)
      return false;
  return true;
}

} // namespace

Interpreter::Flow Interpreter::branchTo(Thread &th, Frame &f, const BasicBlock *to) {
  const BasicBlock *from = f.bb;
  const Instruction &term = *from->getTerminator();
  // New values of the phis of `to`, computed before any is assigned.
  llvm::SmallVector<std::pair<const PHINode *, RtValue>, 8> phis;
  for (const PHINode &p : to->phis())
    phis.push_back({&p, get(f, p.getIncomingValueForBlock(from))});

  auto it = f.fi->loopOfHeader.find(to);
  if (it != f.fi->loopOfHeader.end()) {
    uint32_t l = it->second;
    const LoopData &ld = f.fi->loopData[l];
    if (ld.loop->contains(from)) { // a back edge: one iteration ended
      const LoopProgress::Start &s = f.loopStarts[l];
      AnnotationState now = loopState(th);
      if (!ld.clockMatters) // (a delay loop inside: the clock moved on, nothing else did)
        now.clock = s.state.clock;
      auto startsAlike = [&] { // the next iteration starts as this one did
        if (!privateAsBefore(th, s))
          return false;
        for (size_t k = 0;
             k < phis.size() && opts_.reductions.checks(Premise::SpinLoopPhisUnchanged); ++k) {
          const RtValue &cur = reg(f, phis[k].first), &v = phis[k].second;
          if (!sameValue(cur, v))
            return false;
        }
        return true;
      };
      // The iteration left nothing behind and the next one starts as this one did, but
      // for what it read: it cannot make progress (docs/dpor.md §4).
      if (opts_.spinLoops && th.progress.leftNoEffect(s, now) && startsAlike()) {
        BlockLabel b(nextEvent(th), th.pos, src(term), BlockReason::SpinLoop,
                     th.nextIndex - s.events == 1);
        b.setIterationStart(s.events);
        if (th.progress.reliedOnOwnHeap(s) &&
            opts_.reductions.checks(Premise::ZeroNetEffectUnobserved))
          b.setReliesOnOwnHeap(addr::threadBase(addr::kHeap, th.tid),
                               addr::threadBase(addr::kHeap, th.tid) + addr::kThreadSpan);
        return offer(th, b) ? Flow::Done : Flow::Stop;
      }
      // The same but for waiting at a barrier: the next call of it says so, and blocks if
      // every participant's does (idle rounds, docs/dpor.md §4).
      if (auto idle = opts_.idleRounds ? th.progress.idleRound(s, now) : std::nullopt;
          idle && startsAlike())
        th.idle = *idle;
      if (opts_.unroll && f.loopIters[l] + 1 > opts_.unroll)
        return block(th, term, BlockReason::LoopBound);
      ++f.loopIters[l];
    } else {
      f.loopIters[l] = 0;
    }
    f.loopStarts[l] = th.progress.start(th.nextIndex, loopState(th));
  }
  for (auto &[p, v] : phis)
    set(f, *p, std::move(v));
  f.bb = to;
  f.pc = to->getFirstNonPHI()->getIterator();
  return Flow::Jumped;
}

std::vector<ProgramRunner::LoopActivity> Interpreter::busyLoops(uint64_t minIterations) const {
  std::vector<LoopActivity> out;
  for (const Thread &th : threads_)
    for (const Frame &f : th.stack)
      for (size_t l = 0; l < f.loopIters.size(); ++l) {
        if (f.loopIters[l] < minIterations)
          continue;
        const BasicBlock *h = f.fi->loopData[l].loop->getHeader();
        const SourceLoc *where = nullptr;
        for (const Instruction &i : *h) // the first with a column, else the first with a line
          if (const SourceLoc *s = src(i); s && (!where || (!where->col && s->col)))
            where = s;
        out.push_back({where, th.tid, f.loopIters[l]});
      }
  std::stable_sort(out.begin(), out.end(),
                   [](auto &a, auto &b) { return a.iterations > b.iterations; });
  return out;
}

ProgramRunner::LaunchSize Interpreter::largestLaunch() const { return calls_->largestLaunch(); }

uint64_t Interpreter::gep(const Frame &f, const GetElementPtrInst &i) const {
  const DataLayout &dl = prog_.dataLayout();
  uint64_t a = bits(f, i.getPointerOperand());
  for (gep_type_iterator it = gep_type_begin(i), e = gep_type_end(i); it != e; ++it) {
    int64_t n = sextBits(bits(f, it.getOperand()), intBits(it.getOperand()->getType()));
    if (StructType *st = it.getStructTypeOrNull())
      a += dl.getStructLayout(st)->getElementOffset(static_cast<unsigned>(n));
    else
      a += static_cast<uint64_t>(n) * it.getSequentialElementStride(dl).getFixedValue();
  }
  return a;
}

Interpreter::Flow Interpreter::exec(Thread &th, Frame &f, const Instruction &i) {
  switch (i.getOpcode()) {
  case Instruction::Ret: {
    auto &r = cast<ReturnInst>(i);
    RtValue v = r.getReturnValue() ? get(f, r.getReturnValue()) : RtValue{};
    if (!th.asyncCopies.empty() &&
        (th.stack.size() == 1 || f.fi->fn->getCallingConv() == CallingConv::SPIR_KERNEL))
      return fail(th, i, ErrorKind::UndefinedBehaviour,
                  "the work-item's kernel ends with " + std::to_string(th.asyncCopies.size()) +
                      " asynchronous cop" + (th.asyncCopies.size() == 1 ? "y" : "ies") +
                      " not waited for (OpenCL: a kernel must wait for every async copy "
                      "with wait_group_events before it exits)");
    if (th.stack.size() == 1) { // the thread ends: offer its finish first
      if (!offer(th, ThreadFinishLabel(nextEvent(th), th.pos, src(i), v.bits)))
        return Flow::Stop;
      return Flow::Done;
    }
    return returnFrom(th, std::move(v), r.getReturnValue() != nullptr);
  }
  case Instruction::Br: {
    auto &b = cast<BranchInst>(i);
    if (b.isUnconditional())
      return branchTo(th, f, b.getSuccessor(0));
    return branchTo(th, f, b.getSuccessor(bits(f, b.getCondition()) & 1 ? 0 : 1));
  }
  case Instruction::Switch: {
    auto &s = cast<SwitchInst>(i);
    uint64_t v = bits(f, s.getCondition());
    for (auto c : s.cases())
      if (c.getCaseValue()->getZExtValue() == v)
        return branchTo(th, f, c.getCaseSuccessor());
    return branchTo(th, f, s.getDefaultDest());
  }
  case Instruction::Unreachable:
    return fail(th, i, ErrorKind::Assertion, "reached unreachable code");
  case Instruction::PHI:
    return Flow::Next; // assigned on the edge (branchTo)
  case Instruction::GetElementPtr:
    setBits(f, i, gep(f, cast<GetElementPtrInst>(i)));
    return Flow::Next;
  case Instruction::Alloca: {
    auto &a = cast<AllocaInst>(i);
    const DataLayout &dl = prog_.dataLayout();
    uint64_t n = a.isArrayAllocation() ? get(f, a.getArraySize()).bits : 1;
    uint64_t size = 0;
    uint64_t &top = prog_.isPrivate(&a) ? th.privTop : th.sharedTop;
    top = addr::stackAlign(top, a.getAlign().value());
    // A frame past the thread's stack (a huge or negative VLA or alloca size) overflows it,
    // as it would on a machine: the program's memory error, not the tool's.
    if (__builtin_mul_overflow(dl.getTypeAllocSize(a.getAllocatedType()).getFixedValue(), n,
                               &size) ||
        size > addr::kMaxStack - top)
      return fail(th, i, ErrorKind::MemoryError,
                  "stack overflow: a local object of " + std::to_string(n) + " x " +
                      std::to_string(dl.getTypeAllocSize(a.getAllocatedType()).getFixedValue()) +
                      " bytes does not fit in the thread's stack (" +
                      std::to_string(addr::kMaxStack >> 20) + " MiB, the usual default)");
    size = std::max<uint64_t>(size, 1);
    uint64_t base =
        addr::threadBase(prog_.isPrivate(&a) ? addr::kPrivateStack : addr::kSharedStack, th.tid);
    set(f, i, RtValue{base + top, {}});
    (prog_.isPrivate(&a) ? th.privObjects : th.sharedObjects).push_back({top, top + size});
    top += size + addr::kStackRedZone;
    if (prog_.isPrivate(&a) && th.priv.size() < th.privTop)
      th.priv.resize(th.privTop * 2, 0);
    return Flow::Next;
  }
  case Instruction::Load: {
    auto &l = cast<LoadInst>(i);
    RtValue v;
    Flow fl = load(th, i, bits(f, l.getPointerOperand()), l.getType(),
                   accessOf(th, l.getOrdering(), l.getSyncScopeID()), v);
    if (fl == Flow::Next)
      set(f, i, std::move(v));
    return fl;
  }
  case Instruction::Store: {
    auto &s = cast<StoreInst>(i);
    return store(th, i, bits(f, s.getPointerOperand()), s.getValueOperand()->getType(),
                 get(f, s.getValueOperand()), accessOf(th, s.getOrdering(), s.getSyncScopeID()));
  }
  case Instruction::AtomicRMW:
    return atomicRmw(th, f, cast<AtomicRMWInst>(i));
  case Instruction::AtomicCmpXchg:
    return cmpxchg(th, f, cast<AtomicCmpXchgInst>(i));
  case Instruction::Fence:
    return fence(th, cast<FenceInst>(i));
  case Instruction::Call:
    return calls_->call(th, f, cast<CallBase>(i));
  default:
    break;
  }
  if (std::optional<Flow> fl = execValue(*this, th, f, i))
    return *fl;
  throw InputError(toString(src(i)) + ": unsupported instruction '" + i.getOpcodeName() + "'");
}

} // namespace scopemc

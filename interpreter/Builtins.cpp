// Calls: defined functions, and the routing of each builtin to its family (CallFamilies.h);
// the thread, memory and verifier families (pthreads, heap, assert, __VERIFIER_*) are here,
// intrinsics and math in Intrinsics.cpp. Each event-producing builtin offers its events before
// changing any thread-local state, so that it can be re-run after a Stop.
#include <bit>
#include <cmath>
#include <cstring>

#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/IntrinsicInst.h>

#include "interpreter/Calls.h"
#include "model/BarrierKeys.h"
#include "program/Bits.h"

namespace scopemc {

using namespace llvm;

namespace {
constexpr uint64_t kEBUSY = 16;
// A thread's clock moves on one second (CLOCKS_PER_SEC ticks) at each time() or clock() call:
// a loop that waits for the clock comes out (docs/interface.md).
constexpr uint64_t kClockTick = 1000000;
} // namespace

Calls::Calls(CallHost &host)
    : host_(host), shared_(host), threads_(shared_), memory_(shared_), verifier_(shared_),
      genmc_(shared_), kernel_(shared_), cuda_(shared_), files_(std::make_unique<FileCalls>(host)) {
}

Flow Calls::call(Thread &th, Frame &f, const CallBase &i) {
  const Function *callee = calledFunction(i);
  if (!callee) {
    uint64_t target = host_.get(f, i.getCalledOperand()).bits;
    const FunctionInfo *fi = host_.program().functionAt(target);
    if (!fi)
      return host_.fail(th, i, ErrorKind::MemoryError, "call through an invalid function pointer");
    callee = fi->fn;
  }
  if (callee->isIntrinsic())
    return intrinsic(th, f, i, callee->getIntrinsicID());
  if (callee->isDeclaration())
    return builtin(th, f, i, *callee);
  if (th.stack.size() >= addr::kMaxCallDepth) // as a machine's stack would overflow
    return host_.fail(th, i, ErrorKind::MemoryError,
                      "stack overflow: calls nested " + std::to_string(addr::kMaxCallDepth) +
                          " deep (recursion without end?)");
  std::vector<RtValue> args;
  for (const Use &a : i.args())
    args.push_back(host_.get(f, a.get()));
  return host_.enterFunction(th, host_.program().info(callee), std::move(args));
}

void VerifierCalls::checkPlace(const Thread &th, const CallBase &i) const {
  // Shared-memory copies and block barriers are named with 16 bits of block and 4 of device
  // (block 0xFFFF names the grid's barrier): a larger number would share them by accident.
  if (th.pos.block >= 0xFFFF || th.pos.device > 0xF)
    throw InputError(toString(host_.src(i)) + ": block " + std::to_string(th.pos.block) +
                     " of device " + std::to_string(th.pos.device) +
                     " is beyond scopemc's limits (blocks 0-65534, devices 0-15)");
}

void VerifierCalls::place(Thread &th, Builtin what, uint64_t v) {
  if (!th.placed) {
    th.placed = true;
    th.pos = ThreadPos{0, 0, 0};
  }
  uint32_t n = static_cast<uint32_t>(v);
  if (what == Builtin::PlaceGlobal) { // block and thread from the global id and the group size
    th.globalId = n;
    th.pos.block = th.groupSize ? n / th.groupSize : th.pos.block;
    th.pos.thread = th.groupSize ? n % th.groupSize : n;
  } else if (what == Builtin::PlaceThread)
    th.pos.thread = n;
  else if (what == Builtin::PlaceBlock)
    th.pos.block = n;
  else
    th.pos.device = n;
}

Flow ThreadCalls::run(Thread &th, Frame &f, const CallBase &i, Builtin b) {
  auto arg = [&](unsigned k) { return shared_.argOf(f, i, k); };
  auto ret = [&](uint64_t v) { return shared_.result(f, i, v); };
  switch (asMember<ThreadBuiltin>(b)) {
  case ThreadBuiltin::PthreadCreate: {
    uint64_t child = 0;
    if (Flow fl = shared_.createThread(th, i, arg(2), arg(3), child); fl != Flow::Next)
      return fl;
    if (Flow fl = host_.storeScalar(th, i, arg(0), 8, child, kPlain); fl != Flow::Next)
      return fl;
    return ret(0);
  }
  case ThreadBuiltin::PthreadJoin: {
    uint64_t value = 0;
    if (Flow fl = shared_.joinThread(th, i, arg(0), value); fl != Flow::Next)
      return fl;
    if (arg(1))
      if (Flow fl = host_.storeScalar(th, i, arg(1), 8, value, kPlain); fl != Flow::Next)
        return fl;
    return ret(0);
  }
  case ThreadBuiltin::PthreadExit:
    return host_.offer(th, ThreadFinishLabel(host_.nextEvent(th), th.pos, host_.src(i), arg(0),
                                             FinishKind::ThreadExit))
               ? Flow::Done
               : Flow::Stop;
  case ThreadBuiltin::PthreadSelf:
    return ret(static_cast<uint64_t>(th.tid));
  case ThreadBuiltin::PthreadEqual:
    return ret(arg(0) == arg(1));
  case ThreadBuiltin::MutexInit:
    return host_.storeScalar(th, i, arg(0), 4, 0, kPlain) == Flow::Next ? ret(0) : Flow::Stop;
  case ThreadBuiltin::MutexLock:
  case ThreadBuiltin::MutexTrylock: {
    bool blocking = b == Builtin::MutexLock;
    uint64_t old = 0;
    if (Flow fl = host_.loadScalar(th, i, arg(0), 4, Access{MemOrder::Acquire, Scope::System}, old,
                                   ReadLabel::Rmw{RmwOp::Cas, 1, 0, blocking});
        fl != Flow::Next)
      return fl;
    if (old != 0)
      return blocking ? host_.block(th, i, BlockReason::Lock, true) : ret(kEBUSY);
    if (Flow fl =
            host_.storeScalar(th, i, arg(0), 4, 1, Access{MemOrder::Relaxed, Scope::System}, true);
        fl != Flow::Next)
      return fl;
    th.progress.noteRmw(arg(0), 4, 0, 1);
    return ret(0);
  }
  case ThreadBuiltin::MutexUnlock:
    return host_.storeScalar(th, i, arg(0), 4, 0, Access{MemOrder::Release, Scope::System}) ==
                   Flow::Next
               ? ret(0)
               : Flow::Stop;
  case ThreadBuiltin::BarrierInit: // the count lives in the barrier object
    if (arg(2) == 0)
      return ret(22); // EINVAL, as POSIX requires (the barrier stays uninitialised)
    if (host_.storeScalar(th, i, arg(0), 4, arg(2), kPlain) != Flow::Next ||
        (host_.options().barrierArrivalOrder && // its arrival counter
         host_.storeScalar(th, i, arg(0) + 4, 4, 0, kPlain) != Flow::Next))
      return Flow::Stop;
    return ret(0);
  case ThreadBuiltin::BarrierWait: {
    uint64_t count = 0;
    if (Flow fl = host_.loadScalar(th, i, arg(0), 4, kPlain, count); fl != Flow::Next)
      return fl;
    if (count == 0)
      return host_.fail(th, i, ErrorKind::UndefinedBehaviour,
                        "pthread_barrier_wait on a barrier that was not initialised");
    // One participant of each instance gets PTHREAD_BARRIER_SERIAL_THREAD (-1), the others 0;
    // which one is a choice of the search when the result changes what the thread does
    // (dpor/Election.h, program/analysis/SerialValue.h).
    const InterpreterOptions &o = host_.options();
    bool observed = !i.use_empty() &&
                    (!o.unobservedSerials || (o.reductions.checks(Premise::SerialValueObserved) &&
                                              host_.program().resultUses().serialObserved(&i)));
    bool serial = false;
    if (Flow fl = shared_.barrierWait(th, i, arg(0), static_cast<uint32_t>(count), Scope::System,
                                      observed ? &serial : nullptr);
        fl != Flow::Next)
      return fl;
    unsigned w = i.getType()->isIntegerTy() ? i.getType()->getIntegerBitWidth() : 64;
    return ret(serial ? maskBits(w) : 0);
  }
  case ThreadBuiltin::Rand: // a 64-bit linear congruential generator's high bits: 0..2^31-1
    th.randState = th.randState * 6364136223846793005ull + 1442695040888963407ull;
    return ret(th.randState >> 33);
  case ThreadBuiltin::Srand:
    th.randState = arg(0) & 0xFFFFFFFFu;
    return ret(0);
  case ThreadBuiltin::Time: { // time(t): the thread's clock in seconds, also stored to *t
    uint64_t secs = (th.clock + kClockTick) / kClockTick;
    if (arg(0))
      if (Flow fl = host_.storeScalar(th, i, arg(0), 8, secs, kPlain); fl != Flow::Next)
        return fl;
    th.clock += kClockTick; // (after the store, which may stop the call and run it again)
    return ret(secs);
  }
  case ThreadBuiltin::Clock:
    th.clock += kClockTick;
    return ret(th.clock);
  case ThreadBuiltin::TimeOfDay:      // gettimeofday(tv, tz): the clock too
  case ThreadBuiltin::ClockGettime: { // clock_gettime(id, ts)
    uint64_t at = arg(asMember<ThreadBuiltin>(b) == ThreadBuiltin::ClockGettime ? 1 : 0),
             secs = (th.clock + kClockTick) / kClockTick;
    if (at)
      for (uint64_t k = 0; k < 2; ++k) // seconds, then the fraction (0: whole seconds)
        if (Flow fl = host_.storeScalar(th, i, at + 8 * k, 8, k ? 0 : secs, kPlain);
            fl != Flow::Next)
          return fl;
    th.clock += kClockTick;
    return ret(0);
  }
  case ThreadBuiltin::NoEffect:
  case ThreadBuiltin::Output:
    break;
  }
  return ret(0);
}

Flow VerifierCalls::run(Thread &th, Frame &f, const CallBase &i, Builtin b) {
  auto arg = [&](unsigned k) { return host_.bits(f, i.getArgOperand(k)); };
  switch (asMember<VerifierBuiltin>(b)) {
  case VerifierBuiltin::AssertFail:
    return host_.fail(th, i, ErrorKind::Assertion,
                      "assertion `" + shared_.cString(arg(0)) + "' failed");
  case VerifierBuiltin::VerifierAssert:
    return shared_.truthOf(f, i, 0)
               ? Flow::Next
               : host_.fail(th, i, ErrorKind::Assertion, "__VERIFIER_assert failed");
  case VerifierBuiltin::VerifierAssume:
    return shared_.truthOf(f, i, 0) ? Flow::Next : host_.block(th, i, BlockReason::Assume);
  case VerifierBuiltin::Abort:
    if (calledFunction(i)->getName().starts_with("_ZSt")) // the C++ library throws
      return host_.fail(th, i, ErrorKind::Assertion,
                        llvm::demangle(calledFunction(i)->getName().str()) +
                            " called: an exception, which ends the program (exceptions are not "
                            "caught in scopemc's model)");
    return host_.fail(th, i, ErrorKind::Assertion,
                      calledFunction(i)->getName().str() + "() called");
  case VerifierBuiltin::Exit: // the process ends: no thread joins this one (dpor/Scheduler.cpp)
    return host_.offer(th, ThreadFinishLabel(host_.nextEvent(th), th.pos, host_.src(i), arg(0),
                                             FinishKind::ProcessExit))
               ? Flow::Done
               : Flow::Stop;
  case VerifierBuiltin::WeakAccess:
    th.weakNext = true;
    th.weakFrom = host_.src(i);
    LoopProgress::annotationBeforeEvents(th.stack.back().loopStarts, th.nextIndex, true);
    return Flow::Next;
  case VerifierBuiltin::ScopeWorkGroup:
    th.scope = Scope::Block;
    th.scopeFrom = host_.src(i);
    LoopProgress::annotationBeforeEvents(th.stack.back().loopStarts, th.nextIndex, false);
    return Flow::Next;
  case VerifierBuiltin::ScopeDevice:
    th.scope = Scope::Device;
    th.scopeFrom = host_.src(i);
    LoopProgress::annotationBeforeEvents(th.stack.back().loopStarts, th.nextIndex, false);
    return Flow::Next;
  case VerifierBuiltin::ScopeSystem:
    th.scope = Scope::System;
    th.scopeFrom = host_.src(i);
    LoopProgress::annotationBeforeEvents(th.stack.back().loopStarts, th.nextIndex, false);
    return Flow::Next;
  case VerifierBuiltin::PlaceThread:
  case VerifierBuiltin::PlaceBlock:
  case VerifierBuiltin::PlaceDevice:
  case VerifierBuiltin::PlaceGlobal:
    place(th, b, arg(0));
    checkPlace(th, i);
    return Flow::Next;
  case VerifierBuiltin::GroupSize:
    th.groupSize = static_cast<uint32_t>(arg(0));
    if (th.globalId && th.groupSize) // a global id given before the size: place it now
      place(th, Builtin::PlaceGlobal, *th.globalId);
    checkPlace(th, i);
    return Flow::Next;
  case VerifierBuiltin::SyncThreads: // a barrier of the caller's block (docs/model.md §5)
    return shared_.blockBarrier(th, i);
  }
  return Flow::Next;
}

Flow MemoryCalls::run(Thread &th, Frame &f, const CallBase &i, Builtin b) {
  auto arg = [&](unsigned k) { return host_.bits(f, i.getArgOperand(k)); };
  uint64_t out = 0;
  Flow fl = Flow::Next;
  switch (asMember<MemoryBuiltin>(b)) {
  case MemoryBuiltin::Malloc:
    fl = shared_.allocate(th, f, i, arg(0), false, out);
    break;
  case MemoryBuiltin::Calloc: {
    uint64_t bytes = 0;
    if (__builtin_mul_overflow(arg(0), arg(1), &bytes))
      bytes = ~uint64_t{0}; // no machine has that much: NULL
    fl = shared_.allocate(th, f, i, bytes, true, out);
    break;
  }
  case MemoryBuiltin::AlignedAlloc:
    fl = shared_.allocate(th, f, i, arg(1), false, out);
    break;
  case MemoryBuiltin::Realloc: {
    uint64_t old = arg(0);
    std::optional<uint64_t> own = th.progress.ownAllocationSize(old);
    uint64_t oldSize = own.value_or(0);
    bool known = old == 0 || own;
    if (!known && !addr::isHeap(old)) // a stack, global or made-up address: as free() would
      return host_.fail(th, i, ErrorKind::MemoryError,
                        "invalid free: realloc of memory that was not allocated on the heap");
    if (!known)
      throw InputError(toString(host_.src(i)) +
                       ": realloc of memory allocated by another thread is not supported");
    fl = shared_.allocate(th, f, i, arg(1), false, out);
    if (fl == Flow::Next && old && out) // a failed realloc (NULL) keeps the old block
      fl = host_.copyMemory(th, i, out, old, std::min(oldSize, arg(1)), false);
    if (fl == Flow::Next && old && out &&
        !host_.offer(th, FreeLabel(host_.nextEvent(th), th.pos, host_.src(i), old)))
      fl = Flow::Stop;
    break;
  }
  case MemoryBuiltin::Free:
    if (arg(0) && !host_.offer(th, FreeLabel(host_.nextEvent(th), th.pos, host_.src(i), arg(0))))
      return Flow::Stop;
    return Flow::Next;
  case MemoryBuiltin::Memcpy:
    fl = host_.copyMemory(th, i, arg(0), arg(1), arg(2));
    out = arg(0);
    break;
  case MemoryBuiltin::Memset: {
    ByteRun run{0, arg(0), arg(2), nullptr, static_cast<uint8_t>(arg(1))};
    fl = host_.storeRuns(th, i, {&run, 1});
    out = arg(0);
    break;
  }
  case MemoryBuiltin::Memcmp: {
    const unsigned sides[] = {0, 1};
    const uint64_t at[] = {arg(0), arg(1)};
    std::vector<uint8_t> bytes;
    fl = host_.readMemory(th, i, sides, at, arg(2), bytes);
    int order = 0; // the sign of the first difference, as unsigned char
    for (uint64_t k = 0; fl == Flow::Next && k < arg(2) && order == 0; ++k)
      if (bytes[k] != bytes[arg(2) + k])
        order = bytes[k] < bytes[arg(2) + k] ? -1 : 1;
    out = static_cast<uint64_t>(static_cast<int64_t>(order));
    break;
  }
  }
  if (fl == Flow::Next && !i.getType()->isVoidTy())
    host_.setBits(f, i, out);
  return fl;
}

Flow Calls::builtin(Thread &th, Frame &f, const CallBase &i, const llvm::Function &callee) {
  std::optional<Builtin> b = host_.program().builtinOf(&callee);
  if (!b)
    throw InputError(toString(host_.src(i)) + ": unsupported function '" + callee.getName().str() +
                     "'");
  switch (traitsOf(*b).family) {
  case BuiltinFamily::Thread:
    return threads_.run(th, f, i, *b);
  case BuiltinFamily::Memory:
    return memory_.run(th, f, i, *b);
  case BuiltinFamily::Verifier:
    return verifier_.run(th, f, i, *b);
  case BuiltinFamily::Api:
    return kernel_.run(th, f, i, *b);
  case BuiltinFamily::Cuda:
    return cuda_.run(th, f, i, *b);
  case BuiltinFamily::GenMc: // (Undefined: one arbitrary value per call, as __VERIFIER_nondet_*)
    return genmc_.run(th, f, i, *b);
  case BuiltinFamily::OpenCl:
    return openClCall(f, i, callee);
  case BuiltinFamily::Stream:
    return shared_.result(
        f, i, i.arg_size() > 0 && i.getType()->isPointerTy() ? shared_.argOf(f, i, 0) : 0);
  case BuiltinFamily::File:
    if (std::optional<FileOp> op = fileFunctionNamed(callee.getName()))
      return files_->call(th, f, i, *op);
    break;
  case BuiltinFamily::Math:
    break;
  }
  std::optional<MathFunction> m = mathFunctionNamed(callee.getName());
  if (!m) // resolved as one at load (builtinNamed)
    throw InputError(toString(host_.src(i)) + ": unsupported function '" + callee.getName().str() +
                     "'");
  return mathCall(f, i, m->op, m->single);
}

} // namespace scopemc

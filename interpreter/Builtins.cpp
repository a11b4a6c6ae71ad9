// Calls: defined functions, intrinsics, and the library functions scopemc models itself
// (pthreads, heap, assert, __VERIFIER_*). Each event-producing builtin offers its events
// before changing any thread-local state, so that it can be re-run after a Stop.
#include <bit>
#include <cmath>
#include <cstring>

#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/IntrinsicInst.h>

#include "interpreter/Bits.h"
#include "interpreter/Calls.h"

namespace scopemc {

using namespace llvm;

namespace {
constexpr uint64_t kEBUSY = 16;
} // namespace

Interpreter::Flow Calls::call(Thread &th, Frame &f, const CallBase &i) {
  const Function *callee = calledFunction(i);
  if (!callee) {
    uint64_t target = in_.get(f, i.getCalledOperand()).bits;
    const FunctionInfo *fi = in_.prog_.functionAt(target);
    if (!fi)
      return in_.fail(th, i, ErrorKind::MemoryError, "call through an invalid function pointer");
    callee = fi->fn;
  }
  if (callee->isIntrinsic())
    return intrinsic(th, f, i, callee->getIntrinsicID());
  if (callee->isDeclaration())
    return builtin(th, f, i, *callee);
  if (th.stack.size() >= addr::kMaxCallDepth) // as a machine's stack would overflow
    return in_.fail(th, i, ErrorKind::MemoryError,
                    "stack overflow: calls nested " + std::to_string(addr::kMaxCallDepth) +
                        " deep (recursion without end?)");
  std::vector<RtValue> args;
  for (const Use &a : i.args())
    args.push_back(in_.get(f, a.get()));
  return in_.enterFunction(th, in_.prog_.info(callee), std::move(args));
}

namespace {
/// Whether a math intrinsic's floating-point operand is single precision.
bool t32(const CallBase &i) {
  for (const Use &a : i.args())
    if (a->getType()->getScalarType()->isFloatingPointTy())
      return a->getType()->getScalarType()->isFloatTy();
  return false;
}
} // namespace

Interpreter::Flow Calls::mathCall(Frame &f, const CallBase &i, MathOp op, bool single) {
  unsigned n = mathArity(op);
  std::vector<RtValue> ops;
  for (unsigned k = 0; k < n && k < i.arg_size(); ++k)
    ops.push_back(in_.get(f, i.getArgOperand(k)));
  if (ops.size() != n)
    throw InputError(toString(in_.src(i)) + ": '" + calledFunction(i)->getName().str() +
                     "' is called with too few arguments");
  auto one = [&](auto elem) {
    std::vector<uint64_t> bits;
    for (auto &o : ops)
      bits.push_back(elem(o));
    return computeMath(op, single, bits);
  };
  Type *rt = i.getType();
  uint64_t m = rt->getScalarType()->isIntegerTy() && rt->getScalarSizeInBits() < 64
                   ? (1ull << rt->getScalarSizeInBits()) - 1
                   : ~0ull;
  if (auto *vt = dyn_cast<FixedVectorType>(rt)) { // element-wise
    RtValue v;
    for (unsigned e = 0; e < vt->getNumElements(); ++e)
      v.elems.push_back(RtValue{
          one([&](const RtValue &o) { return o.elems.empty() ? o.bits : o.elems[e].bits; }) & m,
          {}});
    in_.set(f, i, std::move(v));
  } else {
    in_.set(f, i, RtValue{one([](const RtValue &o) { return o.bits; }) & m, {}});
  }
  return Flow::Next;
}

Interpreter::Flow Calls::openClCall(Frame &f, const CallBase &i, const Function &callee) {
  auto it = openCl_.find(&callee);
  if (it == openCl_.end()) {
    std::optional<OclBuiltin> parsed = openClBuiltinNamed(callee.getName());
    if (!parsed) // resolved as one at load (builtinNamed)
      throw InputError(toString(in_.src(i)) + ": unsupported function '" + callee.getName().str() +
                       "'");
    it = openCl_.emplace(&callee, std::move(*parsed)).first;
  }
  const OclBuiltin &b = it->second;
  if (i.arg_size() < b.params.size())
    throw InputError(toString(in_.src(i)) + ": '" + b.name + "' is called with too few arguments");
  Type *rt = i.getType();
  auto *vt = dyn_cast<FixedVectorType>(rt);
  unsigned width = vt ? vt->getNumElements() : 0;
  OclType res;
  res.isFloat = rt->getScalarType()->isFloatingPointTy();
  res.bits = rt->getScalarSizeInBits();
  std::vector<RtValue> args;
  for (unsigned k = 0; k < b.params.size(); ++k)
    args.push_back(in_.get(f, i.getArgOperand(k)));
  auto elementsOf = [](const RtValue &v) {
    std::vector<uint64_t> e;
    if (v.elems.empty())
      e.push_back(v.bits);
    for (size_t k = 0; k < v.elems.size(); ++k)
      e.push_back(v.elems[k].bits);
    return e;
  };
  uint64_t m = res.bits >= 64 ? ~0ull : (1ull << res.bits) - 1;
  std::vector<uint64_t> out;
  if (openClAcrossLanes(b)) {
    std::vector<std::vector<uint64_t>> ops;
    for (const RtValue &a : args)
      ops.push_back(elementsOf(a));
    out = computeOpenClAcross(b, ops, width);
  } else {
    for (unsigned lane = 0; lane < std::max(width, 1u); ++lane) {
      std::vector<uint64_t> ops;
      for (const RtValue &a : args)
        ops.push_back(a.elems.empty() ? a.bits : a.elems[lane].bits);
      out.push_back(computeOpenCl(b, ops, res, width != 0));
    }
  }
  if (!vt) {
    in_.set(f, i, RtValue{out.empty() ? 0 : out[0] & m, {}});
    return Flow::Next;
  }
  RtValue v;
  for (unsigned lane = 0; lane < width; ++lane)
    v.elems.push_back(RtValue{lane < out.size() ? out[lane] & m : 0, {}});
  in_.set(f, i, std::move(v));
  return Flow::Next;
}

Interpreter::Flow Calls::intrinsic(Thread &th, Frame &f, const CallBase &i, Intrinsic::ID id) {
  auto arg = [&](unsigned k) { return in_.bits(f, i.getArgOperand(k)); };
  unsigned w = i.getType()->isIntegerTy() ? i.getType()->getIntegerBitWidth() : 64;
  auto result = [&](uint64_t v) {
    in_.set(f, i, RtValue{v & maskBits(w), {}});
    return Flow::Next;
  };
  switch (id) {
  case Intrinsic::memcpy:
  case Intrinsic::memmove:
    return in_.copyMemory(th, i, arg(0), arg(1), arg(2));
  case Intrinsic::memset:
    return in_.setMemory(th, i, arg(0), static_cast<uint8_t>(arg(1)), arg(2));
  case Intrinsic::expect:
    return result(arg(0));
  case Intrinsic::threadlocal_address: // this thread's instance (addr::kThreadLocal)
    return result(addr::threadBase(addr::kThreadLocal, th.tid) + addr::offsetIn(arg(0)));
  case Intrinsic::smax:
    return result(sextBits(arg(0), w) >= sextBits(arg(1), w) ? arg(0) : arg(1));
  case Intrinsic::smin:
    return result(sextBits(arg(0), w) <= sextBits(arg(1), w) ? arg(0) : arg(1));
  case Intrinsic::umax:
    return result(std::max(arg(0) & maskBits(w), arg(1) & maskBits(w)));
  case Intrinsic::umin:
    return result(std::min(arg(0) & maskBits(w), arg(1) & maskBits(w)));
  case Intrinsic::abs: {
    int64_t v = sextBits(arg(0), w);
    return result(static_cast<uint64_t>(v < 0 ? -v : v));
  }
  case Intrinsic::ctpop:
    return result(static_cast<uint64_t>(__builtin_popcountll(arg(0) & maskBits(w))));
  case Intrinsic::bswap: {
    uint64_t v = __builtin_bswap64(arg(0));
    return result(v >> (64 - w));
  }
  case Intrinsic::ctlz: {
    uint64_t v = arg(0) & maskBits(w);
    return result(v ? static_cast<uint64_t>(__builtin_clzll(v) - (64 - static_cast<int>(w))) : w);
  }
  case Intrinsic::cttz: {
    uint64_t v = arg(0) & maskBits(w);
    return result(v ? static_cast<uint64_t>(__builtin_ctzll(v)) : w);
  }
  case Intrinsic::fabs: {
    uint64_t sign = i.getType()->isFloatTy() ? (1ull << 31) : (1ull << 63);
    in_.set(f, i, RtValue{arg(0) & ~sign, {}});
    return Flow::Next;
  }
  case Intrinsic::sadd_with_overflow:
  case Intrinsic::uadd_with_overflow:
  case Intrinsic::ssub_with_overflow:
  case Intrinsic::usub_with_overflow:
  case Intrinsic::smul_with_overflow:
  case Intrinsic::umul_with_overflow: {
    unsigned bw = i.getArgOperand(0)->getType()->getIntegerBitWidth();
    APInt a(bw, arg(0)), b(bw, arg(1)), r;
    bool ov = false;
    switch (id) {
    case Intrinsic::sadd_with_overflow:
      r = a.sadd_ov(b, ov);
      break;
    case Intrinsic::uadd_with_overflow:
      r = a.uadd_ov(b, ov);
      break;
    case Intrinsic::ssub_with_overflow:
      r = a.ssub_ov(b, ov);
      break;
    case Intrinsic::usub_with_overflow:
      r = a.usub_ov(b, ov);
      break;
    case Intrinsic::smul_with_overflow:
      r = a.smul_ov(b, ov);
      break;
    default:
      r = a.umul_ov(b, ov);
      break;
    }
    in_.set(f, i, RtValue{0, {RtValue{r.getZExtValue(), {}}, RtValue{ov ? 1u : 0u, {}}}});
    return Flow::Next;
  }
  case Intrinsic::trap:
    return in_.fail(th, i, ErrorKind::Assertion, "trap instruction executed");
  case Intrinsic::fmuladd: { // fused on a GPU (nvcc's default), a multiply and an add on a CPU
    bool gpu = i.getFunction()->getFnAttribute("target-cpu").getValueAsString().starts_with("sm_");
    return mathCall(f, i, gpu ? MathOp::Fma : MathOp::MulAdd, t32(i));
  }
  case Intrinsic::is_fpclass: { // (x, classes): bit k of classes is LLVM's FPClassTest k
    bool single = t32(i);
    double x = single ? std::bit_cast<float>(static_cast<uint32_t>(arg(0)))
                      : std::bit_cast<double>(arg(0));
    bool neg = std::signbit(x);
    unsigned cls = 0;
    if (std::isnan(x)) { // signalling when the quiet bit is clear
      uint64_t quiet = single ? (arg(0) >> 22) & 1 : (arg(0) >> 51) & 1;
      cls = quiet ? 1 : 0;
    } else if (std::isinf(x)) {
      cls = neg ? 2 : 9;
    } else if (x == 0) {
      cls = neg ? 5 : 6;
    } else if (std::fpclassify(single ? static_cast<float>(x) : x) == FP_SUBNORMAL) {
      cls = neg ? 4 : 7;
    } else {
      cls = neg ? 3 : 8;
    }
    return result((arg(1) >> cls) & 1);
  }
  case Intrinsic::bitreverse: {
    uint64_t v = arg(0), r = 0;
    for (unsigned k = 0; k < w; ++k)
      r |= ((v >> k) & 1) << (w - 1 - k);
    return result(r);
  }
  default:
    if (auto op = mathIntrinsic(id))
      return mathCall(f, i, *op, t32(i));
    return Flow::Next; // debug info, lifetime markers and other hints
  }
}

std::string Calls::cString(uint64_t a) const {
  std::string s;
  for (uint64_t k = 0; k < 512; ++k) {
    uint64_t start, size;
    if (!in_.prog_.globalRange(a + k, start, size))
      return s.empty() ? "?" : s;
    char c = static_cast<char>(in_.prog_.initialValue(a + k, 1));
    if (!c)
      break;
    s += c;
  }
  return s;
}

void Calls::place(Thread &th, Builtin what, uint64_t v) {
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

Interpreter::Flow Calls::allocate(Thread &th, Frame &f, const CallBase &i, uint64_t size,
                                  bool zeroed, uint64_t &out) {
  uint64_t top = (std::max<uint64_t>(th.heapTop, 16) + 15) / 16 * 16; // never offset 0
  // Allocation fails (NULL, no event) beyond kMaxAllocation or past the thread's heap region,
  // as it does on a machine for sizes no machine can give.
  if (size > addr::kMaxAllocation || top + size > addr::kThreadSpan) {
    out = 0;
    return Flow::Next;
  }
  out = addr::threadBase(addr::kHeap, th.tid) + top;
  if (!in_.offer(th, AllocLabel(in_.nextEvent(th), th.pos, in_.src(i), out, size, zeroed)))
    return Flow::Stop;
  th.heapTop = top + std::max<uint64_t>(size, 1);
  th.progress.noteAllocation(out, size, th.nextIndex - 1);
  return Flow::Next;
}

Interpreter::Flow Calls::barrierWait(Thread &th, const CallBase &i, uint64_t barrier,
                                     uint32_t count, Scope s, bool *serial, uint8_t fences,
                                     const Collective *coll, uint64_t *result) {
  uint32_t k = 0;
  for (auto &[b, n] : th.barrierCalls)
    if (b == barrier)
      k = n;
  uint64_t isSerial = 0;
  BarrierArriveLabel arrive(in_.nextEvent(th), th.pos, s, in_.src(i), barrier, k, count,
                            serial != nullptr);
  arrive.setFences(fences);
  if (coll)
    arrive.setCollective(*coll);
  if (!in_.offer(th, arrive))
    return Flow::Stop;
  BarrierDepartLabel depart(in_.nextEvent(th), th.pos, s, in_.src(i), barrier, k, count);
  depart.setFences(fences);
  depart.setCollective(coll != nullptr);
  if (!in_.offer(th, depart, &isSerial))
    return Flow::Stop;
  if (serial)
    *serial = isSerial != 0;
  if (result)
    *result = isSerial;
  bool known = false;
  for (auto &[b, n] : th.barrierCalls)
    if (b == barrier) {
      ++n;
      known = true;
    }
  if (!known)
    th.barrierCalls.push_back({barrier, 1});
  return Flow::Next;
}

Calls::Calls(Interpreter &in)
    : in_(in),
      symmetry_(in.opts_.symmetry || in.opts_.commutingUpdates
                    ? std::make_unique<SymmetryAnalysis>(in.prog_, in.opts_.overrides.get(),
                                                         in.opts_.symmetryPlantedMistake)
                    : nullptr) {}

ThreadCreateLabel Calls::creation(const Thread &th, const CallBase &i, ThreadEntry entry) const {
  if (symmetry_)
    if (const FunctionInfo *fi = in_.prog_.functionAt(entry.function)) {
      if (in_.opts_.symmetry)
        entry.symmetry = symmetry_->keyOf(entry, *fi);
      entry.footprint = symmetry_->footprintOf(entry, *fi);
    }
  return ThreadCreateLabel(in_.nextEvent(th), th.pos, in_.src(i), std::move(entry));
}

Interpreter::Flow Calls::createThread(Thread &th, const CallBase &i, uint64_t routine,
                                      uint64_t argument, uint64_t &child) {
  if (const FunctionInfo *fi = in_.prog_.functionAt(routine); !fi || fi->fn->isDeclaration())
    return in_.fail(th, i, ErrorKind::MemoryError,
                    calledFunction(i)->getName().str() +
                        " with a start routine that is not a function");
  ThreadEntry entry{routine, argument, std::nullopt, {}, nullptr, nullptr, nullptr};
  return in_.offer(th, creation(th, i, std::move(entry)), &child) ? Flow::Next : Flow::Stop;
}

Interpreter::Flow Calls::threadBuiltin(Thread &th, Frame &f, const CallBase &i, Builtin b) {
  auto arg = [&](unsigned k) { return argOf(f, i, k); };
  auto ret = [&](uint64_t v) { return result(f, i, v); };
  switch (b) {
  case Builtin::PthreadCreate: {
    uint64_t child = 0;
    if (Flow fl = createThread(th, i, arg(2), arg(3), child); fl != Flow::Next)
      return fl;
    if (Flow fl = in_.storeScalar(th, i, arg(0), 8, child, kPlain); fl != Flow::Next)
      return fl;
    return ret(0);
  }
  case Builtin::PthreadJoin: {
    uint64_t value = 0;
    if (!in_.offer(
            th,
            ThreadJoinLabel(in_.nextEvent(th), th.pos, in_.src(i), static_cast<ThreadId>(arg(0))),
            &value))
      return Flow::Stop;
    if (arg(1))
      if (Flow fl = in_.storeScalar(th, i, arg(1), 8, value, kPlain); fl != Flow::Next)
        return fl;
    return ret(0);
  }
  case Builtin::PthreadExit:
    return in_.offer(th, ThreadFinishLabel(in_.nextEvent(th), th.pos, in_.src(i), arg(0)))
               ? Flow::Done
               : Flow::Stop;
  case Builtin::PthreadSelf:
    return ret(static_cast<uint64_t>(th.tid));
  case Builtin::PthreadEqual:
    return ret(arg(0) == arg(1));
  case Builtin::MutexInit:
    return in_.storeScalar(th, i, arg(0), 4, 0, kPlain) == Flow::Next ? ret(0) : Flow::Stop;
  case Builtin::MutexLock:
  case Builtin::MutexTrylock: {
    bool blocking = b == Builtin::MutexLock;
    uint64_t old = 0;
    if (Flow fl = in_.loadScalar(th, i, arg(0), 4, Access{MemOrder::Acquire, Scope::System}, old,
                                 ReadLabel::Rmw{RmwOp::Cas, 1, 0, blocking});
        fl != Flow::Next)
      return fl;
    if (old != 0)
      return blocking ? in_.block(th, i, BlockReason::Lock, true) : ret(kEBUSY);
    if (Flow fl =
            in_.storeScalar(th, i, arg(0), 4, 1, Access{MemOrder::Relaxed, Scope::System}, true);
        fl != Flow::Next)
      return fl;
    th.progress.noteRmw(arg(0), 4, 0, 1);
    return ret(0);
  }
  case Builtin::MutexUnlock:
    return in_.storeScalar(th, i, arg(0), 4, 0, Access{MemOrder::Release, Scope::System}) ==
                   Flow::Next
               ? ret(0)
               : Flow::Stop;
  case Builtin::BarrierInit: // the count lives in the barrier object
    if (arg(2) == 0)
      return in_.fail(th, i, ErrorKind::UndefinedBehaviour,
                      "pthread_barrier_init with a count of 0");
    return in_.storeScalar(th, i, arg(0), 4, arg(2), kPlain) == Flow::Next ? ret(0) : Flow::Stop;
  case Builtin::BarrierWait: {
    uint64_t count = 0;
    if (Flow fl = in_.loadScalar(th, i, arg(0), 4, kPlain, count); fl != Flow::Next)
      return fl;
    if (count == 0)
      return in_.fail(th, i, ErrorKind::UndefinedBehaviour,
                      "pthread_barrier_wait on a barrier that was not initialised");
    // One participant of each instance gets PTHREAD_BARRIER_SERIAL_THREAD (-1), the others 0;
    // which one is a choice of the search when the result is read (dpor/Election.h).
    bool serial = false;
    if (Flow fl = barrierWait(th, i, arg(0), static_cast<uint32_t>(count), Scope::System,
                              i.use_empty() ? nullptr : &serial);
        fl != Flow::Next)
      return fl;
    unsigned w = i.getType()->isIntegerTy() ? i.getType()->getIntegerBitWidth() : 64;
    return ret(serial ? maskBits(w) : 0);
  }
  default:
    return ret(0); // NoEffect, Output
  }
}

Interpreter::Flow Calls::verifierBuiltin(Thread &th, Frame &f, const CallBase &i, Builtin b) {
  auto arg = [&](unsigned k) { return in_.bits(f, i.getArgOperand(k)); };
  switch (b) {
  case Builtin::AssertFail:
    return in_.fail(th, i, ErrorKind::Assertion, "assertion `" + cString(arg(0)) + "' failed");
  case Builtin::VerifierAssert:
    return truthOf(f, i, 0) ? Flow::Next
                            : in_.fail(th, i, ErrorKind::Assertion, "__VERIFIER_assert failed");
  case Builtin::VerifierAssume:
    return truthOf(f, i, 0) ? Flow::Next : in_.block(th, i, BlockReason::Assume);
  case Builtin::Abort:
    if (calledFunction(i)->getName().starts_with("_ZSt")) // the C++ library throws
      return in_.fail(th, i, ErrorKind::Assertion,
                      llvm::demangle(calledFunction(i)->getName().str()) +
                          " called: an exception, which ends the program (exceptions are not "
                          "caught in scopemc's model)");
    return in_.fail(th, i, ErrorKind::Assertion, calledFunction(i)->getName().str() + "() called");
  case Builtin::Exit:
    return in_.offer(th, ThreadFinishLabel(in_.nextEvent(th), th.pos, in_.src(i), arg(0)))
               ? Flow::Done
               : Flow::Stop;
  case Builtin::WeakAccess:
    th.weakNext = true;
    th.weakFrom = in_.src(i);
    LoopProgress::annotationBeforeEvents(th.stack.back().loopStarts, th.nextIndex, true);
    return Flow::Next;
  case Builtin::ScopeWorkGroup:
    th.scope = Scope::Block;
    th.scopeFrom = in_.src(i);
    LoopProgress::annotationBeforeEvents(th.stack.back().loopStarts, th.nextIndex, false);
    return Flow::Next;
  case Builtin::ScopeDevice:
    th.scope = Scope::Device;
    th.scopeFrom = in_.src(i);
    LoopProgress::annotationBeforeEvents(th.stack.back().loopStarts, th.nextIndex, false);
    return Flow::Next;
  case Builtin::ScopeSystem:
    th.scope = Scope::System;
    th.scopeFrom = in_.src(i);
    LoopProgress::annotationBeforeEvents(th.stack.back().loopStarts, th.nextIndex, false);
    return Flow::Next;
  case Builtin::PlaceThread:
  case Builtin::PlaceBlock:
  case Builtin::PlaceDevice:
  case Builtin::PlaceGlobal:
    place(th, b, arg(0));
    return Flow::Next;
  case Builtin::GroupSize:
    th.groupSize = static_cast<uint32_t>(arg(0));
    if (th.globalId && th.groupSize) // a global id given before the size: place it now
      place(th, Builtin::PlaceGlobal, *th.globalId);
    return Flow::Next;
  case Builtin::SyncThreads: // a barrier of the caller's block (docs/model.md §5)
    return blockBarrier(th, i);
  default:
    return Flow::Next;
  }
}

Interpreter::Flow Calls::memoryBuiltin(Thread &th, Frame &f, const CallBase &i, Builtin b) {
  auto arg = [&](unsigned k) { return in_.bits(f, i.getArgOperand(k)); };
  uint64_t out = 0;
  Flow fl = Flow::Next;
  switch (b) {
  case Builtin::Malloc:
    fl = allocate(th, f, i, arg(0), false, out);
    break;
  case Builtin::Calloc: {
    uint64_t bytes = 0;
    if (__builtin_mul_overflow(arg(0), arg(1), &bytes))
      bytes = ~uint64_t{0}; // no machine has that much: NULL
    fl = allocate(th, f, i, bytes, true, out);
    break;
  }
  case Builtin::AlignedAlloc:
    fl = allocate(th, f, i, arg(1), false, out);
    break;
  case Builtin::Realloc: {
    uint64_t old = arg(0);
    std::optional<uint64_t> own = th.progress.ownAllocationSize(old);
    uint64_t oldSize = own.value_or(0);
    bool known = old == 0 || own;
    if (!known && !addr::isHeap(old)) // a stack, global or made-up address: as free() would
      return in_.fail(th, i, ErrorKind::MemoryError,
                      "invalid free: realloc of memory that was not allocated on the heap");
    if (!known)
      throw InputError(toString(in_.src(i)) +
                       ": realloc of memory allocated by another thread is not supported");
    fl = allocate(th, f, i, arg(1), false, out);
    if (fl == Flow::Next && old && out) // a failed realloc (NULL) keeps the old block
      fl = in_.copyMemory(th, i, out, old, std::min(oldSize, arg(1)), false);
    if (fl == Flow::Next && old && out &&
        !in_.offer(th, FreeLabel(in_.nextEvent(th), th.pos, in_.src(i), old)))
      fl = Flow::Stop;
    break;
  }
  case Builtin::Free:
    if (arg(0) && !in_.offer(th, FreeLabel(in_.nextEvent(th), th.pos, in_.src(i), arg(0))))
      return Flow::Stop;
    return Flow::Next;
  case Builtin::Memcpy:
    fl = in_.copyMemory(th, i, arg(0), arg(1), arg(2));
    out = arg(0);
    break;
  case Builtin::Memset:
    fl = in_.setMemory(th, i, arg(0), static_cast<uint8_t>(arg(1)), arg(2));
    out = arg(0);
    break;
  default:
    return Flow::Next;
  }
  if (fl == Flow::Next && !i.getType()->isVoidTy())
    in_.setBits(f, i, out);
  return fl;
}

Interpreter::Flow Calls::builtin(Thread &th, Frame &f, const CallBase &i,
                                 const llvm::Function &callee) {
  std::optional<Builtin> b = in_.prog_.builtinOf(&callee);
  if (!b)
    throw InputError(toString(in_.src(i)) + ": unsupported function '" + callee.getName().str() +
                     "'");
  switch (*b) {
  case Builtin::Malloc:
  case Builtin::Calloc:
  case Builtin::AlignedAlloc:
  case Builtin::Realloc:
  case Builtin::Free:
  case Builtin::Memcpy:
  case Builtin::Memset:
    return memoryBuiltin(th, f, i, *b);
  case Builtin::AssertFail:
  case Builtin::VerifierAssert:
  case Builtin::VerifierAssume:
  case Builtin::Abort:
  case Builtin::Exit:
  case Builtin::WeakAccess:
  case Builtin::ScopeWorkGroup:
  case Builtin::ScopeDevice:
  case Builtin::ScopeSystem:
  case Builtin::PlaceThread:
  case Builtin::PlaceBlock:
  case Builtin::PlaceDevice:
  case Builtin::PlaceGlobal:
  case Builtin::GroupSize:
  case Builtin::SyncThreads:
    return verifierBuiltin(th, f, i, *b);
  case Builtin::ApiLoad:
  case Builtin::ApiStore:
  case Builtin::ApiRmw:
  case Builtin::ApiCas:
  case Builtin::ApiFence:
  case Builtin::ApiFenceFences:
  case Builtin::ApiBarrier:
  case Builtin::ApiBarrierFences:
  case Builtin::ApiId:
  case Builtin::ApiLaunch:
  case Builtin::ApiWait:
    return apiBuiltin(th, f, i, *b);
  case Builtin::ApiCollective:
  case Builtin::CudaConfigPush:
  case Builtin::CudaConfigGet:
  case Builtin::CudaLaunch:
  case Builtin::CudaRun:
  case Builtin::CudaSync:
  case Builtin::CudaStreamCreate:
  case Builtin::CudaEventRecord:
    return cudaBuiltin(th, f, i, *b);
  case Builtin::OpenCl:
    return openClCall(f, i, callee);
  case Builtin::Undefined: // one arbitrary value per call (as __VERIFIER_nondet_*); no effect
    return genmcBuiltin(th, f, i, Builtin::Undefined);
  case Builtin::StreamOutput:
    return result(f, i, i.arg_size() > 0 && i.getType()->isPointerTy() ? argOf(f, i, 0) : 0);
  case Builtin::Math: {
    std::optional<MathFunction> m = mathFunctionNamed(callee.getName());
    if (!m) // resolved as one at load (builtinNamed)
      throw InputError(toString(in_.src(i)) + ": unsupported function '" + callee.getName().str() +
                       "'");
    return mathCall(f, i, m->op, m->single);
  }
  case Builtin::ThreadSpawn:
  case Builtin::ThreadJoinValue:
  case Builtin::NondetInt:
  case Builtin::HazardAlloc:
  case Builtin::HazardProtect:
  case Builtin::HazardClear:
  case Builtin::HazardRetire:
    return genmcBuiltin(th, f, i, *b);
  default:
    return threadBuiltin(th, f, i, *b);
  }
}

} // namespace scopemc

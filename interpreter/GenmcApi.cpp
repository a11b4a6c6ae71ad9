// GenMC's API beyond pthreads (include/scopemc/genmc.h): thread calls that return the new
// thread's id and the joined thread's value, data nondeterminism sampled as GenMC samples it,
// and hazard pointers (an access protected by one of its thread's hazard pointers may race
// with a retire of its block; checks/BugChecker.cpp).
#include "interpreter/Calls.h"

#include <algorithm>

#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/Constants.h>

namespace scopemc {

using namespace llvm;

namespace {
/// A value fixed by the thread and the call's rank in it (splitmix64): the same in every
/// execution, as GenMC's per-thread sequence is.
uint64_t sampledValue(ThreadId tid, uint32_t k) {
  uint64_t z = (static_cast<uint64_t>(tid) << 32 | k) + 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
} // namespace

Flow GenMcCalls::protect(Thread &th, const CallBase &i, uint64_t slot, uint64_t target) {
  // Setting a hazard pointer to what it already protects changes nothing: no event (so a
  // protect-and-validate loop that goes round again is an iteration with no effect).
  auto it =
      std::find_if(th.hazards.begin(), th.hazards.end(), [&](auto &h) { return h.first == slot; });
  uint64_t now = it == th.hazards.end() ? 0 : it->second;
  if (now == target)
    return Flow::Next;
  if (!host_.offer(th, HazardLabel(host_.nextEvent(th), th.pos, host_.src(i), slot, target)))
    return Flow::Stop;
  if (it == th.hazards.end())
    th.hazards.push_back({slot, target});
  else
    it->second = target;
  return Flow::Next;
}

Flow GenMcCalls::run(Thread &th, Frame &f, const CallBase &i, Builtin b) {
  auto arg = [&](unsigned k) { return shared_.argOf(f, i, k); };
  auto ret = [&](uint64_t v) { return shared_.result(f, i, v); };
  switch (asMember<GenMcBuiltin>(b)) {
  case GenMcBuiltin::ThreadSpawn: { // __VERIFIER_thread_create(attr, routine, arg): the id
    uint64_t child = 0;
    if (Flow fl = shared_.createThread(th, i, arg(1), arg(2), child); fl != Flow::Next)
      return fl;
    return ret(child);
  }
  case GenMcBuiltin::ThreadJoinValue: { // __VERIFIER_thread_join(id): the thread's value
    uint64_t value = 0;
    if (Flow fl = shared_.joinThread(th, i, arg(0), value); fl != Flow::Next)
      return fl;
    return ret(value);
  }
  case GenMcBuiltin::Unmodelled: // refused when a call of it runs, not when it is only written
    throw InputError(toString(host_.src(i)) + ": unsupported function '" +
                     llvm::demangle(calledFunction(i)->getName().str()) +
                     "' (it has no definition and scopemc does not model it)");
  case GenMcBuiltin::Undefined: {
    Type *t = i.getType();
    if (t->isVoidTy())
      return Flow::Next;
    if (!t->isIntegerTy() && !t->isFloatingPointTy()) { // pointers and aggregates: null, zeros
      host_.set(f, i, host_.program().constantValue(Constant::getNullValue(t)));
      return Flow::Next;
    }
    uint64_t v = sampledValue(th.tid, th.nondetCalls++);
    unsigned w = t->getPrimitiveSizeInBits();
    return ret(w < 64 ? v & ((1ull << w) - 1) : v);
  }
  case GenMcBuiltin::NondetInt:
  case GenMcBuiltin::NondetBool: {
    uint64_t v = sampledValue(th.tid, th.nondetCalls++);
    unsigned w = i.getType()->isIntegerTy() ? i.getType()->getIntegerBitWidth() : 64;
    if (asMember<GenMcBuiltin>(b) == GenMcBuiltin::NondetBool)
      v &= 1;
    else if (w < 64)
      v &= (1ull << w) - 1;
    return ret(v);
  }
  case GenMcBuiltin::HazardAlloc: { // a hazard pointer: a fresh word of the thread's heap
    uint64_t out = 0;
    if (Flow fl = shared_.allocate(th, f, i, 8, true, out); fl != Flow::Next)
      return fl;
    return ret(out);
  }
  case GenMcBuiltin::HazardProtect:
    return protect(th, i, arg(0), arg(1));
  case GenMcBuiltin::HazardClear:
    return protect(th, i, arg(0), 0);
  case GenMcBuiltin::HazardRetire:
    if (arg(0) &&
        !host_.offer(th, FreeLabel(host_.nextEvent(th), th.pos, host_.src(i), arg(0), true)))
      return Flow::Stop;
    return Flow::Next;
  }
  return Flow::Next;
}

} // namespace scopemc

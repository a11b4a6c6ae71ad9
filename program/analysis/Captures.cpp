#include "program/analysis/Captures.h"

#include <llvm/Analysis/CaptureTracking.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>

namespace scopemc {

using namespace llvm;

namespace {
/// Capture tracking that knows what the thread builtins do with a pointer argument: they
/// store the new thread's id (pthread_create) or the joined thread's result (pthread_join)
/// through it, as the calling thread, and keep no copy. Any other use that may capture ends
/// the search.
class BuiltinAwareCaptureTracker : public CaptureTracker {
public:
  explicit BuiltinAwareCaptureTracker(BuiltinOf builtinOf) : builtinOf_(builtinOf) {}
  bool capturedSomewhere = false;
  void tooManyUses() override { capturedSomewhere = true; }
  bool captured(const Use *u) override {
    if (auto *call = dyn_cast<CallBase>(u->getUser()); call && call->isArgOperand(u)) {
      auto b = call->getCalledFunction() ? builtinOf_(*call->getCalledFunction()) : std::nullopt;
      unsigned n = call->getArgOperandNo(u);
      if ((b == Builtin::PthreadCreate && n == 0) || (b == Builtin::PthreadJoin && n == 1))
        return false; // an out-parameter of the builtin: look on
      if (b == Builtin::CudaLaunch && n == 7)
        return false; // the kernel's arguments, read during the call
    }
    // A CUDA kernel stub's argument: its address goes only into the launch's argument array.
    if (auto *st = dyn_cast<StoreInst>(u->getUser()); st && st->getValueOperand() == u->get())
      if (auto *arr = dyn_cast<AllocaInst>(getUnderlyingObject(st->getPointerOperand()));
          arr && isLaunchArgumentArray(*arr))
        return false;
    capturedSomewhere = true;
    return true;
  }

private:
  /// Whether `a` is only indexed, stored into and handed to a CUDA launch as its arguments.
  bool isLaunchArgumentArray(const AllocaInst &a) const {
    SmallVector<const Value *, 8> work = {&a};
    bool launched = false;
    while (!work.empty()) {
      const Value *v = work.pop_back_val();
      for (const User *u : v->users()) {
        if (auto *g = dyn_cast<GetElementPtrInst>(u)) {
          work.push_back(g);
        } else if (auto *st = dyn_cast<StoreInst>(u)) {
          if (st->getValueOperand() == v)
            return false;
        } else if (auto *call = dyn_cast<CallBase>(u)) {
          const Function *f = call->getCalledFunction();
          if (f && f->isIntrinsic() && !f->getName().starts_with("llvm.memcpy"))
            continue; // lifetime markers, debug info
          if (!f || builtinOf_(*f) != Builtin::CudaLaunch || call->getArgOperand(7) != v)
            return false;
          launched = true;
        } else {
          return false;
        }
      }
    }
    return launched;
  }

  BuiltinOf builtinOf_;
};
} // namespace

void findPrivateAllocas(const Function &f, BuiltinOf builtinOf, DenseSet<const AllocaInst *> &out) {
  for (const Instruction &i : instructions(f))
    if (auto *a = dyn_cast<AllocaInst>(&i)) {
      BuiltinAwareCaptureTracker tracker(builtinOf);
      PointerMayBeCaptured(a, &tracker);
      if (!tracker.capturedSomewhere)
        out.insert(a);
    }
}

} // namespace scopemc

#include "program/analysis/Validate.h"

#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/Support/raw_ostream.h>

#include "frontend/InputError.h"

namespace scopemc {

using namespace llvm;

namespace {

struct Refusal {
  const char *prefix; // a name or, ending in '*', a name prefix
  const char *reason;
};
const Refusal kRefusals[] = {
    {"__VERIFIER_opt_begin", "GenMC's __VERIFIER_optional blocks are not supported"},
    {"__VERIFIER_palloc", "persistency checking (GenMC's persistent memory) is not supported"},
    {"__VERIFIER_pbarrier", "persistency checking (GenMC's persistent memory) is not supported"},
    {"__VERIFIER_recovery_routine",
     "persistency checking (GenMC's persistent memory) is not supported"},
    {"__VERIFIER_*FS", "file-system calls (GenMC's ext4 model) are not supported"},
    {"__VERIFIER_rcu_*",
     "RCU needs the Linux-kernel memory model, which scopemc does not implement"},
    {"__VERIFIER_synchronize_rcu",
     "RCU needs the Linux-kernel memory model, which scopemc does not implement"},
    {"__VERIFIER_atexit", "atexit handlers are not supported"},
    {"atexit", "atexit handlers are not supported"},
    {"__VERIFIER_cond_*", "condition variables are not supported"},
    {"pthread_cond_*", "condition variables are not supported"},
    {"pthread_rwlock_*",
     "reader-writer locks of pthreads are not supported (write one with atomics)"},
    {"pthread_spin_*", "pthread spin locks are not supported (write one with atomics)"},
};

bool isIgnorableIntrinsic(Intrinsic::ID id) {
  switch (id) {
  case Intrinsic::dbg_declare:
  case Intrinsic::dbg_value:
  case Intrinsic::dbg_label:
  case Intrinsic::lifetime_start:
  case Intrinsic::lifetime_end:
  case Intrinsic::assume:
  case Intrinsic::experimental_noalias_scope_decl:
  case Intrinsic::stacksave:
  case Intrinsic::stackrestore:
  case Intrinsic::invariant_start:
  case Intrinsic::invariant_end:
    return true;
  default:
    return false;
  }
}

bool isSupportedIntrinsic(Intrinsic::ID id, const ValidationContext &cx) {
  switch (id) {
  case Intrinsic::memcpy:
  case Intrinsic::memmove:
  case Intrinsic::memset:
  case Intrinsic::expect:
  case Intrinsic::smax:
  case Intrinsic::smin:
  case Intrinsic::umax:
  case Intrinsic::umin:
  case Intrinsic::abs:
  case Intrinsic::trap:
  case Intrinsic::fabs:
  case Intrinsic::sadd_with_overflow:
  case Intrinsic::uadd_with_overflow:
  case Intrinsic::ssub_with_overflow:
  case Intrinsic::usub_with_overflow:
  case Intrinsic::smul_with_overflow:
  case Intrinsic::umul_with_overflow:
  case Intrinsic::ctpop:
  case Intrinsic::bswap:
  case Intrinsic::ctlz:
  case Intrinsic::cttz:
  case Intrinsic::threadlocal_address:
  case Intrinsic::fmuladd:
  case Intrinsic::bitreverse:
  case Intrinsic::is_fpclass:
    return true;
  default:
    return cx.computesIntrinsic(id) || isIgnorableIntrinsic(id);
  }
}

std::string where(const ValidationContext &cx, const Instruction &i) {
  if (const SourceLoc *s = cx.sourceOf(i))
    return toString(s);
  // Code the compiler made without a location (the shared block of computed gotos): where
  // the jumps into its block come from, else the function's definition.
  for (const BasicBlock *pred : llvm::predecessors(i.getParent()))
    if (const SourceLoc *s = cx.sourceOf(*pred->getTerminator()))
      return toString(s);
  std::string fn = "in function '" + llvm::demangle(i.getFunction()->getName().str()) + "'";
  if (const DISubprogram *sp = i.getFunction()->getSubprogram())
    return sp->getFilename().str() + ":" + std::to_string(sp->getLine()) + ": " + fn;
  return fn + " (no debug location)";
}

} // namespace

StringRef refusalReason(StringRef name) {
  for (const Refusal &r : kRefusals) {
    StringRef p(r.prefix);
    if (p.ends_with("FS") && p.contains('*')) { // __VERIFIER_*FS
      if (name.starts_with("__VERIFIER_") && name.ends_with("FS"))
        return r.reason;
    } else if (p.ends_with("*") ? name.starts_with(p.drop_back()) : name == p) {
      return r.reason;
    }
  }
  return {};
}

namespace {

/// Refuses a call of a modelled function with fewer arguments than it reads, or with one
/// that is not an integer, a pointer or a target's opaque handle (OpenCL's event_t), which
/// an unprototyped declaration lets C do.
void checkBuiltinCall(const CallBase &call, Builtin b, const ValidationContext &cx) {
  unsigned want = traitsOf(b).arity;
  std::string name = calledFunction(call)->getName().str();
  if (call.arg_size() < want)
    throw InputError(where(cx, call) + ": '" + name + "' is called with " +
                     std::to_string(call.arg_size()) + " argument" +
                     (call.arg_size() == 1 ? "" : "s") + ", it takes " + std::to_string(want));
  for (unsigned k = 0; k < want; ++k) {
    Type *t = call.getArgOperand(k)->getType();
    if (!t->isIntegerTy() && !t->isPointerTy() && !t->isTargetExtTy())
      throw InputError(where(cx, call) + ": argument " + std::to_string(k + 1) + " of '" + name +
                       "' is not an integer or a pointer");
    if (t->isIntegerTy() && t->getIntegerBitWidth() > 64)
      throw InputError(where(cx, call) + ": argument " + std::to_string(k + 1) + " of '" + name +
                       "' is wider than 64 bits");
  }
}

void validateSyncScope(const Instruction &i, const ValidationContext &cx) {
  std::optional<SyncScope::ID> id = getAtomicSyncScopeID(&i);
  if (!id || *id == SyncScope::System || cx.knownSyncScope(*id))
    return;
  SmallVector<StringRef, 8> names;
  i.getContext().getSyncScopeNames(names);
  throw InputError(where(cx, i) + ": unknown syncscope '" +
                   (*id < names.size() ? names[*id].str() : std::string("?")) +
                   "' (known: workgroup, block, cta, wavefront, subgroup, agent, device, gpu, "
                   "singlethread, system and the empty name, also with -one-as)");
}

} // namespace

void refusePersistency(const Module &m) {
  // GenMC runs a program's recovery routine after a crash and keeps globals marked
  // __VERIFIER_persistent_storage on a persistent device: neither is modelled here.
  if (const Function *r = m.getFunction("__VERIFIER_recovery_routine"); r && !r->isDeclaration())
    throw InputError("in function '__VERIFIER_recovery_routine': persistency checking (GenMC's "
                     "recovery routine) is not supported");
  for (const GlobalVariable &g : m.globals())
    if (g.getSection() == "__genmc_persist")
      throw InputError("global '" + g.getName().str() +
                       "': persistent storage (GenMC's "
                       "__VERIFIER_persistent_storage) is not supported");
}

namespace {

/// A floating-point type of i's result or operands other than float and double (their
/// arithmetic is computed as float or double, which would give wrong values), or null.
const Type *otherFloat(const Instruction &i) {
  auto other = [](const Type *t) {
    t = t->getScalarType();
    return t->isFloatingPointTy() && !t->isFloatTy() && !t->isDoubleTy();
  };
  if (other(i.getType()))
    return i.getType()->getScalarType();
  for (const Use &op : i.operands())
    if (other(op->getType()))
      return op->getType()->getScalarType();
  if (auto *a = dyn_cast<AllocaInst>(&i); a && other(a->getAllocatedType()))
    return a->getAllocatedType()->getScalarType();
  return nullptr;
}

std::string typeName(const Type *t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  t->print(os);
  return s;
}

} // namespace

void validateFunction(const Function &f, const ValidationContext &cx) {
  auto tooWide = [](const Type *t) {
    if (auto *vt = dyn_cast<VectorType>(t))
      t = vt->getElementType();
    return t->isIntegerTy() && t->getIntegerBitWidth() > 64;
  };
  for (const Instruction &i : instructions(f)) {
    validateSyncScope(i, cx);
    bool wide = tooWide(i.getType());
    for (const Use &op : i.operands())
      wide = wide || tooWide(op->getType());
    if (wide && !isa<DbgInfoIntrinsic>(&i))
      throw InputError(where(cx, i) +
                       ": integers wider than 64 bits (__int128, _BitInt) are not supported");
    if (const Type *t = otherFloat(i); t && !isa<DbgInfoIntrinsic>(&i))
      throw InputError(where(cx, i) + ": floating-point type '" + typeName(t) +
                       "' is not supported: only float and double are (not _Float16, __half, "
                       "__bf16, long double or __float128)");
    switch (i.getOpcode()) {
    case Instruction::Invoke:
    case Instruction::Resume:
    case Instruction::LandingPad:
    case Instruction::CleanupPad:
    case Instruction::CatchPad:
    case Instruction::CatchSwitch:
    case Instruction::CatchRet:
    case Instruction::CleanupRet:
      throw InputError(where(cx, i) + ": unsupported instruction '" +
                       std::string(i.getOpcodeName()) + "' (C++ exceptions are not supported)");
    case Instruction::IndirectBr:
      throw InputError(where(cx, i) +
                       ": unsupported instruction 'indirectbr' (GNU's computed goto, "
                       "`goto *p`, is not supported)");
    case Instruction::CallBr:
    case Instruction::VAArg:
      throw InputError(where(cx, i) + ": unsupported instruction '" +
                       std::string(i.getOpcodeName()) + "'");
    default:
      break;
    }
    auto *call = dyn_cast<CallBase>(&i);
    if (!call || call->isInlineAsm()) {
      if (call)
        throw InputError(where(cx, i) +
                         ": inline assembly is not supported (of PTX, only reads of %laneid "
                         "and %lanemask_lt/le/gt/ge/eq into a 32-bit register are)");
      continue;
    }
    const Function *callee = calledFunction(*call);
    if (!callee || !callee->isDeclaration())
      continue;
    if (callee->isIntrinsic()) {
      if (!isSupportedIntrinsic(callee->getIntrinsicID(), cx))
        throw InputError(where(cx, i) + ": unsupported intrinsic '" + callee->getName().str() +
                         "'");
      continue;
    }
    if (StringRef why = refusalReason(callee->getName()); !why.empty())
      throw InputError(where(cx, i) + ": unsupported function '" + callee->getName().str() +
                       "': " + why.str());
    std::optional<Builtin> b = cx.builtinOf(*callee);
    if (b && *b != Builtin::Undefined && *b != Builtin::Unmodelled)
      checkBuiltinCall(*call, *b, cx);
    if (!b)
      throw InputError(where(cx, i) + ": unsupported function '" +
                       llvm::demangle(callee->getName().str()) +
                       "' (it has no definition and scopemc does not model it)");
  }
}

} // namespace scopemc

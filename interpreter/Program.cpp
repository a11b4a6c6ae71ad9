#include "interpreter/Program.h"
#include "interpreter/MathLib.h"
#include "interpreter/OpenClLib.h"
#include "interpreter/ProgramSymbolizer.h"
#include "interpreter/frontend/IrPasses.h"

#include <algorithm>
#include <cstring>

#include <functional>

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Analysis/CaptureTracking.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Operator.h>

namespace scopemc {

using namespace llvm;

namespace {

struct BuiltinName {
  const char *name;
  Builtin id;
};
const BuiltinName kBuiltins[] = {{"pthread_create", Builtin::PthreadCreate},
                                 {"pthread_join", Builtin::PthreadJoin},
                                 {"pthread_exit", Builtin::PthreadExit},
                                 {"pthread_self", Builtin::PthreadSelf},
                                 {"pthread_equal", Builtin::PthreadEqual},
                                 {"pthread_mutex_init", Builtin::MutexInit},
                                 {"pthread_mutex_lock", Builtin::MutexLock},
                                 {"pthread_mutex_trylock", Builtin::MutexTrylock},
                                 {"pthread_mutex_unlock", Builtin::MutexUnlock},
                                 {"pthread_mutex_destroy", Builtin::NoEffect},
                                 {"pthread_barrier_init", Builtin::BarrierInit},
                                 {"pthread_barrier_wait", Builtin::BarrierWait},
                                 {"pthread_barrier_destroy", Builtin::NoEffect},
                                 {"pthread_attr_init", Builtin::NoEffect},
                                 {"pthread_attr_destroy", Builtin::NoEffect},
                                 {"pthread_yield", Builtin::NoEffect},
                                 {"sched_yield", Builtin::NoEffect},
                                 {"malloc", Builtin::Malloc},
                                 {"calloc", Builtin::Calloc},
                                 {"aligned_alloc", Builtin::AlignedAlloc},
                                 {"_Znwm", Builtin::Malloc},
                                 {"_Znam", Builtin::Malloc},
                                 {"_ZdlPv", Builtin::Free},
                                 {"_ZdaPv", Builtin::Free},
                                 {"_ZdlPvm", Builtin::Free},
                                 {"_ZdaPvm", Builtin::Free},
                                 {"realloc", Builtin::Realloc},
                                 {"free", Builtin::Free},
                                 {"memcpy", Builtin::Memcpy},
                                 {"memmove", Builtin::Memcpy},
                                 {"memset", Builtin::Memset},
                                 {"__assert_fail", Builtin::AssertFail},
                                 {"__assert_rtn", Builtin::AssertFail},
                                 {"abort", Builtin::Abort},
                                 {"__VERIFIER_error", Builtin::Abort},
                                 {"exit", Builtin::Exit},
                                 {"_Exit", Builtin::Exit},
                                 {"printf", Builtin::Output},
                                 {"fprintf", Builtin::Output},
                                 {"puts", Builtin::Output},
                                 {"putchar", Builtin::Output},
                                 {"fflush", Builtin::Output},
                                 {"__VERIFIER_assume", Builtin::VerifierAssume},
                                 {"__VERIFIER_assert", Builtin::VerifierAssert},
                                 {"__VERIFIER_weak_access", Builtin::WeakAccess},
                                 {"__VERIFIER_memory_scope_work_group", Builtin::ScopeWorkGroup},
                                 {"__VERIFIER_memory_scope_device", Builtin::ScopeDevice},
                                 {"__VERIFIER_memory_scope_system", Builtin::ScopeSystem},
                                 {"__VERIFIER_thread_local_id", Builtin::PlaceThread},
                                 {"__VERIFIER_thread_group_id", Builtin::PlaceBlock},
                                 {"__VERIFIER_thread_kernel_id", Builtin::PlaceDevice},
                                 {"__VERIFIER_thread_global_id", Builtin::PlaceGlobal},
                                 {"__VERIFIER_groupsize", Builtin::GroupSize},
                                 {"__VERIFIER_syncthread", Builtin::SyncThreads},
                                 {"__VERIFIER_ret_CAS", Builtin::NoEffect},
                                 {"__VERIFIER_spin_start", Builtin::NoEffect},
                                 {"__VERIFIER_spin_end", Builtin::NoEffect},
                                 {"__VERIFIER_loop_begin", Builtin::NoEffect},
                                 {"__scopemc_load", Builtin::ApiLoad},
                                 {"__scopemc_store", Builtin::ApiStore},
                                 {"__scopemc_rmw", Builtin::ApiRmw},
                                 {"__scopemc_cas", Builtin::ApiCas},
                                 {"__scopemc_fence", Builtin::ApiFence},
                                 {"__scopemc_fence_fences", Builtin::ApiFenceFences},
                                 {"__scopemc_barrier", Builtin::ApiBarrier},
                                 {"__scopemc_barrier_fences", Builtin::ApiBarrierFences},
                                 {"__scopemc_id", Builtin::ApiId},
                                 {"__scopemc_launch", Builtin::ApiLaunch},
                                 {"__scopemc_wait", Builtin::ApiWait},
                                 {"__scopemc_collective", Builtin::ApiCollective},
                                 {"__scopemc_cuda_config_push", Builtin::CudaConfigPush},
                                 {"__scopemc_cuda_config_get", Builtin::CudaConfigGet},
                                 {"__scopemc_cuda_launch", Builtin::CudaLaunch},
                                 {"__scopemc_cuda_run", Builtin::CudaRun},
                                 {"__scopemc_cuda_sync", Builtin::CudaSync},
                                 {"__scopemc_cuda_stream_create", Builtin::CudaStreamCreate},
                                 {"__scopemc_cuda_event_record", Builtin::CudaEventRecord},
                                 {"vprintf", Builtin::Output},
                                 {"_ZNSt8ios_base4InitC1Ev", Builtin::NoEffect}, // <iostream>
                                 {"_ZNSt8ios_base4InitD1Ev", Builtin::NoEffect},
                                 {"__scopemc_memcpy", Builtin::Memcpy},
                                 {"__scopemc_memset", Builtin::Memset},
                                 // GenMC's genmc.h and the functions its pthread.h maps onto
                                 {"__VERIFIER_thread_create", Builtin::ThreadSpawn},
                                 {"__VERIFIER_thread_create_symmetric", Builtin::ThreadSpawn},
                                 {"__VERIFIER_thread_join", Builtin::ThreadJoinValue},
                                 {"__VERIFIER_thread_self", Builtin::PthreadSelf},
                                 {"__VERIFIER_thread_exit", Builtin::PthreadExit},
                                 {"__VERIFIER_malloc", Builtin::Malloc},
                                 {"__VERIFIER_malloc_aligned", Builtin::AlignedAlloc},
                                 {"__VERIFIER_free", Builtin::Free},
                                 {"__VERIFIER_assert_fail", Builtin::AssertFail},
                                 {"__VERIFIER_mutex_init", Builtin::MutexInit},
                                 {"__VERIFIER_mutex_lock", Builtin::MutexLock},
                                 {"__VERIFIER_mutex_trylock", Builtin::MutexTrylock},
                                 {"__VERIFIER_mutex_unlock", Builtin::MutexUnlock},
                                 {"__VERIFIER_mutex_destroy", Builtin::NoEffect},
                                 {"__VERIFIER_barrier_init", Builtin::BarrierInit},
                                 {"__VERIFIER_barrier_wait", Builtin::BarrierWait},
                                 {"__VERIFIER_barrier_destroy", Builtin::NoEffect},
                                 {"__VERIFIER_annotate_begin", Builtin::NoEffect},
                                 {"__VERIFIER_annotate_end", Builtin::NoEffect},
                                 {"__VERIFIER_nondet_int", Builtin::NondetInt},
                                 {"__VERIFIER_nondet_uint", Builtin::NondetInt},
                                 {"__VERIFIER_nondet_long", Builtin::NondetInt},
                                 {"__VERIFIER_nondet_ulong", Builtin::NondetInt},
                                 {"__VERIFIER_nondet_short", Builtin::NondetInt},
                                 {"__VERIFIER_nondet_ushort", Builtin::NondetInt},
                                 {"__VERIFIER_nondet_char", Builtin::NondetInt},
                                 {"__VERIFIER_nondet_uchar", Builtin::NondetInt},
                                 {"__VERIFIER_nondet_bool", Builtin::NondetInt},
                                 {"__VERIFIER_hazptr_alloc", Builtin::HazardAlloc},
                                 {"__VERIFIER_hazptr_protect", Builtin::HazardProtect},
                                 {"__VERIFIER_hazptr_clear", Builtin::HazardClear},
                                 {"__VERIFIER_hazptr_free", Builtin::NoEffect},
                                 {"__VERIFIER_hazptr_retire", Builtin::HazardRetire}};

/// The largest global with a nonzero initial value (its bytes are kept); zero-initialised
/// globals of any size cost nothing.
constexpr uint64_t kMaxInitialisedGlobal = uint64_t{1} << 30;

/// file:line of a global's definition (from its debug info), else its name.
std::string globalWhere(const GlobalVariable &g) {
  SmallVector<DIGlobalVariableExpression *, 1> gvs;
  g.getDebugInfo(gvs);
  std::string name = "global '" + llvm::demangle(g.getName().str()) + "'";
  for (auto *gve : gvs)
    if (DIGlobalVariable *v = gve->getVariable(); v && v->getFile())
      return v->getFile()->getFilename().str() + ":" + std::to_string(v->getLine()) + ": in " +
             name;
  return "in " + name;
}

} // namespace

std::optional<Builtin> builtinNamed(StringRef name) {
  for (const BuiltinName &b : kBuiltins)
    if (name == b.name)
      return b.id;
  if (mathFunctionNamed(name))
    return Builtin::Math;
  if (name.starts_with("_ZSt") && name.contains("__throw_")) // std::__throw_length_error, ...
    return Builtin::Abort;
  if (isStreamOutput(name))
    return Builtin::StreamOutput;
  if (openClBuiltinNamed(name))
    return Builtin::OpenCl;
  return std::nullopt;
}

std::vector<StringRef> builtinNames() {
  std::vector<StringRef> out;
  for (const BuiltinName &b : kBuiltins)
    out.push_back(b.name);
  return out;
}

std::optional<Scope> scopeForSyncScopeName(StringRef name) {
  name.consume_back("-one-as");
  if (name == "one-as")
    name = "";
  // Sub-block groups (wavefront, sub-group, warp) are taken as the whole block: exact when a
  // block is at most one wavefront wide, which holds for the grids a model checker explores.
  static const std::pair<StringRef, Scope> kNames[] = {{"", Scope::System},
                                                       {"system", Scope::System},
                                                       {"all_svm_devices", Scope::System},
                                                       {"agent", Scope::Device},
                                                       {"device", Scope::Device},
                                                       {"gpu", Scope::Device},
                                                       {"workgroup", Scope::Block},
                                                       {"block", Scope::Block},
                                                       {"cta", Scope::Block},
                                                       {"wavefront", Scope::Block},
                                                       {"subgroup", Scope::Block},
                                                       {"warp", Scope::Block},
                                                       {"singlethread", Scope::Thread},
                                                       {"thread", Scope::Thread}};
  for (auto &[n, s] : kNames)
    if (n == name)
      return s;
  return std::nullopt;
}

std::optional<Builtin> Program::builtinOf(const Function *f) const {
  auto it = builtins_.find(f);
  if (it == builtins_.end())
    return std::nullopt;
  return it->second;
}

namespace {
/// The function a debug location is in as the source names it (an inlined callee's own
/// name, "lab::Counter::bump"); `fallback` when the location says nothing.
std::string functionOfLocation(const DILocation &loc, const std::string &fallback,
                               DenseMap<const DISubprogram *, std::string> &known) {
  const DISubprogram *sp = loc.getScope() ? loc.getScope()->getSubprogram() : nullptr;
  if (!sp)
    return fallback;
  auto [it, fresh] = known.try_emplace(sp);
  if (fresh) {
    StringRef link = sp->getLinkageName();
    it->second = link.empty() ? sp->getName().str() : readableFunctionName(link);
  }
  return it->second;
}
} // namespace

Program::Program(std::unique_ptr<LLVMContext> ctx, std::unique_ptr<Module> mod,
                 const ProgramOptions &opts)
    : ctx_(std::move(ctx)), mod_(std::move(mod)) {
  SmallVector<StringRef, 8> scopeNames;
  ctx_->getSyncScopeNames(scopeNames);
  for (StringRef n : scopeNames)
    syncScopes_.push_back(scopeForSyncScopeName(n));
  uint64_t next = addr::kFunctions;
  for (const Function &f : *mod_) {
    if (f.isDeclaration()) {
      if (auto b = builtinNamed(f.getName())) {
        builtins_[&f] = *b;
        samplesNondet_ |= *b == Builtin::NondetInt && !f.use_empty();
      } else if (opts.undefinedAsNondet && !f.isIntrinsic() && refusalReason(f.getName()).empty()) {
        builtins_[&f] = Builtin::Undefined;
        callsUndefined_ |= !f.use_empty();
      }
    }
    auto fi = std::make_unique<FunctionInfo>();
    fi->fn = &f;
    fi->address = next;
    next += 16;
    byFunction_[&f] = fi.get();
    functions_.push_back(std::move(fi));
  }
  DenseMap<const DISubprogram *, std::string> subprograms; // their readable names
  for (const Function &f : *mod_) {
    std::string fname = f.isDeclaration() ? "" : readableFunctionName(f.getName());
    for (const Instruction &i : instructions(f)) {
      const DebugLoc &dl = i.getDebugLoc();
      if (!dl) {
        if (MDNode *md = i.getMetadata("scopemc.line")) { // textual IR (frontend/markIrLines)
          auto field = [&](unsigned k) {
            return static_cast<unsigned>(
                mdconst::extract<ConstantInt>(md->getOperand(k))->getZExtValue());
          };
          sourceStore_.push_back(
              SourceLoc{mod_->getModuleIdentifier(), field(0), field(1), fname, ""});
          sources_[&i] = &sourceStore_.back();
        }
        continue;
      }
      auto *scope = cast<DIScope>(dl.getScope());
      sourceStore_.push_back(SourceLoc{scope->getFilename().str(), dl.getLine(), dl.getCol(),
                                       functionOfLocation(*dl, fname, subprograms),
                                       scope->getDirectory().str()});
      sources_[&i] = &sourceStore_.back();
    }
  }
  for (const Function &f : *mod_)
    if (!f.isDeclaration()) {
      analyseFunction(f);
      analyseBulkOperations(f);
    }
  layoutGlobals();
  precomputeShared();
  const Function *e = mod_->getFunction(opts.entry);
  if (!e || e->isDeclaration())
    throw InputError(mod_->getSourceFileName() + ": the program has no function '" + opts.entry +
                     "' to start from");
  entry_ = byFunction_.lookup(e);
  for (const Function &f : *mod_)
    if (!f.isDeclaration())
      validate(f);
  refusePersistency();
}

Program::~Program() = default;

const FunctionInfo *Program::functionAt(uint64_t address) const {
  if (address < addr::kFunctions || (address - addr::kFunctions) % 16 != 0)
    return nullptr;
  uint64_t idx = (address - addr::kFunctions) / 16;
  return idx < functions_.size() ? functions_[idx].get() : nullptr;
}

const FunctionInfo &Program::info(const Function *f) const { return *byFunction_.lookup(f); }

uint64_t Program::addressOf(const GlobalValue *gv) const {
  if (auto *f = dyn_cast<Function>(gv))
    return byFunction_.lookup(f)->address;
  if (auto *g = dyn_cast<GlobalVariable>(gv))
    return globalAddr_.lookup(g);
  if (auto *a = dyn_cast<GlobalAlias>(gv))
    return constantBits(*this, a->getAliasee());
  return 0;
}

bool Program::globalRange(uint64_t a, uint64_t &start, uint64_t &size) const {
  if (addr::isBlockShared(a))
    a = addr::sharedTemplate(a);
  if (addr::isThreadLocal(a))
    a = addr::threadLocalTemplate(a);
  auto it = std::upper_bound(globalRanges_.begin(), globalRanges_.end(),
                             std::pair<uint64_t, uint64_t>(a, ~uint64_t(0)));
  if (it == globalRanges_.begin())
    return false;
  --it;
  start = it->first;
  size = it->second;
  return a >= start && a < start + std::max<uint64_t>(size, 1);
}

uint64_t Program::imageOffset(uint64_t a) const {
  if ((a & addr::kRegionMask) == addr::kGlobals)
    return a - addr::kGlobals;
  if (addr::isBlockShared(a))
    return sharedImageBase_ + (addr::sharedTemplate(a) - addr::kBlockShared);
  if (addr::isThreadLocal(a))
    return tlsImageBase_ + addr::offsetIn(a);
  return ~uint64_t(0);
}

uint64_t Program::initialValue(uint64_t a, uint32_t size) const {
  uint64_t off = imageOffset(a);
  uint64_t v = 0;
  if (off == ~uint64_t(0))
    return v;
  auto it = std::upper_bound(initialised_.begin(), initialised_.end(), off,
                             [](uint64_t o, const auto &e) { return o < e.first; });
  if (it == initialised_.begin())
    return v;
  --it;
  if (off + size <= it->first + it->second.size())
    std::memcpy(&v, it->second.data() + (off - it->first), std::min<uint32_t>(size, 8));
  return v;
}

const SourceLoc *Program::sourceOf(const Instruction *i) const { return sources_.lookup(i); }

bool isBlockSharedGlobal(const GlobalVariable &g) {
  // CUDA __shared__ (the project's header puts it in this section), OpenCL __local and the
  // shared/LDS address space of GPU targets.
  return g.getAddressSpace() == 3 || g.getSection() == "scopemc_shared";
}

RtValue Program::evaluate(const Constant *c) const {
  Type *t = c->getType();
  if (!t->isStructTy() && !t->isArrayTy() && !t->isVectorTy())
    return RtValue{constantBits(*this, c), {}};
  RtValue v;
  unsigned n = t->isStructTy()  ? t->getStructNumElements()
               : t->isArrayTy() ? static_cast<unsigned>(t->getArrayNumElements())
                                : cast<FixedVectorType>(t)->getNumElements();
  for (unsigned k = 0; k < n; ++k) {
    const Constant *e = c->getAggregateElement(k);
    if (!e) // a constant expression of aggregate type that did not fold (Frontend.cpp)
      throw InputError(std::string("unsupported constant expression '") +
                       (isa<ConstantExpr>(c) ? cast<ConstantExpr>(c)->getOpcodeName() : "?") +
                       "' of aggregate type");
    v.elems.push_back(evaluate(e));
  }
  return v;
}

RtValue Program::constantValue(const Constant *c) const {
  Type *t = c->getType();
  if (!t->isStructTy() && !t->isArrayTy() && !t->isVectorTy())
    return RtValue{constantBits(*this, c), {}};
  auto it = aggregates_.find(c);
  return it != aggregates_.end() ? it->second : evaluate(c); // every operand is in the map
}

void Program::precomputeShared() {
  // DataLayout computes struct layouts lazily into a cache, and aggregate constants create
  // their elements in the context: doing both now makes the program read-only for the
  // interpreters of a parallel exploration.
  const DataLayout &dl = dataLayout();
  llvm::SmallPtrSet<Type *, 32> seen;
  std::function<void(Type *)> visit = [&](Type *t) {
    if (!t || !seen.insert(t).second)
      return;
    if (auto *st = dyn_cast<StructType>(t); st && st->isSized())
      (void)dl.getStructLayout(st);
    for (Type *sub : t->subtypes())
      visit(sub);
  };
  for (StructType *st : mod_->getIdentifiedStructTypes())
    visit(st);
  for (const GlobalVariable &g : mod_->globals())
    visit(g.getValueType());
  for (const Function &f : *mod_)
    for (const Instruction &i : instructions(f)) {
      visit(i.getType());
      for (const Value *op : i.operands()) {
        visit(op->getType());
        if (auto *c = dyn_cast<Constant>(op);
            c && !isa<GlobalValue>(c) &&
            (c->getType()->isAggregateType() || c->getType()->isVectorTy()))
          if (!aggregates_.count(c))
            aggregates_[c] = evaluate(c);
        std::function<void(const Value *)> constExpr = [&](const Value *v) {
          if (auto *ge = dyn_cast<GEPOperator>(v))
            visit(ge->getSourceElementType());
          if (auto *ce = dyn_cast<ConstantExpr>(v))
            for (const Value *o : ce->operands())
              constExpr(o);
        };
        constExpr(op);
      }
      if (auto *gep = dyn_cast<GetElementPtrInst>(&i))
        visit(gep->getSourceElementType());
      if (auto *a = dyn_cast<AllocaInst>(&i))
        visit(a->getAllocatedType());
    }
}

void Program::layoutGlobals() {
  constexpr uint64_t kRedZone = 64;
  const DataLayout &dl = dataLayout();
  uint64_t off = 0;
  enum class Kind { Plain, BlockShared, ThreadLocal };
  auto kindOf = [](const GlobalVariable &g) {
    return isBlockSharedGlobal(g) ? Kind::BlockShared
           : g.isThreadLocal()    ? Kind::ThreadLocal
                                  : Kind::Plain;
  };
  // No object starts at offset 0 of its region: a pointer's low 32 bits are never all zero
  // (programs that test `(int) ptr`, as on a machine).
  auto place = [&](Kind kind) {
    uint64_t base = off;
    off += kRedZone;
    for (const GlobalVariable &g : mod_->globals()) {
      if (kindOf(g) != kind)
        continue;
      uint64_t align = std::max<uint64_t>(g.getAlign().valueOrOne().value(), 8);
      off = (off + align - 1) / align * align;
      uint64_t size = dl.getTypeAllocSize(g.getValueType());
      uint64_t a = kind == Kind::BlockShared   ? addr::kBlockShared + (off - base)
                   : kind == Kind::ThreadLocal ? addr::kThreadLocal + (off - base)
                                               : addr::kGlobals + off;
      globalAddr_[&g] = a;
      if (g.getName() == "__scopemc_dynamic_shared")
        dynamicShared_ = a;
      if (g.hasAttribute("scopemc-device-constant"))
        deviceConstants_.push_back({a, a + size});
      globalRanges_.push_back({a, size});
      rangeGlobals_.push_back(&g);
      off += std::max<uint64_t>(size, 1) + kRedZone; // a gap: overflows hit no other global
    }
  };
  place(Kind::Plain);
  sharedImageBase_ = off;
  place(Kind::BlockShared);
  if (off - sharedImageBase_ >= (1ull << addr::kBlockShift))
    throw InputError("block-shared memory of " + std::to_string(off - sharedImageBase_) +
                     " bytes exceeds scopemc's limit of 16 MiB per block");
  tlsImageBase_ = off;
  place(Kind::ThreadLocal);
  if (off - tlsImageBase_ >= (1ull << addr::kThreadShift))
    throw InputError("thread-local variables of " + std::to_string(off - tlsImageBase_) +
                     " bytes exceed scopemc's limit of 4 GiB per thread");
  for (const GlobalVariable &g : mod_->globals()) {
    if (!g.hasInitializer() || g.getInitializer()->isNullValue())
      continue;
    uint64_t size = dl.getTypeAllocSize(g.getValueType());
    if (size > kMaxInitialisedGlobal)
      throw InputError(globalWhere(g) + ": a global of " + std::to_string(size) +
                       " bytes with a nonzero initial value exceeds scopemc's limit of " +
                       std::to_string(kMaxInitialisedGlobal >> 20) +
                       " MiB (zero-initialised globals have none)");
    std::vector<uint8_t> bytes(size, 0);
    try {
      writeConstant(g.getInitializer(), bytes, 0);
    } catch (const InputError &e) {
      throw InputError(globalWhere(g) + ": " + e.what());
    }
    initialised_.push_back({imageOffset(globalAddr_[&g]), std::move(bytes)});
  }
  std::sort(initialised_.begin(), initialised_.end(),
            [](const auto &a, const auto &b) { return a.first < b.first; });
}

std::string Program::describeAddress(uint64_t a) const {
  uint64_t start, size;
  if (globalRange(a, start, size)) {
    for (const GlobalVariable &g : mod_->globals())
      if (globalAddr_.lookup(&g) == start) {
        std::string n = g.getName().str();
        if (addr::isBlockShared(a)) {
          uint64_t key = addr::sharedKey(a);
          n += "[device " + std::to_string((key - 1) >> 16) + " block " +
               std::to_string((key - 1) & 0xFFFF) + "]";
        }
        if (addr::isThreadLocal(a))
          n += "[T" + std::to_string(addr::ownerOf(a)) + "]";
        uint64_t off = (addr::isBlockShared(a)   ? addr::sharedTemplate(a)
                        : addr::isThreadLocal(a) ? addr::threadLocalTemplate(a)
                                                 : a) -
                       start;
        return off ? n + "+" + std::to_string(off) : n;
      }
  }
  char buf[64];
  uint64_t region = a & addr::kRegionMask;
  if (region == addr::kHeap || region == addr::kSharedStack) {
    std::snprintf(buf, sizeof buf, "%s(T%d)+%llu", region == addr::kHeap ? "heap" : "stack",
                  addr::ownerOf(a), static_cast<unsigned long long>(addr::offsetIn(a)));
  } else {
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(a));
  }
  return buf;
}

void Program::writeConstant(const Constant *c, std::vector<uint8_t> &bytes, uint64_t offset) {
  const DataLayout &dl = dataLayout();
  Type *ty = c->getType();
  if (isa<ConstantAggregateZero>(c) || isa<UndefValue>(c) || isa<ConstantPointerNull>(c))
    return; // the image starts zeroed
  if (auto *cds = dyn_cast<ConstantDataSequential>(c)) {
    uint64_t esz = dl.getTypeAllocSize(cds->getElementType());
    for (unsigned i = 0; i < cds->getNumElements(); ++i)
      writeConstant(cds->getElementAsConstant(i), bytes, offset + i * esz);
    return;
  }
  if (auto *st = dyn_cast<StructType>(ty)) {
    const StructLayout *sl = dl.getStructLayout(st);
    for (unsigned i = 0; i < c->getNumOperands(); ++i)
      writeConstant(cast<Constant>(c->getOperand(i)), bytes, offset + sl->getElementOffset(i));
    return;
  }
  if (ty->isArrayTy() || ty->isVectorTy()) {
    Type *et = ty->isArrayTy() ? ty->getArrayElementType() : cast<VectorType>(ty)->getElementType();
    uint64_t esz = dl.getTypeAllocSize(et);
    for (unsigned i = 0; i < c->getNumOperands(); ++i)
      writeConstant(cast<Constant>(c->getOperand(i)), bytes, offset + i * esz);
    return;
  }
  uint64_t size = dl.getTypeStoreSize(ty);
  if (size > 8)
    throw InputError(
        "an initial value of " + std::to_string(size) +
        " bytes is not supported (scalars wider than 64 bits: __int128, long double, _BitInt)");
  uint64_t v = constantBits(*this, c);
  std::memcpy(bytes.data() + offset, &v, size);
}

namespace {
/// Capture tracking that knows what the thread builtins do with a pointer argument: they
/// store the new thread's id (pthread_create) or the joined thread's result (pthread_join)
/// through it, as the calling thread, and keep no copy. Any other use that may capture ends
/// the search.
class BuiltinAwareCaptureTracker : public CaptureTracker {
public:
  explicit BuiltinAwareCaptureTracker(const Program &prog) : prog_(prog) {}
  bool capturedSomewhere = false;
  void tooManyUses() override { capturedSomewhere = true; }
  bool captured(const Use *u) override {
    if (auto *call = dyn_cast<CallBase>(u->getUser()); call && call->isArgOperand(u)) {
      auto b =
          call->getCalledFunction() ? prog_.builtinOf(call->getCalledFunction()) : std::nullopt;
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
          if (!f || prog_.builtinOf(f) != Builtin::CudaLaunch || call->getArgOperand(7) != v)
            return false;
          launched = true;
        } else {
          return false;
        }
      }
    }
    return launched;
  }

  const Program &prog_;
};
} // namespace

bool Program::staysInThread(const AllocaInst &a) const {
  BuiltinAwareCaptureTracker tracker(*this);
  PointerMayBeCaptured(&a, &tracker);
  return !tracker.capturedSomewhere;
}

void Program::analyseFunction(const Function &f) {
  FunctionInfo &fi = *byFunction_.lookup(&f);
  for (const Argument &a : f.args())
    fi.slots[&a] = fi.numSlots++;
  for (const Instruction &i : instructions(f)) {
    if (!i.getType()->isVoidTy())
      fi.slots[&i] = fi.numSlots++;
    if (auto *ai = dyn_cast<AllocaInst>(&i))
      if (staysInThread(*ai))
        privateAllocas_.insert(ai);
  }
  fi.dt = std::make_unique<DominatorTree>(const_cast<Function &>(f));
  fi.loops = std::make_unique<LoopInfo>(*fi.dt);
  for (const Loop *l : fi.loops->getLoopsInPreorder()) {
    LoopData ld{l, {}};
    SmallVector<BasicBlock *, 4> latches;
    l->getLoopLatches(latches);
    for (const PHINode &p : l->getHeader()->phis()) {
      bool retry = true;
      for (const BasicBlock *latch : latches)
        retry = retry && isRetryValue(p.getIncomingValueForBlock(latch), p, *l);
      ld.retryPhis.push_back(retry);
    }
    fi.loopOfHeader[l->getHeader()] = static_cast<uint32_t>(fi.loopData.size());
    fi.loopData.push_back(std::move(ld));
  }
}

bool Program::isRetryValue(const Value *v, const PHINode &header, const Loop &l) const {
  // What reaches the header on a back edge: the phi itself (unchanged), the value a CAS, an
  // RMW or a load of shared memory in the loop read, or a merge of those inside the loop (a failed
  // C11 compare_exchange stores what it read into `expected`, which mem2reg turns into such a
  // merge).
  SmallVector<const Value *, 8> work{v};
  SmallPtrSet<const Value *, 8> seen;
  while (!work.empty()) {
    const Value *x = work.pop_back_val();
    if (x == &header || !seen.insert(x).second)
      continue;
    auto *i = dyn_cast<Instruction>(x);
    if (!i || !l.contains(i))
      return false;
    if (auto *ev = dyn_cast<ExtractValueInst>(i)) {
      if (!isa<AtomicCmpXchgInst>(ev->getAggregateOperand()) || ev->getIndices()[0] != 0)
        return false;
    } else if (isa<AtomicRMWInst>(i)) {
      // the prior value an RMW of the loop read (a fetch_sub retried after its undo)
    } else if (auto *ld = dyn_cast<LoadInst>(i)) {
      // a load of shared memory in the loop (a queue's head read again, the value a dequeue
      // read): its value comes from a write of the graph, as a CAS's does; a local's does not
      if (isa<AllocaInst>(getUnderlyingObject(ld->getPointerOperand())))
        return false;
    } else if (auto *call = dyn_cast<CallBase>(i)) {
      auto *callee = call->getCalledFunction();
      if (!callee || builtinOf(callee) != Builtin::ApiCas)
        return false;
    } else if (auto *p = dyn_cast<PHINode>(i)) {
      for (const Value *in : p->incoming_values())
        work.push_back(in);
    } else if (auto *c = dyn_cast<CastInst>(i)) {
      work.push_back(c->getOperand(0));
    } else if (auto *s = dyn_cast<SelectInst>(i)) {
      work.push_back(s->getTrueValue());
      work.push_back(s->getFalseValue());
    } else {
      return false;
    }
  }
  return true;
}

uint64_t constantBits(const Program &p, const Constant *c) {
  const DataLayout &dl = p.dataLayout();
  if (auto *ci = dyn_cast<ConstantInt>(c)) {
    if (ci->getBitWidth() > 64)
      throw InputError("integers wider than 64 bits are not supported");
    return ci->getZExtValue();
  }
  if (auto *fp = dyn_cast<ConstantFP>(c))
    return fp->getValueAPF().bitcastToAPInt().getZExtValue();
  if (isa<ConstantPointerNull>(c) || isa<UndefValue>(c) || isa<ConstantAggregateZero>(c))
    return 0;
  if (auto *gv = dyn_cast<GlobalValue>(c))
    return p.addressOf(gv);
  if (auto *ce = dyn_cast<ConstantExpr>(c)) {
    switch (ce->getOpcode()) {
    case Instruction::GetElementPtr: {
      auto *gep = cast<GEPOperator>(ce);
      APInt off(dl.getIndexTypeSizeInBits(gep->getType()), 0);
      if (!gep->accumulateConstantOffset(dl, off))
        throw InputError("unsupported constant address expression");
      return constantBits(p, cast<Constant>(gep->getPointerOperand())) + off.getSExtValue();
    }
    case Instruction::BitCast:
    case Instruction::PtrToInt:
    case Instruction::IntToPtr:
    case Instruction::AddrSpaceCast:
      return constantBits(p, cast<Constant>(ce->getOperand(0)));
    case Instruction::Add:
      return constantBits(p, ce->getOperand(0)) + constantBits(p, ce->getOperand(1));
    case Instruction::Sub:
      return constantBits(p, ce->getOperand(0)) - constantBits(p, ce->getOperand(1));
    default:
      break;
    }
    throw InputError(std::string("unsupported constant expression '") + ce->getOpcodeName() + "'");
  }
  if (isa<BlockAddress>(c))
    throw InputError("the address of a label (&&label, GNU's computed goto) is not supported");
  std::string type;
  llvm::raw_string_ostream os(type);
  c->getType()->print(os);
  throw InputError("unsupported constant of type " + os.str());
}

} // namespace scopemc

#include "program/Program.h"
#include "frontend/IrPasses.h"
#include "program/MathLib.h"
#include "program/OpenClLib.h"
#include "program/analysis/Captures.h"
#include "program/analysis/Commuting.h"
#include "program/analysis/Names.h"
#include "program/analysis/SerialValue.h"
#include "program/analysis/Validate.h"

#include <algorithm>
#include <cstring>

#include <functional>

#include <llvm/ADT/SmallPtrSet.h>
#include <llvm/Analysis/CaptureTracking.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/DebugProgramInstruction.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Operator.h>

namespace scopemc {

using namespace llvm;

namespace {

/// The largest global with a nonzero initial value (its bytes are kept); zero-initialised
/// globals of any size cost nothing.
constexpr uint64_t kMaxInitialisedGlobal = uint64_t{1} << 30;

/// file:line of a global's definition (from its debug info), else its name.
/// The first instruction that uses `v`, through constant expressions, with a source line.
const DILocation *firstUseLine(const Value &v, int depth = 0) {
  for (const User *u : v.users()) {
    if (const auto *inst = dyn_cast<Instruction>(u)) {
      if (const DILocation *loc = inst->getDebugLoc().get())
        return loc;
    } else if (isa<ConstantExpr>(u) && depth < 4) {
      if (const DILocation *loc = firstUseLine(*u, depth + 1))
        return loc;
    }
  }
  return nullptr;
}

/// An instruction's source line; for a local the optimiser made (an SROA slice, which has
/// none), the line of the variable's declaration record.
DebugLoc localsLine(const Instruction &i) {
  if (i.getDebugLoc() || !isa<AllocaInst>(i))
    return i.getDebugLoc();
  for (DbgVariableRecord *r : findDVRDeclares(const_cast<Instruction *>(&i)))
    if (r->getDebugLoc())
      return r->getDebugLoc();
  return i.getDebugLoc();
}

std::string globalWhere(const GlobalVariable &g) {
  SmallVector<DIGlobalVariableExpression *, 1> gvs;
  g.getDebugInfo(gvs);
  std::string name = "global '" + llvm::demangle(g.getName().str()) + "'";
  for (auto *gve : gvs)
    if (DIGlobalVariable *v = gve->getVariable(); v && v->getFile())
      return v->getFile()->getFilename().str() + ":" + std::to_string(v->getLine()) + ": in " +
             name;
  // Clang's own globals (`__const.main.p`: a local array's initial value) have no debug
  // record: the line that copies them from is where the user wrote them.
  StringRef local = g.getName();
  if (local.consume_front("__const.")) {
    auto [fn, var] = local.split('.');
    name = "the initial value of local '" + var.str() + "' in " + fn.str();
  }
  if (const DILocation *loc = firstUseLine(g))
    return loc->getFilename().str() + ":" + std::to_string(loc->getLine()) + ": in " + name;
  return "in " + name;
}

} // namespace

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
/// The functions debug locations are in, as the source names them.
class LocationFunctions {
public:
  /// The function `loc` is in (an inlined callee's own name, "lab::Counter::bump");
  /// `fallback` when the location says nothing.
  std::string of(const DILocation &loc, const std::string &fallback) {
    const DISubprogram *sp = subprogramOf(loc.getScope());
    if (!sp)
      return fallback;
    auto [it, fresh] = names_.try_emplace(sp);
    if (fresh) {
      StringRef link = sp->getLinkageName();
      it->second = link.empty() ? sp->getName().str() : readableFunctionName(link);
    }
    return it->second;
  }

private:
  /// DILocalScope::getSubprogram, remembered for every block it passes: it walks up the
  /// nesting of lexical blocks, as deep as the source nests them (an else-if chain of 10,000
  /// branches is 10,000 deep), for each instruction.
  const DISubprogram *subprogramOf(const DILocalScope *s) {
    SmallVector<const DILocalScope *, 16> walked;
    const DISubprogram *sp = nullptr;
    for (; s; s = cast<DILexicalBlockBase>(s)->getScope()) {
      if (auto it = subprograms_.find(s); it != subprograms_.end()) {
        sp = it->second;
        break;
      }
      if (auto *p = dyn_cast<DISubprogram>(s)) {
        sp = p;
        break;
      }
      walked.push_back(s);
    }
    for (const DILocalScope *w : walked)
      subprograms_[w] = sp;
    return sp;
  }

  DenseMap<const DILocalScope *, const DISubprogram *> subprograms_;
  DenseMap<const DISubprogram *, std::string> names_;
};
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
        samplesNondet_ |= (*b == Builtin::NondetInt || *b == Builtin::NondetBool) && !f.use_empty();
      } else if (opts.undefinedAsNondet && !f.isIntrinsic() && refusalReason(f.getName()).empty()) {
        builtins_[&f] = Builtin::Undefined;
        callsUndefined_ |= !f.use_empty();
      } else if (!f.isIntrinsic() && refusalReason(f.getName()).empty()) {
        builtins_[&f] = Builtin::Unmodelled; // (an error path's perror need not stop a run)
      }
    }
    auto fi = std::make_unique<FunctionInfo>();
    fi->fn = &f;
    fi->address = next;
    next += 16;
    byFunction_[&f] = fi.get();
    functions_.push_back(std::move(fi));
  }
  LocationFunctions functions;
  for (const Function &f : *mod_) {
    std::string fname = f.isDeclaration() ? "" : readableFunctionName(f.getName());
    for (const Instruction &i : instructions(f)) {
      const DebugLoc &dl = localsLine(i);
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
                                       functions.of(*dl, fname), scope->getDirectory().str()});
      sources_[&i] = &sourceStore_.back();
    }
  }
  analyse();
  layoutGlobals();
  precomputeShared();
  const Function *e = mod_->getFunction(opts.entry);
  if (!e || e->isDeclaration())
    throw InputError(mod_->getSourceFileName() + ": the program has no function '" + opts.entry +
                     "' to start from");
  entry_ = byFunction_.lookup(e);
  auto builtin = [this](const Function &f) { return builtinOf(&f); };
  auto source = [this](const Instruction &i) { return sourceOf(&i); };
  auto computes = [](Intrinsic::ID id) { return mathIntrinsic(id).has_value(); };
  auto known = [this](SyncScope::ID id) { return id < syncScopes_.size() && syncScopes_[id]; };
  ValidationContext cx{builtin, source, computes, known};
  for (const Function &f : *mod_)
    if (!f.isDeclaration())
      validateFunction(f, cx);
  refusePersistency(*mod_);
}

void Program::analyse() {
  auto builtin = [this](const Function &f) { return builtinOf(&f); };
  for (auto &fi : functions_) {
    const Function &f = *fi->fn;
    if (f.isDeclaration())
      continue;
    describeFunction(*fi, builtin);
    findPrivateAllocas(f, builtin, privateAllocas_);
    findBulkShapes(f, builtin, bulkShapes_);
    for (const Instruction &i : instructions(f)) {
      auto *c = dyn_cast<CallBase>(&i);
      const Function *callee = c ? calledFunction(*c) : nullptr;
      bool rmw = isa<AtomicRMWInst>(i) || (callee && builtinOf(callee) == Builtin::ApiRmw);
      if (rmw && resultUnused(i))
        resultUses_.unusedRmw_.insert(&i);
      if (callee && builtinOf(callee) == Builtin::BarrierWait && !serialValueObserved(*c, builtin))
        resultUses_.unobservedSerial_.insert(&i);
    }
  }
  mayFenceSc_ = scopemc::mayFenceSc(*mod_, builtin);
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
      throw InputError(
          globalWhere(g) +
          (g.getName().starts_with("__const.") ? ": an initial value of " : ": a global of ") +
          std::to_string(size) + " bytes with a nonzero initial value exceeds scopemc's limit of " +
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

Grain Program::scalarGrain(uint64_t a) const {
  uint64_t start, size;
  if (!globalRange(a, start, size))
    return {};
  auto it = std::lower_bound(globalRanges_.begin(), globalRanges_.end(),
                             std::pair<uint64_t, uint64_t>(start, 0));
  Type *ty = rangeGlobals_[static_cast<size_t>(it - globalRanges_.begin())]->getValueType();
  uint64_t off = (addr::isBlockShared(a)   ? addr::sharedTemplate(a)
                  : addr::isThreadLocal(a) ? addr::threadLocalTemplate(a)
                                           : a) -
                 start;
  return grainIn(dataLayout(), ty, off);
}

BulkShape Program::bulkShape(const Instruction *call, unsigned operand) const {
  auto it = bulkShapes_.find({call, operand});
  return it == bulkShapes_.end() ? BulkShape{} : it->second;
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
  if (isa<ConstantPointerNull>(c) || isa<UndefValue>(c) || isa<ConstantAggregateZero>(c) ||
      isa<ConstantTargetNone>(c)) // (OpenCL's null event_t, a target type's zero)
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

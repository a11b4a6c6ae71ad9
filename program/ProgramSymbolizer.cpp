#include "program/ProgramSymbolizer.h"
#include "program/analysis/Names.h"

#include <filesystem>

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include "program/Launch.h"

using namespace llvm;

namespace scopemc {

namespace {

constexpr int kMaxTypeDepth = 8;

const DIType *stripQualifiers(const DIType *t) {
  while (auto *d = dyn_cast_or_null<DIDerivedType>(t)) {
    unsigned tag = d->getTag();
    if (tag != dwarf::DW_TAG_typedef && tag != dwarf::DW_TAG_const_type &&
        tag != dwarf::DW_TAG_volatile_type && tag != dwarf::DW_TAG_atomic_type &&
        tag != dwarf::DW_TAG_restrict_type)
      break;
    t = d->getBaseType();
  }
  return t;
}

uint64_t bytesOf(const DIType *t) {
  t = stripQualifiers(t);
  return t ? t->getSizeInBits() / 8 : 0;
}

std::string offsetText(uint64_t off) { return off ? "+" + std::to_string(off) : ""; }

std::string elementPath(const DIType *t, uint64_t off, int depth);

std::string arrayPath(const DICompositeType &c, uint64_t off, int depth) {
  const DIType *elem = c.getBaseType();
  uint64_t esz = bytesOf(elem);
  if (esz == 0)
    return offsetText(off);
  std::vector<uint64_t> counts;
  for (const DINode *n : c.getElements())
    if (auto *sr = dyn_cast<DISubrange>(n)) {
      auto *ci = dyn_cast_if_present<ConstantInt *>(sr->getCount());
      counts.push_back(ci && ci->getSExtValue() > 0 ? ci->getZExtValue() : 1);
    }
  if (counts.empty())
    counts.push_back(1);
  std::string s;
  uint64_t rest = off;
  for (size_t k = 0; k < counts.size(); ++k) {
    uint64_t stride = esz;
    for (size_t j = k + 1; j < counts.size(); ++j)
      stride *= counts[j];
    s += "[" + std::to_string(rest / stride) + "]";
    rest %= stride;
  }
  return s + elementPath(elem, rest, depth + 1);
}

std::string recordPath(const DICompositeType &c, uint64_t off, int depth) {
  for (const DINode *n : c.getElements()) {
    auto *m = dyn_cast<DIDerivedType>(n);
    if (!m || m->isStaticMember() ||
        (m->getTag() != dwarf::DW_TAG_member && m->getTag() != dwarf::DW_TAG_inheritance))
      continue;
    uint64_t from = m->getOffsetInBits() / 8,
             size = std::max<uint64_t>(bytesOf(m->getBaseType()), 1);
    if (off < from || off >= from + size)
      continue;
    std::string field = m->getTag() == dwarf::DW_TAG_member ? "." + m->getName().str() : "";
    return field + elementPath(m->getBaseType(), off - from, depth + 1);
  }
  return offsetText(off);
}

/// The element of an object of type t at byte offset `off`: "[1]", ".count[2]", "+3".
std::string elementPath(const DIType *t, uint64_t off, int depth) {
  t = stripQualifiers(t);
  auto *c = dyn_cast_or_null<DICompositeType>(t);
  if (!c || depth > kMaxTypeDepth)
    return offsetText(off);
  switch (c->getTag()) {
  case dwarf::DW_TAG_array_type:
    return arrayPath(*c, off, depth);
  case dwarf::DW_TAG_structure_type:
  case dwarf::DW_TAG_class_type:
  case dwarf::DW_TAG_union_type:
    return recordPath(*c, off, depth);
  default:
    return offsetText(off);
  }
}

/// "ns::Klass::" for a variable declared in that scope; functions by name ("reduce::").
std::string qualifier(const DIScope *s) {
  std::string q;
  for (int depth = 0; s && depth < kMaxTypeDepth; ++depth, s = s->getScope()) {
    if (isa<DIFile>(s) || isa<DICompileUnit>(s))
      break;
    StringRef n = s->getName();
    if (!n.empty())
      q = n.str() + "::" + q;
  }
  return q;
}

/// The variable an alloca (or a global) holds, from its debug information.
const DIVariable *variableOf(const Value *v) {
  v = v->stripPointerCasts();
  auto *mv = const_cast<Value *>(v);
  for (auto *d : findDbgDeclares(mv))
    return d->getVariable();
  for (auto *r : findDVRDeclares(mv))
    return r->getVariable();
  if (auto *g = dyn_cast<GlobalVariable>(v)) {
    SmallVector<DIGlobalVariableExpression *, 1> es;
    g->getDebugInfo(es);
    if (!es.empty())
      return es.front()->getVariable();
  }
  return nullptr;
}

/// The variable a call's result is kept in: stored to a variable's memory, or described
/// by debug values.
const DIVariable *receiverOf(const CallBase &call) {
  for (const User *u : call.users())
    if (auto *st = dyn_cast<StoreInst>(u); st && st->getValueOperand() == &call)
      if (const DIVariable *v = variableOf(st->getPointerOperand()))
        return v;
  SmallVector<DbgValueInst *, 2> values;
  SmallVector<DbgVariableRecord *, 2> records;
  findDbgValues(values, const_cast<CallBase *>(&call), &records);
  for (auto *d : values)
    return d->getVariable();
  for (auto *r : records)
    return r->getVariable();
  return nullptr;
}

/// The type of the value a memory instruction reads or writes; null for other instructions.
const Type *accessedType(const Instruction &i) {
  if (auto *l = dyn_cast<LoadInst>(&i))
    return l->getType();
  if (auto *st = dyn_cast<StoreInst>(&i))
    return st->getValueOperand()->getType();
  if (auto *rmw = dyn_cast<AtomicRMWInst>(&i))
    return rmw->getValOperand()->getType();
  if (auto *cas = dyn_cast<AtomicCmpXchgInst>(&i))
    return cas->getCompareOperand()->getType();
  return nullptr;
}

} // namespace

ProgramSymbolizer::ProgramSymbolizer(const Program &p, const std::string &includeDir) : p_(p) {
  indexSources();
  nameParameters();
  nameGlobals();
  nameAllocationSites();
  findPlumbing(includeDir);
  layOutEntryFrames();
}

const DILocalVariable *ProgramSymbolizer::harnessBuffer(const GlobalVariable &g) const {
  // The kernel harness names the buffer behind parameter P of kernel K "K.P" (--kernel).
  StringRef name = g.getName();
  size_t dot = name.rfind('.');
  const Function *k =
      dot == StringRef::npos ? nullptr : p_.module().getFunction(name.take_front(dot));
  auto vars = k ? params_.find(k) : params_.end();
  if (vars == params_.end())
    return nullptr;
  for (const DILocalVariable *v : vars->second)
    if (v && v->getName() == name.drop_front(dot + 1))
      return v;
  return nullptr;
}

void ProgramSymbolizer::layOutEntryFrames() {
  // As Interpreter::exec places an alloca that may be shared (Instruction::Alloca): from
  // addr::kStackStart, aligned by addr::stackAlign, at least a byte each, in execution order,
  // each followed by addr::kStackRedZone unused bytes.
  const DataLayout &dl = p_.dataLayout();
  for (const Function &f : p_.module()) {
    if (f.isDeclaration())
      continue;
    std::vector<StackSlot> &slots = entryFrames_[&f];
    uint64_t top = addr::kStackStart;
    for (const Instruction &i : f.getEntryBlock()) {
      if (isa<CallBase>(i) && !isa<IntrinsicInst>(i))
        break; // the callee may put objects of its own on the stack first
      auto *a = dyn_cast<AllocaInst>(&i);
      if (!a || p_.isPrivate(a))
        continue;
      auto *n = dyn_cast<ConstantInt>(a->getArraySize());
      if (!n)
        break; // a size known at run time only
      top = addr::stackAlign(top, a->getAlign().value());
      uint64_t size = std::max<uint64_t>(
          dl.getTypeAllocSize(a->getAllocatedType()).getFixedValue() * n->getZExtValue(), 1);
      StackSlot slot{top, top + size, {}};
      if (const DIVariable *v = variableOf(a)) {
        slot.var.name = qualifier(v->getScope()) + v->getName().str();
        slot.var.type = v->getType();
      }
      slots.push_back(std::move(slot));
      top += size + addr::kStackRedZone;
    }
  }
}

std::string ProgramSymbolizer::stackName(Addr a, const WitnessMemory &mem) const {
  ThreadId t = addr::ownerOf(a);
  uint64_t off = addr::offsetIn(a);
  std::string fallback = "stack of T" + std::to_string(t) + offsetText(off);
  uint64_t entry =
      static_cast<size_t>(t) < mem.entries.size() ? mem.entries[static_cast<size_t>(t)] : 0;
  const FunctionInfo *fi = t == 0 ? &p_.entry() : entry ? p_.functionAt(entry) : nullptr;
  auto frame = fi ? entryFrames_.find(fi->fn) : entryFrames_.end();
  if (frame == entryFrames_.end())
    return fallback;
  for (const StackSlot &s : frame->second)
    if (off >= s.from && off < s.to && !s.var.name.empty())
      return s.var.name + elementPath(s.var.type, off - s.from, 0) +
             (t == 0 ? std::string() : " of T" + std::to_string(t));
  return fallback;
}

void ProgramSymbolizer::indexSources() {
  for (const Function &f : p_.module())
    for (const Instruction &i : instructions(f))
      if (const SourceLoc *src = p_.sourceOf(&i)) {
        instructionAt_[src] = &i;
        if (const Type *t = accessedType(i))
          accessKinds_[src] |= t->isFloatingPointTy() ? 1 : 2;
      }
}

void ProgramSymbolizer::nameParameters() {
  for (const Function &f : p_.module()) {
    if (f.isDeclaration())
      continue;
    auto &vars = params_[&f];
    vars.assign(f.arg_size(), nullptr);
    std::vector<bool> reassigned(f.arg_size(), false);
    // f's own parameters (not an inlined callee's); one the code assigns another value is
    // not used to name memory (the name would be the entry value's, not the line's).
    auto note = [&](const DILocalVariable *v, const Value *value) {
      if (!v || !v->isParameter() || v->getScope() != f.getSubprogram() || v->getArg() < 1 ||
          v->getArg() > vars.size())
        return;
      vars[v->getArg() - 1] = v;
      auto *a = dyn_cast_or_null<Argument>(value);
      if (!a || a->getArgNo() != v->getArg() - 1)
        reassigned[v->getArg() - 1] = true;
    };
    for (const Instruction &i : instructions(f)) {
      if (auto *d = dyn_cast<DbgValueInst>(&i))
        note(d->getVariable(), d->getVariableLocationOp(0));
      for (const DbgVariableRecord &r : filterDbgVars(i.getDbgRecordRange()))
        if (r.getType() == DbgVariableRecord::LocationType::Value)
          note(r.getVariable(), r.getVariableLocationOp(0));
    }
    for (size_t k = 0; k < vars.size(); ++k)
      if (reassigned[k])
        vars[k] = nullptr;
  }
}

bool ProgramSymbolizer::objectStart(Addr a, const WitnessMemory &mem, Addr &start) const {
  uint64_t size = 0;
  if (p_.globalRange(a, start, size))
    return true;
  const HeapBlock *b = mem.blockAt(a);
  if (b)
    start = b->start;
  return b != nullptr;
}

std::string ProgramSymbolizer::accessName(const ExecutionGraph &g, const MemAccessLabel &l,
                                          const WitnessMemory &mem) const {
  // Only accesses of a launched kernel's threads through one of the kernel's pointer
  // parameters, whose values the launch recorded (ThreadEntry::data).
  ThreadId t = l.pos().thread;
  if (t <= 0 || !g.threadExists(t) || !g.contains(g.creatorOf(t)))
    return "";
  const auto *create = dyn_cast<ThreadCreateLabel>(g.label(g.creatorOf(t)));
  if (!create || !create->entry().place || !create->entry().data)
    return "";
  const FunctionInfo *fi = p_.functionAt(create->entry().function);
  auto at = instructionAt_.find(l.source());
  if (!fi || at == instructionAt_.end() || at->second->getFunction() != fi->fn)
    return "";
  // The pointers the instruction may access through: its pointer operand, or a builtin
  // call's pointer arguments (an atomic of the headers).
  std::vector<const Value *> pointers;
  if (auto *ld = dyn_cast<LoadInst>(at->second))
    pointers.push_back(ld->getPointerOperand());
  else if (auto *st = dyn_cast<StoreInst>(at->second))
    pointers.push_back(st->getPointerOperand());
  else if (auto *rmw = dyn_cast<AtomicRMWInst>(at->second))
    pointers.push_back(rmw->getPointerOperand());
  else if (auto *cas = dyn_cast<AtomicCmpXchgInst>(at->second))
    pointers.push_back(cas->getPointerOperand());
  else if (auto *call = dyn_cast<CallBase>(at->second))
    for (const Value *a : call->args())
      if (a->getType()->isPointerTy())
        pointers.push_back(a);
  Addr accessStart = 0;
  if (!objectStart(l.addr(), mem, accessStart))
    return "";
  const DILocalVariable *var = nullptr;
  uint64_t base = 0;
  for (const Value *ptr : pointers) {
    while (isa<GetElementPtrInst>(ptr) || isa<CastInst>(ptr))
      ptr = cast<Instruction>(ptr)->getOperand(0);
    auto *arg = dyn_cast<Argument>(ptr);
    if (!arg || arg->getParent() != fi->fn)
      continue;
    auto value =
        launchScalarParam(p_.dataLayout(), *fi->fn, create->entry().data->bytes, arg->getArgNo());
    Addr start = 0;
    if (!value || l.addr() < *value || !objectStart(*value, mem, start) || start != accessStart)
      continue; // this parameter does not point into the object accessed
    if (var)
      return ""; // two parameters could name it: neither is sure
    var = params_.at(fi->fn)[arg->getArgNo()];
    base = *value;
    if (!var)
      return "";
  }
  if (!var)
    return "";
  auto *d = dyn_cast_or_null<DIDerivedType>(stripQualifiers(var->getType()));
  const DIType *pointee =
      d && d->getTag() == dwarf::DW_TAG_pointer_type ? d->getBaseType() : nullptr;
  uint64_t off = l.addr() - base, esz = bytesOf(pointee);
  if (esz == 0)
    return var->getName().str() + offsetText(off);
  return var->getName().str() + "[" + std::to_string(off / esz) + "]" +
         elementPath(pointee, off % esz, 0);
}

void ProgramSymbolizer::nameGlobals() {
  for (const GlobalVariable &g : p_.module().globals()) {
    Named n;
    if (const auto *v = dyn_cast_or_null<DIGlobalVariable>(variableOf(&g))) {
      n.name = qualifier(v->getScope()) + v->getName().str();
      n.type = v->getType();
    } else if (g.getName().starts_with("__const.")) { // clang's copy of a local's initialiser
      std::string rest = g.getName().drop_front(8).str();
      size_t dot = rest.rfind('.');
      n.name = dot == std::string::npos
                   ? rest
                   : readableFunctionName(rest.substr(0, dot)) + "::" + rest.substr(dot + 1);
      n.name = "initialiser of " + n.name;
    } else if (const DILocalVariable *param = harnessBuffer(g)) {
      n.name = param->getName().str(); // what the kernel's parameter points to (--kernel)
      auto *d = dyn_cast_or_null<DIDerivedType>(stripQualifiers(param->getType()));
      if (d && d->getTag() == dwarf::DW_TAG_pointer_type) { // an array of the pointee
        n.type = d->getBaseType();
        n.elementSize = bytesOf(n.type);
      }
    } else {
      n.name = withoutParameters(demangle(g.getName().str()));
    }
    if (!n.type && !n.elementSize)
      if (auto *at = dyn_cast<ArrayType>(g.getValueType()))
        n.elementSize = p_.dataLayout().getTypeAllocSize(at->getElementType());
    globals_[p_.addressOf(&g)] = std::move(n);
  }
}

void ProgramSymbolizer::nameAllocationSites() {
  for (const Function &f : p_.module())
    for (const Instruction &i : instructions(f)) {
      auto *call = dyn_cast<CallBase>(&i);
      const SourceLoc *src = p_.sourceOf(&i);
      if (!call || !src || !call->getType()->isPointerTy())
        continue;
      const Function *callee = call->getCalledFunction();
      auto b = callee ? p_.builtinOf(callee) : std::nullopt;
      if (!b || (*b != Builtin::Malloc && *b != Builtin::Calloc))
        continue;
      if (const DIVariable *v = receiverOf(*call)) {
        const DIType *ptr = stripQualifiers(v->getType());
        auto *d = dyn_cast_or_null<DIDerivedType>(ptr);
        const DIType *pointee =
            d && d->getTag() == dwarf::DW_TAG_pointer_type ? d->getBaseType() : nullptr;
        sites_[src] = Named{v->getName().str(), pointee};
      }
    }
}

void ProgramSymbolizer::findPlumbing(const std::string &includeDir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::string root = fs::weakly_canonical(includeDir, ec).string();
  if (root.empty())
    return;
  std::unordered_map<std::string, bool> byPath;
  for (const Function &f : p_.module())
    for (const Instruction &i : instructions(f))
      if (const SourceLoc *src = p_.sourceOf(&i)) {
        auto [it, fresh] = byPath.try_emplace(src->path(), false);
        if (fresh) {
          std::string path = fs::weakly_canonical(src->path(), ec).string();
          it->second = !ec && path.size() > root.size() &&
                       path.compare(0, root.size(), root) == 0 && path[root.size()] == '/';
        }
        if (it->second)
          plumbing_.insert(src);
      }
}

std::string ProgramSymbolizer::globalName(Addr a, const WitnessMemory &mem) const {
  uint64_t start = 0, size = 0;
  if (!p_.globalRange(a, start, size))
    return "";
  auto it = globals_.find(start);
  if (it == globals_.end())
    return "";
  uint64_t at = addr::isBlockShared(a)   ? addr::sharedTemplate(a)
                : addr::isThreadLocal(a) ? addr::threadLocalTemplate(a)
                                         : a;
  uint64_t off = at - start, esz = it->second.elementSize;
  std::string n = it->second.name + (esz ? "[" + std::to_string(off / esz) + "]" +
                                               elementPath(it->second.type, off % esz, 0)
                                         : elementPath(it->second.type, off, 0));
  if (addr::isBlockShared(a)) {
    uint64_t key = addr::sharedKey(a) - 1;
    auto device = static_cast<uint32_t>(key >> 16), block = static_cast<uint32_t>(key & 0xFFFF);
    LaunchPlace place = mem.blockPlace(device, block);
    n += " of " + (device ? "device " + std::to_string(device) + " " : std::string()) + "block " +
         std::to_string(place.block) +
         (place.launch ? " of launch " + std::to_string(place.launch) : std::string());
  } else if (addr::isThreadLocal(a)) {
    n += " of T" + std::to_string(addr::ownerOf(a));
  }
  return n;
}

std::string ProgramSymbolizer::heapName(Addr a, const WitnessMemory &mem) const {
  const HeapBlock *b = mem.blockAt(a);
  if (!b)
    return "";
  uint64_t off = a - b->start;
  auto it = b->site ? sites_.find(b->site) : sites_.end();
  if (it == sites_.end())
    return "heap#" + std::to_string(b->ordinal) + offsetText(off);
  uint64_t esz = bytesOf(it->second.type);
  if (esz == 0)
    return it->second.name + offsetText(off);
  return it->second.name + "[" + std::to_string(off / esz) + "]" +
         elementPath(it->second.type, off % esz, 0);
}

std::string ProgramSymbolizer::nameOf(Addr a, const WitnessMemory &mem) const {
  if (std::string g = globalName(a, mem); !g.empty())
    return g;
  uint64_t region = a & addr::kRegionMask;
  if (region == addr::kHeap)
    return heapName(a, mem);
  if (region == addr::kSharedStack)
    return stackName(a, mem);
  return "";
}

} // namespace scopemc

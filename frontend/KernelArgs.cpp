#include "frontend/KernelArgs.h"

#include <cerrno>
#include <cstdlib>
#include <map>
#include <set>

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

#include "frontend/InputError.h"

namespace scopemc {

using namespace llvm;

namespace {

/// The numbers of a VALUE: one, or several separated by commas (a vector, an array).
bool parseNumbers(const std::string &text, std::vector<std::string> &out) {
  size_t start = 0;
  while (true) {
    size_t comma = text.find(',', start);
    std::string part =
        text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (part.empty())
      return false;
    out.push_back(part);
    if (comma == std::string::npos)
      return true;
    start = comma + 1;
  }
}

/// A scalar of type t from its text: an integer (decimal, 0x, 0 octal) or a floating-point
/// number; null when the text is not one.
Constant *scalarOf(Type *t, const std::string &text) {
  char *end = nullptr;
  if (t->isIntegerTy()) {
    // A value of the type, read as signed or as unsigned: from -2^(w-1) to 2^w - 1.
    unsigned w = t->getIntegerBitWidth();
    errno = 0;
    long long v = std::strtoll(text.c_str(), &end, 0);
    if (!end || *end != '\0' || text.empty())
      return nullptr;
    if (errno == ERANGE) { // past LLONG_MAX (or below LLONG_MIN): an unsigned value only
      errno = 0;
      unsigned long long u = std::strtoull(text.c_str(), &end, 0);
      if (errno == ERANGE || text[0] == '-' || w < 64)
        return nullptr;
      return ConstantInt::get(t, u);
    }
    if (w < 64 && (v < -(1ll << (w - 1)) || (v > 0 && static_cast<unsigned long long>(v) >> w)))
      return nullptr;
    return ConstantInt::get(t, static_cast<uint64_t>(v), true);
  }
  if (t->isFloatingPointTy()) {
    double v = std::strtod(text.c_str(), &end);
    if (!end || *end != '\0')
      return nullptr;
    return ConstantFP::get(t, v);
  }
  return nullptr;
}

/// The debug-info type of parameter a of k, through typedefs and qualifiers.
const DIType *paramDebugType(const Function &k, const Argument &a) {
  if (const DISubprogram *sp = k.getSubprogram()) // the function's type: [return, params...]
    if (const DISubroutineType *st = sp->getType()) {
      DITypeRefArray types = st->getTypeArray();
      if (a.getArgNo() + 1 < types.size())
        if (const DIType *t = types[a.getArgNo() + 1])
          return t;
    }
  for (const Instruction &i : instructions(k))
    if (auto *dv = dyn_cast<DbgVariableIntrinsic>(&i))
      if (DILocalVariable *v = dv->getVariable(); v && v->getArg() == a.getArgNo() + 1)
        return v->getType();
  for (const DbgVariableRecord &r : filterDbgVars(k.getEntryBlock().front().getDbgRecordRange()))
    if (DILocalVariable *v = r.getVariable(); v && v->getArg() == a.getArgNo() + 1)
      return v->getType();
  // records are attached to the instruction after them: look at every instruction
  for (const Instruction &i : instructions(k))
    for (const DbgVariableRecord &r : filterDbgVars(i.getDbgRecordRange()))
      if (DILocalVariable *v = r.getVariable(); v && v->getArg() == a.getArgNo() + 1)
        return v->getType();
  return nullptr;
}

const DIType *stripped(const DIType *t) {
  while (auto *d = dyn_cast_or_null<DIDerivedType>(t)) {
    if (d->getTag() != dwarf::DW_TAG_typedef && d->getTag() != dwarf::DW_TAG_const_type &&
        d->getTag() != dwarf::DW_TAG_volatile_type)
      break;
    t = d->getBaseType();
  }
  return t;
}

/// Field names of a struct by byte offset (from its debug-info type).
std::map<uint64_t, std::pair<std::string, const DIType *>> fieldsOf(const DIType *t) {
  std::map<uint64_t, std::pair<std::string, const DIType *>> out;
  auto *ct = dyn_cast_or_null<DICompositeType>(stripped(t));
  if (!ct)
    return out;
  for (const DINode *e : ct->getElements())
    if (auto *m = dyn_cast<DIDerivedType>(e); m && m->getTag() == dwarf::DW_TAG_member)
      out[m->getOffsetInBits() / 8] = {m->getName().str(), m->getBaseType()};
  return out;
}

struct Builder {
  const Module &m;
  const KernelOptions &o;
  std::string where, kernel;
  std::vector<std::string> missing;

  std::string param, index;              // the parameter's name and position
  std::set<std::string> *used = nullptr; // the --arg names that gave a value

  const std::string *given(const std::string &name) const {
    std::string byIndex = index + name.substr(param.size());
    for (auto &[n, v] : o.args)
      if (n == name || n == byIndex) {
        if (used)
          used->insert(n);
        return &v;
      }
    return nullptr;
  }

  /// The value of `name` (a parameter, or a field path) of IR type t.
  Constant *valueOf(Type *t, const std::string &name, const DIType *di) {
    if (auto *st = dyn_cast<StructType>(t)) {
      auto fields = fieldsOf(di);
      const StructLayout *sl = m.getDataLayout().getStructLayout(st);
      std::vector<Constant *> elems;
      for (unsigned k = 0; k < st->getNumElements(); ++k) {
        auto it = fields.find(sl->getElementOffset(k));
        if (it == fields.end()) { // padding the compiler made explicit, or no debug info
          elems.push_back(Constant::getNullValue(st->getElementType(k)));
          continue;
        }
        elems.push_back(
            valueOf(st->getElementType(k), name + "." + it->second.first, it->second.second));
      }
      return ConstantStruct::get(st, elems);
    }
    const std::string *text = given(name);
    if (!text) {
      if (name.find('.') == std::string::npos) // a parameter; a struct's field defaults to 0
        missing.push_back(name);
      return Constant::getNullValue(t);
    }
    std::vector<std::string> parts;
    if (!parseNumbers(*text, parts))
      throw InputError(where + "the value '" + *text + "' given for '" + name +
                       "': expected a number or numbers separated by commas");
    auto *vt = dyn_cast<FixedVectorType>(t);
    auto *at = dyn_cast<ArrayType>(t);
    Type *et = vt ? vt->getElementType() : at ? at->getElementType() : t;
    size_t n = vt ? vt->getNumElements() : at ? at->getNumElements() : 1;
    if (parts.size() != n && !(parts.size() == 1 && n > 1))
      throw InputError(where + "the value given for '" + name + "': " + std::to_string(n) +
                       " value" + (n == 1 ? "" : "s") + " expected, " +
                       std::to_string(parts.size()) + " given");
    std::vector<Constant *> elems;
    for (size_t k = 0; k < n; ++k) {
      Constant *c = scalarOf(et, parts[parts.size() == 1 ? 0 : k]);
      if (!c)
        throw InputError(where + "the value '" + *text + "' given for '" + name + "': '" +
                         parts[parts.size() == 1 ? 0 : k] + "' is not a value of the " +
                         (et->isFloatingPointTy() ? "floating-point" : "integer") +
                         " type it gives");
      elems.push_back(c);
    }
    if (vt)
      return ConstantVector::get(elems);
    if (at)
      return ConstantArray::get(at, elems);
    return elems[0];
  }
};

} // namespace

Constant *kernelArgumentValue(const Module &m, const Function &k, const Argument &a,
                              const KernelOptions &o, const std::string &where,
                              std::set<std::string> *used) {
  std::string name = a.hasName() ? a.getName().str() : "#" + std::to_string(a.getArgNo());
  Type *t = a.getParamByValType() ? a.getParamByValType() : a.getType();
  Builder b{m, o, where, o.name, {}, name, std::to_string(a.getArgNo()), used};
  const DIType *di = paramDebugType(k, a);
  Constant *c = b.valueOf(t, name, di);
  if (!b.missing.empty()) {
    InputError e(where + "kernel parameter '" + name + "' of '" + o.name + "' needs a value");
    e.unsetParameters = b.missing;
    throw e;
  }
  return c;
}

} // namespace scopemc

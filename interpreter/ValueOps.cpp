// The instructions that compute a value from values: arithmetic, comparisons, casts,
// selects, aggregates and vectors (Interpreter::exec hands them here). They make no event and
// touch no memory; the undefined operations of C (a division by zero, the minimum / -1, an
// over-wide shift, a vector subscript out of range) end the thread with an error event.
#include "interpreter/Arithmetic.h"
#include "interpreter/CallHost.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>

namespace scopemc {

using namespace llvm;

namespace {

/// icmp and fcmp, on scalars and element by element on vectors.
Flow compare(CallHost &h, CallFrame &f, const CmpInst &c, const Instruction &i) {
  Type *t = c.getOperand(0)->getType();
  if (!t->isVectorTy() && !c.isFPPredicate()) {
    CallHost::setBits(f, i,
                      compareInt(c.getPredicate(), h.bits(f, c.getOperand(0)),
                                 h.bits(f, c.getOperand(1)), intBits(t))
                          ? 1u
                          : 0u);
    return Flow::Next;
  }
  RtValue a = h.get(f, c.getOperand(0)), b = h.get(f, c.getOperand(1));
  auto one = [&](uint64_t x, uint64_t y) {
    return c.isFPPredicate() ? compareFloat(c.getPredicate(), asDouble(x, t->getScalarType()),
                                            asDouble(y, t->getScalarType()))
                             : compareInt(c.getPredicate(), x, y, intBits(t->getScalarType()));
  };
  if (t->isVectorTy()) {
    RtValue r;
    for (size_t k = 0; k < a.elems.size(); ++k)
      r.elems.push_back(RtValue{one(a.elems[k].bits, b.elems[k].bits) ? 1u : 0u, {}});
    CallHost::set(f, i, std::move(r));
  } else {
    CallHost::set(f, i, RtValue{one(a.bits, b.bits) ? 1u : 0u, {}});
  }
  return Flow::Next;
}

/// The instructions on aggregates and vectors (extract and insert, element or value; shuffle);
/// nullopt for any other.
std::optional<Flow> aggregateOp(CallHost &h, ThreadState &th, CallFrame &f, const Instruction &i) {
  switch (i.getOpcode()) {
  case Instruction::ExtractValue: {
    RtValue constant; // the aggregate is read in place unless it is a constant
    const Value *op = i.getOperand(0);
    const RtValue *v = nullptr;
    if (isa<Constant>(op)) {
      constant = h.get(f, op);
      v = &constant;
    } else {
      v = &CallHost::reg(f, op);
    }
    for (unsigned idx : cast<ExtractValueInst>(i).indices())
      v = &v->elems.at(idx);
    if (v->elems.empty())
      CallHost::setBits(f, i, v->bits);
    else
      CallHost::set(f, i, RtValue(*v));
    return Flow::Next;
  }
  case Instruction::InsertValue: {
    RtValue agg = h.get(f, i.getOperand(0));
    RtValue *slot = &agg;
    for (unsigned idx : cast<InsertValueInst>(i).indices())
      slot = &slot->elems.at(idx);
    *slot = h.get(f, i.getOperand(1));
    CallHost::set(f, i, std::move(agg));
    return Flow::Next;
  }
  case Instruction::ExtractElement:
  case Instruction::InsertElement: { // (an index past the vector: poison, C's undefined subscript)
    bool extract = i.getOpcode() == Instruction::ExtractElement;
    RtValue v = h.get(f, i.getOperand(0));
    uint64_t k = h.get(f, i.getOperand(extract ? 1 : 2)).bits;
    if (k >= v.elems.size())
      return h.fail(th, i, ErrorKind::UndefinedBehaviour,
                    "vector subscript out of range: element " + std::to_string(k) + " of " +
                        std::to_string(v.elems.size()) + " elements");
    if (extract) {
      CallHost::set(f, i, RtValue(v.elems.at(k)));
      return Flow::Next;
    }
    v.elems.at(k) = h.get(f, i.getOperand(1));
    CallHost::set(f, i, std::move(v));
    return Flow::Next;
  }
  case Instruction::ShuffleVector: { // element m of a ++ b for each mask element m
    auto &sh = cast<ShuffleVectorInst>(i);
    RtValue a = h.get(f, sh.getOperand(0)), b = h.get(f, sh.getOperand(1)), r;
    size_t n = a.elems.size();
    for (int m : sh.getShuffleMask())
      r.elems.push_back(m < 0                        ? RtValue{}
                        : static_cast<size_t>(m) < n ? a.elems.at(static_cast<size_t>(m))
                                                     : b.elems.at(static_cast<size_t>(m) - n));
    CallHost::set(f, i, std::move(r));
    return Flow::Next;
  }
  default:
    return std::nullopt;
  }
}

/// A binary operator; C's undefined integer operations (undefinedIntegerOp) end the thread.
Flow binary(CallHost &h, ThreadState &th, CallFrame &f, const BinaryOperator *b,
            const Instruction &i) {
  if (!b->getType()->isVectorTy() && !b->getType()->isFloatingPointTy()) {
    RtValue x{h.bits(f, b->getOperand(0)), {}}, y{h.bits(f, b->getOperand(1)), {}};
    if (auto why = undefinedIntegerOp(*b, b->getType(), x.bits, y.bits))
      return h.fail(th, i, ErrorKind::UndefinedBehaviour, *why);
    CallHost::setBits(f, i, binaryOf(*b, b->getType(), x, y).bits);
    return Flow::Next;
  }
  RtValue x = h.get(f, b->getOperand(0)), y = h.get(f, b->getOperand(1));
  if (auto *vt = dyn_cast<VectorType>(b->getType()); vt && vt->getElementType()->isIntegerTy())
    for (size_t k = 0; k < x.elems.size() && k < y.elems.size(); ++k) // each lane, as C's
      if (auto why = undefinedIntegerOp(*b, vt->getElementType(), x.elems[k].bits, y.elems[k].bits))
        return h.fail(th, i, ErrorKind::UndefinedBehaviour,
                      *why + " (element " + std::to_string(k) + " of a vector)");
  CallHost::set(f, i, binaryOf(*b, b->getType(), x, y));
  return Flow::Next;
}

} // namespace

std::optional<Flow> execValue(CallHost &h, ThreadState &th, CallFrame &f, const Instruction &i) {
  switch (i.getOpcode()) {
  case Instruction::FNeg: { // the sign bit flipped (exact: NaNs keep their payload)
    RtValue v = h.get(f, i.getOperand(0));
    uint64_t sign = i.getType()->getScalarType()->isFloatTy() ? 1ull << 31 : 1ull << 63;
    v.bits ^= sign;
    for (size_t k = 0; k < v.elems.size(); ++k)
      v.elems[k].bits ^= sign;
    CallHost::set(f, i, std::move(v));
    return Flow::Next;
  }
  case Instruction::ICmp:
  case Instruction::FCmp:
    return compare(h, f, cast<CmpInst>(i), i);
  case Instruction::Select: {
    auto &s = cast<SelectInst>(i);
    if (s.getCondition()->getType()->isVectorTy()) { // element by element
      RtValue c = h.get(f, s.getCondition()), a = h.get(f, s.getTrueValue()),
              b = h.get(f, s.getFalseValue()), r;
      for (size_t k = 0; k < c.elems.size(); ++k)
        r.elems.push_back((c.elems[k].bits & 1) ? a.elems[k] : b.elems[k]);
      CallHost::set(f, i, std::move(r));
      return Flow::Next;
    }
    CallHost::set(
        f, i, h.get(f, (h.bits(f, s.getCondition()) & 1) ? s.getTrueValue() : s.getFalseValue()));
    return Flow::Next;
  }
  case Instruction::Freeze:
    CallHost::set(f, i, h.get(f, i.getOperand(0)));
    return Flow::Next;
  default:
    break;
  }
  if (std::optional<Flow> fl = aggregateOp(h, th, f, i))
    return fl;
  if (auto *b = dyn_cast<BinaryOperator>(&i))
    return binary(h, th, f, b, i);
  if (auto *c = dyn_cast<CastInst>(&i)) {
    if (!c->getType()->isVectorTy() && !c->getSrcTy()->isVectorTy()) {
      CallHost::setBits(
          f, i,
          castValue(h.program().dataLayout(), *c, RtValue{h.bits(f, c->getOperand(0)), {}}).bits);
      return Flow::Next;
    }
    CallHost::set(f, i, castValue(h.program().dataLayout(), *c, h.get(f, c->getOperand(0))));
    return Flow::Next;
  }
  return std::nullopt;
}

} // namespace scopemc

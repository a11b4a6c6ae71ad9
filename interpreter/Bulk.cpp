// Bulk operations on memory (memcpy, memset, memcmp and the intrinsics): each is a run of
// scalar accesses, split in the pieces the objects it touches are accessed in.
#include <cstring>

#include "interpreter/Interpreter.h"

namespace scopemc {

using namespace llvm;

namespace {
/// The size of the next piece of a bulk operation at `a` with `left` bytes to go: the
/// global's own scalar (Program::scalarGrain) where there is one, else the scalar of the
/// object's type the IR shows, else the widest access the operand's alignment and `a` allow
/// (at most 8 bytes).
Grain pieceAt(const Program &p, const Piecing &pc, uint64_t a, uint64_t left) {
  Grain g = p.scalarGrain(a);
  if (g.size == 0 && pc.type && a >= pc.base)
    g = grainIn(p.dataLayout(), pc.type, a - pc.base);
  if (g.size == 0)
    g.size = pc.align && pc.align < 8 ? pc.align : 8;
  while (g.size > 1 && (a % g.size || g.size > left))
    g.size /= 2;
  return g;
}

/// How operand `operand` (at address ptr) of bulk operation i splits (Program::bulkShape).
Piecing piecingOf(const CallHost &host, const ThreadState &th, const Instruction &i,
                  unsigned operand, uint64_t ptr) {
  BulkShape s = host.program().bulkShape(&i, operand);
  Piecing pc{s.type, ptr, s.align};
  if (s.base && s.base != i.getOperand(operand) && !th.stack.empty())
    pc.base = host.bits(th.stack.back(), s.base);
  return pc;
}
} // namespace

Interpreter::Flow Interpreter::copyMemory(Thread &th, const Instruction &i, uint64_t dst,
                                          uint64_t srcA, uint64_t n, bool resumable) {
  Piecing pd = piecingOf(*this, th, i, 0, dst), ps = piecingOf(*this, th, i, 1, srcA);
  // Padding between the fields of a struct (of the source or the destination) is not
  // copied: nothing reads it, and it may never have been written. The buffers grow as pieces
  // are read: a size beyond the objects fails at their end (out of bounds) before memory
  // for all of it is taken.
  Thread::Bulk &b = th.bulk;
  if (b.inst != &i)
    b = Thread::Bulk{&i, 0, false, {}, {}, th.nextIndex, {}, nullptr};
  auto stopped = [&](Flow fl, uint64_t off) {
    if (fl == Flow::Stop && resumable)
      b.off = off;
    else
      b = Thread::Bulk{};
    return fl;
  };
  // How much a side's pieces are known: from a global's own type or the type the IR shows
  // (2), from byte arithmetic or char accesses only (1: a `char *` view of any object), not
  // at all (0). The better known side decides the pieces of both.
  auto known = [&](const Piecing &pc, uint64_t a) {
    if (prog_.scalarGrain(a).size || (pc.type && !pc.type->isIntegerTy(8)))
      return 2;
    return pc.type ? 1 : 0;
  };
  for (uint64_t off = b.storing ? n : b.off; off < n;) {
    Grain s = pieceAt(prog_, ps, srcA + off, n - off), d = pieceAt(prog_, pd, dst + off, n - off);
    // A side the IR says nothing of (a `void *` copy into a fresh heap block) takes the grain
    // of the side whose type is known.
    int srcKnown = known(ps, srcA + off), dstKnown = known(pd, dst + off);
    uint32_t chunk = srcKnown < dstKnown   ? d.size
                     : srcKnown > dstKnown ? s.size
                                           : std::min(s.size, d.size);
    uint64_t v = 0;
    bool pad = s.padding || d.padding;
    Access piece;
    piece.copiedFrom = 1; // (a read of a copy: its own address goes into the label)
    if (!pad)
      if (Flow fl = loadScalar(th, i, srcA + off, chunk, piece, v); fl != Flow::Next)
        return stopped(fl, off);
    b.buf.resize(off + chunk);
    b.skip.resize(off + chunk, false);
    b.skip[off] = pad;
    std::memcpy(b.buf.data() + off, &v, chunk);
    off += chunk;
  }
  if (!b.storing) {
    b.storing = true;
    b.off = 0;
  }
  for (uint64_t off = b.off; off < n;) {
    Grain d = pieceAt(prog_, pd, dst + off, n - off);
    if (known(pd, dst + off) < known(ps, srcA + off)) // stored as it was read
      d = pieceAt(prog_, ps, srcA + off, n - off);
    uint64_t v = 0;
    std::memcpy(&v, b.buf.data() + off, d.size);
    Access piece;
    piece.copiedFrom = srcA + off;
    piece.copyReads = b.firstRead;
    if (!b.skip[off] && !d.padding)
      if (Flow fl = storeScalar(th, i, dst + off, d.size, v, piece); fl != Flow::Next)
        return stopped(fl, off);
    off += d.size;
  }
  b = Thread::Bulk{};
  return Flow::Next;
}

Interpreter::Flow Interpreter::storeRuns(Thread &th, const Instruction &i,
                                         std::span<const ByteRun> runs, bool resumable) {
  // b.off counts the bytes stored so far over all runs.
  Thread::Bulk &b = th.bulk;
  if (b.inst != &i)
    b = Thread::Bulk{&i, 0, true, {}, {}, -1, {}, nullptr};
  uint64_t before = 0; // the bytes of the runs before r
  for (const ByteRun &r : runs) {
    Piecing pd = piecingOf(*this, th, i, r.operand, r.addr);
    if (!pd.type && r.grain)
      pd.align = r.grain;
    for (uint64_t off = b.off > before ? b.off - before : 0; off < r.size;) {
      uint32_t chunk = pieceAt(prog_, pd, r.addr + off, r.size - off).size;
      uint64_t v = 0;
      if (r.bytes)
        std::memcpy(&v, r.bytes + off, chunk);
      else
        std::memset(&v, r.fill, chunk);
      if (Flow fl = storeScalar(th, i, r.addr + off, chunk, v, kPlain); fl != Flow::Next) {
        if (fl == Flow::Stop && resumable)
          b.off = before + off;
        else
          b = Thread::Bulk{};
        return fl;
      }
      off += chunk;
    }
    before += r.size;
  }
  b = Thread::Bulk{};
  return Flow::Next;
}

Interpreter::Flow Interpreter::readMemory(Thread &th, const Instruction &i,
                                          std::span<const unsigned> operands,
                                          std::span<const uint64_t> addrs, uint64_t n,
                                          std::vector<uint8_t> &bytes) {
  // th.bulk.buf holds the first side's bytes, then the second's (from n on); `storing` says
  // the second side is being read.
  Thread::Bulk &b = th.bulk;
  if (b.inst != &i)
    b = Thread::Bulk{&i, 0, false, {}, {}, -1, {}, nullptr};
  for (unsigned side = b.storing ? 1 : 0; side < operands.size(); ++side) {
    uint64_t at = addrs[side];
    Piecing pc = piecingOf(*this, th, i, operands[side], at);
    for (uint64_t off = b.off; off < n;) {
      Grain g = pieceAt(prog_, pc, at + off, n - off);
      uint64_t v = 0;
      if (!g.padding)
        if (Flow fl = loadScalar(th, i, at + off, g.size, kPlain, v); fl != Flow::Next) {
          if (fl == Flow::Stop) {
            b.storing = side == 1;
            b.off = off;
          } else {
            b = Thread::Bulk{};
          }
          return fl;
        }
      b.buf.resize(side * n + off + g.size);
      std::memcpy(b.buf.data() + side * n + off, &v, g.size);
      off += g.size;
    }
    b.off = 0;
  }
  bytes = std::move(b.buf);
  bytes.resize(operands.size() * n);
  b = Thread::Bulk{};
  return Flow::Next;
}

} // namespace scopemc

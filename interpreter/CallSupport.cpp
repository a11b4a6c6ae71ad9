// The functions every family of calls shares (CallSupport.h).
#include "interpreter/CallSupport.h"

#include "frontend/KernelHarness.h"
#include "model/BarrierKeys.h"
#include "program/Bits.h"

namespace scopemc {

using namespace llvm;

namespace {
constexpr uint64_t kHeapRedZone = 16;
constexpr uint32_t kMaxLaunchesPerThread = 64;
} // namespace

CallSupport::CallSupport(CallHost &host)
    : host_(host),
      symmetry_(host.options().reductions.symmetry || host.options().reductions.commutingUpdates
                    ? std::make_unique<SymmetryAnalysis>(
                          host.program(), host.options().overrides.get(),
                          host.options().reductions.checks(Premise::SymmetryIdBranches))
                    : nullptr) {}

std::string CallSupport::cString(uint64_t a) const {
  std::string s;
  for (uint64_t k = 0; k < 512; ++k) {
    uint64_t start, size;
    if (!host_.program().globalRange(a + k, start, size))
      return s.empty() ? "?" : s;
    char c = static_cast<char>(host_.program().initialValue(a + k, 1));
    if (!c)
      break;
    s += c;
  }
  return s;
}

Flow CallSupport::allocate(Thread &th, Frame &f, const CallBase &i, uint64_t size, bool zeroed,
                           uint64_t &out) {
  uint64_t top = (std::max<uint64_t>(th.heapTop, 16) + 15) / 16 * 16; // never offset 0
  // Allocation fails (NULL, no event) beyond kMaxAllocation or past the thread's heap region,
  // as it does on a machine for sizes no machine can give.
  if (size > addr::kMaxAllocation || top + size > addr::kThreadSpan) {
    out = 0;
    return Flow::Next;
  }
  out = addr::threadBase(addr::kHeap, th.tid) + top;
  if (!host_.offer(th, AllocLabel(host_.nextEvent(th), th.pos, host_.src(i), out, size, zeroed)))
    return Flow::Stop;
  // A red zone of 16 bytes after every block: an access just past its end (a[n]) lands in
  // memory no block owns, and the bug checks report it, instead of reading the next block.
  th.heapTop = top + std::max<uint64_t>(size, 1) + kHeapRedZone;
  th.progress.noteAllocation(out, size, th.nextIndex - 1);
  return Flow::Next;
}

Flow CallSupport::createThread(Thread &th, const CallBase &i, uint64_t routine, uint64_t argument,
                               uint64_t &child) {
  if (const FunctionInfo *fi = host_.program().functionAt(routine); !fi || fi->fn->isDeclaration())
    return host_.fail(th, i, ErrorKind::MemoryError,
                      calledFunction(i)->getName().str() +
                          " with a start routine that is not a function");
  ThreadEntry entry{routine, argument, std::nullopt, {}, nullptr, nullptr, nullptr, nullptr};
  return host_.offer(th, creation(th, i, std::move(entry)), &child) ? Flow::Next : Flow::Stop;
}

Flow CallSupport::joinThread(Thread &th, const CallBase &i, uint64_t child, uint64_t &value) {
  ThreadJoinLabel join(host_.nextEvent(th), th.pos, host_.src(i), static_cast<ThreadId>(child));
  return host_.offer(th, join, &value) ? Flow::Next : Flow::Stop;
}

ThreadCreateLabel CallSupport::creation(const Thread &th, const CallBase &i,
                                        ThreadEntry entry) const {
  describe(entry, true);
  return ThreadCreateLabel(host_.nextEvent(th), th.pos, host_.src(i), std::move(entry));
}

void CallSupport::describe(ThreadEntry &entry, bool keyed) const {
  if (symmetry_)
    if (const FunctionInfo *fi = host_.program().functionAt(entry.function)) {
      if (host_.options().reductions.symmetry && keyed)
        entry.symmetry = symmetry_->keyOf(entry, *fi);
      entry.sites = symmetry_->sitesOf(entry, *fi);
      entry.footprint = entry.sites ? SymmetryAnalysis::wholeFootprint(*entry.sites) : nullptr;
    }
}

SiteFootprintPtr CallSupport::mainSites() {
  if (!mainSites_)
    mainSites_ = symmetry_ ? symmetry_->sitesOf(ThreadEntry{}, host_.program().entry()) : nullptr;
  return *mainSites_;
}

Flow CallSupport::barrierWait(Thread &th, const CallBase &i, uint64_t barrier, uint32_t count,
                              Scope s, bool *serial, uint8_t fences, const Collective *coll,
                              uint64_t *result) {
  uint32_t k = 0;
  for (auto &[b, n] : th.barrierCalls)
    if (b == barrier)
      k = n;
  bool byArrival = host_.options().barrierArrivalOrder && !coll && !isBlockBarrier(barrier) &&
                   !isWarpBarrier(barrier);
  if (byArrival) { // the arrival counter, after the count in the barrier object
    uint64_t before = 0;
    if (Flow fl = host_.rmwAt(th, i, barrier + 4, 4, RmwOp::Add, 1,
                              Access{MemOrder::Relaxed, Scope::System}, before);
        fl != Flow::Next)
      return fl;
    k = static_cast<uint32_t>(before / count);
  }
  uint64_t isSerial = 0;
  BarrierArriveLabel arrive(host_.nextEvent(th), th.pos, s, host_.src(i), barrier, k, count,
                            serial != nullptr);
  arrive.setFences(fences);
  arrive.setByArrival(byArrival);
  if (coll)
    arrive.setCollective(*coll);
  else if (th.idle && th.idle->barrier == barrier && th.progress.noBarrierSince(*th.idle))
    arrive.setIdleFrom(static_cast<int32_t>(th.idle->from));
  // The instance the exploration put the arrival in: the k-th, but for a warp's convergence
  // barrier the first that is still open (model/Collective.h, openConvergenceInstance).
  uint64_t joined = k;
  if (!host_.offer(th, arrive, &joined))
    return Flow::Stop;
  k = static_cast<uint32_t>(joined);
  BarrierDepartLabel depart(host_.nextEvent(th), th.pos, s, host_.src(i), barrier, k, count);
  depart.setFences(fences);
  depart.setCollective(coll != nullptr);
  depart.setByArrival(byArrival);
  if (!host_.offer(th, depart, &isSerial))
    return Flow::Stop;
  // A plain barrier's reply: bit 0, this thread is the serial one; bit 1, the instance
  // ends an idle round of every participant (docs/dpor.md §4): they all block.
  if (!coll &&
      ((isSerial & 2) != 0 || (!host_.options().reductions.checks(Premise::IdleRoundsEveryPeer) &&
                               arrive.idleFrom() >= 0)))
    return host_.block(th, i, BlockReason::IdleRound);
  if (serial)
    *serial = (isSerial & 1) != 0;
  if (result)
    *result = isSerial;
  bool known = false;
  for (auto &[b, n] : th.barrierCalls)
    if (b == barrier) {
      n = k + 1;
      known = true;
    }
  if (!known)
    th.barrierCalls.push_back({barrier, k + 1});
  return Flow::Next;
}

Flow CallSupport::blockBarrier(Thread &th, const CallBase &i, uint8_t fences,
                               const Collective *coll, uint64_t *result) {
  if (th.entry.place) {
    const KernelGrid &k = th.entry.kernel;
    return barrierWait(th, i, blockBarrierKey(1 + k.launch, th.pos.device, th.pos.block),
                       static_cast<uint32_t>(k.block.count()), Scope::Block, nullptr, fences, coll,
                       result);
  }
  if (th.groupSize == 0)
    throw InputError(toString(host_.src(i)) +
                     ": a block barrier outside a launched kernel needs the "
                     "block size: call __VERIFIER_groupsize(n) first");
  return barrierWait(th, i, blockBarrierKey(0, th.pos.device, th.pos.block), th.groupSize,
                     Scope::Block, nullptr, fences);
}

KernelGrid CallSupport::launchGrid(Thread &th, const SourceLoc *site, uint32_t device, Dim3 grid,
                                   Dim3 block) {
  uint64_t n = grid.count() * block.count();
  if (n > largestLaunch_.threads)
    largestLaunch_ = {n, site};
  if (n > kMaxLaunchThreads || block.count() > 0xFFFF)
    throw InputError(toString(site) + ": a launch of " + std::to_string(n) +
                     " threads is beyond scopemc's limit of " + std::to_string(kMaxLaunchThreads) +
                     " threads");
  if (th.launches.size() >= kMaxLaunchesPerThread)
    throw InputError(toString(site) + ": more than " + std::to_string(kMaxLaunchesPerThread) +
                     " kernel launches from one thread are not supported");
  uint32_t used = 0;
  for (auto &[d, k] : th.blocksUsed)
    if (d == device)
      used = k;
  // Block numbers, shared-memory copies and barrier objects are named with 16 bits of block
  // and 4 bits of device: refuse what would not fit rather than share them by accident.
  if ((static_cast<uint64_t>(th.tid) << 10) + used + grid.count() > kGridBarrierBlock ||
      device > 0xF) // (block 0xFFFF is the name of the grid's barrier)
    throw InputError(
        toString(site) + ": kernel launches from thread " + std::to_string(th.tid) + " on device " +
        std::to_string(device) +
        " are beyond scopemc's limits (devices 0-15, launches from the first 64 threads, "
        "1024 blocks per launching thread and device, 1023 for thread 63)");
  return KernelGrid{grid, block, (static_cast<uint32_t>(th.tid) << 10) + used,
                    (static_cast<uint32_t>(th.tid) << 6) +
                        static_cast<uint32_t>(th.launches.size())};
}

void CallSupport::recordLaunch(Thread &th, uint32_t device, const Dim3 &grid,
                               std::vector<ThreadId> threads) {
  bool known = false;
  for (auto &[d, blocks] : th.blocksUsed)
    if (d == device) {
      blocks += static_cast<uint32_t>(grid.count());
      known = true;
    }
  if (!known)
    th.blocksUsed.push_back({device, static_cast<uint32_t>(grid.count())});
  th.launches.push_back(Thread::Launch{std::move(threads), false});
}

} // namespace scopemc

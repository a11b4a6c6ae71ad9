// The kernel API behind include/scopemc.h, scopemc/cuda.h and scopemc/opencl.h: scoped
// atomics whose order and scope are call arguments (turned into label data here), thread
// ids and sizes, block and grid barriers, and kernel launches. The headers' inline functions
// are the only callers; their encodings of orders, scopes and operations are defined in
// include/scopemc/api.h.
#include <llvm/IR/IntrinsicInst.h>

#include "frontend/IdQuery.h"
#include "frontend/KernelHarness.h"
#include "interpreter/Calls.h"
#include "model/BarrierKeys.h"
#include "program/Launch.h"

namespace scopemc {

using namespace llvm;

namespace {

// C11 memory_order values (__ATOMIC_RELAXED ... __ATOMIC_SEQ_CST).
std::optional<MemOrder> orderOf(uint64_t v) {
  switch (v) {
  case 0:
    return MemOrder::Relaxed;
  case 1: // consume is strengthened to acquire, as compilers do
  case 2:
    return MemOrder::Acquire;
  case 3:
    return MemOrder::Release;
  case 4:
    return MemOrder::AcqRel;
  case 5:
    return MemOrder::SeqCst;
  default:
    return std::nullopt;
  }
}

// scopemc_scope values, which are also OpenCL's memory_scope values for the first four.
std::optional<Scope> scopeOfApi(uint64_t v) {
  switch (v) {
  case 0:
    return Scope::Thread;
  case 1:
    return Scope::Block;
  case 2:
    return Scope::Device;
  case 3:
    return Scope::System;
  default:
    return std::nullopt;
  }
}

// __SCOPEMC_RMW_* values of include/scopemc/api.h.
std::optional<RmwOp> rmwOfApi(uint64_t v) {
  static const RmwOp kOps[] = {RmwOp::Xchg,     RmwOp::Add,     RmwOp::Sub,  RmwOp::And,
                               RmwOp::Or,       RmwOp::Xor,     RmwOp::Min,  RmwOp::Max,
                               RmwOp::UMin,     RmwOp::UMax,    RmwOp::FAdd, RmwOp::FSub,
                               RmwOp::UIncWrap, RmwOp::UDecWrap};
  if (v < std::size(kOps))
    return kOps[v];
  return std::nullopt;
}

bool validSize(uint64_t s) { return s == 1 || s == 2 || s == 4 || s == 8; }
bool loadOrder(MemOrder o) { return o != MemOrder::Release && o != MemOrder::AcqRel; }
bool storeOrder(MemOrder o) { return o != MemOrder::Acquire && o != MemOrder::AcqRel; }

} // namespace

uint64_t KernelCalls::threadQuery(const Thread &th, uint64_t which) const {
  // which: an idq:: query (frontend/IdQuery.h)
  unsigned axis = static_cast<unsigned>(which % 3);
  if (th.entry.place)
    return launchedThreadQuery(th.pos, th.entry.kernel, which);
  bool placed = !isHostPos(th.pos); // a GPUMC-style thread placed by annotations
  switch (which - axis) {
  case idq::kThread:
    return placed && axis == 0 ? th.pos.thread : 0;
  case idq::kBlock:
    return placed && axis == 0 ? th.pos.block : 0;
  case idq::kBlockSize:
    return axis == 0 && th.groupSize ? th.groupSize : 1;
  case idq::kGridSize:
    return 1;
  default:
    if (which == idq::kDevice)
      return placed ? th.pos.device : 0;
    return laneQuery(placed ? th.pos.thread : 0, which);
  }
}

Flow KernelCalls::gridBarrier(Thread &th, const CallBase &i) {
  if (!th.entry.place)
    return host_.fail(th, i, ErrorKind::UndefinedBehaviour,
                      "grid barrier called by a thread that is not part of a launched kernel");
  if (th.entry.data && !th.entry.data->cooperative)
    return host_.fail(th, i, ErrorKind::UndefinedBehaviour,
                      "a grid barrier (grid_group::sync) in a kernel launched with <<<...>>>: only "
                      "cudaLaunchCooperativeKernel makes the blocks run together");
  const KernelGrid &k = th.entry.kernel;
  return shared_.barrierWait(th, i, blockBarrierKey(1 + k.launch, th.pos.device, kGridBarrierBlock),
                             static_cast<uint32_t>(k.grid.count() * k.block.count()),
                             Scope::Device);
}

Flow KernelCalls::access(Thread &th, Frame &f, const CallBase &i, Builtin b) {
  auto arg = [&](unsigned k) { return host_.bits(f, i.getArgOperand(k)); };
  auto bad = [&](const std::string &what) {
    return host_.fail(th, i, ErrorKind::UndefinedBehaviour, what);
  };
  uint64_t a = arg(0), size = arg(1);
  if (!validSize(size))
    return bad("atomic access of " + std::to_string(size) + " bytes (1, 2, 4 or 8 are supported)");
  auto sz = static_cast<uint32_t>(size);
  uint64_t out = 0;
  Flow fl = Flow::Next;
  // (the order and scope arguments: Builtins.def)
  auto o = orderOf(arg(traitsOf(b).order));
  auto s = scopeOfApi(arg(traitsOf(b).scope));
  switch (b) {
  case Builtin::ApiLoad: { // (p, size, order, scope)
    if (!o || !s || !loadOrder(*o))
      return bad("invalid memory order or scope for an atomic load");
    fl = host_.loadScalar(th, i, a, sz, Access{*o, *s}, out);
    break;
  }
  case Builtin::ApiStore: { // (p, size, value, order, scope)
    if (!o || !s || !storeOrder(*o))
      return bad("invalid memory order or scope for an atomic store");
    return host_.storeScalar(th, i, a, sz, arg(2), Access{*o, *s});
  }
  case Builtin::ApiRmw: { // (p, size, op, value, order, scope)
    auto op = rmwOfApi(arg(2));
    if (!op || !o || !s)
      return bad("invalid operation, memory order or scope for an atomic read-modify-write");
    if ((*op == RmwOp::FAdd || *op == RmwOp::FSub) && sz != 4 && sz != 8)
      return bad("floating-point atomic on " + std::to_string(sz) + " bytes");
    fl = host_.rmwAt(th, i, a, sz, *op, arg(3), Access{*o, *s}, out);
    break;
  }
  default: { // ApiCas: (p, size, expected, desired, success, failure, scope)
    auto fo = orderOf(arg(5));
    if (!o || !fo || !s || !loadOrder(*fo))
      return bad("invalid memory orders or scope for a compare-and-swap");
    fl = host_.casAt(th, i, a, sz, arg(2), arg(3), Access{*o, *s}, *fo, out);
    break;
  }
  }
  if (fl == Flow::Next)
    host_.setBits(f, i, out);
  return fl;
}

Flow KernelCalls::launch(Thread &th, Frame &f, const CallBase &i) {
  // (kernel, argument, device, grid x/y/z, block x/y/z) -> launch handle
  auto arg = [&](unsigned k) { return host_.bits(f, i.getArgOperand(k)); };
  auto dim = [&](unsigned k) { return shared_.dimOf(f, i, k); };
  uint64_t fn = arg(0), argument = arg(1);
  auto device = static_cast<uint32_t>(arg(2));
  Dim3 grid = dim(3), block = dim(6);
  const FunctionInfo *fi = host_.program().functionAt(fn);
  if (const Function *k = fi ? launchedKernel(*fi->fn) : nullptr; k && k != fi->fn) {
    fi = &host_.program().info(k); // a CUDA kernel's stub: the kernel
    fn = fi->address;
  }
  if (!fi || fi->fn->isDeclaration())
    return host_.fail(th, i, ErrorKind::MemoryError,
                      "kernel launch of an address that is not a function");
  if (grid.count() * block.count() == 0)
    return host_.fail(th, i, ErrorKind::UndefinedBehaviour,
                      "kernel launch with an empty grid or block");
  KernelGrid k = shared_.launchGrid(th, host_.src(i), device, grid, block);
  // Resumable (Thread::bulk): each creation is offered once, not again after every new one.
  Thread::Bulk &r = th.bulk;
  if (r.inst != &i)
    r = Thread::Bulk{&i, 0, false, {}, {}, -1, {}, nullptr};
  for (uint64_t s = r.off; s < grid.count() * block.count(); ++s) {
    r.off = s;
    ThreadPos pos{device, k.blockBase + static_cast<uint32_t>(s / block.count()),
                  static_cast<uint32_t>(s % block.count())};
    uint64_t child = 0;
    if (!host_.offer(
            th,
            shared_.creation(th, i,
                             ThreadEntry{fn, argument, pos, k, nullptr, nullptr, nullptr, nullptr}),
            &child))
      return Flow::Stop;
    r.threads.push_back(static_cast<ThreadId>(child));
  }
  std::vector<ThreadId> threads = std::move(r.threads);
  r = Thread::Bulk{};
  shared_.recordLaunch(th, device, grid, std::move(threads));
  host_.setBits(f, i, th.launches.size() - 1);
  return Flow::Next;
}

Flow KernelCalls::waitLaunch(Thread &th, Frame &f, const CallBase &i) {
  uint64_t h = host_.bits(f, i.getArgOperand(0));
  if (h >= th.launches.size() || th.launches[h].waited)
    return host_.fail(th, i, ErrorKind::UndefinedBehaviour,
                      "wait for a kernel launch this thread did not make or already waited for");
  Thread::Bulk &r = th.bulk; // resumable, as the launch
  if (r.inst != &i)
    r = Thread::Bulk{&i, 0, false, {}, {}, -1, {}, nullptr};
  const std::vector<ThreadId> &children = th.launches[h].threads;
  if (!r.joins)
    r.joins = std::make_shared<const std::vector<ThreadId>>(children);
  for (uint64_t s = r.off; s < children.size(); ++s) {
    r.off = s;
    if (!host_.offer(th, ThreadJoinLabel(host_.nextEvent(th), th.pos, host_.src(i), children[s],
                                         r.joins, s)))
      return Flow::Stop;
  }
  r = Thread::Bulk{};
  th.launches[h].waited = true;
  return Flow::Next;
}

namespace {
/// OpenCL's fence flags (CLK_LOCAL_MEM_FENCE 1, CLK_GLOBAL_MEM_FENCE 2, CLK_IMAGE_MEM_FENCE 4:
/// images are global memory) as MemFences.
uint8_t fencesOfOpenClFlags(uint64_t flags) {
  return static_cast<uint8_t>(((flags & 1) ? kFenceLocal : 0) | ((flags & 6) ? kFenceGlobal : 0));
}
} // namespace

Flow KernelCalls::run(Thread &th, Frame &f, const CallBase &i, Builtin b) {
  auto arg = [&](unsigned k) { return host_.bits(f, i.getArgOperand(k)); };
  switch (asMember<ApiBuiltin>(b)) {
  case ApiBuiltin::ApiFence:         // (order, scope)
  case ApiBuiltin::ApiFenceFences: { // (order, scope, OpenCL fence flags): the memory it orders
    auto o = orderOf(arg(traitsOf(b).order));
    auto s = scopeOfApi(arg(traitsOf(b).scope));
    if (!o || !s)
      return host_.fail(th, i, ErrorKind::UndefinedBehaviour,
                        "invalid memory order or scope for a fence");
    if (*o == MemOrder::Relaxed)
      return Flow::Next; // a relaxed fence has no effect
    FenceLabel fence = host_.fenceLabel(th, i, *o, *s);
    if (b == Builtin::ApiFenceFences)
      fence.setFences(fencesOfOpenClFlags(arg(2)));
    return host_.offer(th, fence) ? Flow::Next : Flow::Stop;
  }
  case ApiBuiltin::ApiBarrierFences: // (scope, OpenCL fence flags): the memory it orders
    if (arg(0) != 1)
      return host_.fail(th, i, ErrorKind::UndefinedBehaviour,
                        "a work-group barrier's scope must be the work-group");
    // CLK_LOCAL_MEM_FENCE 1, CLK_GLOBAL_MEM_FENCE 2 (CLK_IMAGE_MEM_FENCE: images are global)
    return shared_.blockBarrier(th, i, fencesOfOpenClFlags(arg(1)));
  case ApiBuiltin::ApiBarrier: // (scope): block or device (the whole grid)
    if (arg(0) == 1)
      return shared_.blockBarrier(th, i);
    if (arg(0) == 2)
      return gridBarrier(th, i);
    return host_.fail(th, i, ErrorKind::UndefinedBehaviour,
                      "a barrier's scope must be block or device");
  case ApiBuiltin::ApiId:
    host_.setBits(f, i, threadQuery(th, arg(0)));
    return Flow::Next;
  case ApiBuiltin::ApiAsyncNote: { // (dst, src, n, stride, shape, event) -> its event
    ++th.asyncNoted;               // (a loop that notes one makes progress: LoopProgress's state)
    uint64_t event = arg(5) ? arg(5) : th.asyncNoted;
    th.asyncCopies.push_back({arg(0), arg(1), arg(2), arg(3), arg(4), event});
    host_.setBits(f, i, event);
    return Flow::Next;
  }
  case ApiBuiltin::ApiAsyncPending: { // (k, field): a field, the count (6), forget event k (7)
    uint64_t k = arg(0), field = arg(1), v = 0;
    if (field == 6)
      v = th.asyncCopies.size();
    else if (field == 7)
      std::erase_if(th.asyncCopies, [k](const auto &c) { return c[5] == k; });
    else if (k < th.asyncCopies.size() && field < 6)
      v = th.asyncCopies[k][field];
    host_.setBits(f, i, v);
    return Flow::Next;
  }
  case ApiBuiltin::ApiEvent: // event_t to and from its number
    host_.setBits(f, i, arg(0));
    return Flow::Next;
  case ApiBuiltin::ApiLaunch:
    return launch(th, f, i);
  case ApiBuiltin::ApiWait:
    return waitLaunch(th, f, i);
  case ApiBuiltin::ApiLoad:
  case ApiBuiltin::ApiStore:
  case ApiBuiltin::ApiRmw:
  case ApiBuiltin::ApiCas:
    return access(th, f, i, b);
  }
  return Flow::Next;
}

} // namespace scopemc

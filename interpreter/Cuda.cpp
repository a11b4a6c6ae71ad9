// CUDA's runtime and warps behind include/cuda/cuda_runtime.h (docs/cuda.md):
//  - `kernel<<<grid, block, shmem, stream>>>(args)`: Clang's host code pushes the
//    configuration, the kernel's stub pops it and calls cudaLaunchKernel with the addresses of
//    its arguments. The launch reads the arguments (the values the host passes) and creates a
//    stream thread, which waits for the launches its stream orders it after, runs the grid and
//    waits for it. The host goes on at once: a launch is asynchronous.
//  - synchronisation (cudaDeviceSynchronize, cudaStreamSynchronize, cudaMemcpy, events) joins
//    stream threads;
//  - warp collectives (shuffles, votes, matches, reductions, __syncwarp) and counting block
//    barriers are barrier instances whose arrivals carry the lanes' values (model/Collective.h).
#include <bit>
#include <cstring>

#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/DebugInfoMetadata.h>

#include "interpreter/Calls.h"
#include "interpreter/Leaves.h"
#include "model/BarrierKeys.h"
#include "program/Launch.h"

namespace scopemc {

using namespace llvm;

namespace {

constexpr unsigned kWarpSize = 32;

constexpr uint64_t kApiActiveMask = 16; // __SCOPEMC_COLL_ACTIVE

/// Where the thread calls from, as a hash of the calls on its stack (each frame's function
/// and its current call's line and column, with those of the calls it was inlined into;
/// `top`: the innermost call): the lanes that call __activemask() from one place meet at
/// one convergence barrier (model/BarrierKeys.h).
uint32_t callSite(const ThreadState &th, const Instruction &top) {
  uint32_t h = 2166136261u; // FNV-1a
  auto mix = [&h](uint64_t v) {
    for (int b = 0; b < 8; ++b, v >>= 8)
      h = (h ^ (v & 0xFF)) * 16777619u;
  };
  for (size_t j = 0; j < th.stack.size(); ++j) {
    const Instruction &call = j + 1 == th.stack.size() ? top : *th.stack[j].pc;
    for (char c : th.stack[j].fi->fn->getName())
      mix(static_cast<unsigned char>(c));
    for (const DILocation *at = call.getDebugLoc().get(); at; at = at->getInlinedAt())
      mix(uint64_t{at->getLine()} << 32 | at->getColumn());
  }
  return h;
}

/// __SCOPEMC_COLL_* of include/scopemc/api.h.
std::optional<CollectiveOp> collectiveOfApi(uint64_t v) {
  static const CollectiveOp kOps[] = {
      CollectiveOp::None,       CollectiveOp::Shfl,      CollectiveOp::Ballot,
      CollectiveOp::All,        CollectiveOp::Any,       CollectiveOp::Count,
      CollectiveOp::MatchAny,   CollectiveOp::MatchAll,  CollectiveOp::ReduceAdd,
      CollectiveOp::ReduceMin,  CollectiveOp::ReduceMax, CollectiveOp::ReduceUMin,
      CollectiveOp::ReduceUMax, CollectiveOp::ReduceAnd, CollectiveOp::ReduceOr,
      CollectiveOp::ReduceXor,  CollectiveOp::Ballot, // 16: __activemask, a ballot of 1s
      CollectiveOp::Uniform};
  if (v < std::size(kOps))
    return kOps[v];
  return std::nullopt;
}

std::string hex32(uint64_t v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%08x", static_cast<unsigned>(v));
  return buf;
}

} // namespace

ThreadState::Stream &CudaCalls::stream(Thread &th, uint64_t handle) {
  if (th.streams.empty())
    th.streams.push_back({}); // the default stream
  for (auto &s : th.streams)
    if (s.handle == handle)
      return s;
  th.streams.push_back({handle, -1, true});
  return th.streams.back();
}

Flow CudaCalls::collective(Thread &th, Frame &f, const CallBase &i) {
  // (level: 0 warp, 1 block; operation; mask; value; operand) -> the result
  auto arg = [&](unsigned k) { return host_.bits(f, i.getArgOperand(k)); };
  auto bad = [&](const std::string &what) {
    return host_.fail(th, i, ErrorKind::UndefinedBehaviour, what);
  };
  auto op = collectiveOfApi(arg(1));
  bool active = arg(1) == kApiActiveMask; // the convergence barrier (model/BarrierKeys.h)
  if (!op || arg(0) > 2 || (active && arg(0) != 0) ||
      (*op == CollectiveOp::Uniform) != (arg(0) == 2))
    return bad("invalid warp or block collective");
  if (!th.entry.place)
    return bad("a warp or block collective outside a launched kernel");
  const KernelGrid &k = th.entry.kernel;
  uint32_t lin = th.pos.thread;
  Collective c{*op, static_cast<uint8_t>(lin % kWarpSize), arg(3), arg(4)};
  uint64_t result = 0;
  if (arg(0) == 1) { // __syncthreads_count, _and, _or: the block barrier
    if (Flow fl = shared_.blockBarrier(th, i, kFenceAll, &c, &result); fl != Flow::Next)
      return fl;
    host_.setBits(f, i, result);
    return Flow::Next;
  }
  if (arg(0) == 2) // a work-group function's arguments, met where every work-item calls it
    return uniformArguments(th, f, i, c);
  uint32_t lane = lin % kWarpSize, warp = lin / kWarpSize;
  uint64_t lanes = std::min<uint64_t>(kWarpSize, k.block.count() - uint64_t{warp} * kWarpSize);
  uint32_t present = lanes == kWarpSize ? 0xFFFFFFFFu : (1u << lanes) - 1;
  auto mask = active ? present : static_cast<uint32_t>(arg(2));
  if (!(mask >> lane & 1))
    return bad("lane " + std::to_string(lane) + " of warp " + std::to_string(warp) +
               " calls a warp collective with mask " + hex32(mask) +
               ", which does not name it (CUDA leaves this undefined)");
  uint32_t named = mask & present;
  if (*op == CollectiveOp::Shfl && (c.operand >= kWarpSize || !(named >> c.operand & 1)))
    return bad("lane " + std::to_string(lane) + " of warp " + std::to_string(warp) +
               " reads lane " + std::to_string(c.operand) + ", which mask " + hex32(mask) +
               " leaves inactive (CUDA leaves the value undefined)");
  // Only __syncwarp orders memory; shuffles, votes and matches exchange values only.
  uint8_t fences = *op == CollectiveOp::None ? kFenceAll : 0;
  if (Flow fl = shared_.barrierWait(
          th, i,
          active
              ? convergenceBarrierKey(k.launch, th.pos.block - k.blockBase, warp, callSite(th, i))
              : warpBarrierKey(k.launch, th.pos.block - k.blockBase, warp, mask),
          static_cast<uint32_t>(std::popcount(named)), Scope::Block, nullptr, fences, &c, &result);
      fl != Flow::Next)
    return fl;
  host_.setBits(f, i, result);
  return Flow::Next;
}

Flow CudaCalls::uniformArguments(Thread &th, Frame &f, const CallBase &i, const Collective &c) {
  static const char *const kNames[] = {"a work-group function", "async_work_group_copy",
                                       "async_work_group_strided_copy", "wait_group_events"};
  uint64_t same = 0;
  if (Flow fl = shared_.blockBarrier(th, i, 0, &c, &same); fl != Flow::Next) // (orders no memory)
    return fl;
  if (!same)
    return host_.fail(th, i, ErrorKind::UndefinedBehaviour,
                      std::string("the work-items of a work-group call ") +
                          kNames[c.operand < std::size(kNames) ? c.operand : 0] +
                          " with different arguments (OpenCL requires every work-item to pass "
                          "the same values)");
  host_.setBits(f, i, 1);
  return Flow::Next;
}

Flow CudaCalls::readKernelParams(Thread &th, const CallBase &i, const Function &kernel,
                                 uint64_t args, std::vector<uint8_t> &bytes) {
  const DataLayout &dl = host_.program().dataLayout();
  std::vector<ParamSlot> slots = paramLayout(dl, kernel);
  uint64_t total =
      slots.empty() ? 0
                    : slots.back().offset + dl.getTypeAllocSize(slots.back().type).getFixedValue();
  bytes.assign(total, 0);
  for (size_t k = 0; k < slots.size(); ++k) {
    uint64_t at = 0;
    if (Flow fl = host_.loadScalar(th, i, args + 8 * k, 8, kPlain, at); fl != Flow::Next)
      return fl;
    RtValue v;
    if (Flow fl = host_.load(th, i, at, slots[k].type, kPlain, v); fl != Flow::Next)
      return fl;
    uint64_t base = slots[k].offset;
    forEachLeaf(dl, slots[k].type, 0, v, 0, [&](uint64_t off, uint32_t size, RtValue &leaf) {
      std::memcpy(bytes.data() + base + off, &leaf.bits, std::min<uint32_t>(size, 8));
      return 0;
    });
  }
  return Flow::Next;
}

std::vector<RtValue> Calls::kernelArguments(const DataLayout &dl, ThreadState &th,
                                            const Function &kernel) {
  const std::vector<uint8_t> &bytes = th.entry.data->bytes;
  std::vector<RtValue> args;
  for (const ParamSlot &s : paramLayout(dl, kernel)) {
    uint64_t size = dl.getTypeAllocSize(s.type).getFixedValue();
    if (s.offset + size > bytes.size())
      throw InputError("kernel '" + llvm::demangle(kernel.getName().str()) +
                       "' takes other parameters than its launch passed");
    if (s.byval) { // a copy on the thread's own stack, as the callee's copy would be
      uint64_t top = alignTo(th.privTop, 16);
      if (th.priv.size() < top + size)
        th.priv.resize((top + size) * 2, 0);
      std::memcpy(th.priv.data() + top, bytes.data() + s.offset, size);
      th.privObjects.push_back({top, top + std::max<uint64_t>(size, 1)});
      th.privTop = top + std::max<uint64_t>(size, 1) + addr::kStackRedZone;
      args.push_back(RtValue{addr::threadBase(addr::kPrivateStack, th.tid) + top, {}});
      continue;
    }
    RtValue v;
    forEachLeaf(dl, s.type, 0, v, 0, [&](uint64_t off, uint32_t sz, RtValue &leaf) {
      leaf.bits = 0;
      std::memcpy(&leaf.bits, bytes.data() + s.offset + off, std::min<uint32_t>(sz, 8));
      return 0;
    });
    args.push_back(std::move(v));
  }
  return args;
}

Flow CudaCalls::launch(Thread &th, Frame &f, const CallBase &i) {
  // (kernel or its stub, grid x/y/z, block x/y/z, void **args, shared bytes, stream,
  // cooperative)
  auto arg = [&](unsigned k) { return host_.bits(f, i.getArgOperand(k)); };
  auto dim = [&](unsigned k) { return shared_.dimOf(f, i, k); };
  auto bad = [&](const std::string &what) {
    return host_.fail(th, i, ErrorKind::UndefinedBehaviour, what);
  };
  const FunctionInfo *fi = host_.program().functionAt(arg(0));
  const Function *kernel = fi ? launchedKernel(*fi->fn) : nullptr; // a stub: its kernel
  if (!kernel || kernel->isDeclaration())
    return host_.fail(th, i, ErrorKind::MemoryError,
                      "kernel launch of an address that is not a kernel");
  const Function *runner = host_.program().module().getFunction("__scopemc_cuda_stream");
  if (!runner || runner->isDeclaration())
    throw InputError(toString(host_.src(i)) + ": the CUDA runtime's stream thread is missing");
  Dim3 grid = dim(1), block = dim(4);
  if (grid.count() == 0 || block.count() == 0)
    return bad("kernel launch with an empty grid or block (CUDA refuses it: "
               "cudaErrorInvalidConfiguration)");
  if (block.count() > 1024 || block.x > 1024 || block.y > 1024 || block.z > 64 || grid.y > 65535 ||
      grid.z > 65535)
    return bad("kernel launch with a block of " + std::to_string(block.x) + "x" +
               std::to_string(block.y) + "x" + std::to_string(block.z) + " threads in a grid of " +
               std::to_string(grid.x) + "x" + std::to_string(grid.y) + "x" +
               std::to_string(grid.z) +
               " (beyond CUDA's limits: 1024 threads per block, z at most 64; the launch fails "
               "with cudaErrorInvalidConfiguration)");
  auto data = std::make_shared<EntryData>();
  if (Flow fl = readKernelParams(th, i, *kernel, arg(7), data->bytes); fl != Flow::Next)
    return fl;
  // Clang's launch stub (`__device_stub__K`, at the kernel's declaration) is called where the
  // user wrote `K<<<...>>>(...)`: the launch is that call's.
  const SourceLoc *site = host_.src(i);
  if (th.stack.size() >= 2 && f.fi->fn->getName().contains("__device_stub__"))
    if (const SourceLoc *call = host_.src(*th.stack[th.stack.size() - 2].pc))
      site = call;
  KernelGrid k = shared_.launchGrid(th, site, 0, grid, block);
  Thread::Stream &s = stream(th, arg(9));
  for (const Thread::Stream &o : th.streams) // stream order, and the legacy default stream's
    if (o.last >= 0 && (&o == &s || (s.handle == 0 && o.blocking) || (o.handle == 0 && s.blocking)))
      data->waitFor.push_back(o.last);
  data->kernel = host_.program().info(kernel).address;
  data->sharedBytes = arg(8);
  data->cooperative = arg(10) != 0;
  uint64_t child = 0;
  ThreadEntry entry{host_.program().info(runner).address,
                    0,
                    std::nullopt,
                    k,
                    std::move(data),
                    nullptr,
                    nullptr,
                    nullptr};
  // (no symmetry key: two stream threads run different launches, which their keys would not
  // tell apart; a thread's key says which launch it belongs to)
  shared_.describe(entry, false);
  if (!host_.offer(th, ThreadCreateLabel(host_.nextEvent(th), th.pos, site, entry), &child))
    return Flow::Stop;
  stream(th, arg(9)).last = static_cast<ThreadId>(child);
  shared_.recordLaunch(th, 0, grid, {static_cast<ThreadId>(child)});
  host_.setBits(f, i, 0); // cudaSuccess
  return Flow::Next;
}

Flow CudaCalls::streamRun(Thread &th, const CallBase &i) {
  if (!th.entry.data || th.entry.place)
    throw InputError(toString(host_.src(i)) + ": __scopemc_cuda_run outside a stream thread");
  const EntryData &d = *th.entry.data;
  const KernelGrid &k = th.entry.kernel;
  uint64_t n = k.grid.count() * k.block.count(), waits = d.waitFor.size();
  // Resumable (Thread::bulk): after a Stop the steps done stay done, so a launch of n threads
  // offers each of its 2n events once, not the ones before it again at every step.
  Thread::Bulk &r = th.bulk;
  if (r.inst != &i)
    r = Thread::Bulk{&i, 0, false, {}, {}, -1, {}, nullptr};
  for (uint64_t s = r.off; s < waits + 2 * n; ++s) {
    r.off = s;
    if (s < waits) { // the launches the stream orders this one after
      if (!host_.offer(th,
                       ThreadJoinLabel(host_.nextEvent(th), th.pos, host_.src(i), d.waitFor[s])))
        return Flow::Stop;
    } else if (s < waits + n) { // the grid's threads
      uint64_t t = s - waits;
      ThreadPos pos{0, k.blockBase + static_cast<uint32_t>(t / k.block.count()),
                    static_cast<uint32_t>(t % k.block.count())};
      uint64_t child = 0;
      if (!host_.offer(th,
                       shared_.creation(th, i,
                                        ThreadEntry{d.kernel, 0, pos, k, th.entry.data, nullptr,
                                                    nullptr, nullptr}),
                       &child))
        return Flow::Stop;
      r.threads.push_back(static_cast<ThreadId>(child));
    } else {
      if (!r.joins)
        r.joins = std::make_shared<const std::vector<ThreadId>>(r.threads);
      size_t at = s - waits - n;
      if (!host_.offer(th, ThreadJoinLabel(host_.nextEvent(th), th.pos, host_.src(i), r.threads[at],
                                           r.joins, at)))
        return Flow::Stop;
    }
  }
  r = Thread::Bulk{};
  return Flow::Next;
}

Flow CudaCalls::sync(Thread &th, Frame &f, const CallBase &i) {
  // (what: 0 the device, 1 a stream, 2 an event's token; the stream or token)
  uint64_t what = host_.bits(f, i.getArgOperand(0)), x = host_.bits(f, i.getArgOperand(1));
  std::vector<ThreadId> joins;
  if (what == 2) {
    if (x != 0)
      joins.push_back(static_cast<ThreadId>(x - 1));
  } else {
    Thread::Stream &s = stream(th, what == 1 ? x : 0);
    for (const Thread::Stream &o : th.streams)
      if (o.last >= 0 && (what == 0 || &o == &s || (s.handle == 0 && o.blocking)))
        joins.push_back(o.last);
  }
  for (ThreadId t : joins)
    if (!host_.offer(th, ThreadJoinLabel(host_.nextEvent(th), th.pos, host_.src(i), t)))
      return Flow::Stop;
  for (Thread::Stream &o : th.streams) // joined: later synchronisations need not wait again
    for (ThreadId t : joins)
      if (o.last == t)
        o.last = -1;
  host_.setBits(f, i, 0);
  return Flow::Next;
}

Flow CudaCalls::run(Thread &th, Frame &f, const CallBase &i, Builtin b) {
  auto arg = [&](unsigned k) { return host_.bits(f, i.getArgOperand(k)); };
  switch (asMember<CudaBuiltin>(b)) {
  case CudaBuiltin::ApiCollective:
    return collective(th, f, i);
  case CudaBuiltin::CudaConfigPush: // (grid x/y/z, block x/y/z, shared bytes, stream)
    th.launchConfig.clear();
    for (unsigned k = 0; k < 8; ++k)
      th.launchConfig.push_back(arg(k));
    return shared_.result(f, i, 0);
  case CudaBuiltin::CudaConfigGet:
    if (arg(0) >= th.launchConfig.size())
      return host_.fail(th, i, ErrorKind::UndefinedBehaviour,
                        "a kernel's stub ran without a launch configuration (a __global__ "
                        "function called without <<<...>>>)");
    return shared_.result(f, i, th.launchConfig[arg(0)]);
  case CudaBuiltin::CudaLaunch:
    return launch(th, f, i);
  case CudaBuiltin::CudaRun:
    return streamRun(th, i);
  case CudaBuiltin::CudaSync:
    return sync(th, f, i);
  case CudaBuiltin::CudaStreamCreate: { // (flags: 1 cudaStreamNonBlocking) -> handle
    stream(th, 0);
    uint64_t h = (uint64_t{0x5C} << 40) | (static_cast<uint64_t>(th.tid) << 20) | th.streams.size();
    stream(th, h).blocking = (arg(0) & 1) == 0;
    return shared_.result(f, i, h);
  }
  case CudaBuiltin::CudaEventRecord: { // (stream) -> a token naming the work it completes after
    ThreadId last = stream(th, arg(0)).last;
    return shared_.result(f, i, last < 0 ? 0 : static_cast<uint64_t>(last) + 1);
  }
  }
  return Flow::Next;
}

} // namespace scopemc

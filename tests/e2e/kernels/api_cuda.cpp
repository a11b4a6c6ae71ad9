// Every part of scopemc/cuda.h in C++, with CUDA's results for each operation
// (--kernel api --grid 1x1; the 2x2 launch inside checks the index variables).
#include <assert.h>
#include <scopemc/cuda.h>

__device__ int vi;
__device__ unsigned vu;
__device__ unsigned long long vull;
__device__ float vf;
__device__ double vd;

__device__ void cuda_atomics() {
  assert(atomicAdd(&vi, 5) == 0);
  assert(atomicSub(&vi, 7) == 5);
  assert(atomicMin(&vi, -3) == -2); // signed
  assert(atomicMax(&vi, 4) == -3);
  assert(atomicExch(&vi, 12) == 4);
  assert(atomicAnd(&vi, 10) == 12);
  assert(atomicOr(&vi, 1) == 8);
  assert(atomicXor(&vi, 3) == 9);
  assert(atomicCAS(&vi, 9, 1) == 10 && vi == 10);
  assert(atomicCAS(&vi, 10, 1) == 10 && vi == 1);
  assert(atomicAdd_block(&vu, 3u) == 0 && atomicSub_block(&vu, 1u) == 3);
  assert(atomicMin_block(&vu, 0xFFFFFFFFu) == 2); // unsigned
  assert(atomicMax_block(&vu, 0xFFFFFFFFu) == 2 && vu == 0xFFFFFFFFu);
  assert(atomicExch_block(&vu, 6u) == 0xFFFFFFFFu && atomicAnd_block(&vu, 4u) == 6);
  assert(atomicOr_block(&vu, 1u) == 4 && atomicXor_block(&vu, 5u) == 5 && vu == 0);
  assert(atomicCAS_block(&vu, 0u, 8u) == 0 && vu == 8);
  assert(atomicAdd_system(&vull, 1ull << 33) == 0 && atomicSub_system(&vull, 1ull) == 1ull << 33);
  assert(atomicMin_system(&vull, 5ull) == (1ull << 33) - 1 && atomicMax_system(&vull, 9ull) == 5);
  assert(atomicExch_system(&vull, 3ull) == 9 && atomicAnd_system(&vull, 2ull) == 3);
  assert(atomicOr_system(&vull, 4ull) == 2 && atomicXor_system(&vull, 7ull) == 6 && vull == 1);
  assert(atomicCAS_system(&vull, 1ull, 0ull) == 1 && vull == 0);
  assert(atomicAdd(&vf, 1.5f) == 0.0f && atomicAdd_block(&vf, 0.25f) == 1.5f && vf == 1.75f);
  assert(atomicAdd_system(&vd, 2.5) == 0.0 && vd == 2.5);
  assert(atomicExch(&vf, 3.0f) == 1.75f && vf == 3.0f);
  __threadfence();
  __threadfence_block();
  __threadfence_system();
}

__device__ void atomic_refs() {
  int x = 0;
  static __device__ int shared_x;
  cuda::atomic_ref<int, cuda::thread_scope_block> r(shared_x);
  r.store(4, cuda::memory_order_release);
  assert(r.load(cuda::memory_order_acquire) == 4 && r.load() == 4);
  assert(r.exchange(6) == 4 && r.exchange(7, cuda::memory_order_acq_rel) == 6);
  int e = 1;
  assert(!r.compare_exchange_strong(e, 2) && e == 7);
  assert(r.compare_exchange_strong(e, 8, cuda::memory_order_acq_rel, cuda::memory_order_acquire));
  e = 8;
  assert(r.compare_exchange_weak(e, 9) && !r.compare_exchange_weak(e, 9, cuda::memory_order_relaxed,
                                                                      cuda::memory_order_relaxed));
  assert(e == 9 && r.fetch_add(1) == 9 && r.fetch_sub(3) == 10 && r.fetch_and(6) == 7);
  assert(r.fetch_or(1) == 6 && r.fetch_xor(2) == 7 && r.fetch_min(-1) == 5 && r.fetch_max(3) == -1);
  assert(int(r) == 3 && (r = 11) == 11 && ++r == 12 && r++ == 12 && --r == 12 && r-- == 12);
  assert((r += 5) == 16 && (r -= 6) == 10);
  (void)x;
  cuda::atomic<unsigned, cuda::thread_scope_device> a(5);
  assert(a.load() == 5 && a.exchange(2) == 5 && a.fetch_add(3) == 2 && a.fetch_sub(1) == 5);
  unsigned ue = 4;
  assert(a.compare_exchange_strong(ue, 0) && a.fetch_max(0xFFFFFFFFu) == 0 && a.fetch_min(1u) == 0xFFFFFFFFu);
  assert(a.fetch_and(1u) == 1 && a.fetch_or(2u) == 1 && a.fetch_xor(1u) == 3 && a == 2u);
  a.store(1, cuda::memory_order_relaxed);
  assert(!a.compare_exchange_weak(ue, 5) && ue == 1 && a.compare_exchange_weak(ue, 5, cuda::memory_order_relaxed,
                                                                                cuda::memory_order_relaxed));
  assert(!a.compare_exchange_strong(ue, 0, cuda::memory_order_seq_cst, cuda::memory_order_relaxed));
  assert((a = 3u) == 3 && ++a == 4 && a++ == 4 && --a == 4 && a-- == 4 && a == 3u);
  cuda::atomic_ref<float> fr(vf);
  assert(fr.fetch_add(1.0f) == 3.0f && fr.fetch_sub(0.5f) == 4.0f && fr.load() == 3.5f);
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);
  cuda::atomic_thread_fence(cuda::memory_order_acquire);
}

__global__ void indices(unsigned *seen) {
  __shared__ unsigned count;
  if (threadIdx.x == 0)
    count = 0;
  __syncthreads();
  atomicAdd_block(&count, 1u);
  __syncthreads();
  unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
  seen[g] = count * 1000 + gridDim.x * 100 + blockDim.x * 10 + threadIdx.y + blockIdx.y + blockDim.z +
            gridDim.y - 2;
}

__global__ void api(unsigned *seen) {
  cuda_atomics();
  atomic_refs();
  scopemc::launch(dim3(2), dim3(2), indices, seen);
  for (int g = 0; g < 4; ++g)
    assert(seen[g] == 2220);
  scopemc::launch_on(1, 1, 1, indices, seen + 4);
  assert(seen[4] == 1110);
}

// Message passing with libcu++'s headers as nvcc's toolkit ships them: block 0 writes the data,
// a release fence, then sets a cuda::std::atomic_flag; block 1 waits for the flag (a polling
// loop: the iterations that read it clear are cut), an acquire fence, then reads the data.
// Device-scope fences order the data: 1 execution. -DBLOCK_FENCE: the release fence has block
// scope, which does not include block 1 (docs/model.md): the data accesses race.
#include <cassert>
#include <cuda/atomic>

#ifdef BLOCK_FENCE
#define RELEASE_SCOPE cuda::thread_scope_block
#else
#define RELEASE_SCOPE cuda::thread_scope_device
#endif

__global__ void publish(int *data, cuda::std::atomic_flag *flag, int *seen) {
  if (blockIdx.x == 0) {
    *data = 42;
    cuda::atomic_thread_fence(cuda::memory_order_release, RELEASE_SCOPE);
    flag->test_and_set(cuda::std::memory_order_relaxed);
    flag->notify_one();
  } else {
    flag->wait(false, cuda::std::memory_order_relaxed);
    cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
    *seen = *data;
  }
}

int main() {
  int *data, *seen;
  cuda::std::atomic_flag *flag;
  cudaMalloc(&data, sizeof(int));
  cudaMalloc(&seen, sizeof(int));
  cudaMalloc(&flag, sizeof(*flag));
  cudaMemset(flag, 0, sizeof(*flag));
  publish<<<2, 1>>>(data, flag, seen);
  int h = 0;
  cudaMemcpy(&h, seen, sizeof h, cudaMemcpyDeviceToHost);
  assert(h == 42);
  return 0;
}

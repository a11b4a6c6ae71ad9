// Message passing from block 0 to block 1, CUDA style (--kernel mp --grid 2x1).
#include <assert.h>
#include <scopemc/cuda.h>

#ifdef BLOCK_SCOPE
#define SCOPE cuda::thread_scope_block
#else
#define SCOPE cuda::thread_scope_device
#endif

__global__ void mp(int *data, int *flag) {
  cuda::atomic_ref<int, SCOPE> f(*flag);
  if (blockIdx.x == 0) {
    *data = 42;
    f.store(1, cuda::memory_order_release);
  } else if (f.load(cuda::memory_order_acquire) == 1) {
    assert(*data == 42);
  }
}

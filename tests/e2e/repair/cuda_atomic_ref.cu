// Message passing from block 0 to block 1 through a block-scoped cuda::atomic_ref: the scope
// is the type's template argument (--kernel mp --grid 2x1).
#include <assert.h>
#include <scopemc/cuda.h>

__global__ void mp(int *data, int *flag) {
  cuda::atomic_ref<int, cuda::thread_scope_block> f(*flag);
  if (blockIdx.x == 0) {
    *data = 42;
    f.store(1, cuda::memory_order_release);
  } else if (f.load(cuda::memory_order_acquire) == 1) {
    assert(*data == 42);
  }
}

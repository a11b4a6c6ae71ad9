/* Neighbour exchange through a block barrier with the project's header (grid 1x4). */
#include <assert.h>
#include <scopemc.h>

int a[4];

void kernel(int *out) {
  unsigned t = scopemc_thread_id(), n = scopemc_block_size();
  a[t] = (int)t + 1;
#ifndef NO_BARRIER
  scopemc_block_barrier();
#endif
  out[t] = a[(t + 1) % n];
}

int main(void) {
  static int out[4];
  scopemc_launch(kernel, 1, 4, out);
  for (int t = 0; t < 4; ++t)
    assert(out[t] == (t + 1) % 4 + 1);
  return 0;
}

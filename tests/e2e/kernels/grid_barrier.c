/* A grid-wide barrier: every thread of the 2x2 grid writes its slot, waits at the grid
   barrier, then reads the slot of a thread in the other block. -DNO_BARRIER: a race. */
#include <assert.h>
#include <scopemc.h>

int slot[4];

void kernel(void *arg) {
  unsigned g = scopemc_global_id(), n = scopemc_grid_size() * scopemc_block_size();
  slot[g] = (int)g + 100;
#ifndef NO_BARRIER
  scopemc_grid_barrier();
#endif
  assert(slot[(g + 2) % n] == (int)((g + 2) % n) + 100);
}

int main(void) {
  scopemc_launch(kernel, 2, 2, 0);
  return 0;
}

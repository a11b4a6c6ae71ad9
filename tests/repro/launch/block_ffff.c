// Host thread 63 launches 1,024 blocks: its last block would be numbered 0xFFFF, the name of
// the grid barrier, and its __syncthreads was taken for the grid barrier (a divergence was
// reported). Refused now (exit 5): thread 63 may launch 1,023 blocks per device.
/* Host thread 63 (main creates 62 idle threads first) launches 1024 blocks of one thread.
   Each thread writes its slot, waits at its block barrier, then at the grid barrier, then
   reads the next block's slot. Expected: no error (the grid barrier orders every write
   before every read; a block barrier of one thread is trivially complete).
   -DNOGRID: no grid barrier: data race expected. */
#include <assert.h>
#include <pthread.h>
#include <scopemc.h>

#define BLOCKS 1024
int slot[BLOCKS];

void kernel(void *arg) {
  unsigned b = scopemc_block_id();
  slot[b] = (int)b + 1;
  scopemc_block_barrier();
#ifndef NOGRID
  scopemc_grid_barrier();
#endif
  if (b == BLOCKS - 1 || b == 0)
    assert(slot[(b + 1) % BLOCKS] == (int)((b + 1) % BLOCKS) + 1);
}

void *idle(void *arg) { return arg; }
void *launcher(void *arg) {
  scopemc_launch(kernel, BLOCKS, 1, 0);
  return arg;
}

int main(void) {
  pthread_t t[63];
  for (int i = 0; i < 62; i++)
    pthread_create(&t[i], NULL, idle, NULL);
  pthread_create(&t[62], NULL, launcher, NULL);
  for (int i = 0; i < 63; i++)
    pthread_join(t[i], NULL);
  return 0;
}

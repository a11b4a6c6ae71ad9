// GPUMC-style groups numbered 0 and 65536: block numbers were cut to 16 bits in barrier and
// shared-memory names, so the two groups shared one barrier (a race was reported between
// threads of one group). Refused now (exit 5): blocks 0-65534.
/* As t22 (GPUMC style, 2 groups of 2 at __VERIFIER_syncthread), but the second group is
   group 65536 (GSTRIDE). Each thread reads its neighbour in its own group after the barrier:
   no error expected (the groups are different blocks; each has its own barrier). */
#include <genmc.h>
#include <pthread.h>
#include <stdint.h>
#ifndef GSTRIDE
#define GSTRIDE 65536
#endif

int slot[4], out[4];

void *worker(void *arg) {
  int g = (int)(intptr_t)arg, block = g / 2, local = g % 2;
  __VERIFIER_groupsize(2);
  __VERIFIER_thread_group_id(block * GSTRIDE);
  __VERIFIER_thread_local_id(local);
  slot[g] = g + 1;
  __VERIFIER_syncthread();
#ifdef CROSS
  out[g] = slot[(g + 2) % 4];
#else
  out[g] = slot[block * 2 + (local + 1) % 2];
#endif
  return NULL;
}

int main(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create(&t[i], NULL, worker, (void *)(intptr_t)i);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], NULL);
  return 0;
}

/* T2 calls exit() while T1 spins on a flag nobody sets and main waits to join T1: the
 * process ends, nothing hangs. No errors (exit 0). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
atomic_int go;
void *waiter(void *a) { while (!atomic_load(&go)) {} return a; }
void *quitter(void *a) { exit(3); }
int main(void) {
  pthread_t t, u;
  pthread_create(&t, 0, waiter, 0);
  pthread_create(&u, 0, quitter, 0);
  pthread_join(t, 0);
  return 0;
}

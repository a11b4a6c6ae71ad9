// A reader protects the node it loads with a GenMC hazard pointer while main retires it
// (genmc_hazard_unprotected.c: the same without the protection, a use after free).
#include <genmc.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <pthread.h>
struct node { int v; };
_Atomic(struct node *) g;
int r;
void *reader(void *a) {
  (void)a;
#ifdef UNPROTECTED
  struct node *p = atomic_load_explicit(&g, memory_order_acquire);
#else
  __VERIFIER_hp_t *hp = __VERIFIER_hp_alloc();
  struct node *p = __VERIFIER_hp_protect(hp, &g);
#endif
  if (p)
    r = p->v;
#ifndef UNPROTECTED
  __VERIFIER_hp_clear(hp);
#endif
  return 0;
}
int main(void) {
  struct node *n = malloc(sizeof *n);
  n->v = 1;
  atomic_store(&g, n);
  pthread_t t;
  pthread_create(&t, 0, reader, 0);
  struct node *old = atomic_exchange(&g, NULL);
#ifdef FREE
  free(old);
#else
  __VERIFIER_hp_retire(old);
#endif
  pthread_join(t, 0);
  return 0;
}

// A Treiber stack whose pop protects the top with a hazard pointer (GenMC's API) and retires
// the popped node; N threads (-DN, 2 by default) each push one value and pop one. A failed pop
// iteration sets the hazard pointer and leaves nothing else: it is cut like GenMC cuts it.
// Counts: GenMC 0.10.3's.
#include <stdlib.h>
#include <stdbool.h>
#include <pthread.h>
#include <stdatomic.h>
#include <genmc.h>
typedef struct node { unsigned value; _Atomic(struct node *) next; } node_t;
static _Atomic(node_t *) top;
static void push(unsigned v) {
  node_t *n = malloc(sizeof *n);
  n->value = v;
  for (;;) {
    node_t *t = atomic_load_explicit(&top, memory_order_acquire);
    atomic_store_explicit(&n->next, t, memory_order_relaxed);
    if (atomic_compare_exchange_strong_explicit(&top, &t, n, memory_order_release, memory_order_relaxed))
      break;
  }
}
static unsigned pop(void) {
  node_t *t;
  __VERIFIER_hp_t *hp = __VERIFIER_hp_alloc();
  for (;;) {
    t = __VERIFIER_hp_protect(hp, &top);
    if (!t) { __VERIFIER_hp_free(hp); return 0; }
    node_t *nx = atomic_load_explicit(&t->next, memory_order_relaxed);
    if (atomic_compare_exchange_strong_explicit(&top, &t, nx, memory_order_release, memory_order_relaxed))
      break;
  }
  unsigned v = t->value;
  __VERIFIER_hp_retire(t);
  __VERIFIER_hp_free(hp);
  return v;
}
#ifndef N
#define N 2
#endif
void *worker(void *arg) { push((unsigned)(long)arg); pop(); return NULL; }
int main(void) {
  pthread_t t[N];
  for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, (void *)(i + 1));
  for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
  return 0;
}

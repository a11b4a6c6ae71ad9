// A Michael-Scott queue (a dummy node, helping CASes that swing the tail); N threads (-DN, 2
// by default) each enqueue one value and dequeue one. Iterations that fail (a tail that moved,
// a failed CAS) leave nothing and carry only values read: they are cut as GenMC cuts them.
// Counts: GenMC 0.10.3's.
#include <stdlib.h>
#include <pthread.h>
#include <stdatomic.h>
typedef struct node { unsigned value; _Atomic(struct node *) next; } node_t;
static _Atomic(node_t *) head, tail;
static void enqueue(unsigned v) {
  node_t *n = malloc(sizeof *n);
  n->value = v;
  atomic_init(&n->next, NULL);
  for (;;) {
    node_t *t = atomic_load_explicit(&tail, memory_order_acquire);
    node_t *nx = atomic_load_explicit(&t->next, memory_order_acquire);
    if (t != atomic_load_explicit(&tail, memory_order_acquire))
      continue;
    if (nx == NULL) {
      if (atomic_compare_exchange_strong_explicit(&t->next, &nx, n, memory_order_release, memory_order_relaxed)) {
        atomic_compare_exchange_strong_explicit(&tail, &t, n, memory_order_release, memory_order_relaxed);
        return;
      }
    } else {
      atomic_compare_exchange_strong_explicit(&tail, &t, nx, memory_order_release, memory_order_relaxed);
    }
  }
}
static unsigned dequeue(void) { // 0: empty
  for (;;) {
    node_t *h = atomic_load_explicit(&head, memory_order_acquire);
    node_t *t = atomic_load_explicit(&tail, memory_order_acquire);
    node_t *nx = atomic_load_explicit(&h->next, memory_order_acquire);
    if (h != atomic_load_explicit(&head, memory_order_acquire))
      continue;
    if (nx == NULL)
      return 0;
    if (h == t) {
      atomic_compare_exchange_strong_explicit(&tail, &t, nx, memory_order_release, memory_order_relaxed);
      continue;
    }
    unsigned v = nx->value;
    if (atomic_compare_exchange_strong_explicit(&head, &h, nx, memory_order_release, memory_order_relaxed))
      return v;
  }
}
#ifndef N
#define N 2
#endif
void *worker(void *arg) {
  enqueue((unsigned)(long)arg);
  (void)dequeue();
  return NULL;
}
int main(void) {
  node_t *d = malloc(sizeof *d);
  atomic_init(&d->next, NULL);
  atomic_init(&head, d); atomic_init(&tail, d);
  pthread_t t[N];
  for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, (void *)(i + 1));
  for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
  return 0;
}

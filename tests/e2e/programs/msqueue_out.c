// The Michael-Scott queue of msqueue.c whose dequeue hands the value back through a pointer to
// the caller's local (an out-parameter): the functions are inlined at load (markForInlining),
// so the local is a register and a failed dequeue iteration stores nothing. Counts: GenMC
// 0.10.3's (36 before the inlining, the store counting as an effect).
#include <stdlib.h>
#include <stdbool.h>
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
static bool dequeue(unsigned *out) {
  for (;;) {
    node_t *h = atomic_load_explicit(&head, memory_order_acquire);
    node_t *t = atomic_load_explicit(&tail, memory_order_acquire);
    node_t *nx = atomic_load_explicit(&h->next, memory_order_acquire);
    if (h != atomic_load_explicit(&head, memory_order_acquire))
      continue;
    if (nx == NULL)
      return false;
    if (h == t) {
      atomic_compare_exchange_strong_explicit(&tail, &t, nx, memory_order_release, memory_order_relaxed);
      continue;
    }
    *out = nx->value;
    if (atomic_compare_exchange_strong_explicit(&head, &h, nx, memory_order_release, memory_order_relaxed))
      return true;
  }
}
#ifndef N
#define N 2
#endif
void *worker(void *arg) { unsigned v; enqueue((unsigned)(long)arg); dequeue(&v); return NULL; }
int main(void) {
  node_t *d = malloc(sizeof *d);
  atomic_init(&d->next, NULL);
  atomic_init(&head, d); atomic_init(&tail, d);
  pthread_t t[N];
  for (long i = 0; i < N; i++) pthread_create(&t[i], NULL, worker, (void *)(i + 1));
  for (int i = 0; i < N; i++) pthread_join(t[i], NULL);
  return 0;
}

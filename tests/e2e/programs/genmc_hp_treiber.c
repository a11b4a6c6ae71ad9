// A Treiber stack whose pop protects the top node with a GenMC hazard pointer before reading
// its next field, and retires the node it removed. Each thread's hazard pointer is a
// thread-local. Without the protection (UNPROTECTED), a thread reads the next field of a node
// the other thread may have retired already: a use after free.
#include <genmc.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <pthread.h>

struct node {
  int v;
  struct node *next;
};
_Atomic(struct node *) top;
_Thread_local __VERIFIER_hp_t *hp;

static void push(int v) {
  struct node *n = malloc(sizeof *n);
  n->v = v;
  struct node *old = atomic_load_explicit(&top, memory_order_relaxed);
  do
    n->next = old;
  while (!atomic_compare_exchange_weak_explicit(&top, &old, n, memory_order_release,
                                                memory_order_relaxed));
}

static int pop(void) {
  for (;;) {
#ifdef UNPROTECTED
    struct node *t = atomic_load_explicit(&top, memory_order_acquire);
#else
    struct node *t = __VERIFIER_hp_protect(hp, &top);
#endif
    if (!t)
      return -1;
    if (t != atomic_load_explicit(&top, memory_order_acquire))
      continue;
    struct node *next = t->next;
    if (atomic_compare_exchange_strong_explicit(&top, &t, next, memory_order_acquire,
                                                memory_order_relaxed)) {
      int v = t->v;
      __VERIFIER_hp_clear(hp);
      __VERIFIER_hp_retire(t);
      return v;
    }
  }
}

static void *worker(void *arg) {
  hp = __VERIFIER_hp_alloc();
  push((int)(long)arg);
  int v = pop();
  __VERIFIER_assert(v == 1 || v == 2);
  return 0;
}

int main(void) {
  pthread_t a, b;
  pthread_create(&a, 0, worker, (void *)1L);
  pthread_create(&b, 0, worker, (void *)2L);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}

// Transitive closure (Warshall) of a chain of N vertices by THREADS pthreads, each owning the
// rows i with i % THREADS == its id, with one pthread_barrier_wait per round k. Every read of
// round k is ordered after the writes of round k-1 by the barrier, so the closure is fixed.
// VARIANT 0: each thread checks the barrier's result the way programs do (either value is
// fine), which changes nothing: one execution. VARIANT 1: the serial thread of each round
// counts it, a plain write ordered by the barriers: THREADS^N executions (each round any
// thread may be the serial one, and the counts differ in who wrote).
#include <assert.h>
#include <pthread.h>

#ifndef N
#define N 4
#endif
#ifndef THREADS
#define THREADS 2
#endif
#ifndef VARIANT
#define VARIANT 0
#endif

int edge[N][N];
int rounds_by[N];
pthread_barrier_t barrier;

void *worker(void *arg) {
  long id = (long)arg;
  for (int k = 0; k < N; k++) {
    for (int i = id; i < N; i += THREADS)
      for (int j = 0; j < N; j++)
        if (edge[i][k] && edge[k][j])
          edge[i][j] = 1;
    int r = pthread_barrier_wait(&barrier);
#if VARIANT == 0
    assert(r == 0 || r == PTHREAD_BARRIER_SERIAL_THREAD);
#else
    if (r == PTHREAD_BARRIER_SERIAL_THREAD)
      rounds_by[k] = (int)id + 1;
#endif
  }
  return 0;
}

int main(void) {
  pthread_t t[THREADS];
  for (int i = 0; i + 1 < N; i++)
    edge[i][i + 1] = 1;
  pthread_barrier_init(&barrier, 0, THREADS);
  for (long i = 0; i < THREADS; i++)
    pthread_create(&t[i], 0, worker, (void *)i);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], 0);
  assert(edge[0][N - 1] == 1);
#if VARIANT == 1
  for (int k = 0; k < N; k++)
    assert(rounds_by[k] >= 1 && rounds_by[k] <= THREADS);
#endif
  return 0;
}

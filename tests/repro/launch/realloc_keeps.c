// realloc keeps the old contents: the elements before the old size are initialised. It was
// reported as a memory error: the copy into the new block stopped at one of its events, the
// call ran again from the start and allocated a second block (the heap top had moved on).
// -DTHREADS=2: a second thread does the same beside it, so the copies' reads interleave.
// -DREAD=N: which element is read after the realloc (N >= OLD is uninitialised).
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#ifndef OLD
#define OLD 1
#endif
#ifndef READ
#define READ 0
#endif
#ifndef THREADS
#define THREADS 1
#endif
long sink[2];
static void *grow(void *arg) {
  long id = (long)arg;
  long *a = malloc(OLD * sizeof(long));
  for (int k = 0; k < OLD; ++k)
    a[k] = k + 1;
  a = realloc(a, (OLD + 2) * sizeof(long));
  sink[id] = a[READ];
  if (READ < OLD)
    assert(a[READ] == READ + 1);
  free(a);
  return NULL;
}
int main(void) {
  pthread_t t;
  if (THREADS > 1)
    pthread_create(&t, NULL, grow, (void *)1);
  grow((void *)0);
  if (THREADS > 1)
    pthread_join(t, NULL);
  return 0;
}

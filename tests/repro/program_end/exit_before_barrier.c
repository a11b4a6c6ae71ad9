/* main calls exit() while T1 waits at a barrier of count 2 that only it reaches: the process
 * ends, so no thread waits. No errors (exit 0). With `return 0` instead the model reports
 * barrier divergence (tests/e2e/programs/barrier_divergence.c). */
#include <pthread.h>
#include <stdlib.h>
pthread_barrier_t b;
void *w(void *a) { pthread_barrier_wait(&b); return a; }
int main(void) { pthread_t t; pthread_barrier_init(&b, 0, 2); pthread_create(&t, 0, w, 0); exit(0); }

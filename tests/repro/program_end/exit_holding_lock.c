/* main calls exit() holding the lock T1 waits for: exit() ends the process, every thread
 * with it, so nothing waits. No errors (exit 0). */
#include <pthread.h>
#include <stdlib.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); pthread_mutex_unlock(&m); return a; }
int main(void) { pthread_t t; pthread_mutex_lock(&m); pthread_create(&t, 0, w, 0); exit(0); }

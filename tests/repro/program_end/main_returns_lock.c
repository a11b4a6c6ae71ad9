/* main returns while T1 waits for the lock main holds. In the model (docs/model.md §6, as in
 * GenMC) main's return does not end the other threads, so T1 waits for ever: Deadlock
 * (exit 42). Unlike exit() (exit_while_others_wait.c), which ends every thread. */
#include <pthread.h>
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *w(void *a) { pthread_mutex_lock(&m); pthread_mutex_unlock(&m); return a; }
int main(void) { pthread_t t; pthread_mutex_lock(&m); pthread_create(&t, 0, w, 0); return 0; }

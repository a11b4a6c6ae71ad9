/* exit() in a thread ends the process: main never returns from the join, so the assertion
 * after it is never reached. No errors (exit 0). */
#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
int x;
void *quit(void *a) { x = 1; exit(0); }
int main(void) { pthread_t t; pthread_create(&t, 0, quit, 0); pthread_join(t, 0); assert(0); return 0; }

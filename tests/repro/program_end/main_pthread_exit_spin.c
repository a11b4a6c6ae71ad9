/* main leaves with pthread_exit, which does not end the process: it runs until its last
 * thread ends, and T1 spins on a flag nobody sets. The program hangs: Deadlock (exit 42). */
#include <pthread.h>
#include <stdatomic.h>
atomic_int flag;
void *spin(void *a) { while (atomic_load(&flag) == 0) {} return a; }
int main(void) { pthread_t t; pthread_create(&t, 0, spin, 0); pthread_exit(0); }

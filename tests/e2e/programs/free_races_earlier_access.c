#include <stdlib.h>
#include <pthread.h>
int *p;
void *user(void *a) { (void)a; *p = 5; return 0; }
void *freer(void *a) { (void)a; free(p); return 0; }
int main(void) {
  p = malloc(sizeof *p);
  pthread_t t1, t2;
  pthread_create(&t1, 0, user, 0);
  pthread_create(&t2, 0, freer, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  return 0;
}

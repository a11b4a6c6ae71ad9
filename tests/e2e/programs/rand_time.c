// rand, srand, time and clock (docs/interface.md): the thread's clock moves on one second at
// each call of time or clock (time gives seconds, and stores them through its argument;
// clock gives CLOCKS_PER_SEC ticks a second); rand draws from a fixed generator of the
// thread, which srand restarts: the same seed gives the same sequence, values lie in
// 0..RAND_MAX. Expected: verified, 1 execution.
#include <assert.h>
#include <stdlib.h>
#include <time.h>

int main(void) {
  time_t now = 5;
  assert(time(&now) == 1 && now == 1 && time(NULL) == 2);
  assert(clock() == 3 * CLOCKS_PER_SEC);
  clock_t start = clock();
  while (clock() - start < 2 * CLOCKS_PER_SEC) // a wait for the clock comes out
    ;
  assert(time(NULL) == 7);
  srand(4);
  int a = rand(), b = rand();
  assert(a >= 0 && a <= RAND_MAX && b >= 0 && b <= RAND_MAX && a != b);
  srand(4);
  assert(rand() == a && rand() == b);
  srand(1);
  int c = rand();
  srand(1);
  assert(rand() == c);
  return 0;
}

// rand, srand, time and clock (docs/interface.md): no clock runs, so time and clock return 0
// (and time stores it through its argument); rand draws from a fixed generator of the thread,
// which srand restarts: the same seed gives the same sequence, values lie in 0..RAND_MAX.
// Expected: verified, 1 execution.
#include <assert.h>
#include <stdlib.h>
#include <time.h>

int main(void) {
  time_t now = 5;
  assert(time(&now) == 0 && now == 0 && time(NULL) == 0);
  assert(clock() == 0);
  srand((unsigned)time(NULL));
  int a = rand(), b = rand();
  assert(a >= 0 && a <= RAND_MAX && b >= 0 && b <= RAND_MAX && a != b);
  srand(0);
  assert(rand() == a && rand() == b);
  srand(1);
  int c = rand();
  srand(1);
  assert(rand() == c);
  return 0;
}

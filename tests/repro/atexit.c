/* atexit functions run after main returns, the latest registered first: b, then a. */
#include <assert.h>
#include <stdlib.h>
int k;
#ifdef WRONG
static void a(void) { assert(k == 5); }
#else
static void a(void) { assert(k == 2); }
#endif
static void b(void) { k = 2; }
int main(void) {
  atexit(a);
  atexit(b);
  return 0;
}

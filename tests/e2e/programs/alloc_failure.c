// Allocation failure is modelled: sizes no machine can give (malloc of SIZE_MAX, a calloc
// whose product overflows, a realloc beyond the heap) return NULL, and a failed realloc keeps
// the old block. A program that checks for NULL is correct: one execution, no error.
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <assert.h>
int g[4], h[4];
int main(void) {
  void *p = malloc((size_t)-1);
  assert(p == 0);
  void *q = calloc((size_t)1 << 40, (size_t)1 << 40);
  assert(q == 0);
  int *r = malloc(16);
  int *r2 = realloc(r, (size_t)1 << 50);
  assert(r2 == 0);
  r[0] = 1;
  free(r);
  return 0;
}

// The host side of a launch at size: one thread fills two heap arrays of ELEMS floats, one
// store per element, then sums them and checks the sum. No kernel: the cost of an event must
// not grow with the locations (a host loop over 1k or 1M elements, the same per element).
#include <assert.h>
#include <stdlib.h>

#ifndef ELEMS
#define ELEMS 1024
#endif

int main(void) {
  float *a = malloc(ELEMS * sizeof(float)), *b = malloc(ELEMS * sizeof(float));
  assert(a && b);
  for (int i = 0; i < ELEMS; i++) {
    a[i] = (float)i;
    b[i] = 2.0f * (float)i;
  }
  double sum = 0;
  for (int i = 0; i < ELEMS; i++)
    sum += a[i] + b[i];
  assert(sum == 3.0 * ((double)ELEMS * (ELEMS - 1) / 2));
  free(a);
  free(b);
  return 0;
}

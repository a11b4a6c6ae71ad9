// memcpy copies bytes whether or not they were written: C copies them as unsigned char, which
// has no value it cannot hold. Only a read of a copied byte that was never written is an
// error. Here the two written elements are copied with six never written, twice, and only
// the written ones are read: no error, one execution.
#include <assert.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  int *a = malloc(8 * sizeof(int));
  int b[8], c[8];
  a[0] = 1;
  a[1] = 2;
  memcpy(b, a, 8 * sizeof(int));
  memcpy(c, b, sizeof b);
  assert(c[0] + c[1] == 3);
  free(a);
  return 0;
}

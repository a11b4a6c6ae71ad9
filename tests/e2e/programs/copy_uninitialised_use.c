// A read of a copied byte that was never written: a[5] was never written, and b[5] is a copy
// of a copy of it. A memory error (read of uninitialised heap memory, through a copy).
#include <stdlib.h>
#include <string.h>

int main(void) {
  int *a = malloc(8 * sizeof(int));
  int b[8], c[8];
  a[0] = 1;
  memcpy(c, a, 8 * sizeof(int));
  memcpy(b, c, sizeof c);
  int sum = b[0] + b[5];
  free(a);
  return sum == 1 ? 0 : 1;
}

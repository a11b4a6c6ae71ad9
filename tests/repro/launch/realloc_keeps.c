// realloc keeps the old contents: a[0] is initialised. Reported as a memory error: the copy
// into the new block is restarted after its first event and allocates again (KNOWN).
#include <stdlib.h>
long sink;
int main(void) {
  long *a = malloc(sizeof(long));
  a[0] = 1;
  a = realloc(a, 2 * sizeof(long));
  sink = a[0];
  free(a);
  return 0;
}

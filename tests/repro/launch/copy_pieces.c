// A heap array, one element never written (IDX), copied whole with memcpy; the copy's element
// READ is then read. Reading the copy of the unwritten element is a memory error; any other
// element is fine. The read finds the copy's read of its bytes by a binary search over the
// copy's pieces (checks/BugChecker.cpp): the first, a middle and the last element are tried.
#include <stdlib.h>
#include <string.h>
#ifndef IDX
#define IDX 40
#endif
#ifndef READ
#define READ 40
#endif
int main(void) {
  int *a = malloc(64 * sizeof(int));
  int *b = malloc(64 * sizeof(int));
  for (int i = 0; i < 64; i++)
    if (i != IDX)
      a[i] = i;
  memcpy(b, a, 64 * sizeof(int));
  int s = b[READ];
  (void)s;
  free(a);
  free(b);
  return 0;
}

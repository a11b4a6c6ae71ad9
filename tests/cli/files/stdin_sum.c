// Reads numbers from standard input until it ends (run with --stdin numbers.txt) and checks
// their sum with what the first line says it is: verified on numbers.txt, an assertion
// violation with -DWRONG (a sum the file does not give). Empty standard input: no numbers.
#include <assert.h>
#include <stdio.h>

int main(void) {
  long want = 0, sum = 0, v;
  if (scanf("%ld", &want) != 1)
    return 0; // nothing to check
  while (scanf("%ld", &v) == 1)
    sum += v;
#ifdef WRONG
  sum += 1;
#endif
  assert(sum == want);
  assert(getchar() == EOF);
  return 0;
}

// Standard input is empty (docs/interface.md): a program that needs a character from it
// fails. Expected: an assertion violation.
#include <assert.h>
#include <stdio.h>

int main(void) {
  int c = getchar();
  assert(c == 'y');
  return 0;
}

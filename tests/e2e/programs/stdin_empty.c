// Standard input is empty (docs/interface.md): getchar, getc, fgetc and scanf return EOF,
// fgets returns NULL. A program that waits for a key or reads optional input runs on.
// Expected: verified, 1 execution (one thread, no shared accesses). stdin_key.c, which asks
// for a character, fails its assertion.
#include <assert.h>
#include <stdio.h>

int main(void) {
  char line[16];
  int n = 0;
  assert(getchar() == EOF);
  assert(getc(stdin) == EOF && fgetc(stdin) == EOF);
  assert(fgets(line, sizeof line, stdin) == NULL);
  assert(scanf("%d", &n) == EOF && n == 0);
  return 0;
}

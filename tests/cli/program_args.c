// main gets argc and argv as C promises them: argv[0] names the program, argv[argc] is null,
// and the strings --args gives follow, modifiable. Run with --args 'one "two words" 3':
// verified; any other check failing is an assertion violation.
#include <assert.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
  assert(argc == 4);
  assert(strcmp(argv[0], "./program_args") == 0);
  assert(strcmp(argv[1], "one") == 0 && strcmp(argv[2], "two words") == 0);
  assert(atoi(argv[3]) == 3 && argv[4] == NULL);
  argv[1][0] = 'O'; // the strings are the program's to change
  assert(argv[1][0] == 'O');
  return 0;
}

// A usage message that names the program: argv[0] exists even without arguments (it was a
// null dereference). Without --args: an assertion violation naming the usage line.
#include <assert.h>
#include <stdio.h>
int main(int argc, char *argv[]) {
  if (argc < 2) {
    printf("usage: %s FILE\n", argv[0]);
    assert(argv[0][0] == '.' && argc == 1);
    assert(!"no input file");
  }
  return 0;
}

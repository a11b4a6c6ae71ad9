// memset of a 128 KB heap buffer: 131,072 one-byte pieces (the buffer is used as chars) in
// one instruction. A piece that stops the thread resumes the operation there, so the cost is
// linear (it used to re-offer every earlier piece: quadratic, minutes). One execution.
#include <assert.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  char *p = malloc(128 * 1024);
  memset(p, 7, 128 * 1024);
  assert(p[5] == 7 && p[128 * 1024 - 1] == 7);
  free(p);
  return 0;
}

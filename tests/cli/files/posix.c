// open, read, lseek and close on text.txt (run from this folder), checked against POSIX:
// verified when every answer is right. -DWRONG asks for a byte the file does not hold.
#include <assert.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

int main(void) {
  assert(open("no_such_file.txt", O_RDONLY) == -1);
  int fd = open("text.txt", O_RDONLY);
  assert(fd >= 3);
  char buf[8] = {0};
  assert(read(fd, buf, 5) == 5 && memcmp(buf, "n 3 4", 5) == 0);
  assert(lseek(fd, 0, SEEK_CUR) == 5);
  assert(lseek(fd, -4, SEEK_END) == 30 && read(fd, buf, 8) == 4 && memcmp(buf, "last", 4) == 0);
  assert(read(fd, buf, 8) == 0);
  assert(close(fd) == 0);
#ifdef WRONG
  assert(buf[0] == 'x');
#endif
  return 0;
}

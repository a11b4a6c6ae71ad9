// An assertion message quoting the program's own string with a terminal escape: the report
// prints it escaped (\x1b), never raw.
#include <assert.h>
void __assert_fail(const char *, const char *, unsigned, const char *);
int main(void) {
  __assert_fail("clear\033[2J", __FILE__, __LINE__, __func__);
  return 0;
}

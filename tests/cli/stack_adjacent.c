// A stack buffer overflowed into the array declared next to it: C makes every access past an
// object's end undefined (C11 6.5.6p8, 7.24.1p1), so each variant that writes past `out` is an
// out-of-bounds access even though the bytes land where `next` could be; -DFITS writes
// exactly the buffer and must verify.
#include <stdio.h>
#include <string.h>

int n = 16; // from memory, so that the compiler cannot see the overflow

int main(void) {
  char next[64];
  char out[16];
  char src[32];
  memset(src, 'a', sizeof src);
  src[31] = 0;
  memset(next, 0, sizeof next);
#ifdef FITS
  memcpy(out, src, (size_t)n);
  out[n - 1] = 0;
  sprintf(out, "%.*s", n - 1, src);
  for (int i = 0; i < n; i++)
    out[i] = 'b';
#elif defined(SPRINTF)
  sprintf(out, "%s", src);
#elif defined(MEMCPY)
  memcpy(out, src, (size_t)n + 1);
#else
  for (int i = 0; i <= n; i++) // one past the end
    out[i] = 'b';
#endif
  return next[0] + out[0] == 0;
}

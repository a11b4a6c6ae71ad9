// Arithmetic the interpreter must refuse or define, never leave to the host: a vector
// division with a zero lane (-DVDIV: the host would trap), a signed minimum divided by -1 in
// a lane (-DVMIN), half and long double values (-DHALF, -DLONGDOUBLE: refused by name, since
// their arithmetic is not float's or double's), float-to-integer casts of NaN and of values out
// of range (the default: a value for each, the same on every host; nothing reported), and
// __builtin_trap (-DTRAP: an assertion violation).
#include <assert.h>
#include <limits.h>
#include <math.h>

typedef int v4 __attribute__((vector_size(16)));

int main(void) {
  volatile int zero = 0, minusOne = -1;
#if defined(VDIV)
  v4 a = {1, 2, 3, 4}, b = {1, 1, zero, 1};
  v4 c = a / b;
  return c[0];
#elif defined(VMIN)
  v4 a = {1, INT_MIN, 3, 4}, b = {1, minusOne, 1, 1};
  v4 c = a / b;
  return c[0];
#elif defined(TRAP) // an intrinsic without operands (the element-wise ones take one)
  if (zero == 0)
    __builtin_trap();
  return 0;
#elif defined(HALF)
  volatile _Float16 h = 1.5;
  _Float16 d = h * 2;
  assert(d == 3);
  return 0;
#elif defined(LONGDOUBLE)
  volatile long double x = 1.5;
  long double y = x * 2;
  assert(y == 3);
  return 0;
#else
  volatile double nan = NAN, big = 1e300, neg = -5.0;
  long n = (long)nan, b = (long)big;
  unsigned long u = (unsigned long)neg;
  assert(n == 0 && b == LONG_MAX && u == 0);
  v4 a = {8, 6, 4, 2}, d = {2, 3, 4, minusOne};
  v4 q = a / d;
  assert(q[0] == 4 && q[3] == -2);
  return zero;
#endif
}

// Sizes the program controls (issue: hostile input): a stack object past the thread's stack
// is the program's memory error; a huge zero-initialised global costs nothing; a huge
// initialised one is refused naming the limit, before the compiler builds it (a string
// initialiser is padded whole); computed gotos are refused with their line.
#include <alloca.h>
#if defined(ALLOCA)
int main(void) { char *p = alloca(-1); p[0] = 1; return 0; }
#elif defined(VLA)
int f(long n) { char v[n]; v[0] = 1; return v[0]; }
int main(void) { return f(1L << 40) - 1; }
#elif defined(BIG_ZERO)
char big[8L << 30];
int main(void) { big[5] = 1; return big[5] - 1; }
#elif defined(BIG_INIT)
char big[2L << 30] = {1};
int main(void) { return big[0] - 1; }
#elif defined(LABEL_TABLE)
int main(void) {
  static void *tab[] = {&&a, &&b};
  goto *tab[1];
a: return 1;
b: return 0;
}
#elif defined(STRING_INIT)
char name[1L << 40] = "abc"; // clang would build the terabyte whole
int main(void) { return name[1] - 'b'; }
#elif defined(LOCAL_INIT)
struct pair { int key, tag; };
int main(void) {
  struct pair p[4294967295] = {{2, 0}, {1, 1}, {2, 2}, {1, 3}}; // its initial value: 32 GiB
  return p[1].key - 1;
}
#else
int main(void) {
  int i = 1;
  void *p = i ? &&b : &&a;
  goto *p;
a: return 1;
b: return 0;
}
#endif

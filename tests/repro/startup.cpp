// Start-up as on a machine: constructors by priority before main, then atexit and
// __cxa_atexit registrations (C++ static destructors) in reverse order, then destructor
// functions. Expected: the destructor function runs last and fails on purpose.
#include <assert.h>
#include <atomic>
#include <pthread.h>
std::atomic<int> x;
struct G {
  int v = 7;
  ~G() { assert(v == 7 && x == 2); }
} g;
int order[3], n;
__attribute__((constructor(200))) static void c2(void) { order[n++] = 2; }
__attribute__((constructor(101))) static void c1(void) { order[n++] = 1; }
__attribute__((destructor)) static void d(void) { assert(0 && "destructor ran"); }
void *t(void *) {
  x++;
  return nullptr;
}
int main() {
  assert(order[0] == 1 && order[1] == 2 && g.v == 7);
  pthread_t a, b;
  pthread_create(&a, 0, t, 0);
  pthread_create(&b, 0, t, 0);
  pthread_join(a, 0);
  pthread_join(b, 0);
  return 0;
}

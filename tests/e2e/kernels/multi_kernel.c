/* Host code with several kernels. Two kernels run one after the other on device 0 (the
   second sees the first's writes after the wait); then two kernels run at the same time on
   devices 0 and 1 and pass a message through `flag`. Device scope does not include the
   other device: -DSCOPE=scopemc_scope_device gives a heterogeneous race; the default,
   system scope, is race-free. */
#include <assert.h>
#include <scopemc.h>

#ifndef SCOPE
#define SCOPE scopemc_scope_system
#endif

int buf[2], data, flag;

void fill(void *arg) { buf[scopemc_thread_id()] = 7; }
void sum(int *out) { *out = buf[0] + buf[1]; }

void producer(void *arg) {
  data = 1;
  scopemc_store(&flag, 1, scopemc_release, SCOPE);
}
void consumer(void *arg) {
  assert(scopemc_device() == 1);
  if (scopemc_load(&flag, scopemc_acquire, SCOPE) == 1)
    assert(data == 1);
}

int main(void) {
  static int total;
  scopemc_launch(fill, 1, 2, 0);
  scopemc_launch(sum, 1, 1, &total);
  assert(total == 14);
  scopemc_stream a = scopemc_launch_async(0, producer, 1, 1, 0);
  scopemc_stream b = scopemc_launch_async(1, consumer, 1, 1, 0);
  scopemc_wait(a);
  scopemc_wait(b);
  return 0;
}

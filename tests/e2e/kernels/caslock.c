/* The CAS lock of caslock_gpumc.c with the project's header: the grid comes from the launch. */
#include <assert.h>
#include <scopemc.h>

#ifndef ACQ
#define ACQ scopemc_acquire
#endif

int lock, counter;

void kernel(void *arg) {
  int expected = 0;
  while (!scopemc_compare_exchange(&lock, &expected, 1, ACQ, scopemc_relaxed, scopemc_scope_device))
    expected = 0;
  counter = counter + 1;
  scopemc_store(&lock, 0, scopemc_release, scopemc_scope_device);
}

int main(void) {
  scopemc_launch(kernel, 2, 2, 0);
  assert(counter == 4);
  return 0;
}

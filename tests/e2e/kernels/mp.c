/* Message passing from block 0 to block 1 with the project's header (grid 2x1). */
#include <assert.h>
#include <scopemc.h>

#ifdef BLOCK_SCOPE
#define SCOPE scopemc_scope_block
#else
#define SCOPE scopemc_scope_device
#endif

int data, flag;

void kernel(void *arg) {
  if (scopemc_block_id() == 0) {
    data = 42;
    scopemc_store(&flag, 1, scopemc_release, SCOPE);
  } else if (scopemc_load(&flag, scopemc_acquire, SCOPE) == 1) {
    assert(data == 42);
  }
}

int main(void) {
  scopemc_launch(kernel, 2, 1, 0);
  return 0;
}

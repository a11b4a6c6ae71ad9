// Message passing between two blocks with scopemc.h's scoped atomics; the flag's release and
// acquire are block-scoped, so they do not synchronise across the blocks.
#include <assert.h>
#include <scopemc.h>

int data;
int flag;

void mp(int *unused) {
  if (scopemc_block_id() == 0) {
    data = 42;
    scopemc_store(&flag, 1, scopemc_release, scopemc_scope_block);
  } else if (scopemc_load(&flag, scopemc_acquire, scopemc_scope_block) == 1) {
    assert(data == 42);
  }
}

int main(void) {
  scopemc_launch(mp, 2, 1, (int *)0);
  return 0;
}

/* Every call of scopemc.h, with the values C11 defines for each operation. One thread runs
   the atomics (one execution); a 3-D launch checks the ids and sizes. */
#include <assert.h>
#include <scopemc.h>

int i32;
unsigned u32;
long long i64;
unsigned char u8;
short i16;
int *ptr;
int target;

void atomics(void *arg) {
  assert(scopemc_load(&i32, scopemc_relaxed, scopemc_scope_thread) == 0);
  scopemc_store(&i32, -5, scopemc_release, scopemc_scope_block);
  assert(scopemc_load(&i32, scopemc_acquire, scopemc_scope_device) == -5);
  assert(scopemc_exchange(&i32, 3, scopemc_acq_rel, scopemc_scope_system) == -5);
  assert(scopemc_fetch_add(&i32, 4, scopemc_seq_cst, scopemc_scope_device) == 3);
  assert(scopemc_fetch_sub(&i32, 10, scopemc_relaxed, scopemc_scope_device) == 7);
  assert(scopemc_fetch_min(&i32, -7, scopemc_relaxed, scopemc_scope_device) == -3); /* signed */
  assert(scopemc_fetch_max(&i32, 2, scopemc_relaxed, scopemc_scope_device) == -7);
  assert(i32 == 2);
  scopemc_store(&u32, 0xF0u, scopemc_relaxed, scopemc_scope_device);
  assert(scopemc_fetch_and(&u32, 0x3Cu, scopemc_relaxed, scopemc_scope_device) == 0xF0u);
  assert(scopemc_fetch_or(&u32, 0x01u, scopemc_relaxed, scopemc_scope_device) == 0x30u);
  assert(scopemc_fetch_xor(&u32, 0xFFu, scopemc_relaxed, scopemc_scope_device) == 0x31u);
  assert(scopemc_fetch_min(&u32, 0xFFFFFFFFu, scopemc_relaxed, scopemc_scope_device) == 0xCEu); /* unsigned */
  assert(scopemc_fetch_max(&u32, 0xFFFFFFFFu, scopemc_relaxed, scopemc_scope_device) == 0xCEu);
  assert(u32 == 0xFFFFFFFFu);
  assert(scopemc_fetch_add(&i64, 1LL << 40, scopemc_relaxed, scopemc_scope_device) == 0);
  assert(scopemc_load(&i64, scopemc_relaxed, scopemc_scope_device) == 1LL << 40);
  assert(scopemc_fetch_add(&u8, 255, scopemc_relaxed, scopemc_scope_device) == 0);
  assert(scopemc_fetch_add(&u8, 2, scopemc_relaxed, scopemc_scope_device) == 255); /* wraps */
  assert(u8 == 1);
  scopemc_store(&i16, -2, scopemc_relaxed, scopemc_scope_device);
  assert(scopemc_load(&i16, scopemc_relaxed, scopemc_scope_device) == -2);
  assert(scopemc_exchange(&ptr, &target, scopemc_relaxed, scopemc_scope_device) == 0);
  assert(scopemc_load(&ptr, scopemc_relaxed, scopemc_scope_device) == &target);
  int expected = 1;
  assert(!scopemc_compare_exchange(&i32, &expected, 9, scopemc_acq_rel, scopemc_acquire,
                                   scopemc_scope_device));
  assert(expected == 2);
  assert(scopemc_compare_exchange(&i32, &expected, 9, scopemc_seq_cst, scopemc_relaxed,
                                  scopemc_scope_block));
  assert(i32 == 9 && expected == 2);
  scopemc_fence(scopemc_acquire, scopemc_scope_block);
  scopemc_fence(scopemc_release, scopemc_scope_device);
  scopemc_fence(scopemc_acq_rel, scopemc_scope_system);
  scopemc_fence(scopemc_seq_cst, scopemc_scope_thread);
  scopemc_assert(i32 == 9);
}

/* The 2x1x1 grid of 2x2x1 blocks: each thread records what it sees in its own slot. */
unsigned seen[8][9];

void ids(void *arg) {
  unsigned b = scopemc_block_index(0) + scopemc_block_index(1) * 2;
  unsigned t = scopemc_thread_index(0) + scopemc_thread_index(1) * 2 + scopemc_thread_index(2) * 4;
  unsigned *s = seen[b * 4 + t];
  s[0] = scopemc_thread_id();
  s[1] = scopemc_block_id();
  s[2] = scopemc_block_size();
  s[3] = scopemc_grid_size();
  s[4] = scopemc_block_extent(1);
  s[5] = scopemc_grid_extent(2);
  s[6] = scopemc_global_id();
  s[7] = scopemc_device();
  s[8] = 1;
}

int main(void) {
  scopemc_launch(atomics, 1, 1, 0);
  scopemc_dim3 grid = {2, 1, 1}, block = {2, 2, 1};
  scopemc_launch_dims(ids, grid, block, 0);
  for (unsigned b = 0; b < 2; ++b)
    for (unsigned t = 0; t < 4; ++t) {
      unsigned *s = seen[b * 4 + t];
      assert(s[8] == 1 && s[0] == t % 2 && s[1] == b && s[2] == 2 && s[3] == 2);
      assert(s[4] == 2 && s[5] == 1 && s[6] == b * 2 + t % 2 && s[7] == 0);
    }
  return 0;
}

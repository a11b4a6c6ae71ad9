/* Host code driving kernels on two GPUs with the project's header. A first kernel fills a
   buffer on device 0; after the wait the host doubles it with a second kernel. Then a
   producer kernel on device 0 and a consumer kernel on device 1 run at the same time and
   hand over a value through a flag.
       scopemc examples/multi_kernel.c                         (no errors)
       scopemc examples/multi_kernel.c -- -DDEVICE_SCOPE_BUG   the flag is device-scoped: the
                                         two GPUs do not synchronise (heterogeneous race) */
#include <assert.h>
#include <scopemc.h>

#ifdef DEVICE_SCOPE_BUG
#define FLAG_SCOPE scopemc_scope_device
#else
#define FLAG_SCOPE scopemc_scope_system
#endif

#define N 4
int buf[N];
int message, flag, received;

void fill(int *b) { b[scopemc_global_id()] = (int)scopemc_global_id(); }
void twice(int *b) { b[scopemc_global_id()] *= 2; }

void producer(int *b) {
  message = b[0] + b[N - 1];
  scopemc_store(&flag, 1, scopemc_release, FLAG_SCOPE);
}

void consumer(int *out) {
  while (scopemc_load(&flag, scopemc_acquire, FLAG_SCOPE) != 1)
    ; /* spin until the other GPU has published the message */
  *out = message;
}

int main(void) {
  scopemc_launch(fill, 2, 2, buf);  /* grid of 2 blocks x 2 threads on device 0 */
  scopemc_launch(twice, 1, N, buf); /* sees fill's writes: the host waited for it */
  assert(buf[3] == 6);
  scopemc_stream p = scopemc_launch_async(0, producer, 1, 1, buf);
  scopemc_stream c = scopemc_launch_async(1, consumer, 1, 1, &received);
  scopemc_wait(p);
  scopemc_wait(c);
  assert(received == 6);
  return 0;
}

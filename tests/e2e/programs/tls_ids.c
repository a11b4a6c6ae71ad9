// Thread-local ids: each thread (main included) has its own instance of my_id.
#include <pthread.h>
#include <stdatomic.h>
#include <assert.h>

__thread int my_id = -1;
atomic_int next_id;
int slots[2];

void *worker(void *arg)
{
  my_id = atomic_fetch_add_explicit(&next_id, 1, memory_order_relaxed);
  slots[my_id] = my_id + 10;
  return NULL;
}

int main(void)
{
  pthread_t th[2];
  for (int i = 0; i < 2; i++)
    pthread_create(&th[i], NULL, worker, NULL);
  for (int i = 0; i < 2; i++)
    pthread_join(th[i], NULL);
  assert(my_id == -1 && slots[0] == 10 && slots[1] == 11);
  return 0;
}

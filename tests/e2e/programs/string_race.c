/* main compares buffers a thread it has not joined yet writes: strcmp (run as code,
 * include/scopemc/libc.c) and memcmp (a builtin) read them, so they race with the writes.
 * Data race. */
#include <pthread.h>
#include <string.h>

int nums[4];
char name[8] = "abc";

void *writer(void *arg)
{
    (void)arg;
    name[1] = 'x';
    nums[2] = 7;
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, writer, NULL);
    int expect[4] = {0, 0, 7, 0};
    int renamed = strcmp(name, "axc") == 0;
    int same = memcmp(nums, expect, sizeof nums) == 0;
    pthread_join(t, NULL);
    return same + renamed;
}

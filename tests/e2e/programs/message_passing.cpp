// Message passing in C++ with std::atomic: release/acquire makes the data visible.
#include <atomic>
#include <cassert>
#include <pthread.h>

std::atomic<int> flag{0};
int data = 0;

void *producer(void *)
{
    data = 42;
    flag.store(1, std::memory_order_release);
    return nullptr;
}

void *consumer(void *)
{
    if (flag.load(std::memory_order_acquire) == 1)
        assert(data == 42);
    return nullptr;
}

int main()
{
    pthread_t a, b;
    pthread_create(&a, nullptr, producer, nullptr);
    pthread_create(&b, nullptr, consumer, nullptr);
    return 0;
}

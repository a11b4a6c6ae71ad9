/* Shared set-up of the GPU benchmarks (GPUMC-compatible style): one pthread per GPU thread,
   placed with __VERIFIER_thread_*_id; atomics get their scope from
   __VERIFIER_memory_scope_*. Build switches:
     -DBLOCKS=b -DTHREADS=t   the grid
     -DVARIANT=0              acquire/release: race-free
     -DVARIANT=1              the acquire side made relaxed: racy
     -DVARIANT=2              the release side made relaxed: racy */
#ifndef SCOPEMC_BENCH_GPU_H
#define SCOPEMC_BENCH_GPU_H
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <assert.h>
#include <genmc.h>

#ifndef BLOCKS
#define BLOCKS 4
#endif
#ifndef THREADS
#define THREADS 2
#endif
#ifndef VARIANT
#define VARIANT 0
#endif
#define NTHREADS (BLOCKS * THREADS)
/* The kernels' publishing stores and loads: seq_cst (-DSC=1, the default) or release and
   acquire (-DSC=0). */
#ifndef SC
#define SC 1
#endif
#define ST (SC ? memory_order_seq_cst : memory_order_release)
#define LD (SC ? memory_order_seq_cst : memory_order_acquire)
#define ACQ (VARIANT == 1 ? memory_order_relaxed : memory_order_acquire)
#define REL (VARIANT == 2 ? memory_order_relaxed : memory_order_release)

static void place(int gid)
{
    __VERIFIER_thread_kernel_id(0);
    __VERIFIER_thread_group_id(gid / THREADS);
    __VERIFIER_thread_local_id(gid % THREADS);
    __VERIFIER_memory_scope_device();
}

/* Starts NTHREADS threads running body(gid) and waits for them. */
#define LAUNCH(body)                                                          \
    int main(void)                                                            \
    {                                                                         \
        pthread_t t[NTHREADS];                                                \
        for (int i = 0; i < NTHREADS; i++)                                    \
            pthread_create(&t[i], NULL, body, (void *)(intptr_t)i);           \
        for (int i = 0; i < NTHREADS; i++)                                    \
            pthread_join(t[i], NULL);                                         \
        check();                                                              \
        return 0;                                                             \
    }
/* Initialises one barrier of THREADS threads per block, runs NTHREADS threads of body(gid),
   waits for them and calls check(): the main function of the kernels with block barriers. */
static int run_with_block_barriers(void *(*body)(void *), pthread_barrier_t *barriers,
                                   void (*check)(void))
{
    for (int b = 0; b < BLOCKS; b++)
        pthread_barrier_init(&barriers[b], NULL, THREADS);
    pthread_t t[NTHREADS];
    for (int i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], NULL, body, (void *)(intptr_t)i);
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    check();
    return 0;
}
#endif

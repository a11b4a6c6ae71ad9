/* CUDA's runtime for scopemc: what nvcc's <cuda_runtime.h> gives a .cu file, modelled.

   scopemc compiles a .cu file as nvcc does, twice with Clang's CUDA mode (host code, then
   device code with __CUDA_ARCH__ 700), and includes this header first, as nvcc does. What is
   modelled and how is in docs/cuda.md; in short:
   - kernel<<<grid, block, shmem, stream>>>(args): asynchronous; kernels on one stream run in
     order, on different streams concurrently; the legacy default stream waits for and is
     waited for by blocking streams;
   - cudaMalloc/cudaMallocManaged/cudaMallocHost/cudaFree, cudaMemcpy/cudaMemset (their Async
     forms wait for their stream first: they are synchronous here), cudaMemcpyToSymbol/
     FromSymbol, cudaDeviceSynchronize, cudaStreamCreate/Synchronize, events (recording and
     waiting orders; times are 0), cudaGetLastError and the device queries;
   - device code: see <scopemc/cuda.h> and cuda_device.h (ids, barriers, atomics, warps,
     math). */
#ifndef SCOPEMC_CUDA_RUNTIME_H
#define SCOPEMC_CUDA_RUNTIME_H

#ifndef __CUDA__
#error "scopemc's <cuda_runtime.h> is for CUDA sources (.cu files)"
#endif

#define __CUDACC__ 1
#define CUDART_VERSION 12000
#define __CUDART_API_VERSION 12000

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define __grid_constant__

/* The C library as host code declares it; device code gets its own declarations below. */
#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_libc.h"

/* scopemc's API and the device library are usable on both sides. */
#pragma clang force_cuda_host_device begin
#include <scopemc/cuda.h>

#include "cuda_device.h"
#pragma clang force_cuda_host_device end

typedef enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidDevice = 101,
  cudaErrorNotReady = 600,
} cudaError_t;
typedef enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
} cudaMemcpyKind;
enum cudaFuncCache {
  cudaFuncCachePreferNone,
  cudaFuncCachePreferShared,
  cudaFuncCachePreferL1,
  cudaFuncCachePreferEqual
};
enum cudaSharedMemConfig {
  cudaSharedMemBankSizeDefault,
  cudaSharedMemBankSizeFourByte,
  cudaSharedMemBankSizeEightByte
};
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
struct CUevent_st {
  unsigned long long token; /* the stream thread the event completes after, plus one */
};

#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02

struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int maxThreadsPerMultiProcessor;
  int concurrentKernels;
  int managedMemory;
  int unifiedAddressing;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int deviceOverlap;
  int kernelExecTimeoutEnabled;
  int integrated;
  int canMapHostMemory;
  int computeMode;
  int asyncEngineCount;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int memoryClockRate;
  int memoryBusWidth;
  int l2CacheSize;
  size_t sharedMemPerMultiprocessor;
  size_t sharedMemPerBlockOptin;
  int regsPerMultiprocessor;
  int cooperativeLaunch;
  int isMultiGpuBoard;
};

/* The interpreter's side (interpreter/Cuda.cpp). */
extern "C" {
int __scopemc_cuda_config_push(unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                               unsigned bz, unsigned long long shmem, unsigned long long stream);
unsigned long long __scopemc_cuda_config_get(int which);
int __scopemc_cuda_launch(const void *kernel, unsigned gx, unsigned gy, unsigned gz,
                          unsigned bx, unsigned by, unsigned bz, void **args,
                          unsigned long long shmem, unsigned long long stream, int cooperative);
void __scopemc_cuda_run(void);
/* memcpy and memset that the compiler does not split into accesses of its own choosing:
   copied at the grain the memory is used with (the kernel's types). */
void *__scopemc_memcpy(void *dst, const void *src, size_t count);
void *__scopemc_memset(void *p, int value, size_t count);
/* what: 0 the device, 1 a stream (the default stream waits for the blocking ones), 2 an
   event's token. */
int __scopemc_cuda_sync(int what, unsigned long long x);
unsigned long long __scopemc_cuda_stream_create(unsigned flags);
unsigned long long __scopemc_cuda_event_record(unsigned long long stream);
}

/* What Clang's CUDA mode calls for kernel<<<...>>>(...): the configuration is pushed, the
   kernel's stub pops it and launches with the addresses of its arguments. */
extern "C" __host__ unsigned
__cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shmem = 0, cudaStream_t stream = 0) {
  return (unsigned)__scopemc_cuda_config_push(grid.x, grid.y, grid.z, block.x, block.y, block.z,
                                              shmem, (unsigned long long)stream);
}
extern "C" __host__ cudaError_t
__cudaPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shmem, void *stream) {
  *grid = dim3((unsigned)__scopemc_cuda_config_get(0), (unsigned)__scopemc_cuda_config_get(1),
               (unsigned)__scopemc_cuda_config_get(2));
  *block = dim3((unsigned)__scopemc_cuda_config_get(3), (unsigned)__scopemc_cuda_config_get(4),
                (unsigned)__scopemc_cuda_config_get(5));
  *shmem = (size_t)__scopemc_cuda_config_get(6);
  *(cudaStream_t *)stream = (cudaStream_t)__scopemc_cuda_config_get(7);
  return cudaSuccess;
}
extern "C" __host__ cudaError_t cudaLaunchKernel(const void *func,
                                                                       dim3 grid, dim3 block,
                                                                       void **args, size_t shmem,
                                                                       cudaStream_t stream) {
  return (cudaError_t)__scopemc_cuda_launch(func, grid.x, grid.y, grid.z, block.x, block.y,
                                            block.z, args, shmem, (unsigned long long)stream, 0);
}
/* A launch whose blocks run together: the kernel may use grid_group::sync(). */
extern "C" __host__ cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 grid,
                                                            dim3 block, void **args,
                                                            size_t shmem = 0,
                                                            cudaStream_t stream = 0) {
  return (cudaError_t)__scopemc_cuda_launch(func, grid.x, grid.y, grid.z, block.x, block.y,
                                            block.z, args, shmem, (unsigned long long)stream, 1);
}
template <class T>
static inline __host__ cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 grid, dim3 block,
                                                               void **args, size_t shmem = 0,
                                                               cudaStream_t stream = 0) {
  return cudaLaunchCooperativeKernel((const void *)func, grid, block, args, shmem, stream);
}
template <class T>
static inline __host__ cudaError_t cudaLaunchKernel(T *func, dim3 grid, dim3 block, void **args,
                                                    size_t shmem = 0, cudaStream_t stream = 0) {
  return cudaLaunchKernel((const void *)func, grid, block, args, shmem, stream);
}
/* What the device-side compilation looks up for a launch written in host code (never called:
   host code is not compiled for the device). */
extern "C" __host__ int cudaConfigureCall(dim3 grid, dim3 block, size_t shmem = 0,
                                          cudaStream_t stream = 0);
/* What each launch's stream thread runs. */
extern "C" __host__ void __scopemc_cuda_stream(void *) {
  __scopemc_cuda_run();
}

#define __SCOPEMC_HOST static inline __host__

namespace scopemc {
/* Runs kernel(args...) on a grid of `grid` blocks of `block` threads and waits: the
   scopemc::launch style of C++ sources, kept for CUDA sources. */
template <class... P, class... A>
__host__ void launch(dim3 grid, dim3 block, void (*kernel)(P...), A... args) {
  kernel<<<grid, block>>>(args...);
  __scopemc_cuda_sync(0, 0);
}
template <class... P, class... A>
__host__ void launch_on(unsigned device, dim3 grid, dim3 block, void (*kernel)(P...), A... args) {
  launch(grid, block, kernel, args...);
}
} // namespace scopemc

/* Memory: one address space (unified addressing); device and host blocks are heap blocks. */
__SCOPEMC_HOST cudaError_t cudaDeviceSynchronize(void) {
  __scopemc_cuda_sync(0, 0);
  return cudaSuccess;
}
__SCOPEMC_HOST cudaError_t cudaThreadSynchronize(void) { return cudaDeviceSynchronize(); }
__SCOPEMC_HOST cudaError_t cudaMalloc(void **p, size_t size) {
  *p = malloc(size);
  return *p || size == 0 ? cudaSuccess : cudaErrorMemoryAllocation;
}
template <class T> __SCOPEMC_HOST cudaError_t cudaMalloc(T **p, size_t size) {
  return cudaMalloc((void **)p, size);
}
__SCOPEMC_HOST cudaError_t cudaMallocManaged(void **p, size_t size, unsigned flags = 1) {
  return cudaMalloc(p, size);
}
template <class T>
__SCOPEMC_HOST cudaError_t cudaMallocManaged(T **p, size_t size, unsigned flags = 1) {
  return cudaMalloc((void **)p, size);
}
__SCOPEMC_HOST cudaError_t cudaMallocHost(void **p, size_t size) { return cudaMalloc(p, size); }
template <class T> __SCOPEMC_HOST cudaError_t cudaMallocHost(T **p, size_t size) {
  return cudaMalloc((void **)p, size);
}
__SCOPEMC_HOST cudaError_t cudaHostAlloc(void **p, size_t size, unsigned flags) {
  return cudaMalloc(p, size);
}
/* cudaFree waits for the device first, as CUDA's does. */
__SCOPEMC_HOST cudaError_t cudaFree(void *p) {
  cudaDeviceSynchronize();
  free(p);
  return cudaSuccess;
}
__SCOPEMC_HOST cudaError_t cudaFreeHost(void *p) { return cudaFree(p); }
__SCOPEMC_HOST cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                                      cudaMemcpyKind kind) {
  __scopemc_cuda_sync(1, 0);
  __scopemc_memcpy(dst, src, count);
  return cudaSuccess;
}
__SCOPEMC_HOST cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                                           cudaMemcpyKind kind, cudaStream_t stream = 0) {
  __scopemc_cuda_sync(1, (unsigned long long)stream);
  __scopemc_memcpy(dst, src, count);
  return cudaSuccess;
}
__SCOPEMC_HOST cudaError_t cudaMemset(void *p, int value, size_t count) {
  __scopemc_cuda_sync(1, 0);
  __scopemc_memset(p, value, count);
  return cudaSuccess;
}
__SCOPEMC_HOST cudaError_t cudaMemsetAsync(void *p, int value, size_t count,
                                           cudaStream_t stream = 0) {
  __scopemc_cuda_sync(1, (unsigned long long)stream);
  __scopemc_memset(p, value, count);
  return cudaSuccess;
}
template <class T>
__SCOPEMC_HOST cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                                              size_t offset = 0,
                                              cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return cudaMemcpy((char *)&symbol + offset, src, count, kind);
}
template <class T>
__SCOPEMC_HOST cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                                                size_t offset = 0,
                                                cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return cudaMemcpy(dst, (const char *)&symbol + offset, count, kind);
}
template <class T>
__SCOPEMC_HOST cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count,
                                                   size_t offset = 0,
                                                   cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                                   cudaStream_t stream = 0) {
  return cudaMemcpyAsync((char *)&symbol + offset, src, count, kind, stream);
}
template <class T>
__SCOPEMC_HOST cudaError_t cudaGetSymbolAddress(void **p, const T &symbol) {
  *p = (void *)&symbol;
  return cudaSuccess;
}

/* Streams and events. */
__SCOPEMC_HOST cudaError_t cudaStreamCreate(cudaStream_t *s) {
  *s = (cudaStream_t)__scopemc_cuda_stream_create(0);
  return cudaSuccess;
}
__SCOPEMC_HOST cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags) {
  *s = (cudaStream_t)__scopemc_cuda_stream_create(flags);
  return cudaSuccess;
}
__SCOPEMC_HOST cudaError_t cudaStreamSynchronize(cudaStream_t s) {
  __scopemc_cuda_sync(1, (unsigned long long)s);
  return cudaSuccess;
}
__SCOPEMC_HOST cudaError_t cudaStreamDestroy(cudaStream_t) { return cudaSuccess; }
__SCOPEMC_HOST cudaError_t cudaEventCreate(cudaEvent_t *e) {
  *e = (cudaEvent_t)malloc(sizeof(struct CUevent_st));
  (*e)->token = 0;
  return cudaSuccess;
}
__SCOPEMC_HOST cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned) {
  return cudaEventCreate(e);
}
__SCOPEMC_HOST cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s = 0) {
  e->token = __scopemc_cuda_event_record((unsigned long long)s);
  return cudaSuccess;
}
__SCOPEMC_HOST cudaError_t cudaEventSynchronize(cudaEvent_t e) {
  __scopemc_cuda_sync(2, e->token);
  return cudaSuccess;
}
/* The stream's later work waits for the event: here the host waits (stronger). */
__SCOPEMC_HOST cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t e, unsigned = 0) {
  return cudaEventSynchronize(e);
}
__SCOPEMC_HOST cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t, cudaEvent_t) {
  *ms = 0;
  return cudaSuccess;
}
__SCOPEMC_HOST cudaError_t cudaEventDestroy(cudaEvent_t e) {
  free(e);
  return cudaSuccess;
}

/* Errors and devices: one device; launches the model refuses are reported, not returned. */
__SCOPEMC_HOST cudaError_t cudaGetLastError(void) { return cudaSuccess; }
__SCOPEMC_HOST cudaError_t cudaPeekAtLastError(void) { return cudaSuccess; }
__SCOPEMC_HOST const char *cudaGetErrorString(cudaError_t e) {
  return e == cudaSuccess ? "no error" : "error";
}
__SCOPEMC_HOST const char *cudaGetErrorName(cudaError_t e) {
  return e == cudaSuccess ? "cudaSuccess" : "cudaError";
}
__SCOPEMC_HOST cudaError_t cudaSetDevice(int d) {
  return d == 0 ? cudaSuccess : cudaErrorInvalidDevice;
}
__SCOPEMC_HOST cudaError_t cudaGetDevice(int *d) {
  *d = 0;
  return cudaSuccess;
}
__SCOPEMC_HOST cudaError_t cudaGetDeviceCount(int *n) {
  *n = 1;
  return cudaSuccess;
}
__SCOPEMC_HOST cudaError_t cudaDeviceReset(void) { return cudaDeviceSynchronize(); }
__SCOPEMC_HOST cudaError_t cudaGetDeviceProperties(cudaDeviceProp *p, int d) {
  memset(p, 0, sizeof *p);
  memcpy(p->name, "scopemc model of sm_70", sizeof "scopemc model of sm_70");
  p->totalGlobalMem = (size_t)1 << 32;
  p->sharedMemPerBlock = 49152;
  p->regsPerBlock = 65536;
  p->warpSize = 32;
  p->maxThreadsPerBlock = 1024;
  p->maxThreadsDim[0] = 1024;
  p->maxThreadsDim[1] = 1024;
  p->maxThreadsDim[2] = 64;
  p->maxGridSize[0] = 0x7fffffff;
  p->maxGridSize[1] = 65535;
  p->maxGridSize[2] = 65535;
  p->totalConstMem = 65536;
  p->major = 7;
  p->minor = 0;
  p->multiProcessorCount = 80;
  p->maxThreadsPerMultiProcessor = 2048;
  p->concurrentKernels = 1;
  p->managedMemory = 1;
  p->unifiedAddressing = 1;
  p->textureAlignment = 512;
  p->texturePitchAlignment = 32;
  p->deviceOverlap = 1;
  p->canMapHostMemory = 1;
  p->asyncEngineCount = 2;
  p->ECCEnabled = 1;
  p->memoryClockRate = 877000;
  p->memoryBusWidth = 4096;
  p->l2CacheSize = 6 << 20;
  p->sharedMemPerMultiprocessor = 98304;
  p->sharedMemPerBlockOptin = 98304;
  p->regsPerMultiprocessor = 65536;
  p->cooperativeLaunch = 1;
  return d == 0 ? cudaSuccess : cudaErrorInvalidDevice;
}
__SCOPEMC_HOST cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache) { return cudaSuccess; }
__SCOPEMC_HOST cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig) {
  return cudaSuccess;
}
template <class T> __SCOPEMC_HOST cudaError_t cudaFuncSetCacheConfig(T *, enum cudaFuncCache) {
  return cudaSuccess;
}
template <class T> __SCOPEMC_HOST cudaError_t cudaFuncSetAttribute(T *, int, int) {
  return cudaSuccess;
}

#undef __SCOPEMC_HOST

#endif

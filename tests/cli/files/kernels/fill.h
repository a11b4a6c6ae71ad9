// A kernel template both files launch (each instantiates fill<int>: one definition).
template <class T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }

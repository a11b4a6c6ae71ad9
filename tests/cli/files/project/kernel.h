// The kernel's declaration and its scale factor (SCALE, from the build).
#ifndef SCALE
#error "SCALE comes from the build (-DSCALE=N)"
#endif
__global__ void scale(int *a, int n);
__device__ int scaled(int v);

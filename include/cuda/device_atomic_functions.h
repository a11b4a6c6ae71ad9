/* scopemc: everything nvcc's <device_atomic_functions.h> gives is in <cuda_runtime.h>. */
#include "cuda_runtime.h"

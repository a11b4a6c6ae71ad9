/* scopemc: everything nvcc's <cuda.h> gives is in <cuda_runtime.h>. */
#include "cuda_runtime.h"

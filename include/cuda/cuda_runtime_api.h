/* scopemc: everything nvcc's <cuda_runtime_api.h> gives is in <cuda_runtime.h>. */
#include "cuda_runtime.h"

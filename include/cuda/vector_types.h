/* scopemc: everything nvcc's <vector_types.h> gives is in <cuda_runtime.h>. */
#include "cuda_runtime.h"

/* scopemc: everything nvcc's <sm_20_intrinsics.h> gives is in <cuda_runtime.h>. */
#include "cuda_runtime.h"

/* scopemc: everything nvcc's <math_functions.h> gives is in <cuda_runtime.h>. */
#include "cuda_runtime.h"

/* scopemc: everything nvcc's <device_launch_parameters.h> gives is in <cuda_runtime.h>. */
#include "cuda_runtime.h"

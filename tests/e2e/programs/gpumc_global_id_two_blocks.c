#define GS 1
#include "gpumc_global_id.c"

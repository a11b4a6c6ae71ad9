#define UNPROTECTED
#include "genmc_hazard_pointer.c"

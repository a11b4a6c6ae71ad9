#define UNPROTECTED
#include "genmc_hp_treiber.c"

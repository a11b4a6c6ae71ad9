/* scopemc: cg::reduce and its operators are in <cooperative_groups.h>. */
#include "../cooperative_groups.h"

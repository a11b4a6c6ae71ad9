// Compiles with dpor's include view (the control of the layering tests).
#include "dpor/ThreadDriver.h"
#include "interpreter/EventSink.h"
#include "model/ExecutionGraph.h"

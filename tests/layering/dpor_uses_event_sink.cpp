// Compiles with dpor's include view (the control of the layering tests).
#include "dpor/ThreadDriver.h"
#include "model/ExecutionGraph.h"
#include "runner/EventSink.h"

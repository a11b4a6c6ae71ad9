// Must not compile with dpor's include view: dpor/ sees only runner/EventSink.h.
#include "interpreter/Interpreter.h"
